/**
 * Issue 25 §2.8: every file mcpns reads goes through one bounded reader. A FIFO, a device or a file over the limit is
 * refused at once — `plan validate <fifo>`, `--args @/dev/zero`, `--answers /dev/zero` and `--capabilities <fifo>`
 * blocked (a synchronous read of a FIFO ignores SIGTERM) or read without end — and standard input (`--args -`,
 * `plan validate -`) stops at the same limit. The bin runs are bounded with SIGKILL: a blocked main thread would
 * never see a SIGTERM.
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBin, runCli, type CliResult } from '../helpers/cli.js';
import { fixtureEntry, writeTempConfig, type TempConfig } from '../helpers/config.js';

const BOUND_MS = 60_000;
let config: TempConfig;
let fifo: string;

beforeAll(() => {
  config = writeTempConfig({ servers: { calculator: fixtureEntry('calculator') } });
  fifo = join(config.dir, 'input.fifo');
  execFileSync('mkfifo', [fifo]);
});
afterAll(() => config.cleanup());

async function bin(args: string[]): Promise<CliResult> {
  try {
    return await runBin(args, { cwd: config.dir, timeoutMs: BOUND_MS, killSignal: 'SIGKILL' });
  } catch (error) {
    throw new Error(`mcpns ${args.join(' ')} did not finish within ${BOUND_MS} ms (blocked reading a FIFO or a device?)`, { cause: error });
  }
}

describe('files that are not regular are refused before they are read', () => {
  it('plan validate <fifo>: PLAN_UNREADABLE, exit 2', async () => {
    const result = await bin(['plan', 'validate', fifo]);
    expect(result.stderr).toContain(`mcpns: error: cannot read plan ${fifo}: it is not a regular file (a device, FIFO or socket)`);
    expect(result.code).toBe(2);
  });

  it('--args @/dev/zero: ARGS_INVALID, exit 2', async () => {
    const result = await bin(['call', 'calculator/add', '--args', '@/dev/zero']);
    expect(result.stderr).toContain('cannot read --args file /dev/zero: it is not a regular file (a device, FIFO or socket)');
    expect(result.code).toBe(2);
  });

  it('--answers /dev/zero and --answers <fifo>: ARGS_INVALID, exit 2, nothing sent', async () => {
    for (const file of ['/dev/zero', fifo]) {
      const result = await bin(['call', 'calculator/add', 'a=1', 'b=2', '--execute', '--yes', '--answers', file]);
      expect(result.stderr, file).toContain(`cannot read --answers file ${file}: it is not a regular file`);
      expect(result.code, file).toBe(2);
    }
  });

  it('--capabilities <fifo>: exit 2', async () => {
    const result = await bin(['call', 'calculator/add', 'a=1', 'b=2', '--capabilities', fifo]);
    expect(result.stderr).toContain(`cannot read --capabilities ${fifo}: it is not a regular file`);
    expect(result.code).toBe(2);
  });
});

describe('standard input is bounded too', () => {
  const huge = `{"a":"${'x'.repeat(33 * 1024 * 1024)}"}`;

  it('--args - with 33 MiB on stdin: ARGS_INVALID naming the limit', async () => {
    const result = await runCli(['call', 'calculator/add', '--args', '-'], { cwd: config.dir, stdin: huge });
    expect(result.stderr).toContain('--args - (stdin) is larger than 32 MiB');
    expect(result.code).toBe(2);
  });

  it('plan validate - with 33 MiB on stdin: PLAN_UNREADABLE naming the limit', async () => {
    const result = await runCli(['plan', 'validate', '-'], { cwd: config.dir, stdin: huge });
    expect(result.stderr).toContain('standard input is larger than 32 MiB');
    expect(result.code).toBe(2);
  });
});
