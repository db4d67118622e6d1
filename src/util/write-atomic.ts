/**
 * The one atomic file write (the user's output files, the token store, the revision memory): the bytes go to a new
 * temporary file in the same folder, which is then renamed over the target, so a reader never sees half a file and a
 * failed write (disk full, `ulimit -f`, a signal) leaves the old file in place. Errors are the file system's own
 * (with `code`); callers word them for their readers. The temporary file never survives a failure.
 * Content given as parts (a 170 MB report) is written a part at a time, never joined: a part that throws is a failed
 * write like any other.
 */
import { randomBytes } from 'node:crypto';
import { closeSync, fsyncSync, linkSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

export interface AtomicWriteOptions {
  /** Permission bits of a newly created file (default 0o600: mcpns's own state is private). */
  mode?: number;
  /** fsync before the rename: on for documents and secrets, off for caches that a crash only makes stale. */
  durable?: boolean;
  /** Create the file only when nothing is at its path (link(2): EEXIST whatever is there, a symbolic link included). */
  exclusive?: boolean;
}

/**
 * What is written: text, bytes, or text in parts (written in order; the file holds their concatenation). Each part is
 * encoded on its own, so a part must not end inside a surrogate pair (jsonParts cuts between JSON tokens).
 */
export type AtomicContent = string | Uint8Array | Iterable<string>;

export function writeFileAtomic(file: string, content: AtomicContent, options: AtomicWriteOptions = {}): void {
  const temp = join(dirname(file), `.${basename(file)}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`);
  let descriptor: number | undefined;
  try {
    descriptor = openSync(temp, 'wx', options.mode ?? 0o600);
    if (typeof content === 'string') writeAll(descriptor, Buffer.from(content, 'utf8'));
    else if (content instanceof Uint8Array) writeAll(descriptor, Buffer.from(content.buffer, content.byteOffset, content.byteLength));
    else for (const part of content) writeAll(descriptor, Buffer.from(part, 'utf8'));
    if (options.durable) fsyncSync(descriptor);
    closeSync(descriptor);
    descriptor = undefined;
    if (options.exclusive) linkSync(temp, file);
    else renameSync(temp, file);
  } finally {
    if (descriptor !== undefined) closeSync(descriptor);
    try {
      rmSync(temp, { force: true });
    } catch {
      // the folder itself is unusable (not a directory): there is no temporary file to remove
    }
  }
}

function writeAll(descriptor: number, bytes: Buffer): void {
  for (let offset = 0; offset < bytes.length;) offset += writeSync(descriptor, bytes, offset, bytes.length - offset);
}
