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
/** Weight of a group's terms searched for a request word that is only related to the group (rows → database). */
export const TOPIC_WEIGHT = 0.1;

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
  /**
   * The concept names what the request acts on (not a verb the lexicon knows as an action, nor a quantity such as
   * "all" or "several"): "the directory", "notes.txt".
   */
  object: boolean;
}

export interface AnalyzedQuery {
  /** The request as searched: controls stripped, spaces collapsed. */
  text: string;
  concepts: QueryConcept[];
  /** The actions the request asks for (create, delete, send…), from the lexicon's action groups. */
  actions: string[];
  /** The request names things in the plural ("the open tickets", "these files"). */
  plural?: boolean;
  /**
   * The request names one item by what identifies it: a number ("issue 31"), a code such as a commit's abc123, a
   * path, file, URL or e-mail address. It points at tools that take one item's identifier.
   */
  identifier?: boolean;
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
  /** Phrase in lexicon form (words joined by a space, stopwords kept) → the groups that have it as a term or idiom. */
  groupsOf: Map<string, LexiconGroup[]>;
  /** Phrase in lexicon form → the groups that have it as a related word only. */
  relatedOf: Map<string, LexiconGroup[]>;
  idioms: Set<string>;
  /** Every word written in the lexicon: a request word is matched to one of these by light stemming only. */
  vocabulary: Set<string>;
  longestPhrase: number;
}

let compiled: CompiledLexicon | undefined;

/** The lexicon keyed by phrase in lexicon form (built once). */
function compiledLexicon(): CompiledLexicon {
  if (compiled) return compiled;
  const vocabulary = new Set<string>();
  for (const group of LEXICON)
    for (const term of [...group.terms, ...(group.related ?? []), ...(group.idioms ?? [])]) for (const word of words(term)) vocabulary.add(word);
  compiled = { groupsOf: new Map(), relatedOf: new Map(), idioms: new Set(), vocabulary, longestPhrase: 1 };
  const { groupsOf, relatedOf, idioms } = compiled;
  const put = (map: Map<string, LexiconGroup[]>, key: string, group: LexiconGroup): void => {
    const list = map.get(key) ?? [];
    if (!list.includes(group)) list.push(group);
    map.set(key, list);
  };
  let longestPhrase = 1;
  for (const group of LEXICON) {
    for (const term of [...group.terms, ...(group.idioms ?? [])]) {
      const key = words(term).join(' ');
      if (!key) continue;
      longestPhrase = Math.max(longestPhrase, key.split(' ').length);
      put(groupsOf, key, group);
    }
    for (const idiom of group.idioms ?? []) idioms.add(words(idiom).join(' '));
    for (const term of group.related ?? []) put(relatedOf, words(term).join(' '), group);
  }
  compiled.longestPhrase = Math.min(longestPhrase, 3);
  return compiled;
}

/**
 * A word as the lexicon writes it: the word itself when the lexicon has it, else the first lexicon word it is an
 * inflection of (plural, -ing, -ed: tickets → ticket, creating → create, stopped → stop), else the word. Only light
 * stemming: Porter would merge words of different meaning (general and generate, organ and organize).
 */
export function lexiconForm(word: string): string {
  const { vocabulary } = compiledLexicon();
  if (vocabulary.has(word)) return word;
  for (const candidate of inflectionBases(word)) if (vocabulary.has(candidate)) return candidate;
  return word;
}

function inflectionBases(word: string): string[] {
  const out: string[] = [];
  const strip = (suffix: string): string | undefined => (word.length > suffix.length + 2 && word.endsWith(suffix) ? word.slice(0, -suffix.length) : undefined);
  const undouble = (base: string): string | undefined => (/([b-df-hj-np-tv-z])\1$/.test(base) ? base.slice(0, -1) : undefined);
  const ies = strip('ies');
  if (ies) out.push(`${ies}y`);
  const es = strip('es');
  if (es) out.push(es);
  const s = strip('s');
  if (s && !/(?:ss|us|is)$/.test(word)) out.push(s);
  for (const suffix of ['ing', 'ed']) {
    const base = strip(suffix);
    if (!base) continue;
    out.push(base, `${base}e`);
    const single = undouble(base);
    if (single) out.push(single);
    if (suffix === 'ed' && base.endsWith('i')) out.push(`${base.slice(0, -1)}y`);
  }
  return out.filter(Boolean);
}

/**
 * "Show me the open tickets" asks for a list: a plural object (a word the lexicon knows as an object, written in the
 * plural) with a reading verb, or with no verb, asks to list.
 */
function listWhenPlural(actions: string[], found: readonly string[]): string[] {
  if (actions.some((action) => action !== 'read' && action !== 'search')) return actions;
  const plural = found.some(
    (word) => word.endsWith('s') && !word.endsWith('ss') && inflectionBases(word).some((base) => groupsNaming(base).some((group) => group.kind !== 'action')),
  );
  if (!plural) return actions;
  return [...actions.filter((action) => action !== 'read'), 'list'];
}

