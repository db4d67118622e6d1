/**
 * The one place that decides which characters may reach a terminal raw. Untrusted text (server names, tool names,
 * descriptions, error messages, a server's stderr, notes quoting its stdout) goes through `terminalSafe` before it
 * is put into human output; JSON output keeps the exact text (JSON escapes C0 itself) and the CLI's last line of
 * defence, `escapeInvisible`, spells every other unsafe character as a JSON-compatible `\uXXXX` escape.
 */

/**
 * Code point ranges (inclusive) that must never reach a terminal raw: C0 controls (ESC starts ANSI/OSC sequences),
 * DEL and C1 controls (U+009B is a one-byte CSI), bidi marks, embeddings, overrides and isolates (Trojan Source),
 * line/paragraph separators, zero-width and other invisible format characters (hidden text, look-alike names),
 * interlinear annotation controls and the invisible Unicode tag characters (used to smuggle ASCII text).
 */
export const UNSAFE_RANGES: ReadonlyArray<readonly [number, number]> = [
  [0x0000, 0x001f], // C0 (\t and \n are allowed only in multiline text)
  [0x007f, 0x009f], // DEL, C1
  [0x00ad, 0x00ad], // soft hyphen (invisible)
  [0x034f, 0x034f], // combining grapheme joiner
  [0x061c, 0x061c], // Arabic letter mark (bidi)
  [0x115f, 0x1160], // Hangul fillers (blank)
  [0x17b4, 0x17b5], // Khmer invisible vowels
  [0x180b, 0x180f], // Mongolian variation selectors and vowel separator
  [0x200b, 0x200f], // zero-width space/non-joiner/joiner, LRM, RLM
  [0x2028, 0x202e], // line/paragraph separators, bidi embeddings and overrides
  [0x2060, 0x206f], // word joiner, invisible operators, bidi isolates, deprecated format characters
  [0x3164, 0x3164], // Hangul filler
  [0xfeff, 0xfeff], // BOM / zero-width no-break space
  [0xffa0, 0xffa0], // halfwidth Hangul filler
  [0xfff9, 0xfffb], // interlinear annotation controls
  [0x1d173, 0x1d17a], // musical format characters (invisible)
  [0xe0000, 0xe007f], // tag characters
];

const classOf = (ranges: ReadonlyArray<readonly [number, number]>): string =>
  ranges.map(([from, to]) => (from === to ? `\\u{${from.toString(16)}}` : `\\u{${from.toString(16)}}-\\u{${to.toString(16)}}`)).join('');

const ALL = classOf(UNSAFE_RANGES);
/** Everything unsafe except \t and \n (layout in multiline text such as a stderr dump). */
const KEEP_LAYOUT = classOf([[0x0000, 0x0008], [0x000b, 0x001f], ...UNSAFE_RANGES.slice(1)]);
/** Everything unsafe except C0 (JSON escapes C0 itself; the CLI's own colour codes are ESC sequences). */
const NOT_C0 = classOf(UNSAFE_RANGES.slice(1));

const UNSAFE_ALL = new RegExp(`[${ALL}]`, 'gu');
const UNSAFE_KEEP_LAYOUT = new RegExp(`[${KEEP_LAYOUT}]`, 'gu');
const INVISIBLE = new RegExp(`[${NOT_C0}]`, 'gu');

const escapeChar = (char: string): string => `\\u{${char.codePointAt(0)!.toString(16)}}`;

/**
 * Make untrusted text safe for a terminal: every unsafe character (C0 including ESC, DEL, C1, bidi, zero-width,
 * tags…) is shown as a visible `\u{…}` escape. Newlines and tabs are escaped too unless `multiline` is set
 * (then `\r` is still escaped, so a server cannot overwrite a line it already printed).
 */
export function terminalSafe(text: string, options: { multiline?: boolean } = {}): string {
  return text.replace(options.multiline ? UNSAFE_KEEP_LAYOUT : UNSAFE_ALL, escapeChar);
}

export function hasUnsafeCharacters(text: string): boolean {
  UNSAFE_ALL.lastIndex = 0;
  return UNSAFE_ALL.test(text);
}

/**
 * Last line of defence applied to every byte the CLI prints: DEL, C1 controls, bidi and zero-width characters
 * that slipped through unescaped (JSON.stringify leaves them raw) become `\uXXXX` (UTF-16 units). That spelling is
 * a valid JSON escape, so JSON output still parses to the exact original strings, and it cannot reorder or hide
 * text in a terminal or CI log. C0 is not touched here (the CLI's colour codes are ESC sequences; JSON escapes C0
 * itself): human text must go through terminalSafe.
 */
export function escapeInvisible(text: string): string {
  return text.replace(INVISIBLE, (char) =>
    [...Array(char.length).keys()].map((index) => `\\u${char.charCodeAt(index).toString(16).padStart(4, '0')}`).join(''),
  );
}
