import { McpnsError } from '../errors.js';
import { parseCatalogText as parseCatalogTextCore, readCatalogFile as readCatalogFileCore, type CatalogCheck } from './read-core.js';
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
 * Read a catalog document (`list --json` output or a snapshot) for offline commands (the library's reader; the CLI
 * calls read-core.ts and loads zod only for a document the fast path cannot vouch for).
 * A newer schemaVersion, a truncated file or a hand-edited one fails with exit 2 naming the problem.
 */
export function readCatalogFile(file: string): Catalog {
  return readCatalogFileCore(file, checkCatalogWithZod);
}

export function parseCatalogText(text: string, file: string): Catalog {
  return parseCatalogTextCore(text, file, checkCatalogWithZod);
}
