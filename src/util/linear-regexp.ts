/**
 * Regular expressions that come from outside mcpns (a server's JSON Schema `pattern`, a config's namespace or route
 * pattern, a participant's payload pattern) run on a linear-time engine (RE2, through the pure-JS re2js): V8's
 * backtracking engine takes exponential time on `^(a+)+$` against "aaa…a!" and blocks the only thread, signals
 * included. Patterns keep ECMAScript syntax and meaning: V8 parses them (a syntax error is V8's own message, nothing
 * is run), then the few places where RE2 reads the same text differently are rewritten (`.`, `\s`, `\S`, `[\b]`,
 * `\0`, surrogate pairs, identity escapes without `u`). What only a backtracking engine can run — lookahead,
 * backreferences, `v`-mode set operations, repeat counts over 1000 — is refused with UnsupportedPatternError, which
 * each caller turns into a note or a config error. Known differences: without `u` or `v` a character outside the BMP
 * is one character (ECMAScript sees two code units), and under `m` see compile().
 */
import { createRequire } from 'node:module';
import type { RE2JS } from 're2js';

/** A pattern that is valid ECMAScript but that the linear-time engine cannot run. */
export class UnsupportedPatternError extends Error {
  constructor(
    readonly pattern: string,
    readonly reason: string,
  ) {
    super(`${reason}: mcpns runs regular expressions from servers and configs with a linear-time engine (RE2), which has no ${reason}`);
    this.name = 'UnsupportedPatternError';
  }
}

export interface LinearMatch {
  /** The matched text. */
  text: string;
  /** Its offset in UTF-16 code units, as RegExp's `index`. */
  index: number;
  /** Named groups (undefined when the group took no part in the match). */
  groups: Record<string, string | undefined>;
}

/** The part of RegExp mcpns uses, running in time linear in the input. */
export interface LinearRegExp {
  readonly source: string;
  readonly flags: string;
  /** Named groups in the order the pattern declares them. */
  readonly groupNames: string[];
  test(text: string): boolean;
  exec(text: string): LinearMatch | null;
}

// re2js is required on first use: commands that match no outside pattern do not load it.
const requireCjs = createRequire(import.meta.url);
let engine: typeof RE2JS | undefined;
const re2 = (): typeof RE2JS => (engine ??= (requireCjs('re2js') as { RE2JS: typeof RE2JS }).RE2JS);

/** ECMAScript WhiteSpace and LineTerminator: what `\s` matches (RE2's `\s` is only [\t\n\f\r ]). */
const WHITESPACE = [0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x20, 0xa0, 0x1680, ...range(0x2000, 0x200a), 0x2028, 0x2029, 0x202f, 0x205f, 0x3000, 0xfeff];
const hex = (code: number): string => `\\u{${code.toString(16)}}`;
const WHITESPACE_CLASS = WHITESPACE.map(hex).join('');
const NOT_WHITESPACE_CLASS = complement(WHITESPACE)
  .map(([from, to]) => (from === to ? hex(from) : `${hex(from)}-${hex(to)}`))
  .join('');
/** `.` without the `s` flag: anything but a line terminator (RE2's `.` stops only at \n). */
const DOT = '[^\\n\\r\\u{2028}\\u{2029}]';
const LINE_TERMINATOR = /[\r\u2028\u2029]/;
const LINE_TERMINATORS = new RegExp(LINE_TERMINATOR.source, 'g');
/** Those characters written as escapes in a pattern. */
const LINE_TERMINATOR_ESCAPE = /^\\(?:r|u\{0*202[89]\}|u202[89])$/;
/** Escapes with a meaning of their own outside `u`/`v` mode; any other escaped letter is the letter itself. */
const ANNEX_B_ESCAPES = new Set([...'bBdDwWsSfnrtvcxu0123456789k']);

const compiled = new Map<string, LinearRegExp | UnsupportedPatternError>();
const MAX_CACHED = 2000;

