/**
 * Canonical JSON: the same value always gives the same bytes, whatever order its keys were built in.
 * Hashes and lock files depend on it, so a snapshot is byte-identical across runs and machines.
 */

/** A deep copy with object keys sorted (code-unit order); `undefined` members dropped as JSON.stringify would. */
export function sortKeysDeep(value: unknown): unknown {
  if (Array.isArray(value)) return value.map((item) => (item === undefined ? null : sortKeysDeep(item)));
  if (value !== null && typeof value === 'object') {
    const source = value as Record<string, unknown>;
    const sorted: Record<string, unknown> = {};
    for (const key of Object.keys(source).sort(compareCodeUnits)) {
      const member = source[key];
      if (member !== undefined) sorted[key] = sortKeysDeep(member);
    }
    return sorted;
  }
  return value;
}

/** Compact canonical form (sorted keys, no whitespace): the input of every hash. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(sortKeysDeep(value ?? null));
}

/** Pretty canonical form for files people read and commit: 2-space indent, sorted keys, trailing newline. */
export function canonicalPretty(value: unknown): string {
  return `${JSON.stringify(sortKeysDeep(value ?? null), null, 2)}\n`;
}

function compareCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
