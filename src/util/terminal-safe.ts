/**
 * Make untrusted text (server names, tool names, descriptions) safe for a terminal:
 * C0/C1 controls (ANSI/OSC escapes), bidi overrides and zero-width characters are shown as \u{…} escapes.
 * JSON output keeps the exact text; only human-readable output goes through this.
 */
const UNSAFE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff\ufff9-\ufffb]/gu;
const UNSAFE_KEEP_NEWLINES = UNSAFE;
const UNSAFE_ALL = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff\ufff9-\ufffb]/gu;

const escapeChar = (char: string): string => `\\u{${char.codePointAt(0)!.toString(16)}}`;

/** Escape unsafe characters; newlines and tabs are escaped too unless multiline is set. */
export function terminalSafe(text: string, options: { multiline?: boolean } = {}): string {
  return options.multiline ? text.replace(UNSAFE_KEEP_NEWLINES, escapeChar) : text.replace(UNSAFE_ALL, escapeChar);
}

export function hasUnsafeCharacters(text: string): boolean {
  UNSAFE_ALL.lastIndex = 0;
  return UNSAFE_ALL.test(text);
}

const INVISIBLE = /[\u007f-\u009f\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff\ufff9-\ufffb]/gu;

/**
 * Last line of defence applied to every byte the CLI prints: DEL, C1 controls, bidi and zero-width characters
 * that slipped through unescaped (JSON.stringify leaves them raw) become `\uXXXX`. That spelling is a valid JSON
 * escape, so JSON output still parses to the exact original strings, and it cannot reorder or hide text in a
 * terminal or CI log. ESC and other C0 controls are not touched here (colour codes are ESC sequences; JSON
 * escapes C0 itself; human text goes through terminalSafe).
 */
export function escapeInvisible(text: string): string {
  return text.replace(INVISIBLE, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