/**
 * Compile `pattern` with ECMAScript `flags` (d, i, m, s, u, v; g and y are ignored: nothing here is stateful) for the
 * linear-time engine. Throws SyntaxError for an invalid pattern and UnsupportedPatternError for one RE2 cannot run.
 */
export function linearRegExp(pattern: string, flags = 'u'): LinearRegExp {
  const key = `${flags}/${pattern}`;
  let entry = compiled.get(key);
  if (!entry) {
    try {
      entry = compile(pattern, flags);
    } catch (error) {
      if (!(error instanceof UnsupportedPatternError)) throw error;
      entry = error;
    }
    if (compiled.size >= MAX_CACHED) compiled.clear();
    compiled.set(key, entry);
  }
  if (entry instanceof UnsupportedPatternError) throw entry;
  return entry;
}

/** Why the engine cannot run `pattern`, or undefined when it can (a syntax error is thrown, not returned). */
export function unsupportedReason(pattern: string, flags = 'u'): string | undefined {
  try {
    linearRegExp(pattern, flags);
    return undefined;
  } catch (error) {
    if (error instanceof UnsupportedPatternError) return error.reason;
    throw error;
  }
}

/**
 * Check `pattern` as linearRegExp would, without running it: throws the same SyntaxError or UnsupportedPatternError and
 * returns the named groups in order. A config is checked when it is read, by every command, while few commands run its
 * patterns: a pattern in a plain subset of the syntax (simpleGroupNames), which RE2 accepts whenever V8 does, is
 * decided here without loading the engine (loading and compiling cost ~15 ms of a command's start-up); anything else is
 * compiled, and the engine's verdict is the answer. A property test holds the subset to RE2's verdict.
 */
export function checkLinearPattern(pattern: string, flags = 'u'): { groupNames: readonly string[] } {
  if (!compiled.has(`${flags}/${pattern}`)) {
    new RegExp(pattern, flags.replace(/[gy]/g, '')); // V8's syntax check and message, as compile() gives them
    rewrite(pattern, flags); // what only a backtracking engine can run, refused as compile() refuses it
    const groupNames = simpleGroupNames(pattern, flags);
    if (groupNames) return { groupNames };
  }
  return linearRegExp(pattern, flags);
}

