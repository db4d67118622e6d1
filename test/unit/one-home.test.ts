/**
 * Helpers that once existed twice (and drifted: one isLoopback rejected 127.0.0.2, one atomic write skipped fsync) have
 * one home each; a second definition anywhere in src/ fails here.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = resolve(import.meta.dirname, '../../src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

const HOMES: Record<string, string> = { isLoopback: 'util/loopback.ts', writeFileAtomic: 'util/write-atomic.ts' };

describe('one home per shared helper', () => {
  const files = sourceFiles(SRC);
  for (const [name, home] of Object.entries(HOMES)) {
    it(`${name} is defined only in src/${home}`, () => {
      const definition = new RegExp(`(?:function|const|let)\\s+${name}\\b`);
      const defining = files.filter((file) => definition.test(readFileSync(file, 'utf8'))).map((file) => relative(SRC, file));
      expect(defining).toEqual([home]);
    });
  }
});
