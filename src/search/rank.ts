import { fieldNames, FIELDS, K1, type SearchableTool, type SearchField, type SearchIndex } from './build.js';
import { factorOf, factors, namedServers, shaped, type RankContext, type SearchWhy } from './factors.js';
import { analyzeQuery, boundLimit, cleanQuery, type Alternative, type AnalyzedQuery, type TermSource } from './query.js';

/** A configured route that fired for the request: its targets answer first (Bamboo's deterministic fast path). */
export interface RouteHit {
  /** Qualified names of the tools the route calls, in its order. */
  qualifiedNames: readonly string[];
  route: { name: string; index: number };
}

export interface SearchOptions {
  /** Results wanted: 1…MAX_LIMIT (50), default 5; a larger number is lowered to 50. */
  limit?: number;
  /** Routes that fired, tried first (see `routeHits` in src/route). */
  routes?: readonly RouteHit[];
}

/** Why a request concept matched a tool: the term that matched, where it came from, and the fields it was found in. */
export interface SearchMatch {
  /** The request's word or phrase. */
  query: string;
  /** The term found in the tool (the word itself, a lexicon synonym, or a hint's kind). */
  term: string;
  source: TermSource;
  /** The lexicon group, for lexicon and related terms. */
  concept?: string;
  fields: SearchField[];
}

export interface SearchResult {
  rank: number;
  qualifiedName: string;
  server: string;
  name: string;
  /** The ranking score (rounded to 4 decimals); a route's targets score 1,000 less their position. */
  score: number;
  /** The request's concepts that matched / how many it has (of its part, for a part of a compound request). */
  coverage: { matched: number; total: number };
  /** For a compound request ("X and Y"): the part this tool was found for. */
  part?: string;
  matches: SearchMatch[];
  /** Set when a configured route put the tool first. */
  route?: { name: string; index: number };
  /** The tool as indexed (its input schema included), for a caller that returns definitions. */
  tool: SearchableTool;
  /** How the verb/object structure shaped the score (set when it changed it). */
  why?: SearchWhy;
  /** With semantic re-ranking: the tool's place in the lexical ranking (absent when lexical search did not match it). */
  lexical?: { rank: number; score: number };
  /** With semantic re-ranking: the tool's place by cosine similarity to the request, and the similarity. */
  semantic?: { rank: number; similarity: number };
}

export interface SearchResponse {
  /** The request as searched (controls stripped, spaces collapsed). */
  query: string;
  /** The limit applied (bounded). */
  limit: number;
  /** The request's concepts (its words and phrases, stopwords left out). */
  concepts: string[];
  /** The actions the request asks for (lexicon groups of kind 'action'), when it names any. */
  actions?: string[];
  results: SearchResult[];
  /** How many tools match the request's words (a lexicon term counts) in the whole index; results holds the best `limit`. */
  matched: number;
  /**
   * Only after re-ranking by meaning (embeddings.ts): how many of `results` share no word with the request, found by
   * meaning alone. They are not in `matched` (every tool has a similarity, so a count of tools "matched by meaning"
   * would be every tool).
   */
  byMeaning?: number;
}

/** A result that matches the request's words (a lexicon term counts): one of the response's `matched`. */
export const matchesWords = (result: SearchResult): boolean => result.coverage.matched > 0;
/** A result re-ranking by meaning put in that shares no word with the request (one of the response's `byMeaning`). */
export const foundByMeaningAlone = (result: SearchResult): boolean => result.semantic !== undefined && !result.lexical && !result.route;

/** How many tools that match the request's words are not among `shown` (default: the response's results). */
export function moreMatched(response: SearchResponse, shown: readonly SearchResult[] = response.results): number {
  return Math.max(0, response.matched - shown.filter(matchesWords).length);
}

