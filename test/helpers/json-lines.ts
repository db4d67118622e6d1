/** JSON Lines as tests read them: stderr under --json, the event logs fixtures append to. */
import { existsSync, readFileSync } from 'node:fs';

/** Every non-empty line of `text`, parsed. */
export function jsonLines<T = Record<string, unknown>>(text: string): T[] {
  return text
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as T);
}

/** The lines of a file a fixture appends to (none while it does not exist). */
export function jsonLinesOf<T = Record<string, unknown>>(file: string): T[] {
  return existsSync(file) ? jsonLines<T>(readFileSync(file, 'utf8')) : [];
}
