/**
 * `call --execute` through the built bin: a call deadline, Ctrl-C during a call, and the prompts only a terminal gets
 * (a pseudo-terminal drives them: each step waits for its prompt, then types).
 *
 * The acceptance scenario of issue 13 uses a silent 14 s tool under --call-timeout 5000; here the silent tool runs
 * 3 s under --call-timeout 1000: the same case (silence longer than the limit), three times faster.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runBin } from '../helpers/cli.js';
import { waitUntil } from '../helpers/assertions.js';
import { fixtureEntry, tempFile, writeTempConfig, type TempConfig } from '../helpers/config.js';
import { REPO_ROOT } from '../helpers/fixtures.js';
import { expectProcessesGone, readPids } from '../helpers/processes.js';
import { runBinOnPty } from '../helpers/pty.js';

let events: TempConfig;
let pids: TempConfig;
let config: TempConfig;

beforeAll(() => {
  events = tempFile('events.jsonl');
  pids = tempFile('pids.txt');
  const env = { MCPNS_EVENT_LOG: events.file, MCPNS_PID_FILE: pids.file };
  config = writeTempConfig({
    servers: {
      'long-running': fixtureEntry('long-running', { env }),
      assistant: fixtureEntry('client-features', { env }),
      files: fixtureEntry('files', { env }),
    },
    // Trusted by the user (not by their readOnlyHint): these tests are about the call, not the confirmation; files is not.
    call: { trust: ['long-running/*', 'assistant/*'] },
  });
});
afterAll(() => {
  for (const temp of [events, pids, config]) temp.cleanup();
});
beforeEach(() => {
  writeFileSync(events.file, '');
  writeFileSync(pids.file, '');
});

const received = (): Array<Record<string, unknown>> =>
  existsSync(events.file)
    ? readFileSync(events.file, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as Record<string, unknown>)
    : [];

describe('call --execute (built bin)', () => {
  it('a silent call past --call-timeout: exit 1, CALL_TIMEOUT, notifications/cancelled received, nothing left running', async () => {
    const result = await runBin(['call', 'long-running/silent', 'duration_ms=3000', '--execute', '--call-timeout', '1000'], { cwd: config.dir });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(
      /mcpns: error: CALL_TIMEOUT: tools\/call long-running\/silent: no answer and no progress for 1000 ms \(--call-timeout 1000\)/,
    );
    expect(received()).toContainEqual({ tool: 'silent', event: 'cancelled', reason: 'mcpns: --call-timeout of 1000 ms passed' });
    await expectProcessesGone(readPids(pids.file));
  });

  it('Ctrl-C during a call: exit 130, the server receives notifications/cancelled, no child left', async () => {
    const child = spawn(
      process.execPath,
      [join(REPO_ROOT, 'bin', 'mcpns.js'), 'call', 'long-running/progress', 'duration_ms=30000', 'interval_ms=200', '--execute'],
      { cwd: config.dir, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NO_COLOR: '1' } },
    );
    let stderr = '';
    child.stdout.resume();
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    // Wait until the call is under way: the first progress line is printed.
    await waitUntil(() => stderr.includes('progress long-running/progress: 1/'), 'the call printed no progress line');
    child.kill('SIGINT');
    expect(await exited).toBe(130);
    expect(received()).toContainEqual({ tool: 'progress', event: 'cancelled', reason: 'interrupted by the user (SIGINT)' });
    await expectProcessesGone(readPids(pids.file));
  });

  it('non-interactive: --yes sends the schema defaults, no --yes declines (exit 1, DECLINED)', async () => {
    const accepted = await runBin(['call', 'assistant/deploy', '--execute', '--yes', '-q'], { cwd: config.dir });
    expect(accepted.code).toBe(0);
    expect(received()).toContainEqual(
      expect.objectContaining({ tool: 'deploy', result: { action: 'accept', content: expect.objectContaining({ name: 'demo', replicas: 3, notify: true }) } }),
    );
    const declined = await runBin(['call', 'assistant/deploy', '--execute', '--json'], { cwd: config.dir });
    expect(declined.code).toBe(1);
    expect(JSON.parse(declined.stderr.trim().split('\n').pop() as string).error.code).toBe('DECLINED');
  });
});

describe('call --execute on a terminal (pseudo-terminal)', () => {
  it('asks each field typed from the schema, re-asks an invalid value, applies defaults on Enter; the typed answers arrive', async () => {
    const result = await runBinOnPty(
      ['call', 'assistant/deploy', '--execute'],
      [
        { expect: 'Service name [demo]: ', send: 'web\r' },
        { expect: 'Replicas [3]: ', send: '12\r' },
        { expect: 'must be <= 10 (maximum); Replicas [3]: ', send: '4\r' },
        { expect: 'Canary ratio [0.25]: ', send: '\r' },
        { expect: 'Environment [staging]: ', send: '2\r' },
        { expect: 'Region [Europe (Ireland) (eu-west)]: ', send: 'us-east\r' },
        { expect: 'Machine size [Medium (m)]: ', send: 'large\r' },
        { expect: 'Notify on [E-mail (email)]: ', send: '1,3\r' },
        { expect: 'Send notifications [yes]: ', send: 'n\r' },
        { expect: 'API token: ', send: 'tok-typed-secret-77\r' },
        { expect: 'send it? [a]ccept · [e]dit · [d]ecline · [c]ancel: ', send: 'a\r' },
      ],
      { cwd: config.dir },
    );
    expect(result.error).toBeUndefined();
    expect(result.code).toBe(0);
    expect(received()).toContainEqual({
      tool: 'deploy',
      event: 'elicitation',
      result: {
        action: 'accept',
        content: {
          name: 'web',
          replicas: 4,
          ratio: 0.25,
          environment: 'production',
          region: 'us-east',
          size: 'l',
          channels: ['email', 'pager'],
          notify: false,
          api_token: 'tok-typed-secret-77',
        },
      },
    });
    // The hidden field is not echoed, and the server's echo of it is masked.
    expect(result.output).toContain('    API token: ***\n');
    expect(result.output).not.toContain('tok-typed-secret-77');
  });

  it('a live progress line on the terminal; time spent answering a form does not count toward --call-timeout', async () => {
    // The person takes 2.5 s to answer under a 1000 ms --call-timeout: the call still completes, because the deadline
    // stops while mcpns waits for them (without that pause it would expire, whatever the machine's speed).
    const result = await runBinOnPty(
      ['call', 'assistant/provision', 'interval_ms=200', '--execute', '--call-timeout', '1000'],
      [
        { expect: 'Region [Europe (Ireland) (eu-west)]: ', send: '2\r', delay: 2.5 },
        { expect: 'Disk size (GB) [50]: ', send: '20\r' },
        { expect: 'send it?', send: '\r' },
      ],
      { cwd: config.dir },
    );
    expect(result.error).toBeUndefined();
    expect(result.code).toBe(0);
    expect(result.output).toContain('\r\u001b[2Kassistant/provision: 1/4 (25%) reserving capacity · ');
    expect(result.output).toContain('provisioned 20 GB in us-east');
    expect(received()).toContainEqual({ tool: 'provision', event: 'elicitation', result: { action: 'accept', content: { region: 'us-east', size: 20 } } });
  });

  it('declining the form sends a decline and exits 1 with DECLINED', async () => {
    const result = await runBinOnPty(['call', 'assistant/deploy', '--execute'], [{ expect: 'Service name [demo]: ', send: '!decline\r' }], { cwd: config.dir });
    expect(result.code).toBe(1);
    expect(result.output).toContain('mcpns: error: DECLINED: declined the form server "assistant" asked for');
    expect(received()).toContainEqual({ tool: 'deploy', event: 'elicitation', result: { action: 'decline' } });
  });

  it('URL mode shows the URL and its host; accepting lets the server finish (elicitation/complete noted)', async () => {
    const result = await runBinOnPty(
      ['call', 'assistant/connect_account', '--execute'],
      [{ expect: '[a]ccept (done / will do) · [d]ecline · [c]ancel: ', send: 'a\r' }],
      {
        cwd: config.dir,
      },
    );
    expect(result.code).toBe(0);
    expect(result.output).toContain('URL:  https://accounts.example.com/link?session=42');
    expect(result.output).toContain('host: accounts.example.com');
    expect(result.output).toContain('server "assistant" says the web step connect-1 is complete');
    expect(received()).toContainEqual({ tool: 'connect_account', event: 'elicitation', result: { action: 'accept' } });
  });

  it('declining the --execute confirmation of a tool not marked read-only exits 1 with DECLINED and sends nothing', async () => {
    const result = await runBinOnPty(['call', 'files/file_write_file', 'path=a.txt', 'content=x', '--execute'], [{ expect: '[y/N] ', send: 'n\r' }], {
      cwd: config.dir,
    });
    expect(result.code).toBe(1);
    expect(result.output).toContain('mcpns: error: DECLINED: not confirmed; nothing was sent to files/file_write_file');
    expect(received()).toEqual([]);
    // Confirmed, the same call goes out: the recorder above can see it.
    const confirmed = await runBinOnPty(['call', 'files/file_write_file', 'path=a.txt', 'content=x', '--execute'], [{ expect: '[y/N] ', send: 'y\r' }], {
      cwd: config.dir,
    });
    expect(confirmed.code).toBe(0);
    expect(received()).toEqual([{ tool: 'file_write_file', event: 'called' }]);
    await expectProcessesGone(readPids(pids.file));
  });
});
