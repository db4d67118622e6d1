import { existsSync, readFileSync } from 'node:fs';
import { z } from 'zod';
import { positionAt } from '../config/json-text.js';
import { McpnsError } from '../errors.js';
import { mismatchedHashes } from '../snapshot/hash.js';
import { CATALOG_SCHEMA_VERSION, type Catalog } from './types.js';

// Every field a renderer or check reads is type-checked here: a hand-edited `"description": 5` must be exit 2
// naming the field, not an internal error deep inside a renderer.
const record = z.record(z.string(), z.unknown());
const ToolSchema = z.looseObject({
  server: z.string(),
  name: z.string(),
  qualifiedName: z.string().optional(),
  title: z.string().optional(),
  description: z.string().optional(),
  inputSchema: record.optional(),
  outputSchema: record.optional(),
  annotations: z.looseObject({ title: z.string().optional() }).optional(),
  _meta: record.optional(),
  hidden: z.looseObject({ by: z.string(), reason: z.string() }).optional(),
  hashes: z.record(z.string(), z.string()).optional(),
});
const ServerSchema = z.looseObject({
  name: z.string(),
  transport: z.string().optional(),
  source: z.string().optional(),
  client: z.string().optional(),
  status: z.enum(['ok', 'error', 'disabled']),
  serverInfo: z.looseObject({ name: z.string(), version: z.string().optional(), title: z.string().optional() }).optional(),
  protocolVersion: z.string().optional(),
  capabilities: record.optional(),
  instructions: z.string().optional(),
  error: z.looseObject({ code: z.string(), message: z.string() }).optional(),
  toolCount: z.number().int().nonnegative().optional(),
  pages: z.number().optional(),
  malformedTools: z.array(z.looseObject({ index: z.number(), name: z.string().optional(), problems: z.array(z.string()) })).optional(),
  notes: z.array(z.string()).optional(),
});
const CatalogSchema = z.looseObject({
  schemaVersion: z.number().int(),
  generatedAt: z.string().optional(),
  style: z.string().optional(),
  servers: z.array(ServerSchema),
  tools: z.array(ToolSchema),
});

/**
 * Read a catalog document (`list --json` output or a snapshot) for offline commands.
 * A newer schemaVersion, a truncated file or a hand-edited one fails with exit 2 naming the problem.
 */
export function readCatalogFile(file: string): Catalog {
  if (!existsSync(file)) throw new McpnsError('CATALOG_INVALID', `catalog file not found: ${file}`, { location: { file } });
  const text = readFileSync(file, 'utf8');
  return parseCatalogText(text, file);
}

export function parseCatalogText(text: string, file: string): Catalog {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const offset = Number(/position (\d+)/.exec((error as Error).message)?.[1] ?? text.length);
    const { line, column } = positionAt(text, offset);
    throw new McpnsError('CATALOG_INVALID', `${file}:${line}:${column}: not valid JSON (truncated or hand-edited?)`, {
      location: { file, line, column },
    });
  }
  const version = (value as { schemaVersion?: unknown } | null)?.schemaVersion;
  if (typeof version === 'number' && version > CATALOG_SCHEMA_VERSION) {
    throw new McpnsError(
      'CATALOG_VERSION',
      `${file}: schemaVersion ${version} is newer than this mcpns understands (${CATALOG_SCHEMA_VERSION}); upgrade mcpns`,
      { location: { file } },
    );
  }
  const result = CatalogSchema.safeParse(value);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    throw new McpnsError('CATALOG_INVALID', `${file}: ${issue.path.join('.') || '(root)'}: ${issue.message}`, {
      location: { file, path: issue.path.join('.') },
    });
  }
  const catalog = result.data as unknown as Catalog;
  // Snapshots pin each tool's parts by hash: a hand-edited tool no longer matches its hash.
  for (const [index, tool] of catalog.tools.entries()) {
    const fields = mismatchedHashes(tool);
    if (fields.length) {
      throw new McpnsError(
        'CATALOG_INVALID',
        `${file}: tool "${tool.server}/${tool.name}": ${fields.map((field) => `hashes.${field}`).join(', ')} ${fields.length > 1 ? 'do' : 'does'} not match its content (hand-edited?)`,
        { location: { file, path: `tools.${index}` }, hint: 'regenerate it from the servers with `mcpns snapshot -o <file>`' },
      );
    }
  }
  for (const tool of catalog.tools) {
    tool.qualifiedName ??= `${tool.server}/${tool.name}`;
    tool.inputSchema ??= { type: 'object' };
  }
  for (const server of catalog.servers) {
    server.toolCount ??= catalog.tools.filter((tool) => tool.server === server.name).length;
    server.transport ??= 'unknown';
    server.source ??= file;
  }
  return catalog;
}
