import { McpnsError } from '../errors.js';
import { LEXICON, type LexiconGroup } from './lexicon.js';
import { stem } from './stemmer.js';
import { STOPWORDS, isNumber, stripControls, terms, words } from './tokenize.js';

/** Longest request accepted (characters, after control characters are stripped and spaces collapsed). */
export const MAX_QUERY_CHARS = 1_000;
/** Most results one search returns; a larger limit is lowered to it. */
export const MAX_LIMIT = 50;
export const DEFAULT_LIMIT = 5;

/** Weight of a lexicon synonym against the request's own word (1), and of a related term. */
export const SYNONYM_WEIGHT = 0.6;
export const RELATED_WEIGHT = 0.3;

/** How a search term came from the request. */
export type TermSource = 'word' | 'lexicon' | 'related' | 'hint';

/** One way a request concept can be found in a tool: stems that must appear together, and how much a match counts. */
export interface Alternative {
  /** The term as written (in the request or the lexicon). */
  text: string;
  stems: string[];
  weight: number;
  source: TermSource;
  /** The lexicon group it came from. */
  concept?: string;
}

/** A word or phrase of the request with every way it may be written in a tool. */
export interface QueryConcept {
  text: string;
  alternatives: Alternative[];
}

export interface AnalyzedQuery {
  /** The request as searched: controls stripped, spaces collapsed. */
  text: string;
  concepts: QueryConcept[];
}

/** The request is empty or over the bound: the CLI says so with exit 2, the gateway as a tool error. */
export class SearchQueryError extends McpnsError {
  constructor(message: string, hint?: string) {
    super('USAGE', message, hint ? { hint } : {});
    this.name = 'SearchQueryError';
  }
}

/** The request cleaned and bounded: throws SearchQueryError when it is empty or longer than MAX_QUERY_CHARS. */
export function cleanQuery(query: string): string {
  if (typeof query !== 'string') throw new SearchQueryError('the request must be text');
  if (query.length > MAX_QUERY_CHARS * 4) throw tooLong(query.length);
  const text = stripControls(query).replace(/\s+/g, ' ').trim();
  if (!text) throw new SearchQueryError('the request is empty', 'say what the tool should do, e.g. "create a GitHub issue"');
  if (text.length > MAX_QUERY_CHARS) throw tooLong(text.length);
  return text;
}

const tooLong = (length: number): SearchQueryError =>
  new SearchQueryError(`the request is ${length} characters long; at most ${MAX_QUERY_CHARS} are accepted`, 'describe the task in a sentence or two');

/** The limit asked for, bounded to 1…MAX_LIMIT (default DEFAULT_LIMIT); a non-number is the default. */
export function boundLimit(limit: number | undefined): number {
  if (limit === undefined || !Number.isFinite(limit)) return DEFAULT_LIMIT;
  return Math.min(MAX_LIMIT, Math.max(1, Math.floor(limit)));
}

interface CompiledLexicon {
  /** Stemmed phrase (words joined by a space, stopwords kept) → the groups it belongs to. */
  groupsOf: Map<string, LexiconGroup[]>;
  longestPhrase: number;
}

let compiled: CompiledLexicon | undefined;

/** The lexicon keyed by stemmed phrase (built once). */
function compiledLexicon(): CompiledLexicon {
  if (compiled) return compiled;
  const groupsOf = new Map<string, LexiconGroup[]>();
  let longestPhrase = 1;
  for (const group of LEXICON) {
    for (const term of [...group.terms, ...(group.related ?? []), ...(group.idioms ?? [])]) {
      const key = phraseKey(term);
      if (!key) continue;
      longestPhrase = Math.max(longestPhrase, key.split(' ').length);
      const list = groupsOf.get(key) ?? [];
      if (!list.includes(group)) list.push(group);
      groupsOf.set(key, list);
    }
  }
  compiled = { groupsOf, longestPhrase: Math.min(longestPhrase, 3) };
  return compiled;
}

