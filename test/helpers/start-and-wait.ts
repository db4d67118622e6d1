/** Start a child process and wait for a line of its output (bounded, with what it printed when it did not come). */
import { spawn, type ChildProcess } from 'node:child_process';

/** Start a child and resolve with the first match of `pattern` in its stdout or stderr (bounded). */
export function startAndWait(
  args: string[],
  pattern: RegExp,
  env: Record<string, string> = {},
): Promise<{ child: ChildProcess; match: RegExpExecArray; output: () => string }> {
  const child = spawn(process.execPath, args, { env: { ...process.env, NO_COLOR: '1', ...env }, stdio: ['pipe', 'pipe', 'pipe'] });
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${pattern} within 60 s; output:\n${output}`)), 60_000);
    const onData = (chunk: Buffer): void => {
      output += chunk.toString();
      const match = pattern.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve({ child, match, output: () => output });
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`exited with ${code} before ${pattern}; output:\n${output}`));
    });
  });
}
