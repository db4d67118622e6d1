import { createHash } from 'node:crypto';
import type { CatalogTool } from './types.js';
import { canonicalJson } from '../util/canonical-json.js';

/** The parts of a tool a snapshot pins, each hashed on its own so a diff can say which part moved. */
export const HASHED_FIELDS = ['annotations', 'description', 'inputSchema', 'outputSchema'] as const;
export type HashedField = (typeof HASHED_FIELDS)[number];
export type ToolHashes = Record<HashedField, string>;

/** `sha256:<hex>` over the canonical JSON of a value (an absent value hashes as `null`). */
export function hashValue(value: unknown): string {
  return `sha256:${createHash('sha256').update(canonicalJson(value), 'utf8').digest('hex')}`;
}

/** Per-tool hashes: description, input schema, output schema, annotations. */
export function toolHashes(tool: Pick<CatalogTool, HashedField>): ToolHashes {
  return {
    annotations: hashValue(tool.annotations),
    description: hashValue(tool.description),
    inputSchema: hashValue(tool.inputSchema),
    outputSchema: hashValue(tool.outputSchema),
  };
}

/**
 * Fields whose stored hash no longer matches the tool's content (a hand-edited lock file).
 * Only hashes that are present are checked; unknown hash names are ignored (forward compatible).
 */
export function mismatchedHashes(tool: Pick<CatalogTool, HashedField | 'hashes'>): HashedField[] {
  const stored = tool.hashes;
  if (!stored) return [];
  const actual = toolHashes(tool);
  return HASHED_FIELDS.filter((field) => typeof stored[field] === 'string' && stored[field] !== actual[field]);
}
