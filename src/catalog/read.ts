import { McpnsError } from '../errors.js';
import { readCatalog, readCatalogFromText, type CatalogCheck, type CatalogReading } from './read-core.js';
import { CatalogFileSchema } from './schema.js';
import type { Catalog } from './types.js';

/** What decides (and words) a document the zod-free fast path (fast-read.ts) cannot vouch for. */
export const checkCatalogWithZod: CatalogCheck = (value, file) => {
  const result = CatalogFileSchema.safeParse(value);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    throw new McpnsError('CATALOG_INVALID', `${file}: ${issue.path.join('.') || '(root)'}: ${issue.message}`, {
      location: { file, path: issue.path.join('.') },
    });
  }
  return result.data;
};

/**
 * Read a catalog document (`list --json` output or a snapshot) for offline commands (the library's reader: read-core.ts's
 * reading, finished with zod at once; the CLI loads zod only for a document the fast path cannot vouch for).
 * A newer schemaVersion, a truncated file or a hand-edited one fails with exit 2 naming the problem.
 */
export function readCatalogFile(file: string): Catalog {
  return withZod(readCatalog(file));
}

export function parseCatalogText(text: string, file: string): Catalog {
  return withZod(readCatalogFromText(text, file));
}

const withZod = (reading: CatalogReading): Catalog => reading.catalog ?? reading.finish(checkCatalogWithZod);
