import { closeSync, openSync, writeSync } from 'node:fs';
import { resolve as resolvePath } from 'node:path';
import { UsageError } from '../../errors.js';
import type { RequestLogEntry } from '../../gateway/types.js';
import { redactDeep } from '../../util/redact.js';
import type { Runtime } from './command.js';

/** Keys whose values are never logged, whatever they hold. */
const SECRET_KEY = /pass(word)?|secret|token|api[-_]?key|authorization|credential|cookie|private/i;

function redactArguments(value: unknown, depth = 0): unknown {
  if (depth > 32) return '…';
  if (Array.isArray(value)) return value.map((item) => redactArguments(item, depth + 1));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, SECRET_KEY.test(key) ? '***' : redactArguments(item, depth + 1)]));
  }
  return value;
}

/** `--log-file`: one JSON line per request, appended (a file that cannot be opened is a usage error at start). */
export function openRequestLog(runtime: Runtime, file: string, logArgs: boolean): { write(entry: RequestLogEntry, args: unknown): void; close(): void } {
  const path = resolvePath(runtime.io.cwd, file);
  let fd: number;
  try {
    fd = openSync(path, 'a', 0o600);
  } catch (error) {
    throw new UsageError(`cannot open --log-file ${file}: ${error instanceof Error ? error.message : String(error)}`);
  }
  return {
    write(entry, args) {
      const line = logArgs && args !== undefined ? { ...entry, args: redactArguments(args) } : entry;
      try {
        writeSync(fd, JSON.stringify(redactDeep(line, runtime.console.secrets)) + '\n');
      } catch {
        // A full disk must not take the gateway down.
      }
    },
    close: () => closeSync(fd),
  };
}
