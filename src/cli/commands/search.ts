import type { Command } from '@commander-js/extra-typings';
import type { Catalog } from '../../catalog/types.js';
import { resolveSettings } from '../../call/resolve-settings.js';
import { EXIT } from '../../exit-codes.js';
import { searchRouting } from '../../route/index.js';
import { UsageError } from '../../errors.js';
import {
  buildSearchIndex,
  cleanQuery,
  DEFAULT_LIMIT,
  EMBEDDINGS_KEY_ENV,
  EMBEDDINGS_PLAIN_HTTP,
  embeddingsCacheDirectory,
  embeddingsEndpoint,
  MAX_LIMIT,
  MAX_QUERY_CHARS,
  moreMatched,
  plainHttpWarning,
  search,
  searchWithEmbeddings,
  type EmbeddingsOptions,
  type SearchMatch,
  type SearchResponse,
  type SearchWhy,
  type SemanticReport,
} from '../../search/index.js';
import { stateDirectory } from '../../util/state-dir.js';
import { terminalSafe } from '../../util/terminal-safe.js';
import { defineAction, type CommandHost } from '../services/command.js';
import { withDiscoveryOptions } from '../options/discovery-options.js';
import { withOutputOptions } from '../options/output-options.js';
import { positiveInteger } from '../options/parsers.js';
import { withSourceOptions } from '../options/source-options.js';
import { makeChalk } from '../services/render-table.js';
import { obtainCatalog } from '../services/catalog.js';
import { loadConfigurationFor } from '../services/configuration.js';

export const SEARCH_SCHEMA_VERSION = 1;

export function registerSearch(program: Command, host: CommandHost): void {
  const base = program
    .command('search')
    .description("rank the catalog's tools for a request as a person would write it: what a model would find through the router")
    .argument('<request...>', 'the request (quote it, or pass the words)')
    .option('--limit <n>', `how many tools to show (1–${MAX_LIMIT}, default ${DEFAULT_LIMIT})`, positiveInteger)
    .option('--embeddings-url <url>', 'also re-rank by meaning through this OpenAI-compatible embeddings endpoint (…/v1/embeddings)')
    .option('--embeddings-model <name>', 'the embeddings model (required with --embeddings-url)')
    .option('--embeddings-timeout <ms>', 'bound on each embeddings request (default 10000)', positiveInteger)
    .addHelpText(
      'after',
      `
Examples:
  mcpns search "remember that the staging database is on port 5433"
  mcpns search "open a PR for my branch" --catalog catalog.json --limit 3
  mcpns search "take a screenshot of the page" --json

No network and no model: tool names split into words, stemming, fielded BM25 and a lexicon of what tool verbs and
objects mean (docs/search.md). A configured route that fires puts its tools first. Hidden tools are never shown.
With --embeddings-url the ranking is fused with cosine similarity from that endpoint (${EMBEDDINGS_KEY_ENV} is sent
as the bearer token; vectors are cached in the state directory); if the endpoint fails, the ranking stays lexical.
The request is at most ${MAX_QUERY_CHARS} characters; --limit above ${MAX_LIMIT} shows ${MAX_LIMIT}.
Exit codes: 0 at least one tool found · 1 no tool matches the request · 2 usage/config error (an empty request too).`,
    );
  const command = withOutputOptions(withDiscoveryOptions(withSourceOptions(base), { hasPositionals: true }));

  defineAction(command, host, async (runtime, options, words) => {
    // A request that cannot be searched is refused before any server starts.
    const request = cleanQuery(words.join(' '));
    const embeddings = embeddingsOptions(options, runtime.io);
    // As serve --router does: whatever is printed (an endpoint's error, a verbose line) never shows the key.
    if (embeddings?.apiKey) runtime.console.addSecrets([embeddings.apiKey]);
    const plain = embeddings && plainHttpWarning(embeddings.url, embeddings.apiKey !== undefined);
    if (plain) runtime.console.warn(plain, { code: EMBEDDINGS_PLAIN_HTTP });
    const config = await loadConfigurationFor(runtime, options);
    const { catalog } = await obtainCatalog(runtime, { settings: options, config });
    const index = buildSearchIndex(catalog.tools, { servers: searchServers(catalog) });
    const routing = searchRouting(request, config?.routes ?? [], catalog, resolveSettings({ profile: options.profile }, config));
    for (const problem of routing.problems) runtime.console.warn(problem, { code: 'ROUTE_TARGET_UNRESOLVED' });
    const searchOptions = { ...(options.limit !== undefined ? { limit: options.limit } : {}), routes: routing.hits };
    const response: SearchResponse & { semantic?: SemanticReport } = embeddings
      ? await searchWithEmbeddings(index, request, {
          ...searchOptions,
          embeddings,
          onWarning: (message) => runtime.console.warn(message, { code: 'SEARCH_EMBEDDINGS_FAILED' }),
        })
      : search(index, request, searchOptions);
    if (runtime.console.json)
      runtime.console.out(JSON.stringify(searchDocument(response, catalog.tools.filter((tool) => !tool.hidden).length), null, 2) + '\n');
    else runtime.console.out(renderSearch(response, runtime.console.color));
    return response.results.length ? EXIT.OK : EXIT.FINDINGS;
  });
}

