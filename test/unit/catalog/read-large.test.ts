import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeTempDir } from '../../helpers/temp.js';
// @ts-expect-error the bench's generator is plain JavaScript
import { generateCatalog } from '../../../bench/gen-catalog.js';
import { parseCatalogText, readCatalogFile } from '../../../src/catalog/read.js';

// Over the 16 MiB above which a catalog file is parsed in pieces as it is read (read-core.ts), never held whole.
const dir = makeTempDir('mcpns-read-large-');
const text = JSON.stringify(generateCatalog(60_000), null, 1);

describe('a catalog file too large to hold whole', () => {
  it('reads as the same catalog as its text does (keys in the same order)', () => {
    expect(text.length).toBeGreaterThan(16 * 1024 * 1024);
    const file = join(dir, 'large.json');
    writeFileSync(file, text);
    const read = readCatalogFile(file);
    expect(read.tools).toHaveLength(60_000);
    expect(JSON.stringify(read)).toBe(JSON.stringify(parseCatalogText(text, file)));
  });

  it('words a truncated one as its text would (line and column)', () => {
    const file = join(dir, 'truncated.json');
    const cut = text.slice(0, text.length - 1000);
    writeFileSync(file, cut);
    const message = (run: () => unknown): string => {
      try {
        run();
      } catch (error) {
        return (error as Error).message;
      }
      return 'no error';
    };
    const expected = message(() => parseCatalogText(cut, file));
    expect(expected).toMatch(/:\d+:\d+: not valid JSON/);
    expect(message(() => readCatalogFile(file))).toBe(expected);
  });
});
