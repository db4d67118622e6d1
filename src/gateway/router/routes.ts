import type { ResolveOptions } from '../../call/index.js';
import { resolveToolName } from '../../call/index.js';
import { CATALOG_SCHEMA_VERSION, type Catalog } from '../../catalog/types.js';
import type { Route } from '../../config/schema.js';
import { McpnsError } from '../../errors.js';
import { routeCalls, searchRouting } from '../../route/index.js';
import type { RouteHit } from '../../search/index.js';
import type { ExposedTool } from './host.js';

/**
 * Configured routes (`routes` in mcpns.config.json, `mcpns route`) seen from the router: their targets are pinned in
 * the listing, and a route that fires for a search answers first (Bamboo's deterministic fast path before ranking).
 * A route names tools as `mcpns call` accepts them (server/tool, a name in the active style, a unique short name);
 * they are resolved against the exposed tools only, so a route can never reveal a tool the profile hides.
 */
export class RouteView {
  private built: { catalog: Catalog; exposedName: Map<string, string> } | undefined;

  constructor(
    private readonly routes: readonly Route[],
    private readonly tools: Iterable<ExposedTool>,
    private readonly resolve: ResolveOptions,
  ) {}

  /** The exposed tools as a catalog, and `server\0tool` → the gateway's name (built once, only when there are routes). */
  private get view(): { catalog: Catalog; exposedName: Map<string, string> } {
    if (this.built) return this.built;
    const list = [...this.tools];
    const exposedName = new Map(list.map((each) => [`${each.server}\0${each.tool}`, String(each.definition['name'])]));
    this.built = { catalog: exposedCatalog(list), exposedName };
    return this.built;
  }

  /** The gateway names of every route's targets (those that resolve), in route order. */
  targets(): { names: string[]; problems: string[] } {
    const names: string[] = [];
    const problems: string[] = [];
    for (const route of this.routes) {
      for (const call of routeCalls(route)) {
        const name = this.resolveName(call.tool);
        if (typeof name === 'string') {
          if (!names.includes(name)) names.push(name);
        } else problems.push(`route "${route.name}" calls "${call.tool}": ${name.problem}`);
      }
    }
    return { names, problems };
  }

  /** The route that fires for a request, its targets under their gateway names (for `search(…, { routes })`). */
  hits(request: string): RouteHit[] {
    if (!this.routes.length) return [];
    const { catalog, exposedName } = this.view;
    const routing = searchRouting(request, this.routes, catalog, this.resolve);
    return routing.hits.map((hit) => ({
      ...hit,
      qualifiedNames: hit.qualifiedNames.flatMap((qualified) => {
        const tool = catalog.tools.find((each) => each.qualifiedName === qualified);
        const name = tool ? exposedName.get(`${tool.server}\0${tool.name}`) : undefined;
        return name === undefined ? [] : [name];
      }),
    }));
  }

  private resolveName(input: string): string | { problem: string } {
    try {
      const { catalog, exposedName } = this.view;
      const resolution = resolveToolName(input, catalog, this.resolve);
      const name = exposedName.get(`${resolution.server}\0${resolution.tool}`);
      return name ?? { problem: 'not exposed' };
    } catch (error) {
      if (!(error instanceof McpnsError)) throw error;
      return { problem: error.message };
    }
  }
}

/** The exposed tools as a catalog (qualified `server/tool`), for the resolver `mcpns call` and `mcpns route` use. */
function exposedCatalog(tools: readonly ExposedTool[]): Catalog {
  const counts = new Map<string, number>();
  for (const tool of tools) counts.set(tool.server, (counts.get(tool.server) ?? 0) + 1);
  return {
    schemaVersion: CATALOG_SCHEMA_VERSION,
    generatedAt: new Date(0).toISOString(),
    style: 'slash',
    servers: [...counts.keys()].sort().map((name) => ({ name, transport: 'gateway', status: 'ok' as const, toolCount: counts.get(name)! })),
    tools: tools
      .map((tool) => ({
        server: tool.server,
        name: tool.tool,
        qualifiedName: `${tool.server}/${tool.tool}`,
        inputSchema: (tool.definition['inputSchema'] as Record<string, unknown> | undefined) ?? { type: 'object' },
      }))
      .sort((a, b) => (a.qualifiedName < b.qualifiedName ? -1 : a.qualifiedName > b.qualifiedName ? 1 : 0)),
  };
}
