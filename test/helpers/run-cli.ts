import { PassThrough } from 'node:stream';
import { main } from '../../src/cli/main.js';
import type { CliIo } from '../../src/cli/io.js';

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** Run the CLI in-process with captured output (no TTY, no colour). */
export async function runCli(
  argv: string[],
  options: { cwd?: string; env?: Record<string, string | undefined>; stdin?: string; home?: string; tty?: boolean; signal?: AbortSignal } = {},
): Promise<CliRun> {
  let stdout = '';
  let stderr = '';
  const stdin = new PassThrough();
  stdin.end(options.stdin ?? '');
  const io: CliIo = {
    stdout: { write: (text: string) => void (stdout += text), isTTY: options.tty ?? false },
    stderr: { write: (text: string) => void (stderr += text), isTTY: options.tty ?? false },
    stdin: Object.assign(stdin, { isTTY: options.tty ?? false }),
    env: options.env ?? { PATH: process.env['PATH'] },
    cwd: options.cwd ?? process.cwd(),
    home: options.home ?? process.cwd(),
    signal: options.signal ?? new AbortController().signal,
    now: () => new Date('2026-01-01T00:00:00.000Z'),
  };
  const code = await main(argv, io);
  return { code, stdout, stderr };
}
