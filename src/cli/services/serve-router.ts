import { resolveSettings } from '../../call/resolve-settings.js';
import type { LoadedConfig } from '../../config/loaded.js';
import type { ServerSpec } from '../../config/model.js';
import type { Gateway } from '../../gateway/engine.js';
import { routerMode, type Rerank, type RouterMode } from '../../gateway/router/index.js';
import {
  EMBEDDINGS_KEY_ENV,
  EMBEDDINGS_PLAIN_HTTP,
  embeddingsCacheDirectory,
  embeddingsEndpoint,
  plainHttpWarning,
  semanticSearcher,
} from '../../search/index.js';
import { UsageError } from '../../errors.js';
import { stateDirectory } from '../../util/state-dir.js';
import { terminalSafe } from '../../util/terminal-safe.js';
import type { Runtime } from './command.js';

/**
 * `serve --router`: the router over the selected servers, with the config's pins (`router.pin`), routes and semantic
 * re-ranking (`router.embeddings`). The search tool's description names the configured servers, so the listing does
 * not change as they start and fail.
 */
export function routerFor(config: LoadedConfig, servers: readonly ServerSpec[], profile: string | undefined, runtime: Runtime): RouterMode {
  const rerank = config.routerEmbeddings ? embeddingsRerank(config.routerEmbeddings, runtime.io, runtime.console) : undefined;
  return routerMode({
    pin: config.routerPins ?? [],
    routes: config.routes,
    resolve: resolveSettings({ profile }, config),
    servers: servers.map((server) => server.name),
    ...(rerank ? { rerank } : {}),
  });
}

const DEFAULT_EMBEDDINGS_TIMEOUT_MS = 10_000;
/** After a failure the endpoint is left alone this long: searches answer lexically at once instead of waiting again. */
const EMBEDDINGS_RETRY_MS = 30_000;

/**
 * The router's re-ranking through the configured endpoint. One searcher for the gateway's life (tool vectors are
 * embedded on the first search and kept, in memory and in the state directory). The wait in one search is bounded by
 * `timeoutMs`: past it the answer is lexical while the tool vectors go on being fetched for the next search. A
 * failure is reported once (SEARCH_EMBEDDINGS_FAILED on stderr; again only after the endpoint has worked since), and
 * for a while after it searches do not wait on the endpoint.
 */
export function embeddingsRerank(
  settings: NonNullable<LoadedConfig['routerEmbeddings']>,
  io: { env: Record<string, string | undefined>; home: string },
  out: Pick<Runtime['console'], 'warn' | 'addSecrets'>,
): Rerank {
  try {
    embeddingsEndpoint(settings.url);
  } catch (error) {
    throw new UsageError(`router.embeddings.url: ${error instanceof Error ? error.message : String(error)}`);
  }
  const timeoutMs = settings.timeoutMs ?? DEFAULT_EMBEDDINGS_TIMEOUT_MS;
  const apiKey = io.env[EMBEDDINGS_KEY_ENV] || undefined;
  if (apiKey) out.addSecrets([apiKey]);
  // The project's config names the URL; the key is the user's. Said at start, before anything is sent.
  const plain = plainHttpWarning(settings.url, apiKey !== undefined);
  if (plain) out.warn(`router: ${EMBEDDINGS_PLAIN_HTTP}: ${plain}`, { code: EMBEDDINGS_PLAIN_HTTP });
  const searcher = semanticSearcher({
    url: settings.url,
    model: settings.model,
    apiKey,
    timeoutMs,
    cacheDirectory: embeddingsCacheDirectory(stateDirectory({ env: io.env, home: io.home })),
  });
  let failedAt: number | undefined;
  let reported = false;
  const failed = (message: string): void => {
    failedAt = Date.now();
    if (reported) return;
    reported = true;
    // Named in the text too: a gateway's stderr is read as text (a client's log), not as --json.
    out.warn(`router: SEARCH_EMBEDDINGS_FAILED: ${message} (said once, until the endpoint works again)`, { code: 'SEARCH_EMBEDDINGS_FAILED' });
  };
  return async (index, query, options) => {
    if (failedAt !== undefined && Date.now() - failedAt < EMBEDDINGS_RETRY_MS) return undefined;
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<undefined>((resolve) => (timer = setTimeout(() => resolve(undefined), timeoutMs)));
    // Never rejects: a late failure (after the bound) must not become an unhandled rejection.
    const searching = searcher(index, query, { ...options, onWarning: failed }).catch(() => undefined);
    try {
      const response = await Promise.race([searching, late]);
      if (!response?.semantic.used) return undefined;
      failedAt = undefined;
      reported = false;
      return response;
    } finally {
      clearTimeout(timer);
    }
  };
}

