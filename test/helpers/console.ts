import { Readable } from 'node:stream';
import { CliConsole } from '../../src/cli/services/console.js';
import type { CliIo } from '../../src/cli/services/io.js';

/**
 * A CliConsole over an in-memory CliIo: what it writes to stdout and stderr is captured. `io` replaces parts of the
 * fake (a stdout that queues like a slow pipe, a signal the test aborts).
 */
export function captureConsole(
  settings: { json?: boolean; verbose?: boolean; quiet?: boolean; stderrIsTTY?: boolean } = {},
  io: Partial<CliIo> = {},
): { console: CliConsole; io: CliIo; stdout: () => string; stderr: () => string } {
  let stdout = '';
  let stderr = '';
  const fake: CliIo = {
    stdout: { write: (text: string) => void (stdout += text), isTTY: false },
    stderr: { write: (text: string) => void (stderr += text), isTTY: settings.stderrIsTTY ?? false },
    stdin: Readable.from(['']) as NodeJS.ReadableStream & { isTTY?: boolean },
    env: {},
    cwd: '/',
    home: '/',
    signal: new AbortController().signal,
    now: () => new Date(0),
    ...io,
  };
  const console = new CliConsole(fake, { json: settings.json ?? false, quiet: settings.quiet ?? false, verbose: settings.verbose ?? false, color: false });
  return { console, io: fake, stdout: () => stdout, stderr: () => stderr };
}