const ROUTE_SCORE = 1000;
/**
 * A concept scores a tool by its best alternative plus this share of the others (a disjunction-max with a tie
 * breaker): a tool that matches the request's word and a synonym of it beats one that matches the word alone.
 */
export const TIE_BREAKER = 0.2;
/** Share of a concept's score when the tool's word it matched was already matched by an earlier concept. */
export const REPEAT_SHARE = 0.25;

/**
 * Rank the index's tools for a request: each concept of the request (a word or a lexicon phrase) scores a tool by its
 * best way of being written there (the word itself at full weight, a lexicon synonym lower), BM25F over the fields;
 * the concepts' scores add up, scaled by the share of concepts matched. Tools named by a fired route come first. Ties
 * break by qualified name: the same index and request always give the same ranking. Throws SearchQueryError for an
 * empty or oversized request.
 */
export function search(index: SearchIndex, query: string, options: SearchOptions = {}): SearchResponse {
  const text = cleanQuery(query);
  const limit = boundLimit(options.limit);
  const analyzed = analyzeQuery(text);
  const whole = rankAll(index, analyzed);
  // "Read todo.txt and post it in the channel" asks for two tools: each part is ranked alone and their bests alternate.
  const parts = compoundParts(text);
  // The part whose best tool scores highest leads: it is the one the ranking is surest of.
  const ranked = parts
    ? interleave(
        parts.map((part) => rankAll(index, part, true).ranked).sort((a, b) => (b[0]?.score ?? 0) - (a[0]?.score ?? 0)),
        whole.ranked,
      )
    : whole.ranked;

  const byDoc = new Map(ranked.map((hit) => [hit.doc, hit]));
  const results: SearchResult[] = [];
  const taken = new Set<number>();
  for (const hit of options.routes ?? []) {
    for (const name of hit.qualifiedNames) {
      const doc = index.positions.get(name);
      if (doc === undefined || taken.has(doc) || results.length >= limit) continue;
      taken.add(doc);
      results.push(result(index, doc, ROUTE_SCORE - results.length, byDoc.get(doc), whole.total, results.length + 1, hit.route));
    }
  }
  for (const hit of ranked) {
    if (results.length >= limit) break;
    if (taken.has(hit.doc)) continue;
    taken.add(hit.doc);
    results.push(result(index, hit.doc, hit.score, hit, whole.total, results.length + 1));
  }
  return {
    query: text,
    limit,
    concepts: analyzed.concepts.map((concept) => concept.text),
    ...(analyzed.actions.length ? { actions: analyzed.actions } : {}),
    results,
    matched: whole.ranked.length,
  };
}

interface Ranked {
  doc: number;
  score: number;
  entry: ScoreEntry;
  /** The ranking it came from (the whole request or one part of it): its matches and why are made from it. */
  from: Ranking;
}

interface Ranking {
  analyzed: AnalyzedQuery;
  /** Set when the ranking is of one part of a compound request. */
  part?: boolean;
  /** Per concept of `analyzed`: each matching tool's best alternative. */
  bests: Array<Map<number, ConceptHit>>;
  /** The concepts that some tool matched. */
  total: number;
  /** What the request says as a whole (its objects some name states, the servers it names). */
  context: RankContext;
  ranked: Ranked[];
}

interface ConceptHit {
  score: number;
  sum: number;
  alternative: Alternative;
  fields: number;
  named: string[] | undefined;
  /** Some alternative that is the concept itself (not a related word) matched the tool's name. */
  names: boolean;
}

interface ScoreEntry {
  sum: number;
  matched: number;
  /** The request's objects (concepts that are not actions) found in the tool's name. */
  objects: number;
  /** Name stems matched (few: an array is cheaper than a set here). */
  named: string[];
  credited: string[];
}

/**
 * Every tool that matches an analysed request, best first (ties by qualified name). Only numbers are kept per tool:
 * the matches and reasons of the few tools returned are made afterwards (see result), which keeps a search over a
 * large catalog from allocating for every tool it touches.
 */
