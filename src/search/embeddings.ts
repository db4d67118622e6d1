import { createHash } from 'node:crypto';
import { join } from 'node:path';
import type { SearchIndex, SearchableTool } from './build.js';
import { isLoopback } from '../util/loopback.js';
import { EmbeddingCache } from './embedding-cache.js';
import { boundLimit, MAX_LIMIT } from './query.js';
import { foundByMeaningAlone, search, type SearchOptions, type SearchResponse, type SearchResult } from './rank.js';

/**
 * Optional semantic re-ranking: tool texts and the request are embedded by an OpenAI-compatible endpoint the user
 * names (POST /v1/embeddings: OpenAI, a local Ollama, LM Studio, vLLM…), and the cosine ranking is fused with the
 * lexical one (reciprocal rank fusion). Tool vectors are cached per model and tool text in the state directory, so a
 * catalog is embedded once. Any failure (unreachable, slow, malformed answer) leaves the lexical ranking as it is
 * and says why through `onWarning`: search never depends on the endpoint.
 */
export interface EmbeddingsOptions {
  /** The endpoint: `…/v1/embeddings`, or a base URL (`http://127.0.0.1:11434`, `…/v1`) it is derived from. */
  url: string;
  model: string;
  /** Sent as `Authorization: Bearer …`; never printed, never cached. */
  apiKey?: string | undefined;
  /** Bound on each HTTP request (default 10 s). */
  timeoutMs?: number | undefined;
  /** Where vectors are cached (see embeddingsCacheDirectory); none: nothing is cached. */
  cacheDirectory?: string | undefined;
  /** Texts per request (default 64). */
  batchSize?: number | undefined;
  /** For tests: the fetch to use. */
  fetch?: typeof globalThis.fetch;
}

export interface SemanticSearchOptions extends SearchOptions {
  embeddings: EmbeddingsOptions;
  /** Told why semantic re-ranking was skipped (the CLI prints it on stderr; the router logs it). */
  onWarning?: (message: string) => void;
}

/** What semantic re-ranking did for one search (on the response as `semantic`). */
export interface SemanticReport {
  model: string;
  /** False when the endpoint failed and the ranking is the lexical one. */
  used: boolean;
  /** Tool vectors taken from the cache / asked of the endpoint. */
  cached: number;
  embedded: number;
  /** Why it was not used (no secret in it). */
  error?: string;
}

/** The environment variable whose value is sent as the endpoint's bearer token (`mcpns search`, the router); never printed. */
export const EMBEDDINGS_KEY_ENV = 'MCPNS_EMBEDDINGS_API_KEY';
/** Reciprocal rank fusion's constant (Cormack et al. 2009): 60 lets ranks deep in either list still count a little. */
export const RRF_K = 60;
/** The lexical ranking's weight in the fusion against the semantic one (1): it carries the lexicon and the routes. */
export const LEXICAL_WEIGHT = 1;
const DEFAULT_TIMEOUT_MS = 10_000;
const DEFAULT_BATCH = 64;
const MAX_TOOL_TEXT = 2_000;
const MAX_RESPONSE_BYTES = 64 * 1024 * 1024;
/** Vectors a searcher holds in memory (as many as the cache file keeps). */
const MAX_MEMORY = 20_000;

/** The cache directory under the state directory: `<state dir>/search/embeddings`. */
export function embeddingsCacheDirectory(stateDir: string): string {
  return join(stateDir, 'search', 'embeddings');
}

/** The text embedded for a tool: its name in words, title and description (bounded). */
export function toolEmbeddingText(tool: SearchableTool): string {
  const name = tool.name.replace(/[_\-./]+/g, ' ').replace(/([a-z])([A-Z])/g, '$1 $2');
  return [name, tool.title ?? tool.annotations?.title, tool.description].filter(Boolean).join('. ').slice(0, MAX_TOOL_TEXT);
}

/**
 * Search as `search` does, then re-rank with embeddings: the lexical ranking (every tool it matched) and the cosine
 * ranking of every tool are fused by reciprocal rank; a fired route's tools stay first. On any failure of the
 * endpoint the lexical response is returned with `semantic.used` false and a warning.
 */
