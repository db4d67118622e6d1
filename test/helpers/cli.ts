/** Run the CLI in-process (main(argv, io) with a fake CliIo) or as the built bin (node bin/mcpns.js). */
import { execFile } from 'node:child_process';
import { Readable } from 'node:stream';
import { join } from 'node:path';
import { main } from '../../src/cli/main.js';
import type { CliIo } from '../../src/cli/services/io.js';
import { REPO_ROOT } from './fixtures.js';

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

export interface RunOptions {
  cwd?: string;
  env?: Record<string, string | undefined>;
  signal?: AbortSignal;
  stdin?: string;
  isTTY?: boolean;
  now?: Date;
  /** The config the entry point already named (as bin/mcpns.js passes it after starting servers early). */
  announcedConfig?: string;
}

/** In-process: captures stdout/stderr, never a TTY unless asked, NO_COLOR set. */
export async function runCli(argv: string[], options: RunOptions = {}): Promise<CliResult> {
  let stdout = '';
  let stderr = '';
  const io: CliIo = {
    stdout: { write: (text: string) => void (stdout += text), isTTY: options.isTTY ?? false, columns: 200 },
    stderr: { write: (text: string) => void (stderr += text), isTTY: options.isTTY ?? false },
    stdin: Readable.from([options.stdin ?? '']) as NodeJS.ReadableStream & { isTTY?: boolean },
    env: {
      PATH: process.env['PATH'],
      HOME: process.env['HOME'],
      MCPNS_STATE_DIR: process.env['MCPNS_STATE_DIR'],
      MCPNS_PROGRESS_INTERVAL_MS: process.env['MCPNS_PROGRESS_INTERVAL_MS'],
      NO_COLOR: '1',
      ...options.env,
    },
    cwd: options.cwd ?? REPO_ROOT,
    // As the bin's os.homedir(): $HOME when the run sets it.
    home: options.env?.['HOME'] ?? process.env['HOME'] ?? '/tmp',
    signal: options.signal ?? new AbortController().signal,
    now: () => options.now ?? new Date('2026-01-01T00:00:00.000Z'),
    ...(options.announcedConfig !== undefined ? { announcedConfig: options.announcedConfig } : {}),
  };
  const code = await main(argv, io);
  return { code, stdout, stderr };
}

/** The built bin (`npm run build` first; `npm test` does it in pretest). */
export function runBin(
  args: string[],
  options: { cwd?: string; env?: Record<string, string>; timeoutMs?: number; killSignal?: NodeJS.Signals } = {},
): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [join(REPO_ROOT, 'bin', 'mcpns.js'), ...args],
      {
        cwd: options.cwd ?? REPO_ROOT,
        env: { ...process.env, NO_COLOR: '1', ...options.env },
        timeout: options.timeoutMs ?? 90_000,
        // SIGKILL for a run that may be stuck where SIGTERM cannot reach it (a busy main thread).
        killSignal: options.killSignal ?? 'SIGTERM',
        maxBuffer: 64 * 1024 * 1024,
      },
      (error, stdout, stderr) => {
        if (error && typeof error.code !== 'number') return reject(Object.assign(error, { stdout, stderr }));
        resolve({ code: error ? (error.code as number) : 0, stdout, stderr });
      },
    );
  });
}