/** RE2's general categories, as `\p{…}` names them (the short names; V8 accepts these too). */
const CATEGORIES = new Set('C Cc Cf Co Cs L Ll Lm Lo Lt Lu M Mc Me Mn N Nd Nl No P Pc Pd Pe Pf Pi Po Ps S Sc Sk Sm So Z Zl Zp Zs'.split(' '));
/** Control-character escapes of the plain subset. */
const PLAIN_ESCAPES = /^[nrtfv]$/;
/** Punctuation that may be escaped to stand for itself. */
const PUNCTUATION = /^[\^$\\.*+?()[\]{}|/-]$/;
const NAMED_GROUP = /\(\?<([A-Za-z_][A-Za-z0-9_]*)>/y;
const CATEGORY = /\\[pP]\{([A-Za-z]{1,2})\}/y;
/** Beyond these the engine has limits of its own (nesting height, size): such patterns are compiled. */
const PLAIN_MAX_LENGTH = 2000;
const PLAIN_MAX_DEPTH = 100;

/**
 * The named groups of a pattern V8 has accepted with `flags`, when it lies in a plain subset of the syntax RE2 accepts
 * whenever V8 does: literals, `.`, `^`, `$`, `|`, `\d \w \s \b` and their negations, escaped punctuation, control
 * escapes, `\p{…}` general categories under u, classes of those (a range between two characters, `-` first or last),
 * groups (capturing, `(?:`, `(?<name>` with distinct ASCII names), and `*`, `+`, `?` (lazy too) after something
 * repeatable. Undefined for anything else (counted repeats, lookbehind, back-references, the v flag, surrogates…).
 */
function simpleGroupNames(pattern: string, flags: string): string[] | undefined {
  if (flags.includes('v') || pattern.length > PLAIN_MAX_LENGTH) return undefined;
  const unicode = flags.includes('u');
  const names: string[] = [];
  let depth = 0;
  let repeatable = false;
  let i = 0;
  while (i < pattern.length) {
    const char = pattern[i]!;
    if (char === '\\') {
      const atom = plainEscape(pattern, i, unicode, false);
      if (atom === undefined) return undefined;
      repeatable = atom.kind !== 'assertion';
      i = atom.end;
    } else if (char === '[') {
      const end = plainClass(pattern, i + 1, unicode);
      if (end === undefined) return undefined;
      repeatable = true;
      i = end;
    } else if (char === '(') {
      if (pattern[i + 1] !== '?') i += 1;
      else if (pattern[i + 2] === ':') i += 3;
      else {
        NAMED_GROUP.lastIndex = i;
        const named = NAMED_GROUP.exec(pattern);
        if (!named || names.includes(named[1]!)) return undefined;
        names.push(named[1]!);
        i = NAMED_GROUP.lastIndex;
      }
      if (++depth > PLAIN_MAX_DEPTH) return undefined;
      repeatable = false;
    } else if (char === ')') {
      if (depth-- === 0) return undefined;
      repeatable = true;
      i += 1;
    } else if (char === '*' || char === '+' || char === '?') {
      if (!repeatable) return undefined;
      i += pattern[i + 1] === '?' ? 2 : 1;
      repeatable = false;
    } else if (char === '|' || char === '^' || char === '$') {
      repeatable = false;
      i += 1;
    } else if (char === '{' || char === '}' || char === ']' || isSurrogate(char)) {
      return undefined;
    } else {
      repeatable = true; // `.` or a literal
      i += 1;
    }
  }
  return depth === 0 ? names : undefined;
}

type PlainAtom = { kind: 'char' | 'set' | 'assertion'; end: number };

/** The escape at `at` when it is in the plain subset: what it stands for and where it ends. */
function plainEscape(pattern: string, at: number, unicode: boolean, inClass: boolean): PlainAtom | undefined {
  const next = pattern[at + 1] ?? '';
  if (next === 'b' || next === 'B') return inClass ? undefined : { kind: 'assertion', end: at + 2 };
  if (/^[dDwWsS]$/.test(next)) return { kind: 'set', end: at + 2 };
  if (PLAIN_ESCAPES.test(next) || PUNCTUATION.test(next)) return { kind: 'char', end: at + 2 };
  if (unicode && (next === 'p' || next === 'P')) {
    CATEGORY.lastIndex = at;
    const category = CATEGORY.exec(pattern);
    return category && CATEGORIES.has(category[1]!) ? { kind: 'set', end: CATEGORY.lastIndex } : undefined;
  }
  return undefined;
}

/** Where a plain class whose `[` is just before `start` ends (after its `]`), or undefined when it is not plain. */
function plainClass(pattern: string, start: number, unicode: boolean): number | undefined {
  let i = pattern[start] === '^' ? start + 1 : start;
  const first = i;
  const atom = (at: number): PlainAtom | undefined => {
    const char = pattern[at];
    if (char === undefined || char === ']' || char === '[' || char === '-' || isSurrogate(char)) return undefined;
    return char === '\\' ? plainEscape(pattern, at, unicode, true) : { kind: 'char', end: at + 1 };
  };
  while (i < pattern.length) {
    if (pattern[i] === ']') return i === first ? undefined : i + 1; // [] and [^] mean other things to RE2
    if (pattern[i] === '-') {
      if (i !== first && pattern[i + 1] !== ']') return undefined; // a literal `-` only first or last
      i += 1;
      continue;
    }
    const from = atom(i);
    if (!from) return undefined;
    i = from.end;
    if (pattern[i] !== '-' || pattern[i + 1] === ']') continue;
    // A range: between two characters (V8 has checked their order).
    const to = atom(i + 1);
    if (from.kind !== 'char' || !to || to.kind !== 'char') return undefined;
    i = to.end;
    if (pattern[i] === '-' && pattern[i + 1] !== ']') return undefined;
  }
  return undefined;
}

const isSurrogate = (char: string): boolean => char >= '\ud800' && char <= '\udfff';

function compile(pattern: string, flags: string): LinearRegExp {
  // Parsed by V8 only for its syntax check and its error message: this RegExp is never run.
  new RegExp(pattern, flags.replace(/[gy]/g, ''));
  const RE2 = re2();
  const rewritten = rewrite(pattern, flags);
  let options = RE2.LOOKBEHINDS;
  if (flags.includes('i')) options |= RE2.CASE_INSENSITIVE;
  if (flags.includes('m')) options |= RE2.MULTILINE;
  if (flags.includes('s')) options |= RE2.DOTALL;
  // With m, ECMAScript ends a line at \r, U+2028 and U+2029 too; RE2 only at \n. The text is matched with those mapped
  // to \n (one code unit each, so offsets hold) and so are the pattern's own. What still differs: a pattern naming
  // one line terminator matches any of them (\r? also takes U+2028), and [^\n] none.
  const multiline = flags.includes('m');
  const lines = (text: string): string => (multiline ? text.replace(LINE_TERMINATORS, '\n') : text);
  let program: RE2JS;
  try {
    program = RE2.compile(RE2.translateRegExp(rewritten), options);
  } catch (error) {
    throw new UnsupportedPatternError(pattern, `support for this pattern (${(error as Error).message.replace(/^error parsing regexp: /, '')})`);
  }
  const groupNames = Object.entries(program.namedGroups())
    .sort(([, a], [, b]) => a - b)
    .map(([name]) => name);
  return {
    source: pattern,
    flags,
    groupNames,
    test: (text) => program.test(lines(text)),
    exec: (text) => {
      const matcher = program.matcher(lines(text));
      if (!matcher.find()) return null;
      // Offsets are the same in the mapped text; the text and groups are cut from the original.
      const cut = (group: string | number): string | undefined => {
        const start = matcher.start(group);
        return start < 0 ? undefined : text.slice(start, matcher.end(group));
      };
      const groups: Record<string, string | undefined> = {};
      for (const name of groupNames) groups[name] = cut(name);
      return { text: cut(0) ?? '', index: matcher.start(), groups };
    },
  };
}

/**
 * The pattern in the ECMAScript syntax re2js translates, with ECMAScript's meaning where RE2's differs. The pattern
 * has passed V8's parser, so escapes and classes are well formed.
 */
function rewrite(pattern: string, flags: string): string {
  const unicode = flags.includes('u') || flags.includes('v');
  const dotAll = flags.includes('s');
  const multiline = flags.includes('m');
  let out = '';
  let inClass = false;
  for (let i = 0; i < pattern.length; i++) {
    const char = pattern[i]!;
    if (char === '\\') {
      const escape = readEscape(pattern, i, unicode);
      i += escape.length - 1;
      // With m the text's line terminators are matched as \n (see compile), so are the pattern's.
      if (multiline && LINE_TERMINATOR_ESCAPE.test(escape)) out += '\\n';
      else out += rewriteEscape(escape, { inClass, unicode, pattern, after: pattern[i + 1] ?? '' });
      continue;
    }
    if (multiline && LINE_TERMINATOR.test(char)) {
      out += '\\n';
      continue;
    }
    if (inClass) {
      if (char === ']') inClass = false;
      else if (flags.includes('v') && (char === '[' || pattern.startsWith('--', i) || pattern.startsWith('&&', i))) {
        throw new UnsupportedPatternError(pattern, 'set operations of the v flag');
      }
      out += char;
      continue;
    }
    if (char === '[') {
      inClass = true;
      out += char;
      if (pattern[i + 1] === '^') out += pattern[++i];
      continue;
    }
    if (char === '(' && pattern[i + 1] === '?' && (pattern[i + 2] === '=' || pattern[i + 2] === '!')) {
      throw new UnsupportedPatternError(pattern, 'lookahead');
    }
    out += char === '.' && !dotAll ? DOT : char;
  }
  return out;
}

/** The whole escape starting at `at` (a backslash): `\u{…}`, `\uXXXX` (a surrogate pair as one), `\p{…}`, `\cX`, `\xXX`… */
function readEscape(pattern: string, at: number, unicode: boolean): string {
  const next = pattern[at + 1] ?? '';
  const rest = pattern.slice(at);
  const braced = /^\\[upP]\{[^}]*\}/.exec(rest);
  if (braced && (unicode || next === 'u')) return braced[0];
  if (next === 'u') {
    const pair = unicode ? /^\\u[dD][89abAB][0-9a-fA-F]{2}\\u[dD][c-fC-F][0-9a-fA-F]{2}/.exec(rest) : null;
    return (pair ?? /^\\u[0-9a-fA-F]{4}/.exec(rest) ?? ['\\u'])[0];
  }
  if (next === 'x') return (/^\\x[0-9a-fA-F]{2}/.exec(rest) ?? ['\\x'])[0];
  if (next === 'c') return (/^\\c[A-Za-z]/.exec(rest) ?? ['\\'])[0];
  if (next === 'k') return (/^\\k<[^>]*>/.exec(rest) ?? ['\\k'])[0];
  if (/[1-9]/.test(next)) return (/^\\[1-9][0-9]*/.exec(rest) ?? ['\\'])[0];
  return `\\${next}`;
}