export async function searchWithEmbeddings(
  index: SearchIndex,
  query: string,
  options: SemanticSearchOptions,
): Promise<SearchResponse & { semantic: SemanticReport }> {
  return semanticSearcher(options.embeddings)(index, query, options);
}

/** A search with embeddings, as `searchWithEmbeddings` does it; the options' `embeddings` is the searcher's own. */
export type SemanticSearcher = (
  index: SearchIndex,
  query: string,
  options: SearchOptions & { onWarning?: ((message: string) => void) | undefined },
) => Promise<SearchResponse & { semantic: SemanticReport }>;

/**
 * A searcher that keeps its client across searches (the router's): tool vectors read from the cache or asked of the
 * endpoint stay in memory, so a long-lived gateway embeds each tool text once and reads the cache file once; a tool
 * whose text changes (after a list_changed) is embedded alone.
 */
export function semanticSearcher(embeddings: EmbeddingsOptions): SemanticSearcher {
  const client = new EmbeddingsClient(embeddings);
  return async (index, query, options) => {
    const limit = boundLimit(options.limit);
    // Throws SearchQueryError for a bad request before any network.
    const lexical = search(index, query, { ...options, limit: MAX_LIMIT });
    const base = { ...lexical, limit, results: lexical.results.slice(0, limit) };
    const report: SemanticReport = { model: embeddings.model, used: false, cached: 0, embedded: 0 };
    if (!index.tools.length) return { ...base, semantic: report };
    let similarities: number[];
    try {
      const { vectors, cached, embedded } = await client.toolVectors(index.tools);
      Object.assign(report, { cached, embedded });
      const [queryVector] = await client.embed([lexical.query]);
      similarities = vectors.map((vector) => cosine(queryVector!, vector));
    } catch (error) {
      report.error = error instanceof Error ? error.message : String(error);
      options.onWarning?.(`semantic re-ranking skipped (${report.error}); the ranking is lexical`);
      return { ...base, semantic: report };
    }
    report.used = true;
    return { ...fuse(index, lexical, similarities, limit), semantic: report };
  };
}

/** Reciprocal rank fusion of the lexical results (all of them) and every tool's similarity; routes stay on top. */
function fuse(index: SearchIndex, lexical: SearchResponse, similarities: number[], limit: number): SearchResponse {
  const order = similarities.map((_, doc) => doc).sort((a, b) => similarities[b]! - similarities[a]! || a - b);
  const semanticRank = new Map(order.map((doc, rank) => [doc, rank + 1]));
  const routed = lexical.results.filter((result) => result.route);
  const lexicalRank = new Map(lexical.results.filter((result) => !result.route).map((result, rank) => [result.qualifiedName, { result, rank: rank + 1 }]));
  const candidates: Array<{ doc: number; fused: number; result: SearchResult | undefined }> = [];
  for (let doc = 0; doc < index.tools.length; doc++) {
    const name = index.tools[doc]!.qualifiedName;
    if (routed.some((result) => result.qualifiedName === name)) continue;
    const lexicalHit = lexicalRank.get(name);
    const fused = (lexicalHit ? LEXICAL_WEIGHT / (RRF_K + lexicalHit.rank) : 0) + 1 / (RRF_K + semanticRank.get(doc)!);
    candidates.push({ doc, fused, result: lexicalHit?.result });
  }
  candidates.sort((a, b) => b.fused - a.fused || compare(index.tools[a.doc]!.qualifiedName, index.tools[b.doc]!.qualifiedName));
  const results: SearchResult[] = routed.slice(0, limit).map((result, position) => ({ ...result, rank: position + 1 }));
  for (const candidate of candidates) {
    if (results.length >= limit) break;
    const tool = index.tools[candidate.doc]!;
    const semantic = { rank: semanticRank.get(candidate.doc)!, similarity: round(similarities[candidate.doc]!) };
    const lexicalPart = candidate.result ? { lexical: { rank: lexicalRank.get(tool.qualifiedName)!.rank, score: candidate.result.score } } : {};
    results.push({
      ...(candidate.result ?? {
        qualifiedName: tool.qualifiedName,
        server: tool.server,
        name: tool.name,
        coverage: { matched: 0, total: lexical.results[0]?.coverage.total ?? 0 },
        matches: [],
        tool,
      }),
      rank: results.length + 1,
      score: round(candidate.fused * 1000),
      ...lexicalPart,
      semantic,
    });
  }
  // Counted apart from `matched` (the tools that match the request's words), so no count says a word matched them.
  return { ...lexical, limit, results, byMeaning: results.filter(foundByMeaningAlone).length };
}

