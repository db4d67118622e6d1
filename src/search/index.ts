/**
 * Tool search: rank a catalog's tools for a request written as a person writes it, with no network and no model.
 * Fielded BM25 (BM25F) over names split into words, titles, descriptions, parameters, the server's key and its
 * instructions; Porter stemming; a lexicon of what tool verbs and objects mean (lexicon.ts); configured routes first.
 * The request's action is matched to the action a tool's name states, and the share of the name it covers counts.
 * Pure: plain data in, plain data out — the CLI's `mcpns search` and the gateway's router call the same two functions.
 * Optional: searchWithEmbeddings (embeddings.ts) fuses that ranking with an embeddings endpoint's (network, cache).
 */
export {
  buildSearchIndex,
  FIELDS,
  FIELD_WEIGHTS,
  type BuildOptions,
  type SearchableServer,
  type SearchableTool,
  type SearchField,
  type SearchIndex,
} from './build.js';
export {
  foundByMeaningAlone,
  matchesWords,
  moreMatched,
  search,
  type RouteHit,
  type SearchMatch,
  type SearchOptions,
  type SearchResponse,
  type SearchResult,
} from './rank.js';
export { type SearchWhy } from './factors.js';
export { DEFAULT_LIMIT, MAX_LIMIT, MAX_QUERY_CHARS, SearchQueryError, analyzeQuery, cleanQuery } from './query.js';
export {
  EMBEDDINGS_KEY_ENV,
  EMBEDDINGS_PLAIN_HTTP,
  embeddingsCacheDirectory,
  embeddingsEndpoint,
  LEXICAL_WEIGHT,
  plainHttpWarning,
  RRF_K,
  searchWithEmbeddings,
  semanticSearcher,
  toolEmbeddingText,
  type EmbeddingsOptions,
  type SemanticReport,
  type SemanticSearcher,
  type SemanticSearchOptions,
} from './embeddings.js';
export { LEXICON, type LexiconGroup } from './lexicon.js';
export { stem } from './stemmer.js';
export { terms, words } from './tokenize.js';
