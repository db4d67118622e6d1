/**
 * "Did you mean" suggestions for unknown tool names. Optimal-string-alignment (Damerau) distance, so a
 * swapped pair of letters (`calcualtor/add`) costs one edit like a typo does.
 */
export function editDistance(a: string, b: string): number {
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d: number[][] = Array.from({ length: rows }, (_, i) => Array.from({ length: cols }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i < rows; i++) {
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, d[i - 2]![j - 2]! + 1);
      d[i]![j] = best;
    }
  }
  return d[a.length]![b.length]!;
}

export interface SuggestionCandidate {
  /** What is compared with the input (a qualified name, a bare tool name, a preset name). */
  key: string;
  /** What is suggested to the user (the name in the active style). */
  suggestion: string;
}

/**
 * Up to `limit` suggestions, closest first (ties by name), only within a typo-sized distance
 * (a third of the longer name, at least 2) so unrelated names are never proposed.
 */
export function suggestNames(input: string, candidates: SuggestionCandidate[], limit = 3): string[] {
  const best = new Map<string, number>();
  const folded = input.toLowerCase();
  for (const { key, suggestion } of candidates) {
    const distance = editDistance(folded, key.toLowerCase());
    const allowed = Math.max(2, Math.floor(Math.max(input.length, key.length) / 3));
    if (distance > allowed) continue;
    const previous = best.get(suggestion);
    if (previous === undefined || distance < previous) best.set(suggestion, distance);
  }
  return [...best.entries()]
    .sort((x, y) => x[1] - y[1] || (x[0] < y[0] ? -1 : x[0] > y[0] ? 1 : 0))
    .slice(0, limit)
    .map(([name]) => name);
}
