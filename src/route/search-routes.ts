import type { Catalog } from '../catalog/types.js';
import { resolveToolName, type ResolveOptions } from '../call/index.js';
import { routeCalls } from '../config/route-definitions.js';
import type { Route } from '../config/schema.js';
import { McpnsError } from '../errors.js';
import type { RouteHit } from '../search/index.js';
import { tryRule } from './match.js';

/** The route that fired for a search request, ready for `search(…, { routes })`, and what could not be resolved. */
export interface SearchRouting {
  hits: RouteHit[];
  /** Tools a fired route names that the catalog cannot resolve (hidden, absent, ambiguous): left out, said once. */
  problems: string[];
}

/**
 * Bamboo's fast path before the ranking: routes are tried in order and the first that fires puts its tools first in
 * the search results. A tool it names that does not resolve is left out (search still answers) and reported.
 */
export function searchRouting(request: string, routes: readonly Route[], catalog: Catalog, resolve: ResolveOptions): SearchRouting {
  for (const [index, route] of routes.entries()) {
    if (!tryRule(route, index, request).fired) continue;
    const qualifiedNames: string[] = [];
    const problems: string[] = [];
    for (const call of routeCalls(route)) {
      try {
        const resolution = resolveToolName(call.tool, catalog, resolve);
        const tool = catalog.tools.find((each) => !each.hidden && each.server === resolution.server && each.name === resolution.tool);
        if (tool) qualifiedNames.push(tool.qualifiedName);
        else problems.push(`route "${route.name}" calls "${call.tool}", which is hidden`);
      } catch (error) {
        if (!(error instanceof McpnsError)) throw error;
        problems.push(`route "${route.name}" calls "${call.tool}": ${error.message}`);
      }
    }
    return { hits: [{ qualifiedNames, route: { name: route.name, index } }], problems };
  }
  return { hits: [], problems: [] };
}
