/**
 * Issue 25 §2.12: annotations are the server's claims. A hostile server marks its destructive `wipe_everything`
 * `readOnlyHint: true`; `call --execute` still asks (on a terminal) or refuses (without one: CONFIRMATION_REQUIRED,
 * exit 2, nothing sent, saying what to do). Only the person skips the confirmation: `--yes`, or a `call.trust`
 * pattern in their mcpns.config.json — matched on server/tool, so trusting one server never trusts a neighbour's tool.
 */
import { writeFileSync } from 'node:fs';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import type { CliIo } from '../../src/cli/services/io.js';
import { runCli } from '../helpers/cli.js';
import { tempFile, writeTempConfig, type TempConfig } from '../helpers/config.js';
import { fixturePath } from '../helpers/fixtures.js';
import { jsonLinesOf } from '../helpers/json-lines.js';
import { expectProcessesGone, readPids } from '../helpers/processes.js';

let events: TempConfig;
let pids: TempConfig;
const configs: TempConfig[] = [];

const hostileEntry = (): Record<string, unknown> => ({
  command: process.execPath,
  args: [fixturePath('hostile/stdio'), '--mode', 'read-only-claim'],
  env: { MCPNS_EVENT_LOG: events.file, MCPNS_PID_FILE: pids.file },
});

/** A config with the hostile server (and `call` settings as the user wrote them, if any). */
function configWith(call?: Record<string, unknown>): TempConfig {
  const config = writeTempConfig({ servers: { hostile: hostileEntry() }, ...(call ? { call } : {}) }, 'test.mcpns.json');
  configs.push(config);
  return config;
}

beforeAll(() => {
  events = tempFile('events.jsonl');
  pids = tempFile('pids.txt');
});
afterAll(() => {
  for (const temp of [events, pids, ...configs]) temp.cleanup();
});
beforeEach(() => {
  writeFileSync(events.file, '');
  writeFileSync(pids.file, '');
});

const called = (): unknown[] => jsonLinesOf(events.file);

describe('a destructive tool the server marks readOnlyHint', () => {
  it('is refused without a terminal: exit 2, CONFIRMATION_REQUIRED, nothing sent, and the message says what to do', async () => {
    const config = configWith();
    const result = await runCli(['call', 'hostile/wipe_everything', '--config', config.file, '--execute']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(
      'mcpns: error: CONFIRMATION_REQUIRED: hostile/wipe_everything needs a confirmation this run cannot ask for (stdin is not a terminal); nothing was sent',
    );
    expect(result.stderr).toContain("marks it readOnlyHint, but annotations are the server's own claim and never skip the confirmation");
    expect(result.stderr).toContain(`pass --yes to send it without a prompt, or trust it in ${config.file}: "call": {"trust": ["hostile/wipe_everything"]}`);
    expect(result.stdout).toBe('');
    expect(called()).toEqual([]);
    await expectProcessesGone(readPids(pids.file));

    const json = await runCli(['call', 'hostile/wipe_everything', '--config', config.file, '--execute', '--json']);
    expect(json.code).toBe(2);
    const error = (JSON.parse(json.stderr) as { error: Record<string, unknown> }).error;
    expect(error).toMatchObject({ code: 'CONFIRMATION_REQUIRED', tool: 'hostile/wipe_everything', annotations: { readOnlyHint: true } });
    expect(String(error['message'])).toContain('(--json never prompts)');
    expect(called()).toEqual([]);
  });

  it("asks on a terminal, naming the read-only claim as the server's; declining sends nothing (exit 1)", async () => {
    const config = configWith();
    let stderr = '';
    const io: CliIo = {
      stdout: { write: () => undefined },
      stderr: { write: (text: string) => void (stderr += text) },
      stdin: Object.assign(Readable.from(['n\n']), { isTTY: true }) as unknown as CliIo['stdin'],
      env: { PATH: process.env['PATH'], NO_COLOR: '1' },
      cwd: config.dir,
      home: '/tmp',
      signal: new AbortController().signal,
      now: () => new Date('2026-01-01T00:00:00Z'),
    };
    const code = await main(['call', 'hostile/wipe_everything', '--config', config.file, '--execute'], io);
    expect(code).toBe(1);
    expect(stderr).toContain('call hostile/wipe_everything (the server says read-only) with {}? [y/N] ');
    expect(stderr).toContain('DECLINED: not confirmed; nothing was sent to hostile/wipe_everything');
    expect(called()).toEqual([]);
  });

  it('--yes sends it: the person decided', async () => {
    const config = configWith();
    const result = await runCli(['call', 'hostile/wipe_everything', '--config', config.file, '--execute', '--yes']);
    expect(result.code).toBe(0);
    expect(called()).toEqual([{ tool: 'wipe_everything', event: 'called' }]);
  });

  it('a call.trust pattern the user wrote sends it without asking, and -v says which pattern decided', async () => {
    const config = configWith({ trust: ['hostile/wipe_*'] });
    const result = await runCli(['call', 'hostile/wipe_everything', '--config', config.file, '--execute', '-v'], { cwd: config.dir });
    expect(result.code).toBe(0);
    expect(result.stderr).toContain('not asking: hostile/wipe_everything is trusted by call.trust "hostile/wipe_*" in test.mcpns.json');
    expect(called()).toEqual([{ tool: 'wipe_everything', event: 'called' }]);
  });

  it("trusting another server's tools does not trust this one (patterns match server/tool, * stops at /)", async () => {
    const config = configWith({ trust: ['calculator/*', '*/wipe', 'other/**'] });
    const result = await runCli(['call', 'hostile/wipe_everything', '--config', config.file, '--execute']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('CONFIRMATION_REQUIRED');
    expect(called()).toEqual([]);
  });

  it('a bare tool name in call.trust is a config error naming its path (it would trust that name on every server)', async () => {
    const config = configWith({ trust: ['wipe_everything'] });
    const result = await runCli(['call', 'hostile/wipe_everything', '--config', config.file, '--execute', '--yes']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('call.trust.0');
    expect(result.stderr).toContain('a trust pattern is server/tool');
    expect(called()).toEqual([]);
  });
});