/** Talks to the endpoint, with the vector cache in front of it. */
class EmbeddingsClient {
  private readonly endpoint: string;
  private readonly cache: EmbeddingCache | undefined;
  /** Vectors already read or embedded, by text hash (bounded as the cache file is). */
  private readonly memory = new Map<string, Float32Array>();
  /** The tool embedding in flight: a search that begins meanwhile waits for it rather than asking for the same texts. */
  private pending: Promise<void> | undefined;

  constructor(private readonly options: EmbeddingsOptions) {
    this.endpoint = embeddingsEndpoint(options.url);
    this.cache = options.cacheDirectory ? new EmbeddingCache(options.cacheDirectory, options.model) : undefined;
  }

  async toolVectors(tools: readonly SearchableTool[]): Promise<{ vectors: Float32Array[]; cached: number; embedded: number }> {
    while (this.pending) await this.pending.catch(() => undefined);
    const texts = tools.map(toolEmbeddingText);
    const keys = texts.map((text) => createHash('sha256').update(text).digest('hex').slice(0, 32));
    const vectors: Array<Float32Array | undefined> = keys.map((key) => this.known(key));
    const missing = vectors.flatMap((vector, doc) => (vector ? [] : [doc]));
    if (missing.length) {
      const work = this.embedMissing(missing, texts, keys, vectors);
      this.pending = work;
      try {
        await work;
      } finally {
        if (this.pending === work) this.pending = undefined;
      }
    }
    const dimensions = new Set(vectors.map((vector) => vector!.length));
    if (dimensions.size > 1) throw new Error('the endpoint answered vectors of different sizes (was the model changed?)');
    return { vectors: vectors as Float32Array[], cached: tools.length - missing.length, embedded: missing.length };
  }

  private async embedMissing(missing: number[], texts: string[], keys: string[], vectors: Array<Float32Array | undefined>): Promise<void> {
    const batch = Math.max(1, this.options.batchSize ?? DEFAULT_BATCH);
    for (let start = 0; start < missing.length; start += batch) {
      const docs = missing.slice(start, start + batch);
      const answer = await this.embed(docs.map((doc) => texts[doc]!));
      docs.forEach((doc, i) => {
        vectors[doc] = answer[i]!;
        this.remember(keys[doc]!, answer[i]!);
        this.cache?.set(keys[doc]!, answer[i]!);
      });
    }
    this.cache?.save();
  }

  private known(key: string): Float32Array | undefined {
    const held = this.memory.get(key);
    if (held) return held;
    const stored = this.cache?.get(key);
    if (stored) this.remember(key, stored);
    return stored;
  }

  private remember(key: string, vector: Float32Array): void {
    if (this.memory.size >= MAX_MEMORY) this.memory.clear();
    this.memory.set(key, vector);
  }

  /** One POST: the vectors of `input`, in order; throws a message fit to print (status, never the key). */
  async embed(input: string[]): Promise<Float32Array[]> {
    const doFetch = this.options.fetch ?? globalThis.fetch;
    const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
    if (this.options.apiKey) headers['authorization'] = `Bearer ${this.options.apiKey}`;
    const timeout = this.options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    let response: Response;
    let text: string;
    try {
      response = await doFetch(this.endpoint, {
        method: 'POST',
        headers,
        body: JSON.stringify({ model: this.options.model, input }),
        signal: AbortSignal.timeout(timeout),
        redirect: 'error',
      });
      if (Number(response.headers.get('content-length') ?? 0) > MAX_RESPONSE_BYTES) throw new Error('the answer is too large');
      text = await response.text();
    } catch (error) {
      const name = error instanceof Error ? error.name : '';
      if (name === 'TimeoutError' || name === 'AbortError') throw new Error(`${this.where()} did not answer within ${timeout} ms`, { cause: error });
      throw new Error(`${this.where()} could not be reached (${error instanceof Error ? error.message : String(error)})`, { cause: error });
    }
    if (!response.ok) throw new Error(`${this.where()} answered HTTP ${response.status}`);
    return parseVectors(text, input.length, this.where());
  }

