import { resolve } from 'node:path';
import { readCatalogFile } from '../../catalog/read-core.js';
import { withCatalogSchema } from './schemas.js';
import type { Catalog } from '../../catalog/types.js';
import type { CliIo } from './io.js';

const read = new WeakMap<CliIo, Map<string, Catalog>>();

/**
 * A catalog document read once per run: `check --catalog` and `diff` look at the document's recorded config files
 * before they read its tools, and a million-tool document must not be parsed twice. Callers only read it.
 */
export async function readCatalogDocument(io: CliIo, file: string): Promise<Catalog> {
  const path = resolve(io.cwd, file);
  let documents = read.get(io);
  if (!documents) read.set(io, (documents = new Map()));
  let catalog = documents.get(path);
  if (!catalog) documents.set(path, (catalog = await withCatalogSchema((check) => readCatalogFile(path, check))));
  return catalog;
}
