import { picomatch } from './picomatch.js';

/**
 * A list of globs compiled once. Filters keyed by globs must be evaluated as globs (MCP-ocs
 * stored `atlassian_*` and looked it up by exact name, so it never matched anything).
 *
 * Semantics (picomatch): `*` and `?` never cross `/`, so `atlassian_*` matches the bare name
 * `atlassian_get_issue` but not the qualified `atlassian/get_issue`; `atlassian/*` matches every
 * tool of server `atlassian`; `**` crosses `/`. Names starting with `.` match too (`dot`).
 * Matching is case-sensitive, like MCP tool names.
 */
export interface GlobSet {
  readonly patterns: readonly string[];
  /** The first pattern (in list order) that matches any of `names`, or undefined. */
  firstMatch(names: readonly string[]): string | undefined;
  /** True when any pattern matches any of `names`. */
  matches(names: readonly string[]): boolean;
}

export function compileGlobs(patterns: readonly string[]): GlobSet {
  const compiled = patterns.map((pattern) => ({ pattern, test: picomatch()(pattern, { dot: true }) }));
  const firstMatch = (names: readonly string[]): string | undefined => compiled.find(({ test }) => names.some((name) => test(name)))?.pattern;
  return { patterns: [...patterns], firstMatch, matches: (names) => firstMatch(names) !== undefined };
}