/** A question (what, which, who, where, when, how…) asks to read: "who reviewed the PR" is not to review it. */
function questionReads(actions: string[], found: readonly string[]): string[] {
  return QUESTION_WORDS.has(found[0] ?? '') && !actions.includes('read') ? [...actions, 'read'] : actions;
}

const QUESTION_WORDS: ReadonlySet<string> = new Set(['what', 'whats', 'which', 'who', 'whos', 'where', 'wheres', 'when', 'how', 'hows']);

/** A word that looks like a plural: -s after a letter that is not s, u or i (files, users; not process, status, this). */
export function isPlural(word: string): boolean {
  return word.length > 3 && /[^siu]s$/.test(word) && !NOT_PLURAL.has(word);
}

// Words in -s that name one thing (the contents of a file, its details) or are not nouns.
const NOT_PLURAL: ReadonlySet<string> = new Set(
  'contents details settings news stats statistics analytics metrics series means always perhaps sometimes goes does towards afterwards besides whereas'.split(
    ' ',
  ),
);

/** A list asked for without its word ("show the tickets", "what files are in…"): the reading verb also searches the list group's terms. */
function searchListTerms(concepts: Map<string, QueryConcept>): void {
  const list = LEXICON.find((group) => group.concept === 'list');
  if (!list) return;
  const alternatives = list.terms.map((term): Alternative => ({ text: term, stems: terms(term), weight: SYNONYM_WEIGHT, source: 'lexicon', concept: 'list' }));
  const verbs = [...concepts.entries()].filter(([key]) => groupsNaming(key).some((group) => group.kind === 'action'));
  if (!verbs.length) {
    if (!concepts.has('list'))
      concepts.set('list', { text: 'list', alternatives: alternatives.filter((alternative) => alternative.stems.length), object: false });
    return;
  }
  for (const [, concept] of verbs) {
    if (concept.alternatives.some((alternative) => alternative.concept === 'list')) continue;
    concept.alternatives.push(
      ...alternatives.filter(
        (alternative) => alternative.stems.length && !concept.alternatives.some((known) => known.stems.join(' ') === alternative.stems.join(' ')),
      ),
    );
  }
}

/** The groups a phrase (in lexicon form) is a term or idiom of: a related word does not pull a group in. */
function groupsNaming(key: string): LexiconGroup[] {
  return compiledLexicon().groupsOf.get(key) ?? [];
}

/** The groups a phrase is only a related word of: the request's word then searches their terms, weakly. */
function groupsRelating(key: string): LexiconGroup[] {
  const naming = groupsNaming(key);
  return (compiledLexicon().relatedOf.get(key) ?? []).filter((group) => !naming.includes(group));
}

const isIdiom = (key: string): boolean => compiledLexicon().idioms.has(key);

/**
 * The actions (lexicon groups of kind 'action') named by a sequence of words, phrases of up to three words first: a
 * tool's name (`create_pull_request` → create) or a request ("file a bug" → create).
 */
export function actionsOf(sequence: readonly string[]): string[] {
  const forms = sequence.map(lexiconForm);
  const { longestPhrase } = compiledLexicon();
  const out: string[] = [];
  for (let i = 0; i < forms.length;) {
    let taken = 1;
    for (let length = Math.min(longestPhrase, forms.length - i); length >= 1; length--) {
      const groups = groupsNaming(forms.slice(i, i + length).join(' '));
      if (!groups.length) continue;
      for (const group of groups) if (group.kind === 'action' && !out.includes(group.concept)) out.push(group.concept);
      taken = length;
      break;
    }
    i += taken;
  }
  return out;
}