const phraseKey = (text: string): string => words(text).map(stem).join(' ');

/** Only a group's own terms and idioms make a word part of it for expansion (a related word does not pull the group in). */
function groupsNaming(key: string): LexiconGroup[] {
  return (compiledLexicon().groupsOf.get(key) ?? []).filter((group) => [...group.terms, ...(group.idioms ?? [])].some((term) => phraseKey(term) === key));
}

const isIdiom = (key: string): boolean => (compiledLexicon().groupsOf.get(key) ?? []).some((group) => group.idioms?.some((idiom) => phraseKey(idiom) === key));

// Argument-shaped parts of a request say what kind of tool takes them (Bamboo's hint extraction): a URL, an e-mail
// address, a file path. They are replaced by the word for their kind.
const HINTS: ReadonlyArray<{ pattern: RegExp; word: string }> = [
  { pattern: /\b(?:https?:\/\/|www\.)[^\s"'<>]{1,2000}/giu, word: 'url' },
  { pattern: /\b[\w.+-]{1,64}@[\w-]{1,63}(?:\.[\w-]{1,63}){1,8}\b/gu, word: 'email' },
  { pattern: /(?:^|\s)(?:~|\.{1,2})?\/[^\s"'<>]{1,1000}/gu, word: 'path' },
  { pattern: /\b[\w-]{1,100}\.(?:txt|md|json|ya?ml|csv|pdf|js|ts|py|go|rs|java|html|css|xml|log|toml|ini|sh|png|jpe?g)\b/giu, word: 'file' },
];

/** Split a bounded request into concepts: lexicon phrases first (longest), then single words; stopwords dropped. */
export function analyzeQuery(text: string): AnalyzedQuery {
  const hints: string[] = [];
  let rest = text;
  for (const hint of HINTS) {
    rest = rest.replace(hint.pattern, () => {
      if (!hints.includes(hint.word)) hints.push(hint.word);
      return ' ';
    });
  }
  const found = words(rest, 'whole');
  const stems = found.map(stem);
  const { longestPhrase } = compiledLexicon();
  const concepts = new Map<string, QueryConcept>();
  for (let i = 0; i < found.length;) {
    let taken = 0;
    for (let length = Math.min(longestPhrase, found.length - i); length >= 2 && !taken; length--) {
      const key = stems.slice(i, i + length).join(' ');
      if (groupsNaming(key).length) {
        addConcept(concepts, found.slice(i, i + length).join(' '), key, 'word');
        taken = length;
      }
    }
    if (!taken) {
      const word = found[i]!;
      if (!STOPWORDS.has(word) && !isNumber(word)) addConcept(concepts, word, stems[i]!, 'word');
      taken = 1;
    }
    i += taken;
  }
  for (const word of hints) addConcept(concepts, word, stem(word), 'hint');
  return { text, concepts: [...concepts.values()] };
}

function addConcept(concepts: Map<string, QueryConcept>, text: string, key: string, source: 'word' | 'hint'): void {
  if (concepts.has(key)) return;
  const alternatives = new Map<string, Alternative>();
  const add = (alternative: Alternative): void => {
    if (!alternative.stems.length) return;
    const id = alternative.stems.join(' ');
    const existing = alternatives.get(id);
    if (!existing || existing.weight < alternative.weight) alternatives.set(id, alternative);
  };
  if (!isIdiom(key)) add({ text, stems: terms(text).length ? terms(text) : key.split(' '), weight: 1, source });
  for (const group of groupsNaming(key)) {
    for (const term of group.terms) add({ text: term, stems: terms(term), weight: SYNONYM_WEIGHT, source: 'lexicon', concept: group.concept });
    for (const term of group.related ?? []) add({ text: term, stems: terms(term), weight: RELATED_WEIGHT, source: 'related', concept: group.concept });
  }
  concepts.set(key, { text, alternatives: [...alternatives.values()] });
}