  /** The endpoint as it may be printed: scheme, host and path, no credentials or query. */
  private where(): string {
    const url = new URL(this.endpoint);
    return `${url.protocol}//${url.host}${url.pathname}`;
  }
}

/** The warning said when the endpoint is plain http to another machine (`plainHttpWarning`). */
export const EMBEDDINGS_PLAIN_HTTP = 'SEARCH_EMBEDDINGS_PLAIN_HTTP';

/**
 * What to warn of when the endpoint is plain http to a host other than this machine: the requests, the tool texts
 * and the key (when one is set) cross the network unencrypted. Undefined for https and for loopback (a local Ollama).
 */
export function plainHttpWarning(url: string, withKey: boolean): string | undefined {
  const parsed = new URL(embeddingsEndpoint(url));
  if (parsed.protocol !== 'http:' || isLoopback(parsed.hostname)) return undefined;
  const sent = withKey ? `${EMBEDDINGS_KEY_ENV} (as the bearer token), the requests and the tool texts` : 'the requests and the tool texts';
  return `the embeddings endpoint ${parsed.protocol}//${parsed.host} is plain http to another machine: ${sent} are sent unencrypted (use https)`;
}

/** `…/embeddings` as given; a base URL gets `/v1/embeddings` (or `/embeddings` after `/v1`). http and https only. */
export function embeddingsEndpoint(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new Error(`the embeddings URL ${JSON.stringify(url.slice(0, 200))} is not a URL`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new Error('the embeddings URL must be http or https');
  const path = parsed.pathname.replace(/\/+$/, '');
  if (!path.endsWith('/embeddings')) parsed.pathname = path.endsWith('/v1') ? `${path}/embeddings` : `${path}/v1/embeddings`;
  return parsed.toString();
}

function parseVectors(text: string, expected: number, where: string): Float32Array[] {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new Error(`${where} answered something that is not JSON`);
  }
  const data = (body as { data?: unknown } | null)?.data;
  if (!Array.isArray(data) || data.length !== expected)
    throw new Error(`${where} answered ${Array.isArray(data) ? data.length : 'no'} vectors for ${expected} texts`);
  const out: Float32Array[] = new Array<Float32Array>(expected);
  data.forEach((item: unknown, position) => {
    const entry = item as { embedding?: unknown; index?: unknown } | null;
    const slot = typeof entry?.index === 'number' && Number.isInteger(entry.index) ? entry.index : position;
    const embedding = entry?.embedding;
    if (slot < 0 || slot >= expected || out[slot] || !Array.isArray(embedding) || !embedding.length || embedding.length > 65_536)
      throw new Error(`${where} answered a malformed vector`);
    if (!embedding.every((value) => typeof value === 'number' && Number.isFinite(value))) throw new Error(`${where} answered a vector with non-numbers`);
    out[slot] = Float32Array.from(embedding as number[]);
  });
  const size = out[0]!.length;
  if (out.some((vector) => vector.length !== size)) throw new Error(`${where} answered vectors of different sizes`);
  return out;
}

function cosine(a: Float32Array, b: Float32Array): number {
  if (a.length !== b.length) throw new Error('the request and the tools were embedded with vectors of different sizes');
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    dot += a[i]! * b[i]!;
    na += a[i]! * a[i]!;
    nb += b[i]! * b[i]!;
  }
  return na && nb ? dot / Math.sqrt(na * nb) : 0;
}

const round = (value: number): number => Math.round(value * 10_000) / 10_000;
const compare = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