// Argument-shaped parts of a request say what kind of tool takes them (Bamboo's hint extraction): a URL, an e-mail
// address, a file path. They are replaced by the word for their kind.
const HINTS: ReadonlyArray<{ pattern: RegExp; word: string }> = [
  { pattern: /\b(?:https?:\/\/|www\.)[^\s"'<>]{1,2000}/giu, word: 'url' },
  { pattern: /\b[\w.+-]{1,64}@[\w-]{1,63}(?:\.[\w-]{1,63}){1,8}\b/gu, word: 'email' },
  { pattern: /(?:^|\s)(?:~|\.{1,2})?\/[^\s"'<>]{1,1000}/gu, word: 'path' },
  // "#general" names a channel, "@sam" a person (after e-mail addresses are taken out).
  { pattern: /(?:^|\s)#[\p{L}\p{N}][\p{L}\p{N}_-]{0,80}/gu, word: 'channel' },
  { pattern: /(?:^|\s)@[\p{L}\p{N}][\p{L}\p{N}._-]{0,80}/gu, word: 'user' },
  // Files people name without an extension (README, Dockerfile, LICENSE…) are files too.
  { pattern: /\b(?:readme|license|licence|changelog|dockerfile|makefile|gemfile|procfile|jenkinsfile|vagrantfile)\b/giu, word: 'file' },
  { pattern: /\b[\w-]{1,100}\.(?:txt|md|json|ya?ml|csv|pdf|js|ts|py|go|rs|java|html|css|xml|log|toml|ini|sh|png|jpe?g)\b/giu, word: 'file' },
];

/** Hints that name one item (a channel or a person are where or who, not the item acted on). */
const ITEM_HINTS: ReadonlySet<string> = new Set(['url', 'email', 'path', 'file']);
/** A code of letters and digits, six or more (a commit's abc123, a ticket's PROJ-42 is caught by its number). */
const IDENTIFIER = /\b(?=[a-z]{0,40}\d)(?=\d{0,40}[a-z])[a-z0-9]{6,40}\b/i;

/**
 * A verb in the plural after a determiner is a noun ("my downloads", "the latest updates", "these changes"): a
 * request asks in the imperative or as a question, so it names no action there.
 */
function isNounUse(found: readonly string[], i: number): boolean {
  return isPlural(found[i]!) && DETERMINERS.has(found[i - 1] ?? '');
}

const DETERMINERS: ReadonlySet<string> = new Set('my your our their his her its the these those all any some recent latest last new old'.split(' '));

const ARTICLES: ReadonlySet<string> = new Set(['a', 'an', 'the']);

/** Most words a two-word lexicon phrase may have inside it in a request. */
const MAX_GAP = 2;

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
  const forms = found.map(lexiconForm);
  const { longestPhrase } = compiledLexicon();
  const concepts = new Map<string, QueryConcept>();
  // A two-word lexicon phrase may have up to MAX_GAP words inside it ("open the login page" is "open page").
  const inside = new Set<number>();
  const gapped: Array<{ first: string; groups: LexiconGroup[] }> = [];
  for (let i = 0; i < found.length;) {
    if (inside.has(i)) {
      i++;
      continue;
    }
    let taken = 0;
    for (let length = Math.min(longestPhrase, found.length - i); length >= 2 && !taken; length--) {
      const key = forms.slice(i, i + length).join(' ');
      if (groupsNaming(key).length || groupsRelating(key).length) {
        addConcept(concepts, found.slice(i, i + length).join(' '), key, 'word');
        taken = length;
      }
    }
    if (!taken && !STOPWORDS.has(found[i]!)) {
      for (let j = i + 2; j <= Math.min(i + 1 + MAX_GAP, found.length - 1) && !taken; j++) {
        // A function word closes a phrase only when the phrase has it ("give … to", "turn … into"), never an article.
        if (inside.has(j) || (STOPWORDS.has(found[j]!) && ARTICLES.has(found[j]!))) continue;
        const key = `${forms[i]} ${forms[j]}`;
        const groups = groupsNaming(key);
        if (!groups.length) continue;
        addConcept(concepts, `${found[i]} … ${found[j]}`, key, 'word');
        inside.add(j);
        gapped.push({ first: forms[i]!, groups });
        taken = 1;
      }
    }
    if (!taken) {
      const word = found[i]!;
      if (!STOPWORDS.has(word) && !isNumber(word)) addConcept(concepts, word, forms[i]!, 'word');
      taken = 1;
    }
    i += taken;
  }
  for (const word of hints) addConcept(concepts, word, word, 'hint');
  let named = actionsOf(found.map((word, i) => (isNounUse(found, i) ? '' : word)));
  for (const { first, groups } of gapped) {
    const own = groupsNaming(first).map((group) => group.concept);
    named = [...named.filter((action) => !own.includes(action)), ...groups.filter((group) => group.kind === 'action').map((group) => group.concept)];
  }
  const actions = listWhenPlural(questionReads([...new Set(named)], found), found);
  const plural = found.some((word) => !STOPWORDS.has(word) && isPlural(word));
  if (actions.includes('list')) searchListTerms(concepts);
  const identifier = hints.some((hint) => ITEM_HINTS.has(hint)) || found.some((word) => isNumber(word)) || IDENTIFIER.test(rest);
  return { text, concepts: [...concepts.values()], actions, plural, ...(identifier ? { identifier } : {}) };
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
  // A phrase that loses a word when searched as written ("get from" → get) is only partly itself: a synonym's weight.
  const own = terms(text);
  const whole = own.length === key.split(' ').length || !key.includes(' ');
  if (!isIdiom(key)) add({ text, stems: own.length ? own : key.split(' ').map(stem), weight: whole ? 1 : SYNONYM_WEIGHT, source });
  for (const group of groupsNaming(key)) {
    for (const term of group.terms) add({ text: term, stems: terms(term), weight: SYNONYM_WEIGHT, source: 'lexicon', concept: group.concept });
    for (const term of group.related ?? []) add({ text: term, stems: terms(term), weight: RELATED_WEIGHT, source: 'related', concept: group.concept });
  }
  for (const group of groupsRelating(key))
    for (const term of group.terms) add({ text: term, stems: terms(term), weight: TOPIC_WEIGHT, source: 'related', concept: group.concept });
  const object = !groupsNaming(key).some((group) => group.kind === 'action' || group.kind === 'quantity');
  concepts.set(key, { text, alternatives: [...alternatives.values()], object });
}
