/**
 * `call --execute` as a complete MCP client, in-process (non-interactive: stdin is not a TTY). The fixtures record
 * what reached them in $MCPNS_EVENT_LOG: sessions (with the capabilities mcpns declared), progress tokens,
 * cancellations, elicitation answers, sampling and roots replies.
 *
 * Durations are scaled down from the acceptance scenario (a 14 s tool reporting progress every second under the
 * 60 s default, a silent 14 s tool under --call-timeout 5000): a 2 s tool reporting every 250 ms under
 * --call-timeout 1000 finishes only because each progress notification restarts the deadline, exactly as the 14 s tool
 * does under 60 s; a silent 3 s tool under --call-timeout 1000 is the silent case. No assertion depends on timing.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { jsonLines, jsonLinesOf } from '../helpers/json-lines.js';
import { fixtureEntry, tempFile, writeTempConfig, type TempConfig } from '../helpers/config.js';
import { expectProcessesGone, readPids } from '../helpers/processes.js';

let events: TempConfig;
let pids: TempConfig;
let config: TempConfig;
const SECRET = 'fixture-secret-9f3a77';

beforeAll(() => {
  events = tempFile('events.jsonl');
  pids = tempFile('pids.txt');
  const env = { MCPNS_EVENT_LOG: events.file, MCPNS_PID_FILE: pids.file };
  config = writeTempConfig(
    {
      servers: {
        'long-running': fixtureEntry('long-running', { env }),
        assistant: fixtureEntry('client-features', { env: { ...env, FIXTURE_SECRET: SECRET } }),
      },
      // The user trusts these fixtures' tools: calls go out without --yes, which would also accept elicitation defaults.
      call: { trust: ['long-running/*', 'assistant/*'] },
    },
    'test.mcpns.json',
  );
});
afterAll(() => {
  for (const temp of [events, pids, config]) temp.cleanup();
});
beforeEach(() => writeFileSync(events.file, ''));

type Event = Record<string, unknown> & { event: string; tool?: string };
const received = (): Event[] => jsonLinesOf<Event>(events.file);
const stderrJson = (stderr: string): Array<Record<string, Record<string, unknown>>> => jsonLines(stderr);

const call = (...args: string[]) => runCli(['call', ...args, '--config', config.file, '--execute']);

describe('call deadline', () => {
  it('progress restarts --call-timeout: a call twice as long as the timeout finishes, with one progress line per update', async () => {
    const result = await call('long-running/progress', 'duration_ms=2000', 'interval_ms=250', '--call-timeout', '1000');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('done after 8 progress updates');
    expect(result.stderr).toContain('mcpns: progress long-running/progress: 1/8 (13%) step 1 of 8\n');
    const started = received().find((event) => event.event === 'started');
    expect(started?.progressToken).not.toBeNull();
    expect(received().some((event) => event.event === 'cancelled')).toBe(false);
  });

  it('a silent tool past --call-timeout exits 1 with CALL_TIMEOUT naming the limit and the flag, and the server gets notifications/cancelled', async () => {
    const result = await call('long-running/silent', 'duration_ms=3000', '--call-timeout', '1000', '--json');
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    const error = stderrJson(result.stderr).find((line) => line['error'])?.['error'];
    expect(error).toMatchObject({ code: 'CALL_TIMEOUT', limit: '--call-timeout', limitMs: 1000 });
    expect(error?.['message']).toMatch(
      /no answer and no progress for 1000 ms \(--call-timeout 1000\); gave up after \d+\.\d s and sent notifications\/cancelled/,
    );
    expect(error?.['hint']).toContain('--timeout only bounds discovery');
    expect(received()).toContainEqual({ tool: 'silent', event: 'cancelled', reason: 'mcpns: --call-timeout of 1000 ms passed' });
    await expectProcessesGone(readPids(pids.file));
  });

  it('--max-call-time caps a call that keeps reporting progress', async () => {
    const result = await call('long-running/progress', 'duration_ms=6000', 'interval_ms=200', '--call-timeout', '2000', '--max-call-time', '1500', '-q');
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('still running at the 1500 ms ceiling (--max-call-time 1500)');
    expect(result.stderr).toContain('hint: raise --max-call-time <ms>');
    expect(received()).toContainEqual({ tool: 'progress', event: 'cancelled', reason: 'mcpns: --max-call-time of 1500 ms passed' });
  });

  it('the last progress line is shown when the last notification and the result arrive in one chunk', async () => {
    // The SDK handles a notification a microtask after the response that followed it in the same read: it was lost.
    const result = await call('long-running/progress', 'duration_ms=600', 'interval_ms=200', 'last_with_result=true', '--json');
    expect(result.code).toBe(0);
    const progress = stderrJson(result.stderr).flatMap((line) => (line['progress'] ? [line['progress']['progress']] : []));
    expect(progress).toEqual([1, 2, 3]);
  });

  it('progress is JSON lines under --json and nothing under --quiet', async () => {
    const json = await call('long-running/progress', 'duration_ms=600', 'interval_ms=200', '--json');
    expect(json.code).toBe(0);
    const progress = stderrJson(json.stderr).filter((line) => line['progress']);
    expect(progress[0]?.['progress']).toMatchObject({ server: 'long-running', tool: 'progress', progress: 1, total: 3, text: 'step 1 of 3' });
    const quiet = await call('long-running/progress', 'duration_ms=600', 'interval_ms=200', '-q');
    expect(quiet.code).toBe(0);
    expect(quiet.stderr).toBe('');
  });
});

describe('one session per --execute', () => {
  it('the session that listed the tools sends tools/call, for a qualified name and for a short name', async () => {
    expect((await call('long-running/silent', 'duration_ms=0')).code).toBe(0);
    expect(received().filter((event) => event.event === 'initialized')).toHaveLength(1);
    writeFileSync(events.file, '');
    // A short name needs every server discovered: each server starts once, the chosen one is kept for the call.
    expect((await call('silent', 'duration_ms=0')).code).toBe(0);
    const sessions = received().filter((event) => event.event === 'initialized');
    expect(sessions).toHaveLength(2);
    expect(received().filter((event) => event.event === 'started')).toHaveLength(1);
  });
});

describe('elicitation (form mode)', () => {
  const DEFAULTS = {
    name: 'demo',
    replicas: 3,
    ratio: 0.25,
    environment: 'staging',
    region: 'eu-west',
    size: 'm',
    channels: ['email'],
    notify: true,
  };

  it('declares the elicitation capability only when executing; a dry run sends nothing', async () => {
    const dry = await runCli(['call', 'assistant/deploy', '--config', config.file]);
    expect(dry.code).toBe(0);
    expect(received()).toEqual([{ event: 'initialized', capabilities: {} }]);
    writeFileSync(events.file, '');
    await call('assistant/deploy', '--yes', '-q');
    expect(received()[0]).toEqual({ event: 'initialized', capabilities: { elicitation: { form: {}, url: {} } } });
  });

  it('--yes in a non-interactive run accepts the schema defaults (string, integer, number, enum, titled enum, boolean, multi-select)', async () => {
    const result = await call('assistant/deploy', '--yes', '--json');
    expect(result.code).toBe(0);
    expect(received()).toContainEqual({ tool: 'deploy', event: 'elicitation', result: { action: 'accept', content: DEFAULTS } });
    const document = JSON.parse(result.stdout);
    expect(document.elicitations).toEqual([
      { server: 'assistant', mode: 'form', message: 'How should the service be deployed?', action: 'accept', content: DEFAULTS },
    ]);
    expect(stderrJson(result.stderr)[0]?.['note']?.['message']).toContain('answered with the defaults (--yes)');
  });

  it('without --yes a non-interactive run declines: the server gets the decline, mcpns exits 1 with DECLINED', async () => {
    const result = await call('assistant/deploy', '--json');
    expect(result.code).toBe(1);
    expect(received()).toContainEqual({ tool: 'deploy', event: 'elicitation', result: { action: 'decline' } });
    expect(JSON.parse(result.stdout).result).toEqual({ content: [{ type: 'text', text: 'deployment declined' }] });
    const error = stderrJson(result.stderr).find((line) => line['error'])?.['error'];
    expect(error).toMatchObject({ code: 'DECLINED', server: 'assistant', mode: 'form', action: 'decline' });
    expect(error?.['hint']).toContain('--yes');
  });

  it('--answers supplies values (typed by the form: "5" → 5, titles and lists accepted) over the defaults', async () => {
    const answers = { replicas: '5', region: 'United States (Virginia)', channels: 'chat, pager', notify: 'no' };
    const result = await call('assistant/deploy', '--answers', JSON.stringify(answers), '-q');
    expect(result.code).toBe(0);
    expect(received()).toContainEqual({
      tool: 'deploy',
      event: 'elicitation',
      result: { action: 'accept', content: { ...DEFAULTS, replicas: 5, region: 'us-east', channels: ['chat', 'pager'], notify: false } },
    });
  });

  it('--answers from a file, and a value the form rejects cancels the elicitation with ELICITATION_INCOMPLETE (exit 2)', async () => {
    const file = join(events.dir, 'answers.json');
    writeFileSync(file, JSON.stringify({ replicas: 11 }));
    const result = await call('assistant/deploy', '--answers', file, '-q');
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('replicas: must be <= 10');
    expect(received()).toContainEqual({ tool: 'deploy', event: 'elicitation', result: { action: 'cancel' } });
  });

  it('--yes cannot answer a required field without a default: the server gets a cancel, mcpns says which field (exit 2)', async () => {
    const result = await call('assistant/register', '--yes', '--json');
    expect(result.code).toBe(2);
    const error = stderrJson(result.stderr).find((line) => line['error'])?.['error'];
    expect(error).toMatchObject({ code: 'ELICITATION_INCOMPLETE', server: 'assistant', missing: ['email'] });
    expect(error?.['hint']).toContain(`--answers '{"email": …}'`);
    expect(received()).toContainEqual({ tool: 'register', event: 'elicitation', result: { action: 'cancel' } });
    const answered = await call('assistant/register', '--answers', '{"email":"ops@example.com"}', '-q');
    expect(answered.code).toBe(0);
    expect(received()).toContainEqual({
      tool: 'register',
      event: 'elicitation',
      result: { action: 'accept', content: { email: 'ops@example.com', newsletter: false } },
    });
  });

  it('a secret the user supplied is never echoed back: the server gets it, every output shows ***', async () => {
    const result = await call('assistant/deploy', '--answers', '{"api_token":"tok-4242-secret"}', '--json');
    expect(result.code).toBe(0);
    expect(received()).toContainEqual(
      expect.objectContaining({ result: expect.objectContaining({ content: expect.objectContaining({ api_token: 'tok-4242-secret' }) }) }),
    );
    expect(result.stdout + result.stderr).not.toContain('tok-4242-secret');
    expect(JSON.parse(result.stdout).elicitations[0].content.api_token).toBe('***');
  });

  it('URL mode is declined in a non-interactive run, with the URL shown (exit 1, DECLINED)', async () => {
    const result = await call('assistant/connect_account');
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('asks you to open https://accounts.example.com/link?session=42');
    expect(result.stderr).toContain('mcpns: error: DECLINED: declined the web page server "assistant" asked for');
    expect(received()).toContainEqual({ tool: 'connect_account', event: 'elicitation', result: { action: 'decline' } });
  });
});

describe('logging, sampling, roots', () => {
  it('server log messages show under -v with their level, terminal-safe and redacted; --log-level sends logging/setLevel', async () => {
    const quiet = await call('assistant/chatty');
    expect(quiet.stderr).not.toContain('debug message');
    const verbose = await call('assistant/chatty', '-v');
    expect(verbose.code).toBe(0);
    for (const level of ['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency'])
      expect(verbose.stderr).toContain(`mcpns: [assistant/fixture] ${level}: ${level} message\n`);
    expect(verbose.stderr).toContain('mcpns: [assistant] info: {"structured":true,"note":"an object"}');
    expect(verbose.stderr).toContain('mcpns: [assistant] error: paint \\u{1b}[31mred\\u{1b}[0m');
    expect(verbose.stderr).toContain('mcpns: [assistant] error: token is ***');
    expect(verbose.stderr).not.toContain(SECRET);
    const filtered = await call('assistant/chatty', '--log-level', 'error');
    expect(filtered.stderr).not.toContain('warning message');
    expect(filtered.stderr).toContain('mcpns: [assistant/fixture] error: error message');
    expect(filtered.stderr).toContain('mcpns: [assistant/fixture] emergency: emergency message');
  });

  it('log lines are JSON objects under --json -v', async () => {
    const result = await call('assistant/chatty', '--json', '-v', '--log-level', 'alert');
    const logs = stderrJson(result.stderr).filter((line) => line['log'] !== undefined);
    expect(logs.map((line) => line['log']?.['level'])).toEqual(['alert', 'emergency']);
    expect(logs[0]?.['log']).toMatchObject({ server: 'assistant', logger: 'fixture', data: 'alert message' });
  });

  it('--log-level on a server without the logging capability warns and sends nothing', async () => {
    const result = await call('long-running/silent', 'duration_ms=0', '--log-level', 'debug');
    expect(result.code).toBe(0);
    expect(result.stderr).toContain('mcpns: warning: --log-level debug not sent to long-running: the server does not declare the logging capability');
  });

  it('a sampling request gets a clear JSON-RPC error and the user is told', async () => {
    const result = await call('assistant/summarize');
    expect(result.code).toBe(0);
    expect(result.stderr).toContain('server "assistant" asked for sampling (sampling/createMessage); mcpns has no model and answered with an error');
    expect(received()).toContainEqual({
      tool: 'summarize',
      event: 'sampling-error',
      code: -32601,
      message: 'MCP error -32601: mcpns does not support sampling/createMessage: it has no model and declares no sampling capability',
    });
  });

  it('--root declares roots and answers roots/list with file:// URIs; without it roots/list is refused', async () => {
    const result = await call('assistant/list_roots', '--root', events.dir, '--root', config.dir);
    expect(result.code).toBe(0);
    const roots = [events.dir, config.dir].map((dir) => ({ uri: pathToFileURL(dir).href, name: dir.split('/').pop() }));
    expect(received()).toContainEqual({ tool: 'list_roots', event: 'roots', roots });
    expect(received()[0]?.['capabilities']).toEqual({ elicitation: { form: {}, url: {} }, roots: { listChanged: false } });
    writeFileSync(events.file, '');
    const without = await call('assistant/list_roots');
    expect(without.code).toBe(0);
    expect(received()).toContainEqual(expect.objectContaining({ tool: 'list_roots', event: 'roots-error', code: -32601 }));
    expect(without.stderr).toContain('sent roots/list, which mcpns does not support');
  });

  it('--root must be a directory', async () => {
    const result = await call('assistant/list_roots', '--root', join(events.dir, 'missing'));
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('is not a directory');
  });
});

describe('results', () => {
  it('every content type is shown; --save-dir writes images, audio and blobs with their bytes', async () => {
    const saveDir = join(events.dir, 'saved');
    const result = await call('assistant/media', '--save-dir', saveDir);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('four items follow\n');
    expect(result.stdout).toContain(`[image image/png, 70 bytes → saved to ${join(saveDir, 'media-1.png')}]`);
    expect(result.stdout).toContain(`[audio audio/wav, 16 bytes → saved to ${join(saveDir, 'media-2.wav')}]`);
    expect(result.stdout).toContain('link: file:///srv/report.pdf (report.pdf · application/pdf · The full report)');
    expect(result.stdout).toContain('resource: memo://notes (text/plain)\nembedded note\n');
    expect(result.stdout).toContain(`[blob 5 bytes → saved to ${join(saveDir, 'media-5.bin')}]`);
    expect(result.stdout).toContain('structured content matches the outputSchema');
    expect(readFileSync(join(saveDir, 'media-5.bin'), 'utf8')).toBe('blob!');
    expect(readFileSync(join(saveDir, 'media-2.wav'), 'utf8')).toBe('RIFF0000WAVEfmt ');
    expect(readFileSync(join(saveDir, 'media-1.png')).subarray(1, 4).toString()).toBe('PNG');
  });

  it('structuredContent that violates the outputSchema is reported and exits 1', async () => {
    const result = await call('assistant/bad_output', '--json');
    expect(result.code).toBe(1);
    const document = JSON.parse(result.stdout);
    expect(document.outputValidation).toEqual({
      valid: false,
      violations: [{ path: 'structuredContent.count', keyword: 'type', message: 'expected integer' }],
    });
    expect(stderrJson(result.stderr)[0]?.['warning']).toMatchObject({ code: 'OUTPUT_SCHEMA_MISMATCH' });
  });

  it('options that only apply when executing are refused on a dry run', async () => {
    const result = await runCli(['call', 'assistant/deploy', '--answers', '{}', '--root', '.', '--config', config.file]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--answers, --root only apply with --execute');
    expect(received()).toEqual([]);
  });
});
