/**
 * Sanitizing building blocks shared by presets. Products differ in whether they replace each character or each
 * run, and in whether "character" means a UTF-16 code unit (JS regex without `u`) or a code point (Python, Rust,
 * JS with `u`); each preset picks the helper matching its product so counts of `_` come out the same.
 */

/** Replace each character matching `cls` (a one-character class, global flag added) with `replacement`. */
export function subEach(value: string, cls: RegExp, replacement: string): string {
  return value.replace(globalOf(cls), replacement);
}

/** Replace each maximal run of characters matching `cls` with `replacement`. */
export function subRun(value: string, cls: RegExp, replacement: string): string {
  const run = new RegExp(`(?:${cls.source})+`, cls.flags.includes('g') ? cls.flags : cls.flags + 'g');
  return value.replace(run, replacement);
}

/** Strip every leading and trailing character contained in `chars` (Python `str.strip(chars)`). */
export function trimChars(value: string, chars: string): string {
  let start = 0;
  let end = value.length;
  while (start < end && chars.includes(value[start]!)) start++;
  while (end > start && chars.includes(value[end - 1]!)) end--;
  return value.slice(start, end);
}

/** Strip trailing characters contained in `chars` (Python `str.rstrip(chars)`). */
export function trimEndChars(value: string, chars: string): string {
  let end = value.length;
  while (end > 0 && chars.includes(value[end - 1]!)) end--;
  return value.slice(0, end);
}

/** NFKD, then drop everything outside ASCII (Python `normalize("NFKD", s).encode("ascii", "ignore")`). */
export function asciiFold(value: string): string {
  return value.normalize('NFKD').replace(/[^\x00-\x7f]/gu, '');
}

function globalOf(cls: RegExp): RegExp {
  return cls.flags.includes('g') ? cls : new RegExp(cls.source, cls.flags + 'g');
}
