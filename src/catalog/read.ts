import { z } from 'zod';
import { McpnsError } from '../errors.js';
import { parseCatalogText as parseCatalogTextCore, readCatalogFile as readCatalogFileCore, type CatalogCheck } from './read-core.js';
import { CATALOG_SCHEMA_VERSION, DISCOVERY_ERROR_CODES, SERVER_STATUSES, type Catalog } from './types.js';

// Every field a renderer or check reads is type-checked here: a hand-edited `"description": 5` must be exit 2
// naming the field, not an internal error deep inside a renderer. The parsed shape is checked against the Catalog
// type by the compiler (see `toCatalog`): a field added to one and not the other does not compile.
const record = z.record(z.string(), z.unknown());
const ToolFileSchema = z.looseObject({
  server: z.string(),
  name: z.string(),
  qualifiedName: z.string().optional(),
  title: z.string().optional(),
  description: z.string().optional(),
  inputSchema: record.optional(),
  outputSchema: record.optional(),
  annotations: z
    .looseObject({
      title: z.string().optional(),
      readOnlyHint: z.boolean().optional(),
      destructiveHint: z.boolean().optional(),
      idempotentHint: z.boolean().optional(),
      openWorldHint: z.boolean().optional(),
    })
    .optional(),
  _meta: record.optional(),
  hidden: z.looseObject({ by: z.string(), reason: z.string() }).optional(),
  hashes: z.record(z.string(), z.string()).optional(),
  listIndex: z.number().int().nonnegative().optional(),
});
const ServerFileSchema = z.looseObject({
  name: z.string(),
  transport: z.string().optional(),
  source: z.string().optional(),
  client: z.string().optional(),
  status: z.enum(SERVER_STATUSES),
  durationMs: z.number().optional(),
  serverInfo: z.looseObject({ name: z.string(), version: z.string().optional(), title: z.string().optional() }).optional(),
  protocolVersion: z.string().optional(),
  capabilities: record.optional(),
  instructions: z.string().optional(),
  error: z.looseObject({ code: z.enum(DISCOVERY_ERROR_CODES), message: z.string(), serverCode: z.number().int().optional() }).optional(),
  toolCount: z.number().int().nonnegative().optional(),
  pages: z.number().optional(),
  malformedTools: z.array(z.looseObject({ index: z.number(), name: z.string().optional(), problems: z.array(z.string()) })).optional(),
  notes: z.array(z.string()).optional(),
});
export const CatalogFileSchema = z.looseObject({
  schemaVersion: z.literal(CATALOG_SCHEMA_VERSION),
  generatedAt: z.string().optional(),
  style: z.string().optional(),
  servers: z.array(ServerFileSchema),
  tools: z.array(ToolFileSchema),
});
export type CatalogFile = z.output<typeof CatalogFileSchema>;

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