/** The embeddings options from the flags, or undefined without --embeddings-url; a usage error for a bad pair. */
function embeddingsOptions(
  options: { embeddingsUrl?: string; embeddingsModel?: string; embeddingsTimeout?: number },
  io: { env: Record<string, string | undefined>; home: string },
): EmbeddingsOptions | undefined {
  if (!options.embeddingsUrl) {
    if (options.embeddingsModel) throw new UsageError('--embeddings-model needs --embeddings-url');
    return undefined;
  }
  if (!options.embeddingsModel) throw new UsageError('--embeddings-url needs --embeddings-model (the model the endpoint should use)');
  try {
    embeddingsEndpoint(options.embeddingsUrl);
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  return {
    url: options.embeddingsUrl,
    model: options.embeddingsModel,
    apiKey: io.env[EMBEDDINGS_KEY_ENV] || undefined,
    cacheDirectory: embeddingsCacheDirectory(stateDirectory({ env: io.env, home: io.home })),
    ...(options.embeddingsTimeout ? { timeoutMs: options.embeddingsTimeout } : {}),
  };
}

/** The servers' keys, titles and instructions: searched with their tools. */
function searchServers(catalog: Catalog): Array<{ name: string; title?: string; instructions?: string }> {
  return catalog.servers.map((server) => ({
    name: server.name,
    ...(typeof server.serverInfo?.title === 'string' ? { title: server.serverInfo.title } : {}),
    ...(server.instructions ? { instructions: server.instructions } : {}),
  }));
}

/**
 * The `search --json` document (schemaVersion 1): the request as searched, its concepts, how many tools were searched
 * and matched, and the results with their score, coverage, why (matches) and the route that put them first.
 */
export function searchDocument(response: SearchResponse & { semantic?: SemanticReport }, searched: number): Record<string, unknown> {
  return {
    schemaVersion: SEARCH_SCHEMA_VERSION,
    query: response.query,
    concepts: response.concepts,
    limit: response.limit,
    searched,
    matched: response.matched,
    ...(response.byMeaning !== undefined ? { byMeaning: response.byMeaning } : {}),
    ...(response.actions?.length ? { actions: response.actions } : {}),
    ...(response.semantic ? { semantic: response.semantic } : {}),
    results: response.results.map((result) => ({
      rank: result.rank,
      qualifiedName: result.qualifiedName,
      server: result.server,
      name: result.name,
      ...(result.tool.title ? { title: result.tool.title } : {}),
      ...(result.tool.description !== undefined ? { description: result.tool.description } : {}),
      score: result.score,
      coverage: result.coverage,
      ...(result.part ? { part: result.part } : {}),
      ...(result.route ? { route: result.route } : {}),
      ...(result.why ? { why: result.why } : {}),
      ...(result.lexical ? { lexical: result.lexical } : {}),
      ...(result.semantic ? { semantic: result.semantic } : {}),
      matches: result.matches,
    })),
  };
}

const safe = (text: string): string => terminalSafe(text);

/** One line of why: "ticket → issue (lexicon: issue) in name, description". */
export function describeMatch(match: SearchMatch): string {
  const via =
    match.source === 'word'
      ? safe(match.query)
      : match.source === 'hint'
        ? `${safe(match.query)} (from the request's shape)`
        : `${safe(match.query)} → ${safe(match.term)} (${match.source === 'lexicon' ? 'lexicon' : 'related'}: ${safe(match.concept ?? '')})`;
  return `${via} in ${match.fields.join(', ')}`;
}

/** The verb/object factors in words: "asks to delete, the name says delete (×1.3); name words covered 2/2 (×1.5)". */
export function describeShape(why: SearchWhy): string {
  const parts: string[] = [];
  if (why.action.factor !== 1) parts.push(`asks to ${why.action.requested.join('/')}, the name says ${why.action.performed.join('/')} (×${why.action.factor})`);
  if (why.name.factor !== 1) parts.push(`name words covered ${why.name.covered}/${why.name.total} (×${Math.round(why.name.factor * 100) / 100})`);
  if (why.plural) parts.push(`plural in the request and the name (×${why.plural.factor})`);
  return parts.join('; ');
}

export function renderSearch(response: SearchResponse & { semantic?: SemanticReport }, color: boolean): string {
  const chalk = makeChalk(color);
  if (!response.results.length) return `no tool matches ${safe(JSON.stringify(response.query))}\n`;
  let text = '';
  for (const result of response.results) {
    const summary = (result.tool.description ?? '').replace(/\s+/g, ' ').trim();
    const short = summary.length > 100 ? `${summary.slice(0, 99)}…` : summary;
    text += `${String(result.rank).padStart(2)}. ${chalk.cyan(safe(result.qualifiedName))}  ${chalk.dim(`score ${result.score}, ${result.coverage.matched}/${result.coverage.total} of ${result.part ? safe(JSON.stringify(result.part)) : 'the request'}`)}\n`;
    if (short) text += `    ${safe(short)}\n`;
    if (result.route) text += `    ${chalk.green('route')} ${safe(JSON.stringify(result.route.name))} (routes[${result.route.index}]) fired\n`;
    for (const match of result.matches) text += `    ${chalk.dim('why')} ${describeMatch(match)}\n`;
    if (result.why) text += `    ${chalk.dim('why')} ${describeShape(result.why)}\n`;
    if (result.semantic)
      text += `    ${chalk.dim('why')} meaning: #${result.semantic.rank} by similarity (${result.semantic.similarity})${result.lexical ? `, #${result.lexical.rank} by words` : ', no word matched'}\n`;
  }
  // Counts of what matched the request's words; the tools found by meaning alone are counted apart (never as "matched").
  const more = moreMatched(response);
  if (response.semantic?.used) {
    text += `\nre-ranked by meaning with ${safe(response.semantic.model)} (${response.semantic.cached} tool vectors cached, ${response.semantic.embedded} embedded)\n`;
    const alone = response.byMeaning ?? 0;
    if (alone) text += `${alone} of the tools shown share${alone === 1 ? 's' : ''} no word with the request: found by meaning alone\n`;
  }
  // At the largest limit there is no larger one to suggest.
  const larger = response.limit < MAX_LIMIT ? ` (--limit ${Math.min(MAX_LIMIT, response.limit + 5)} shows more)` : '';
  if (more > 0) text += `\n${more} more tool${more === 1 ? '' : 's'} match${more === 1 ? 'es' : ''} the request's words${larger}\n`;
  return text;
}
