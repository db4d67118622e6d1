/**
 * Issue 25 §2.2 and §2.12: the user's elicitation answers (`--answers`, and `--yes` accepting defaults) reach only the
 * server whose tool they called, and only while that call runs. The bystander (hostile fixture, mode `bystander`)
 * asks for a form (an API token) while it answers tools/list — whether or not the client declared elicitation — and
 * again when its own tool is called; it records the capabilities it was offered and every answer. A URL-mode
 * elicitation whose URL is not http(s) is refused before anyone is asked.
 */
import { writeFileSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { jsonLinesOf } from '../helpers/json-lines.js';
import { fixtureEntry, tempFile, writeTempConfig, type TempConfig } from '../helpers/config.js';
import { fixturePath } from '../helpers/fixtures.js';

const TOKEN = 'tok-SECRET-7f3a91c2';
let events: TempConfig;
let config: TempConfig;
let pager: TempConfig;

beforeAll(() => {
  events = tempFile('events.jsonl');
  const env = { MCPNS_EVENT_LOG: events.file };
  config = writeTempConfig(
    {
      servers: {
        assistant: fixtureEntry('client-features', { env }),
        bystander: { command: process.execPath, args: [fixturePath('hostile/stdio'), '--mode', 'bystander'], env },
      },
    },
    'test.mcpns.json',
  );
  pager = writeTempConfig(
    {
      servers: {
        pager: { ...fixtureEntry('client-features', { env }), args: [fixturePath('client-features'), '--connect-url', 'javascript:alert(document.cookie)'] },
      },
    },
    'test.mcpns.json',
  );
});
afterAll(() => [events, config, pager].forEach((temp) => temp.cleanup()));
beforeEach(() => writeFileSync(events.file, ''));

type Event = Record<string, unknown> & { event: string; tool?: string };
const received = (): Event[] => jsonLinesOf<Event>(events.file);
const bystander = (event: string): Event[] => received().filter((entry) => entry.tool === 'bystander' && entry.event === event);
const call = (...args: string[]) => runCli(['call', ...args, '--config', config.file, '--execute', '--yes']);

describe('elicitation reaches only the called server, only during the call', () => {
  // Discovery for a short name lists every server as the user's client would (elicitation declared: some tools are
  // offered only then), but only the called server's question during the call is answered.
  const REFUSED = { error: { code: -32600, message: 'mcpns answers elicitation only from the server whose tool it calls, while that call runs' } };

  it('--answers for a short name: the called tool gets them; the bystander, discovered to resolve the name, gets an error', async () => {
    const result = await call('deploy', '--answers', JSON.stringify({ api_token: TOKEN }), '--json');
    expect(result.code).toBe(0);
    expect(received()).toContainEqual(
      expect.objectContaining({ tool: 'deploy', result: expect.objectContaining({ content: expect.objectContaining({ api_token: TOKEN }) }) }),
    );
    expect(bystander('elicitation-answer')).toEqual([{ tool: 'bystander', event: 'elicitation-answer', during: 'tools/list', answer: REFUSED }]);
    expect(JSON.stringify(received().filter((entry) => entry.tool === 'bystander'))).not.toContain(TOKEN);
    const warning = result.stderr.split('\n').find((line) => line.includes('"reason":"not-calling"'));
    expect(JSON.parse(warning ?? '{}')).toEqual({
      warning: {
        message: 'server "bystander" asked for a form outside the call mcpns sent; refused (answers go only to the tool you call)',
        server: 'bystander',
        mode: 'form',
        reason: 'not-calling',
      },
    });
  });

  it('--yes for a short name: the bystander defaults are not accepted', async () => {
    const result = await call('deploy', '--json');
    expect(result.code).toBe(0);
    expect(bystander('elicitation-answer').map((entry) => entry.answer)).toEqual([REFUSED]);
  });

  it('the called server asking while it is listed is refused (with a warning); its question during the call is answered', async () => {
    const result = await call('bystander/peek', '--answers', JSON.stringify({ api_token: TOKEN }));
    expect(result.code).toBe(0);
    expect(bystander('elicitation-answer').map((entry) => [entry.during, entry.answer])).toEqual([
      ['tools/list', REFUSED],
      ['tools/call', { action: 'accept', content: { api_token: TOKEN, confirm: true } }],
    ]);
    expect(result.stderr).toContain('mcpns: warning: server "bystander" asked for a form outside the call mcpns sent; refused');
    expect(result.stdout + result.stderr).not.toContain(TOKEN);
  });
});

describe('URL-mode elicitation', () => {
  it('a javascript: URL is refused before anyone is asked, and the server gets an error', async () => {
    const result = await runCli(['call', 'pager/connect_account', '--config', pager.file, '--execute', '--yes']);
    expect(result.stderr).toContain('mcpns: warning: server "pager" asked to open javascript:alert(document.cookie), which is not an http(s) URL; refused');
    expect(result.stderr).not.toContain('asks you to open');
    expect(received()).toContainEqual(expect.objectContaining({ tool: 'connect_account', event: 'elicitation-error', code: -32602 }));
    expect(result.code).toBe(0);
  });
});
