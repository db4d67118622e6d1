import { stem } from './stemmer.js';

/** Longest text read from one field of a tool: past it the rest is ignored (a 1 MB description is not a search term list). */
export const MAX_FIELD_CHARS = 8_000;

// C0/C1 controls, bidi controls and zero-width characters: never part of a word, never echoed.
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u206f\ufeff]/g;

/** The text with every control, bidi and zero-width character replaced by a space. */
export function stripControls(text: string): string {
  return text.replace(CONTROL, ' ');
}

/**
 * Words of a text or an identifier, lower-cased: split on anything that is not a letter or digit (so `_`, `-`, `.`,
 * `/`, spaces), on case changes (`createPullRequest`, `HTTPServer` → http server) and between letters and digits
 * (`v2api` → v 2 api). Accents are folded (NFKD) so `café` and `cafe` meet.
 */
export function words(text: string, cases: CaseSplit = 'split'): string[] {
  const field = text.length > MAX_FIELD_CHARS ? text.slice(0, MAX_FIELD_CHARS) : text;
  return asciiWords(field, cases) ?? unicodeWords(field, cases);
}

/**
 * `words` of an ASCII text in one scan (most descriptions): runs of letters and digits, a lower-case run as it is and
 * any other run through the same split as below; undefined when the text has a character past ASCII. Control
 * characters need no replacing here: in ASCII they are separators already.
 */
function asciiWords(text: string, cases: CaseSplit): string[] | undefined {
  const out: string[] = [];
  let start = -1;
  let plain = true;
  for (let at = 0; at <= text.length; at++) {
    const code = at < text.length ? text.charCodeAt(at) : 32;
    if (code > 127) return undefined;
    const lower = code >= 97 && code <= 122;
    if (lower || (code >= 65 && code <= 90) || (code >= 48 && code <= 57)) {
      if (start < 0) {
        start = at;
        plain = true;
      }
      if (!lower) plain = false;
      continue;
    }
    if (start < 0) continue;
    const chunk = text.slice(start, at);
    start = -1;
    if (plain) out.push(chunk);
    else pushParts(out, chunk, chunk.match(ASCII_PARTS) ?? [], cases);
  }
  return out;
}

function unicodeWords(text: string, cases: CaseSplit): string[] {
  let clean = stripControls(text);
  const ascii = !/[^\u0000-\u007f]/.test(clean);
  if (!ascii) clean = clean.normalize('NFKD').replace(/\p{M}+/gu, '');
  const out: string[] = [];
  for (const chunk of clean.match(ascii ? /[A-Za-z0-9]+/g : /[\p{L}\p{N}]+/gu) ?? []) {
    // Fast path: one lower-case word (most of a description).
    if (/^[a-z]+$/.test(chunk)) {
      out.push(chunk);
      continue;
    }
    pushParts(out, chunk, ascii ? (chunk.match(ASCII_PARTS) ?? []) : (chunk.match(UNICODE_PARTS) ?? []), cases);
  }
  return out;
}

/** A run that is not one lower-case word: its parts, the whole word, or both (see CaseSplit). */
function pushParts(out: string[], chunk: string, parts: readonly string[], cases: CaseSplit): void {
  if (parts.length > 1 && cases !== 'split' && isLetters(chunk)) {
    out.push(chunk.toLowerCase());
    if (cases === 'whole') return;
  }
  for (const part of parts) out.push(part.toLowerCase());
}

/**
 * What a mixed-case word becomes: its parts (`split`: createIssue → create issue), the whole word too (`both`: GitHub
 * → github git hub, so a brand written in camel case is found by its name), or the whole word only (`whole`: what a
 * person types in a request is a word, not an identifier).
 */
export type CaseSplit = 'split' | 'both' | 'whole';

const isLetters = (chunk: string): boolean => /^\p{L}+$/u.test(chunk);

// Upper-case runs not followed by lower case (HTTP in HTTPServer), capitalised or lower-case words, digit runs.
const ASCII_PARTS = /[A-Z]+(?![a-z])|[A-Z]?[a-z]+|[0-9]+/g;
const UNICODE_PARTS = /\p{Lu}+(?!\p{Ll})|\p{Lu}?[\p{Ll}\p{Lo}\p{Lm}\p{Lt}]+|\p{N}+|\p{L}+/gu;

/**
 * Function words that say nothing about which tool is meant ("please", "the", "for me"). Verbs and nouns that name
 * intents ("show", "find", "new", "open") are never here: they are the lexicon's business.
 */
export const STOPWORDS: ReadonlySet<string> = new Set(
  (
    'a an the and or but if then else of to in on at by for from with without into onto about as is are was were be been being ' +
    'am do does did done doing have has had having i me my mine we us our ours you your yours he him his she her hers it its they them their theirs ' +
    'this that these those there here what which who whom whose when why how can could would should will shall may might must ' +
    'please pls kindly thanks thank just also so very really quite some any each every either neither no not nor ' +
    'want wanna need needs like let lets help hi hey hello ok okay via using use used one ones thing things something stuff ' +
    'again now currently already still yet ever even only than too out up over under s t called named titled'
  ).split(' '),
);

/** Stems of the words of a text, in order, stopwords and bare numbers left out. */
export function terms(text: string, cases: CaseSplit = 'split'): string[] {
  const out: string[] = [];
  for (const word of words(text, cases)) {
    if (STOPWORDS.has(word) || isNumber(word)) continue;
    out.push(stem(word));
  }
  return out;
}

/** A run of digits (words() never mixes digits and letters in one word). */
export function isNumber(word: string): boolean {
  const code = word.charCodeAt(0);
  return (code >= 48 && code <= 57) || (code > 127 && /^\p{N}/u.test(word));
}