function rankAll(index: SearchIndex, analyzed: AnalyzedQuery, part = false): Ranking {
  // A concept no tool matches (a person's name, an argument) says nothing about which tool is meant: it is not counted.
  let total = 0;
  // The request's objects that some tool's name states: a tool whose name states them is about them.
  let objects = 0;
  const scores = new Map<number, ScoreEntry>();
  const bests: Array<Map<number, ConceptHit>> = [];

  for (const concept of analyzed.concepts) {
    const best = new Map<number, ConceptHit>();
    for (const alternative of concept.alternatives) {
      for (const [doc, hit] of alternativeScores(index, alternative)) {
        const score = hit.score * alternative.weight;
        const current = best.get(doc);
        // The name states the concept itself (the word or a synonym), not only a word related to it.
        const names = !!hit.named && alternative.source !== 'related';
        if (!current) best.set(doc, { score, sum: score, alternative, fields: hit.fields, named: hit.named, names });
        else {
          current.sum += score;
          current.names ||= names;
          if (hit.named) current.named = current.named ? [...current.named, ...hit.named] : hit.named;
          if (score > current.score) Object.assign(current, { score, alternative, fields: hit.fields });
        }
      }
    }
    bests.push(best);
    if (best.size) total++;
    if (concept.object && [...best.values()].some((hit) => hit.names)) objects++;
    for (const [doc, hit] of best) {
      let entry = scores.get(doc);
      if (!entry) scores.set(doc, (entry = { sum: 0, matched: 0, objects: 0, named: [], credited: [] }));
      if (concept.object && hit.names) entry.objects++;
      if (hit.named) for (const term of hit.named) if (!entry.named.includes(term)) entry.named.push(term);
      // Two words of the request found as the same word of the tool (show → get, open → get) are one piece of evidence.
      const credited = entry.credited;
      const repeat = credited.length && hit.alternative.stems.every((stem) => credited.includes(stem)) ? REPEAT_SHARE : 1;
      for (const stem of hit.alternative.stems) if (!credited.includes(stem)) credited.push(stem);
      entry.sum += repeat * (hit.score + TIE_BREAKER * (hit.sum - hit.score));
      entry.matched++;
    }
  }

  const context: RankContext = { objects, named: namedServers(analyzed, index) };
  const ranking: Ranking = { analyzed, bests, total, context, ranked: [], ...(part ? { part } : {}) };
  for (const [doc, entry] of scores) {
    const factor = factorOf(analyzed, index, doc, entry, context);
    ranking.ranked.push({ doc, score: entry.sum * (entry.matched / Math.max(1, total)) * factor, entry, from: ranking });
  }
  ranking.ranked.sort((a, b) => b.score - a.score || compare(index.tools[a.doc]!.qualifiedName, index.tools[b.doc]!.qualifiedName) || a.doc - b.doc);
  return ranking;
}

/**
 * The parts of a compound request ("X and Y", "X, then Y"), analysed: only when every part asks for an action of
 * its own and names something to act on (two concepts or more), so "search and replace" or "Ana and Bob" stay whole.
 */
function compoundParts(text: string): AnalyzedQuery[] | undefined {
  const pieces = text
    .split(/\s*(?:[,;]\s*(?:and\s+|then\s+)?|\s(?:and then|and also|and|then|after that)\s)\s*/i)
    .map((piece) => piece.trim())
    .filter(Boolean);
  if (pieces.length < 2 || pieces.length > MAX_PARTS) return undefined;
  const parts = pieces.map(analyzeQuery);
  // A phrase of two words or more ("open … page") names an action and its object by itself.
  const object = (part: AnalyzedQuery): boolean => part.concepts.length >= 2 || part.concepts.some((concept) => concept.text.includes(' '));
  return parts.every((part) => part.actions.length && object(part)) ? parts : undefined;
}

const MAX_PARTS = 4;

