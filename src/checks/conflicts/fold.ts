/**
 * Folding for NEAR_COLLISION: names a model or a human reads as the same. Linear per name; the check
 * buckets names by their folded key, so a catalog is folded in O(total length), never pairwise.
 */

/** Invisible characters: zero-width spaces/joiners, word joiner, BOM, soft hyphen. */
const INVISIBLE = /[\u00ad\u200b-\u200f\u2060-\u2064\ufeff]/gu;

/**
 * A small confusables map (Unicode TR39 subset): Cyrillic and Greek letters that look like Latin ones,
 * applied after lower-casing. Not exhaustive; it catches the look-alikes seen in tool-shadowing attacks.
 */
const CONFUSABLES: Record<string, string> = {
  а: 'a',
  в: 'b',
  е: 'e',
  ё: 'e',
  к: 'k',
  м: 'm',
  н: 'h',
  о: 'o',
  р: 'p',
  с: 'c',
  т: 't',
  у: 'y',
  х: 'x',
  і: 'i',
  ї: 'i',
  ј: 'j',
  ѕ: 's',
  ԁ: 'd',
  ԛ: 'q',
  ԝ: 'w',
  һ: 'h',
  ӏ: 'l',
  ɡ: 'g',
  ı: 'i',
  α: 'a',
  β: 'b',
  ε: 'e',
  η: 'n',
  ι: 'i',
  κ: 'k',
  ν: 'v',
  ο: 'o',
  ρ: 'p',
  τ: 't',
  υ: 'u',
  χ: 'x',
  ϲ: 'c',
  ϳ: 'j',
};

const SEPARATORS = /[-_.]/g;

function mapConfusables(text: string): string {
  let out = '';
  for (const char of text) out += CONFUSABLES[char] ?? char;
  return out;
}

/** The folded key: NFKC, invisible characters removed, lower-cased, confusables mapped, `-`/`_`/`.` made equal. */
export function foldName(name: string): string {
  return foldPrintableAscii(name) ?? mapConfusables(name.normalize('NFKC').replace(INVISIBLE, '').toLowerCase()).replace(SEPARATORS, '_');
}

const ASCII_SEPARATORS = /[-.]/g;

/**
 * Almost every tool name is printable ASCII, where NFKC, the invisible characters and the confusables are identity:
 * fold it in one scan (and keep the string itself when nothing changes). Undefined for any other name.
 */
function foldPrintableAscii(name: string): string | undefined {
  let upper = false;
  let separator = false;
  for (let index = 0; index < name.length; index++) {
    const code = name.charCodeAt(index);
    if (code < 0x20 || code > 0x7e) return undefined;
    if (code >= 0x41 && code <= 0x5a) upper = true;
    else if (code === 0x2d || code === 0x2e) separator = true;
  }
  const lower = upper ? name.toLowerCase() : name;
  return separator ? lower.replace(ASCII_SEPARATORS, '_') : lower;
}

export type FoldKind = 'case' | 'separators' | 'Unicode look-alikes';

/** Which folds make `a` and `b` equal (for the message): the cheapest explanation first. */
export function foldKinds(a: string, b: string): FoldKind[] {
  const lower = (text: string): string => text.toLowerCase();
  const separators = (text: string): string => text.replace(SEPARATORS, '_');
  if (lower(a) === lower(b)) return ['case'];
  if (separators(a) === separators(b)) return ['separators'];
  if (separators(lower(a)) === separators(lower(b))) return ['case', 'separators'];
  return ['Unicode look-alikes'];
}

/**
 * A 30-bit hash of `foldName(name)`, computed without building the folded string for printable-ASCII names (almost
 * all): a million names are bucketed by a small integer, and only names that share a bucket are folded for real.
 * Equal folds always hash equal; different folds may too (the caller compares the folds within a bucket).
 */
export function foldHash(name: string): number {
  let hash = 0x811c9dc5 | 0;
  for (let index = 0; index < name.length; index++) {
    let code = name.charCodeAt(index);
    if (code < 0x20 || code > 0x7e) return hashFolded(foldName(name));
    if (code >= 0x41 && code <= 0x5a) code += 0x20;
    else if (code === 0x2d || code === 0x2e) code = 0x5f;
    hash = Math.imul(hash ^ code, 0x01000193);
  }
  return hash & 0x3fffffff;
}

/** The same hash of an already folded name (folding is idempotent: the ASCII steps change nothing in it). */
function hashFolded(folded: string): number {
  let hash = 0x811c9dc5 | 0;
  for (let index = 0; index < folded.length; index++) {
    let code = folded.charCodeAt(index);
    if (code >= 0x41 && code <= 0x5a) code += 0x20;
    else if (code === 0x2d || code === 0x2e) code = 0x5f;
    hash = Math.imul(hash ^ code, 0x01000193);
  }
  return hash & 0x3fffffff;
}
