/**
 * Length policies. All lengths are JS string units (UTF-16 code units), which is what the JS products measure;
 * the Python and Rust products that shorten names only do so after sanitizing to ASCII, where the units agree.
 */

/** Hard cut to `max` units (VS Code `slice(0, 64)`). */
export function hardCut(value: string, max: number): string {
  return value.length > max ? value.slice(0, max) : value;
}

/** Keep `head` units, a marker, and the last `tail` units when longer than `max` (Gemini CLI `...`, legacy `___`). */
export function middleElide(value: string, max: number, head: number, marker: string, tail: number): string {
  if (value.length <= max) return value;
  return value.slice(0, head) + marker + value.slice(value.length - tail);
}
