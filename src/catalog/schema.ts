import { z } from 'zod';
import { CATALOG_SCHEMA_VERSION, DISCOVERY_ERROR_CODES, SERVER_STATUSES, type CatalogFile } from './types.js';

// The catalog document's one schema: the zod-free reader's validator is generated from it (catalogJsonSchema below).
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
  order: z.number().int().nonnegative().optional(),
  serverInfo: z.looseObject({ name: z.string(), version: z.string().optional(), title: z.string().optional() }).optional(),
  protocolVersion: z.string().optional(),
  capabilities: record.optional(),
  instructions: z.string().optional(),
  error: z
    .looseObject({
      code: z.enum(DISCOVERY_ERROR_CODES),
      message: z.string(),
      serverCode: z.number().int().optional(),
      supported: z.array(z.string()).optional(),
    })
    .optional(),
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
// The schema's output is a CatalogFile (types.ts): a field the schema types differently does not compile.
const schemaOutputIsCatalogFile = (data: z.output<typeof CatalogFileSchema>): CatalogFile => data;
void schemaOutputIsCatalogFile;

/**
 * JSON Schema (draft 2020-12) of the catalog document, generated from the zod schema: the precompiled validator of the
 * zod-free reader (validate-catalog.generated.ts, `npm run schema`) is built from it, so the two cannot drift.
 */
export function catalogJsonSchema(): Record<string, unknown> {
  return z.toJSONSchema(CatalogFileSchema, { target: 'draft-2020-12', unrepresentable: 'any' }) as Record<string, unknown>;
}