/** The embeddings settings as `serve --router --dry-run` shows them: the endpoint without credentials, never the key. */
function embeddingsDocument(config: LoadedConfig, env: Record<string, string | undefined>): Record<string, unknown> {
  const settings = config.routerEmbeddings;
  if (!settings) return { configured: false };
  let where = '';
  try {
    const url = new URL(embeddingsEndpoint(settings.url));
    where = `${url.protocol}//${url.host}${url.pathname}`;
  } catch {
    // Refused at start: routerFor already said why.
  }
  return {
    configured: true,
    url: where,
    model: settings.model,
    timeoutMs: settings.timeoutMs ?? DEFAULT_EMBEDDINGS_TIMEOUT_MS,
    apiKey: env[EMBEDDINGS_KEY_ENV] ? `set (${EMBEDDINGS_KEY_ENV})` : 'none',
  };
}

/** The router section of `serve --router --dry-run`: as data (under --json) and as text. */
export function routerDryRun(mode: RouterMode, gateway: Gateway, config: LoadedConfig, runtime: Runtime): { document: Record<string, unknown>; text: string } {
  const document = { ...routerListingDocument(mode, gateway), embeddings: embeddingsDocument(config, runtime.io.env) };
  return { document, text: renderRouterListing(document) };
}

/** What a client is shown in router mode against the whole listing, as data (`serve --router --dry-run --json`). */
function routerListingDocument(mode: RouterMode, gateway: Gateway): Record<string, unknown> {
  const listing = mode.router.listing();
  const upstream = gateway.exposure.tools.filter((tool) => gateway.exposure.toolRoutes.has(String(tool['name'])));
  const chars = JSON.stringify({ tools: listing.tools }).length;
  const fullChars = JSON.stringify({ tools: upstream }).length;
  return {
    tools: listing.tools.map((tool) => tool['name']),
    pinned: listing.pinned,
    searchable: listing.searchable,
    listing: { chars, fullChars, share: fullChars ? Math.round((chars / fullChars) * 10_000) / 10_000 : 0 },
    problems: listing.problems,
  };
}

/** The router section of `serve --router --dry-run`: what tools/list shows, what search reaches, the sizes. */
function renderRouterListing(document: Record<string, unknown>): string {
  const tools = document['tools'] as string[];
  const pinned = document['pinned'] as Array<{ name: string; by: string }>;
  const { chars, fullChars, share } = document['listing'] as { chars: number; fullChars: number; share: number };
  const tokens = (count: number): string => `≈${Math.round(count / 4).toLocaleString('en-US')} tokens`;
  let text = `\nrouter mode: tools/list shows ${tools.length} tools: ${tools.map((name) => terminalSafe(name)).join(', ')}\n`;
  for (const pin of pinned) text += `  pinned ${terminalSafe(pin.name)} (${terminalSafe(pin.by)})\n`;
  text += `  ${String(document['searchable'])} more tools are reached through search_tools\n`;
  text += `  listing ${chars.toLocaleString('en-US')} chars (${tokens(chars)}) instead of ${fullChars.toLocaleString('en-US')} chars (${tokens(fullChars)}): ${(share * 100).toFixed(1)}%\n`;
  const embeddings = document['embeddings'] as { configured: boolean; url?: string; model?: string };
  if (embeddings.configured) text += `  search re-ranked by meaning: ${terminalSafe(embeddings.model ?? '')} at ${terminalSafe(embeddings.url ?? '')}\n`;
  for (const problem of document['problems'] as string[]) text += `  warning: ${terminalSafe(problem)}\n`;
  return text;
}

/** Router problems (a pin that matches nothing, a route target that does not resolve) as warnings, once at start. */
export function reportRouterProblems(runtime: Runtime, mode: RouterMode): void {
  for (const problem of mode.router.listing().problems) runtime.console.warn(`router: ${terminalSafe(problem)}`, { event: 'router-problem' });
}
