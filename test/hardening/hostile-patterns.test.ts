/**
 * Issue 25 §2.1: regular expressions a server sends run in linear time. The hostile fixture (mode `patterns`) puts
 * `^(a+)+$` into an inputSchema and an outputSchema and `^(b+)+$`/`^(c+)+$` into patternProperties, returns 42 "a" and
 * "!" (hours for V8's backtracking engine; the red team's `call --execute` ignored SIGTERM for minutes), a 2 MB string
 * in `format: url` (ajv-formats' expression for it is quadratic) and a pattern with lookahead. Every run is the built bin, bounded with SIGKILL: stuck on the main thread, mcpns would never
 * see a SIGTERM.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBin, type CliResult } from '../helpers/cli.js';
import { writeTempConfig, type TempConfig } from '../helpers/config.js';
import { fixturePath } from '../helpers/fixtures.js';

const HOSTILE_TEXT = `${'a'.repeat(42)}!`;
const BOUND_MS = 60_000;

let config: TempConfig;
beforeAll(() => {
  config = writeTempConfig({ servers: { hostile: { command: process.execPath, args: [fixturePath('hostile/stdio'), '--mode', 'patterns'] } } });
});
afterAll(() => config.cleanup());

async function run(args: string[]): Promise<CliResult> {
  try {
    return await runBin(args, { cwd: config.dir, timeoutMs: BOUND_MS, killSignal: 'SIGKILL' });
  } catch (error) {
    throw new Error(`mcpns ${args.join(' ')} did not finish within ${BOUND_MS} ms (stuck in a server's regular expression?)`, { cause: error });
  }
}

describe('server-supplied patterns never run unbounded', () => {
  it('a dry run validates the arguments against the hostile inputSchema and reports the violation', async () => {
    const result = await run(['call', 'hostile/match', '--args', JSON.stringify({ s: HOSTILE_TEXT, [`${'b'.repeat(42)}!`]: 'x' })]);
    expect(result.stderr).toContain('s: must match pattern "^(a+)+$"');
    expect(result.code).toBe(2);
  });

  it('call --execute checks the structured content against the hostile outputSchema (exit 1, the violations listed)', async () => {
    const result = await run(['call', 'hostile/match', '--execute', '--yes', '--json']);
    expect(result.code).toBe(1);
    const document = JSON.parse(result.stdout);
    expect(document.outputValidation.valid).toBe(false);
    expect(document.outputValidation.violations).toEqual([
      { path: 'structuredContent.s', keyword: 'pattern', message: 'must match pattern "^(a+)+$" (pattern)' },
      { path: 'structuredContent.ccc', keyword: 'type', message: 'expected number' },
    ]);
  });

  it('a pattern the linear-time engine cannot run is passed over with a note, not run', async () => {
    const result = await run(['call', 'hostile/lookahead', '--execute', '--yes', '--json']);
    expect(result.code).toBe(0);
    const document = JSON.parse(result.stdout);
    expect(document.outputValidation).toEqual({
      valid: true,
      violations: [],
      note: expect.stringContaining('pattern "^(?!x)" was not checked (it needs lookahead'),
    });
    const human = await run(['call', 'hostile/lookahead', '--execute', '--yes']);
    expect(human.stdout).toContain('structured content matches the outputSchema\n  (pattern "^(?!x)" was not checked');
  });
});
