/** Hand-made documents a command is pointed at (`--args @file`, `--answers`, `--capabilities`, a plan). */
import type { McpnsError } from '../errors.js';
import { MAX_DOCUMENT_BYTES, readRegularFile, UnreadableFileError } from './read-file.js';

/**
 * The file's text through the one bounded reader: a FIFO, a device or a file over the limit is refused before it is
 * read. `fail(why)` makes the command's own error ("cannot read --args file x: it is not a regular file (…)").
 */
export function readDocument(file: string, fail: (why: string) => McpnsError): string {
  try {
    return readRegularFile(file, MAX_DOCUMENT_BYTES);
  } catch (error) {
    if (error instanceof UnreadableFileError) throw fail(`it ${error.detail}`);
    throw error;
  }
}
