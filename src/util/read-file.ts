import { closeSync, constants, fstatSync, openSync, readSync, statSync } from 'node:fs';
import { formatBytes } from './json-walk.js';

/**
 * Largest input file mcpns reads by default: a catalog of a million tools is about 290 MiB, and V8's longest string
 * is just under 512 Mi characters, so a larger file could not be read as text anyway.
 */
export const DEFAULT_MAX_INPUT_BYTES = 500 * 1024 * 1024;

/** Largest config file read (real ones are kilobytes; 20 000 servers are about 4 MB). */
export const MAX_CONFIG_BYTES = 32 * 1024 * 1024;

/** Largest hand-made document read: `--args @file`, `--answers`, `--capabilities`, a plan, standard input. */
export const MAX_DOCUMENT_BYTES = 32 * 1024 * 1024;

export type UnreadableReason = 'not-found' | 'directory' | 'not-regular' | 'too-large' | 'unreadable';

/**
 * A file that cannot be read as an input; `reason` says why, `detail` says it in words without the file name
 * ("is not a regular file (a device, FIFO or socket)"), `message` with it.
 */
export class UnreadableFileError extends Error {
  constructor(
    readonly file: string,
    readonly reason: UnreadableReason,
    readonly detail: string,
  ) {
    super(`${file} ${detail}`);
    this.name = 'UnreadableFileError';
  }
}

/**
 * Read a regular file as UTF-8, at most `maxBytes`. Devices, FIFOs and sockets are refused before they are read
 * (`/dev/zero` never ends, a FIFO blocks until someone writes), and so is a file over the limit, so a config that
 * includes or points at one fails with a clear error instead of hanging or exhausting memory.
 */
export function readRegularFile(file: string, maxBytes = DEFAULT_MAX_INPUT_BYTES): string {
  const { fd, size, tooLarge } = openRegularFile(file, maxBytes);
  try {
    // Read up to the limit whatever stat said: files under /proc report size 0, and a file may grow meanwhile. One
    // buffer of the size stat gave (and a byte to notice growth), grown only past it: a 300 MB catalog is held once as
    // bytes and once as text, never also as a list of chunks and their concatenation.
    let buffer = Buffer.allocUnsafe(Math.min(Math.max(size + 1, 64 * 1024), maxBytes + 1));
    let total = 0;
    for (;;) {
      if (total === buffer.length) {
        const bigger = Buffer.allocUnsafe(Math.min(buffer.length * 2, maxBytes + 1));
        buffer.copy(bigger, 0, 0, total);
        buffer = bigger;
      }
      const read = readSync(fd, buffer, total, buffer.length - total, null);
      if (read === 0) break;
      total += read;
      if (total > maxBytes) throw tooLarge();
    }
    return buffer.toString('utf8', 0, total);
  } finally {
    closeSync(fd);
  }
}

/**
 * The same file's bytes a chunk at a time (each chunk a fresh buffer), with the same refusals: for a reader that never
 * needs the whole text at once (a 300 MB catalog parsed in pieces). The file is opened at the first `next()`, which
 * throws what readRegularFile would, and closed at the end or on `return()`.
 */
export function* readRegularFileChunks(file: string, maxBytes = DEFAULT_MAX_INPUT_BYTES, chunkBytes = 1024 * 1024): Generator<Buffer, void, void> {
  const { fd, tooLarge } = openRegularFile(file, maxBytes);
  try {
    let total = 0;
    for (;;) {
      const chunk = Buffer.allocUnsafe(chunkBytes);
      const read = readSync(fd, chunk, 0, chunkBytes, null);
      if (read === 0) return;
      total += read;
      if (total > maxBytes) throw tooLarge();
      yield read === chunkBytes ? chunk : chunk.subarray(0, read);
    }
  } finally {
    closeSync(fd);
  }
}

/** A regular file opened for reading, after the refusals readRegularFile makes (the caller closes `fd`). */
function openRegularFile(file: string, maxBytes: number): { fd: number; size: number; tooLarge: () => UnreadableFileError } {
  const unreadable = (reason: UnreadableReason, detail: string): UnreadableFileError => new UnreadableFileError(file, reason, detail);
  const failed = (error: unknown): UnreadableFileError =>
    unreadable('unreadable', `cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
  const notRegular = (): UnreadableFileError => unreadable('not-regular', 'is not a regular file (a device, FIFO or socket)');
  const tooLarge = (): UnreadableFileError => unreadable('too-large', `is larger than ${formatBytes(maxBytes)}`);
  let stat;
  try {
    stat = statSync(file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') throw unreadable('not-found', 'does not exist');
    throw failed(error);
  }
  if (stat.isDirectory()) throw unreadable('directory', 'is a directory, not a file');
  if (!stat.isFile()) throw notRegular();
  if (stat.size > maxBytes) throw tooLarge();
  let fd: number;
  try {
    // O_NONBLOCK: if the path was swapped for a FIFO since the stat, opening it must not wait for a writer.
    fd = openSync(file, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  } catch (error) {
    throw failed(error);
  }
  try {
    if (!fstatSync(fd).isFile()) throw notRegular();
  } catch (error) {
    closeSync(fd);
    throw error;
  }
  return { fd, size: stat.size, tooLarge };
}
