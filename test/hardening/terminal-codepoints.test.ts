/**
 * Issue 18 §2: one terminal-safety function for every byte that reaches a terminal. Every C0 (ESC included), DEL,
 * C1, bidi and zero-width/invisible code point goes through every message path of the console (warnings, notes,
 * status lines, verbose details, stderr excerpts, errors, prompts, the progress line) and through terminalSafe;
 * none arrives raw. \n and \t survive only where layout needs them (multiline text).
 */
import { describe, expect, it } from 'vitest';
import type { CliConsole } from '../../src/cli/services/console.js';
import { captureConsole } from '../helpers/console.js';
import { escapeInvisible, terminalSafe } from '../../src/util/terminal-safe.js';

/** The code points under test, written out independently of the implementation's table. */
const RANGES: Array<[number, number]> = [
  [0x00, 0x1f], // C0, ESC included
  [0x7f, 0x9f], // DEL, C1 (0x9b is a one-byte CSI)
  [0x061c, 0x061c], // Arabic letter mark
  [0x200b, 0x200f], // zero-width space/joiners, LRM, RLM
  [0x2028, 0x202e], // line/paragraph separators, embeddings, overrides
  [0x2060, 0x2069], // word joiner, invisible operators, isolates
  [0xfeff, 0xfeff], // BOM
  [0xe0000, 0xe007f], // tag characters
];
const CODE_POINTS = RANGES.flatMap(([from, to]) => Array.from({ length: to - from + 1 }, (_, index) => from + index));
const LAYOUT = new Set([0x09, 0x0a]);

/** Code points of `text` that are in the list under test (layout characters allowed when `layout`). */
function rawUnsafe(text: string, layout: boolean): string[] {
  const unsafe = new Set(CODE_POINTS);
  return [...new Set([...text].map((char) => char.codePointAt(0)!).filter((code) => unsafe.has(code) && !(layout && LAYOUT.has(code))))].map(
    (code) => `U+${code.toString(16).padStart(4, '0')}`,
  );
}

function capture(settings: { json?: boolean; verbose?: boolean } = {}): { console: CliConsole; stderr: () => string } {
  const { console, stderr } = captureConsole({ json: settings.json ?? false, verbose: settings.verbose ?? true, stderrIsTTY: true });
  return { console, stderr };
}

describe('every unsafe code point, through every message path', () => {
  it.each(CODE_POINTS.map((code) => [code.toString(16), String.fromCodePoint(code)]))('U+%s', (_hex, char) => {
    const text = `a${char}b`;
    expect(rawUnsafe(terminalSafe(text), false)).toEqual([]);
    expect(rawUnsafe(terminalSafe(text, { multiline: true }), true)).toEqual([]);
    const { console, stderr } = capture();
    console.warn(`server "x" failed: SERVER_ERROR: ${text}`);
    console.note(text);
    console.status(text);
    console.detail(text);
    console.excerpt('stderr', `stderr of ${text}:`, [text, `[mcpns] non-JSON line on stdout ignored: ${text}`]);
    console.error({ code: 'X', message: text, hint: text });
    console.prompt(text);
    console.progress(text);
    const printed = stderr();
    // The progress line's own "\r\u001b[2K" is mcpns's, not the server's: take it out before looking.
    expect(rawUnsafe(printed.replaceAll('\r\u001b[2K', ''), true), JSON.stringify(printed)).toEqual([]);
    // Shown, not dropped: the escape names the code point.
    if (!LAYOUT.has(char.codePointAt(0)!)) expect(printed).toContain(`\\u{${char.codePointAt(0)!.toString(16)}}`);
  });

  it('under --json, every message is one JSON line that parses back to the exact text, with nothing raw', () => {
    const everything = CODE_POINTS.map((code) => String.fromCodePoint(code)).join('');
    const { console, stderr } = capture({ json: true });
    console.warn(everything);
    console.excerpt('stderr', 'stderr of x:', [everything]);
    console.error({ code: 'X', message: everything });
    const lines = stderr().trimEnd().split('\n');
    expect(lines).toHaveLength(3);
    expect(rawUnsafe(stderr(), true)).toEqual([]);
    expect((JSON.parse(lines[0]!) as { warning: { message: string } }).warning.message).toBe(everything);
    expect((JSON.parse(lines[1]!) as { stderr: { lines: string[] } }).stderr.lines).toEqual([everything]);
  });

  it('escapeInvisible (the last line of defence on stdout) leaves JSON parseable to the exact text', () => {
    const everything = CODE_POINTS.filter((code) => code > 0x1f)
      .map((code) => String.fromCodePoint(code))
      .join('');
    const printed = escapeInvisible(JSON.stringify({ text: everything }));
    expect(rawUnsafe(printed, false)).toEqual([]);
    expect((JSON.parse(printed) as { text: string }).text).toBe(everything);
  });
});
