import { resolve } from 'node:path';
import { readCatalogPaced } from '../../catalog/read-core.js';
import type { Catalog } from '../../catalog/types.js';
import type { CliIo } from './io.js';
import { signalPause } from './pace.js';

const read = new WeakMap<CliIo, Map<string, Catalog>>();

/**
 * A catalog document read once per run: `check --catalog` and `diff` look at the document's recorded config files
 * before they read its tools, and a million-tool document must not be parsed twice. Callers only read it.
 */
export async function readCatalogDocument(io: CliIo, file: string): Promise<Catalog> {
  return documentOf(io, file, { keep: true });
}

/**
 * The document for the one reader that builds the run's catalog from it: the run no longer holds it once that catalog
 * is built (a million tools are not kept twice). A later read parses the file again.
 */
export async function takeCatalogDocument(io: CliIo, file: string): Promise<Catalog> {
  return documentOf(io, file, { keep: false });
}

async function documentOf(io: CliIo, file: string, { keep }: { keep: boolean }): Promise<Catalog> {
  const path = resolve(io.cwd, file);
  let documents = read.get(io);
  if (!documents) read.set(io, (documents = new Map()));
  const catalog = documents.get(path) ?? (await readWithSchemaIfNeeded(io, path));
  if (keep) documents.set(path, catalog);
  else documents.delete(path);
  return catalog;
}

/** Read without zod; zod (about 100 modules) is loaded only for a document the generated validator rejects. */
async function readWithSchemaIfNeeded(io: CliIo, path: string): Promise<Catalog> {
  // With breaks between the pieces a large document is parsed in: a signal stops the read.
  const reading = await readCatalogPaced(path, signalPause(io));
  return reading.catalog ?? reading.finish((await import('../../catalog/read.js')).checkCatalogWithZod);
}
