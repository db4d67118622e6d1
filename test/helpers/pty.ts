/**
 * The built bin on a pseudo-terminal (python3's pty module, test/helpers/pty-run.py): for prompts that only appear on
 * a TTY. Deterministic: each step waits for its prompt text before typing, never for a fixed time.
 */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { REPO_ROOT } from './fixtures.js';

export interface PtyStep {
  /** Text to wait for (after the previous step's match). */
  expect: string;
  /** What to type then ("\r" is Enter, "\u0003" Ctrl-C). */
  send: string;
  /** Seconds to wait before typing (a person taking their time), after the prompt appeared. */
  delay?: number;
}

export interface PtyResult {
  /** Everything the terminal showed (stdout and stderr, with the echo of what was typed), \r\n as \n. */
  output: string;
  code: number;
  /** Set when a prompt never appeared or the command did not finish. */
  error?: string;
}

export function runBinOnPty(
  args: string[],
  steps: PtyStep[],
  options: { cwd?: string; env?: Record<string, string>; timeoutSeconds?: number } = {},
): Promise<PtyResult> {
  const spec = {
    argv: [process.execPath, join(REPO_ROOT, 'bin', 'mcpns.js'), ...args],
    cwd: options.cwd ?? REPO_ROOT,
    env: { ...process.env, NO_COLOR: '1', COLUMNS: '200', ...options.env },
    steps,
    timeout: options.timeoutSeconds ?? 20,
  };
  return new Promise((resolve, reject) => {
    const child = execFile('python3', [join(REPO_ROOT, 'test', 'helpers', 'pty-run.py')], { maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => {
      if (error) return reject(Object.assign(error, { stdout, stderr }));
      const result = JSON.parse(stdout) as PtyResult;
      // The terminal turns \n into \r\n: give tests the text as the program wrote it.
      resolve({ ...result, output: result.output.replace(/\r\n/g, '\n') });
    });
    child.stdin?.end(JSON.stringify(spec));
  });
}