/** The rankings' entries in turn (first of each, then second of each…), each tool once; then the rest of `fill`. */
function interleave(rankings: Ranked[][], fill: Ranked[]): Ranked[] {
  const out: Ranked[] = [];
  const seen = new Set<number>();
  const depth = Math.max(...rankings.map((ranking) => ranking.length));
  for (let position = 0; position < depth; position++) {
    for (const ranking of rankings) {
      const hit = ranking[position];
      if (hit && !seen.has(hit.doc)) {
        seen.add(hit.doc);
        out.push(hit);
      }
    }
  }
  for (const hit of fill) if (!seen.has(hit.doc)) out.push(hit);
  return out;
}

function result(
  index: SearchIndex,
  doc: number,
  score: number,
  hit: Ranked | undefined,
  total: number,
  rank: number,
  route?: { name: string; index: number },
): SearchResult {
  const tool = index.tools[doc]!;
  const from = hit?.from;
  const matches: SearchMatch[] = [];
  from?.bests.forEach((best, position) => {
    const found = best.get(doc);
    if (!found) return;
    const concept = from.analyzed.concepts[position]!;
    matches.push({
      query: concept.text,
      term: found.alternative.text,
      source: found.alternative.source,
      ...(found.alternative.concept ? { concept: found.alternative.concept } : {}),
      fields: fieldNames(found.fields),
    });
  });
  const why = hit && from ? factors(from.analyzed, index, doc, hit.entry, from.context) : undefined;
  return {
    rank,
    qualifiedName: tool.qualifiedName,
    server: tool.server,
    name: tool.name,
    score: Math.round(score * 10_000) / 10_000,
    coverage: { matched: hit?.entry.matched ?? 0, total: from?.total ?? total },
    ...(from?.part ? { part: from.analyzed.text } : {}),
    matches,
    ...(why && shaped(why) ? { why } : {}),
    ...(route ? { route } : {}),
    tool,
  };
}

/** BM25F score of each tool for one alternative: the mean over its stems (a phrase counts fully only when whole). */
function alternativeScores(
  index: SearchIndex,
  alternative: Alternative,
): Map<number, { score: number; fields: number; named: string[] | undefined; stems: number }> {
  const out = new Map<number, { score: number; fields: number; named: string[] | undefined; stems: number }>();
  const share = 1 / alternative.stems.length;
  // The request's own words count in every field; a lexicon term only where the tool says what it does.
  const strongOnly = alternative.source === 'lexicon' || alternative.source === 'related';
  const stems = [...new Set(alternative.stems)];
  for (const term of stems) {
    const postings = index.postings.get(term);
    if (!postings) continue;
    const idf = index.idf.get(term) ?? 0;
    for (const posting of postings) {
      const frequency = strongOnly ? (posting.strong ?? posting.frequency) : posting.frequency;
      if (!frequency) continue;
      const fields = strongOnly ? posting.fields & STRONG_MASK : posting.fields;
      const score = share * idf * (frequency / (K1 + frequency));
      const current = out.get(posting.doc);
      const named = fields & NAME_MASK ? term : undefined;
      if (current) {
        current.score += score;
        current.fields |= fields;
        if (named) (current.named ??= []).push(named);
        current.stems++;
      } else out.set(posting.doc, { score, fields, named: named ? [named] : undefined, stems: 1 });
    }
  }
  // A lexicon phrase ("get rid of", "write down") means something only whole: a tool with one of its words has not matched it.
  if (strongOnly && stems.length > 1) {
    for (const [doc, hit] of out) if (hit.stems < stems.length) out.delete(doc);
  }
  return out;
}

const compare = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

const NAME_MASK = 1 << FIELDS.indexOf('name');
const STRONG_MASK = FIELDS.reduce((mask, field, bit) => (field === 'name' || field === 'title' || field === 'summary' ? mask | (1 << bit) : mask), 0);
