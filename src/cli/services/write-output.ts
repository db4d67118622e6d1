/**
 * The one way mcpns writes a user's file (`-o`, `--map-out`, `--write-baseline`, snapshots, `init`): folders are
 * created, the text goes to a temporary file in the same folder which is then renamed over the target, so a failed
 * write (disk full, `ulimit -f`, a signal) never leaves a truncated file in place of the old one. Targets that are
 * not regular files (a directory, /dev/full, a FIFO, a terminal) are refused: `-o -` is how to write to stdout. A
 * symbolic link is refused too (a link planted at `mcpns.config.json` pointing at `~/.bashrc` overwrote it): the
 * rename would replace the link itself anyway, never write through it. `exclusive` creates the file only if nothing
 * is there, atomically (two `mcpns init` at once: one writes, the other is told the file exists).
 */
import { lstatSync, mkdirSync, readlinkSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { McpnsError, UsageError } from '../../errors.js';
import { DEFAULT_MAX_INPUT_BYTES, readRegularFile, UnreadableFileError } from '../../util/read-file.js';
import { writeFileAtomic, type AtomicContent } from '../../util/write-atomic.js';

export interface OutputFile {
  /** Absolute path written to. */
  path: string;
  /** The path as the user gave it, for messages. */
  shown: string;
}

/**
 * Where an output option points: undefined for `-` (stdout), else the file. Exit 2 when the target exists and is not
 * a regular file, or is a symbolic link; `option` names the flag in the message.
 */
export function outputFile(cwd: string, value: string, option: string): OutputFile | undefined {
  if (value === '-') return undefined;
  if (!value) throw new UsageError(`${option} needs a file name (or - for stdout)`);
  const path = resolve(cwd, value);
  let link;
  try {
    link = lstatSync(path);
  } catch {
    return { path, shown: value }; // does not exist yet: created on write (folders too)
  }
  if (link.isSymbolicLink()) {
    throw new UsageError(`${option} ${value} is a symbolic link (to ${readlinkSync(path)}); mcpns does not write through links`, {
      hint: `remove the link, or name the file it points to`,
    });
  }
  if (link.isDirectory()) throw new UsageError(`${option} ${value} is a directory`, { hint: `name a file inside it, e.g. ${join(value, 'out.json')}` });
  if (!link.isFile()) throw new UsageError(`${option} ${value} is not a regular file`, { hint: `use ${option} - to write to stdout` });
  return { path, shown: value };
}

/**
 * The current text of a file (an output target before it is replaced, a baseline), read with the bounded reader;
 * undefined when it does not exist. A FIFO, a device or a file over the limit is an IO error, never a hang.
 */
export function readExisting(file: OutputFile): string | undefined {
  try {
    return readRegularFile(file.path, DEFAULT_MAX_INPUT_BYTES);
  } catch (error) {
    if (!(error instanceof UnreadableFileError)) throw error;
    if (error.reason === 'not-found') return undefined;
    throw new McpnsError('IO', `cannot read ${file.shown}: it ${error.detail}`, { location: { file: file.shown } });
  }
}

export interface WriteOptions {
  /** Create the file only if nothing is at its path (atomically); otherwise exit 2 with `existsHint`. */
  exclusive?: { existsHint: string };
}

/**
 * Write `text` (or bytes, or text in parts) to the file atomically (temp file in the same folder, fsync, rename); the old
 * file survives a failure.
 */
export function writeOutputFile(file: OutputFile, text: AtomicContent, options: WriteOptions = {}): void {
  try {
    mkdirSync(dirname(file.path), { recursive: true });
    writeFileAtomic(file.path, text, { mode: existingMode(file.path) ?? 0o666, durable: true, exclusive: options.exclusive !== undefined });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST' && options.exclusive) {
      throw new McpnsError('IO', `${file.shown} already exists; not replacing it`, { location: { file: file.shown }, hint: options.exclusive.existsHint });
    }
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
