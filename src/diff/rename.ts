import type { CatalogTool } from '../catalog/types.js';
import { canonicalJson } from '../util/canonical-json.js';
import { commonEnds, levenshtein, words } from './words.js';

/** Names closer than this (normalized edit distance, case and separators folded) look alike. */
export const NAME_DISTANCE_LIMIT = 0.3;
/** Descriptions closer than this (normalized word edit distance) look alike. */
export const DESCRIPTION_DISTANCE_LIMIT = 0.3;

/**
 * Work allowed for one rename guess, in edit-distance table cells (plus a fixed cost per pair compared). A diff of
 * servers that renamed thousands of tools with 10k-word descriptions would otherwise run for minutes.
 */
export const RENAME_WORK_BUDGET = 20_000_000;
/** Fixed cost of one pair, so many small pairs also use up the budget. */
const PAIR_COST = 50;
/** Past this many cells for one edit distance, the distance is estimated from word counts (linear) instead. */
const EXACT_CELLS = 1_000_000;

export interface RenameGuess {
  /** Removed name → added name. */
  renames: Map<string, string>;
  /** Set when the work budget ran out: pairs past `compared` (of `total`) were not compared. */
  stopped?: { compared: number; total: number };
}

/**
 * Guess which removed tools were renamed to which added tools on the same server.
 * A pair looks alike when the input schemas are identical and not trivial (the schema *is* the
 * tool's contract), or when both the names and the descriptions are close. Each tool is used at
 * most once; the closest pairs win. Returns removed name → added name.
 */
export function guessRenames(removed: readonly CatalogTool[], added: readonly CatalogTool[]): Map<string, string> {
  return guessRenamesBounded(removed, added).renames;
}

/**
 * guessRenames with bounded work: common prefixes and suffixes are skipped before any edit distance, pairs whose
 * lengths alone rule them out are not computed, very long texts get a linear estimate, and once `budget` is used
 * up the remaining pairs are not compared (`stopped` says so, for a note).
 */
export function guessRenamesBounded(removed: readonly CatalogTool[], added: readonly CatalogTool[], budget = RENAME_WORK_BUDGET): RenameGuess {
  const before = removed.map(prepare);
  const after = added.map(prepare);
  const addedPerServer = new Map<string, number>();
  for (const tool of after) addedPerServer.set(tool.server, (addedPerServer.get(tool.server) ?? 0) + 1);
  const total = before.reduce((sum, oldTool) => sum + (addedPerServer.get(oldTool.server) ?? 0), 0);
  const candidates: { from: string; to: string; score: number }[] = [];
  let left = budget;
  let compared = 0;
  let stopped = false;
  outer: for (const oldTool of before) {
    for (const newTool of after) {
      if (oldTool.server !== newTool.server) continue;
      if (left <= 0) {
        stopped = true;
        break outer;
      }
      const score = similarity(oldTool, newTool, (cells) => (left -= cells + PAIR_COST));
      compared++;
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
  return { renames, ...(stopped ? { stopped: { compared, total } } : {}) };
}

/** What a comparison needs of a tool, computed once per tool rather than once per pair. */
interface Prepared {
  server: string;
  name: string;
  folded: string[];
  words: string[];
  schema: string;
  hasParameters: boolean;
}

function prepare(tool: CatalogTool): Prepared {
  return {
    server: tool.server,
    name: tool.name,
    folded: [...foldName(tool.name)],
    words: words(tool.description?.toLowerCase()),
    schema: canonicalJson(tool.inputSchema),
    hasParameters: hasParameters(tool.inputSchema),
  };
}

/** A distance (lower is closer) when the two tools look alike, else undefined. `spend` is told the cells computed. */
function similarity(a: Prepared, b: Prepared, spend: (cells: number) => void): number | undefined {
  const sameSchema = a.schema === b.schema;
  // Without the same schema, both distances must be under their limits: the cheaper name is compared first.
  const nameDistance = boundedDistance(a.folded, b.folded, sameSchema ? 1 : NAME_DISTANCE_LIMIT, spend);
  if (nameDistance === undefined) return undefined;
  const descriptionDistance = boundedDistance(a.words, b.words, sameSchema && a.hasParameters ? 1 : DESCRIPTION_DISTANCE_LIMIT, spend);
  if (descriptionDistance === undefined) return undefined;
  if (sameSchema && (a.hasParameters || descriptionDistance <= DESCRIPTION_DISTANCE_LIMIT)) {
    return (nameDistance + descriptionDistance) / 2;
  }
  if (nameDistance <= NAME_DISTANCE_LIMIT && descriptionDistance <= DESCRIPTION_DISTANCE_LIMIT) {
    return 1 + (nameDistance + descriptionDistance) / 2;
  }
  return undefined;
}

/**
 * Normalized edit distance (0 identical … 1 nothing in common), or undefined when it is certainly above `limit`.
 * The common prefix and suffix cost nothing; the length difference alone can rule a pair out; past EXACT_CELLS the
 * distance is estimated from word counts (a lower bound of the edit distance), which is linear.
 */
function boundedDistance<T>(a: readonly T[], b: readonly T[], limit: number, spend: (cells: number) => void): number | undefined {
  const longest = Math.max(a.length, b.length);
  if (longest === 0) return 0;
  if (Math.abs(a.length - b.length) / longest > limit) return undefined;
  const { start, endA, endB } = commonEnds(a, b);
  const restA = a.slice(start, endA);
  const restB = b.slice(start, endB);
  const cells = restA.length * restB.length;
  let distance: number;
  if (cells <= EXACT_CELLS) {
    spend(cells);
    distance = levenshtein(restA, restB) / longest;
  } else {
    spend(restA.length + restB.length);
    distance = bagDistance(restA, restB) / longest;
  }
  return distance <= limit ? distance : undefined;
}

/** Items of the longer sequence left over after matching equal items regardless of order: ≤ the edit distance. */
function bagDistance<T>(a: readonly T[], b: readonly T[]): number {
  const counts = new Map<T, number>();
  for (const item of a) counts.set(item, (counts.get(item) ?? 0) + 1);
  let common = 0;
  for (const item of b) {
    const count = counts.get(item) ?? 0;
    if (count > 0) {
      common++;
      counts.set(item, count - 1);
    }
  }
  return Math.max(a.length, b.length) - common;
}

function foldName(name: string): string {
  return name.toLowerCase().replace(/[-_.\s]/g, '');
}

function hasParameters(schema: Record<string, unknown>): boolean {
  const properties = schema['properties'];
  return properties !== null && typeof properties === 'object' && Object.keys(properties).length > 0;
}
