import type { CatalogTool } from '../catalog/types.js';
import { canonicalJson } from '../snapshot/canonical.js';
import { normalizedDistance, words } from './words.js';

/** Names closer than this (normalized edit distance, case and separators folded) look alike. */
export const NAME_DISTANCE_LIMIT = 0.3;
/** Descriptions closer than this (normalized word edit distance) look alike. */
export const DESCRIPTION_DISTANCE_LIMIT = 0.3;

/**
 * Guess which removed tools were renamed to which added tools on the same server.
 * A pair looks alike when the input schemas are identical and not trivial (the schema *is* the
 * tool's contract), or when both the names and the descriptions are close. Each tool is used at
 * most once; the closest pairs win. Returns removed name → added name.
 */
export function guessRenames(removed: readonly CatalogTool[], added: readonly CatalogTool[]): Map<string, string> {
  const candidates: { from: string; to: string; score: number }[] = [];
  for (const oldTool of removed) {
    for (const newTool of added) {
      if (oldTool.server !== newTool.server) continue;
      const score = similarity(oldTool, newTool);
      if (score !== undefined) candidates.push({ from: oldTool.name, to: newTool.name, score });
    }
  }
  candidates.sort((a, b) => a.score - b.score || (a.from < b.from ? -1 : a.from > b.from ? 1 : 0) || (a.to < b.to ? -1 : 1));
  const renames = new Map<string, string>();
  const taken = new Set<string>();
  for (const candidate of candidates) {
    if (renames.has(candidate.from) || taken.has(candidate.to)) continue;
    renames.set(candidate.from, candidate.to);
    taken.add(candidate.to);
  }
  return renames;
}

/** A distance (lower is closer) when the two tools look alike, else undefined. */
function similarity(a: CatalogTool, b: CatalogTool): number | undefined {
  const nameDistance = normalizedDistance([...foldName(a.name)], [...foldName(b.name)]);
  const descriptionDistance = normalizedDistance(words(a.description?.toLowerCase()), words(b.description?.toLowerCase()));
  const sameSchema = canonicalJson(a.inputSchema) === canonicalJson(b.inputSchema);
  if (sameSchema && (hasParameters(a.inputSchema) || descriptionDistance <= DESCRIPTION_DISTANCE_LIMIT)) {
    return (nameDistance + descriptionDistance) / 2;
  }
  if (nameDistance <= NAME_DISTANCE_LIMIT && descriptionDistance <= DESCRIPTION_DISTANCE_LIMIT) {
    return 1 + (nameDistance + descriptionDistance) / 2;
  }
  return undefined;
}

function foldName(name: string): string {
  return name.toLowerCase().replace(/[-_.\s]/g, '');
}

function hasParameters(schema: Record<string, unknown>): boolean {
  const properties = schema['properties'];
  return properties !== null && typeof properties === 'object' && Object.keys(properties).length > 0;
}
