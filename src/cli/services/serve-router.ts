import { resolveSettings } from '../../call/resolve-settings.js';
import type { LoadedConfig } from '../../config/loaded.js';
import type { ServerSpec } from '../../config/model.js';
import type { Gateway } from '../../gateway/engine.js';
import { routerMode, type RouterMode } from '../../gateway/router/index.js';
import { terminalSafe } from '../../util/terminal-safe.js';
import type { Runtime } from './command.js';

/**
 * `serve --router`: the router over the selected servers, with the config's pins (`router.pin`) and routes. The search
 * tool's description names the configured servers, so the listing does not change as they start and fail.
 */
export function routerFor(config: LoadedConfig, servers: readonly ServerSpec[], profile: string | undefined): RouterMode {
  return routerMode({
    pin: config.routerPins ?? [],
    routes: config.routes,
    resolve: resolveSettings({ profile }, config),
    servers: servers.map((server) => server.name),
  });
}

/** The router section of `serve --router --dry-run`: as data (under --json) and as text. */
export function routerDryRun(mode: RouterMode, gateway: Gateway): { document: Record<string, unknown>; text: string } {
  const document = routerListingDocument(mode, gateway);
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
  for (const problem of document['problems'] as string[]) text += `  warning: ${terminalSafe(problem)}\n`;
  return text;
}

/** Router problems (a pin that matches nothing, a route target that does not resolve) as warnings, once at start. */
export function reportRouterProblems(runtime: Runtime, mode: RouterMode): void {
  for (const problem of mode.router.listing().problems) runtime.console.warn(`router: ${terminalSafe(problem)}`, { event: 'router-problem' });
}