interface EscapeContext {
  inClass: boolean;
  unicode: boolean;
  pattern: string;
  /** The character after the escape. */
  after: string;
}

function rewriteEscape(escape: string, { inClass, unicode, pattern, after }: EscapeContext): string {
  const letter = escape[1] ?? '';
  if (/^\\[1-9]/.test(escape) && !inClass) throw new UnsupportedPatternError(pattern, 'backreferences');
  if (escape.startsWith('\\k<') && !inClass) throw new UnsupportedPatternError(pattern, 'backreferences');
  if (escape === '\\s') return inClass ? WHITESPACE_CLASS : `[${WHITESPACE_CLASS}]`;
  if (escape === '\\S') return inClass ? NOT_WHITESPACE_CLASS : `[${NOT_WHITESPACE_CLASS}]`;
  if (escape === '\\b' && inClass) return '\\u{8}';
  if (escape === '\\0' && !/[0-9]/.test(after)) return '\\u{0}';
  // RE2 names scripts and categories bare: \p{Script=Greek} is \p{Greek}, \p{gc=Lu} is \p{Lu}.
  const property = /^\\([pP])\{(?:Script|sc|General_Category|gc)=([^}]*)\}$/.exec(escape);
  if (property && unicode) return `\\${property[1]}{${property[2]}}`;
  if (/^\\u[dD][89abAB]/.test(escape) && escape.length === 12) {
    const high = parseInt(escape.slice(2, 6), 16);
    const low = parseInt(escape.slice(8, 12), 16);
    return hex((high - 0xd800) * 0x400 + (low - 0xdc00) + 0x10000);
  }
  // Without u/v, `\p`, `\a`, `\_`… are the character itself (Annex B identity escapes); RE2 would read `\p{L}` as a class.
  if (!unicode && /^[A-Za-z_]$/.test(letter) && !ANNEX_B_ESCAPES.has(letter)) return letter;
  if (!unicode && (escape === '\\k' || escape === '\\c' || escape === '\\u' || escape === '\\x')) return letter;
  return escape;
}

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, index) => from + index);
}

/** The code points not in `codes` (sorted), as [from, to] ranges up to U+10FFFF. */
function complement(codes: number[]): Array<[number, number]> {
  const ranges: Array<[number, number]> = [];
  let next = 0;
  for (const code of codes) {
    if (code > next) ranges.push([next, code - 1]);
    next = code + 1;
  }
  if (next <= 0x10ffff) ranges.push([next, 0x10ffff]);
  return ranges;
}
