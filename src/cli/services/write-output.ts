/**
 * The one way mcpns writes a user's file (`-o`, `--map-out`, `--write-baseline`, snapshots): folders are created,
 * the text goes to a temporary file in the same folder which is then renamed over the target, so a failed write
 * (disk full, `ulimit -f`, a signal) never leaves a truncated file in place of the old one. Targets that are not
 * regular files (a directory, /dev/full, a FIFO, a terminal) are refused: `-o -` is how to write to stdout.
 */
import { closeSync, fsyncSync, lstatSync, mkdirSync, openSync, readFileSync, realpathSync, renameSync, rmSync, statSync, writeSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { McpnsError, UsageError } from '../../errors.js';

/** Reading back an existing target (snapshot --update compares with it) stops here: a lock file is never this big. */
const MAX_EXISTING_BYTES = 512 * 1024 * 1024;

export interface OutputFile {
  /** Absolute path written to (symbolic links resolved, so the link keeps pointing at the file). */
  path: string;
  /** The path as the user gave it, for messages. */
  shown: string;
}

/**
 * Where an output option points: undefined for `-` (stdout), else the file. Exit 2 when the target exists and is not
 * a regular file; `option` names the flag in the message.
 */
export function outputFile(cwd: string, value: string, option: string): OutputFile | undefined {
  if (value === '-') return undefined;
  if (!value) throw new UsageError(`${option} needs a file name (or - for stdout)`);
  let path = resolve(cwd, value);
  let stats;
  try {
    stats = statSync(path);
  } catch {
    return { path, shown: value }; // does not exist yet: created on write (folders too)
  }
  if (stats.isDirectory()) throw new UsageError(`${option} ${value} is a directory`, { hint: `name a file inside it, e.g. ${join(value, 'out.json')}` });
  if (!stats.isFile()) throw new UsageError(`${option} ${value} is not a regular file`, { hint: `use ${option} - to write to stdout` });
  if (lstatSync(path).isSymbolicLink()) path = realpathSync(path);
  return { path, shown: value };
}

/** The current text of a target when it is a regular file of sane size; undefined when it does not exist. */
export function readExisting(file: OutputFile): string | undefined {
  let size: number;
  try {
    const stats = statSync(file.path);
    if (!stats.isFile()) return undefined;
    size = stats.size;
  } catch {
    return undefined;
  }
  if (size > MAX_EXISTING_BYTES)
    throw new McpnsError('IO', `${file.shown} is larger than ${MAX_EXISTING_BYTES} bytes; not reading it back`, { location: { file: file.shown } });
  return readFileSync(file.path, 'utf8');
}

/** Write `text` (or bytes) to the file atomically (temp file in the same folder, fsync, rename); the old file survives a failure. */
export function writeOutputFile(file: OutputFile, text: string | Uint8Array): void {
  const folder = dirname(file.path);
  const temp = join(folder, `.${basename(file.path)}.${process.pid}.${Date.now().toString(36)}.tmp`);
  let descriptor: number | undefined;
  try {
    mkdirSync(folder, { recursive: true });
    const mode = existingMode(file.path);
    descriptor = openSync(temp, 'wx', mode ?? 0o666);
    const bytes = typeof text === 'string' ? Buffer.from(text, 'utf8') : Buffer.from(text);
    for (let offset = 0; offset < bytes.length;) offset += writeSync(descriptor, bytes, offset, bytes.length - offset);
    fsyncSync(descriptor);
    closeSync(descriptor);
    descriptor = undefined;
    renameSync(temp, file.path);
  } catch (error) {
    if (descriptor !== undefined) closeSync(descriptor);
    try {
      rmSync(temp, { force: true });
    } catch {
      // the folder itself is unusable (not a directory): there is no temporary file to remove
    }
    const code = (error as NodeJS.ErrnoException).code;
    throw new McpnsError('IO', `cannot write ${file.shown}: ${code ?? (error as Error).message}`, { location: { file: file.shown }, cause: error });
  }
}

function existingMode(path: string): number | undefined {
  try {
    return statSync(path).mode & 0o777;
  } catch {
    return undefined;
  }
}
