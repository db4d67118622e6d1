import type { Catalog, CatalogTool } from '../catalog/types.js';
import { FirstIndex } from '../util/first-index.js';
import { drain, SLICE_MASK } from './types.js';

/**
 * What the checks look up about the catalog's visible tools, built once per catalog and shared: the visible tools
 * (hidden ones are not exposed: they cannot collide and lint skips them) and one index of them by tool name. The checks
 * that group or look up tool names (SHADOWED_TOOL, DUPLICATE_IN_SERVER, CROSS_SERVER_REFERENCE) read this one map
 * instead of each building its own over a million tools.
 */
export interface ToolIndex {
  /** The tools the index points into (index-aligned). */
  tools: readonly Pick<CatalogTool, 'server' | 'name'>[];
  /** Tool name → the position of the one tool of that name, or the positions of all of them (input order). */
  byName: { get(name: string): number | number[] | undefined };
  /** The names several tools share, with their positions (input order), in the order each name first appears. */
  shared: ReadonlyMap<string, number[]>;
  /** How many servers have a tool here. */
  serverCount: number;
}

const visibleByCatalog = new WeakMap<Catalog, CatalogTool[]>();
const indexByCatalog = new WeakMap<Catalog, ToolIndex>();

/** The tools not hidden by a client filter or profile, in catalog order: filtered once per catalog, not once per check. */
export function visibleTools(catalog: Catalog): CatalogTool[] {
  let visible = visibleByCatalog.get(catalog);
  if (!visible)
    visibleByCatalog.set(catalog, (visible = catalog.tools.some((tool) => tool.hidden) ? catalog.tools.filter((tool) => !tool.hidden) : catalog.tools));
  return visible;
}

/** The shared index of the catalog's visible tools (built on first need, in slices). */
export function* toolIndexSteps(catalog: Catalog): Generator<void, ToolIndex, void> {
  const cached = indexByCatalog.get(catalog);
  if (cached) return cached;
  const index = yield* indexToolsSteps(visibleTools(catalog));
  indexByCatalog.set(catalog, index);
  return index;
}

/** An index of any list of tools (tests, library users). */
export function indexTools(tools: readonly Pick<CatalogTool, 'server' | 'name'>[]): ToolIndex {
  return drain(indexToolsSteps(tools));
}

function* indexToolsSteps(tools: readonly Pick<CatalogTool, 'server' | 'name'>[]): Generator<void, ToolIndex, void> {
  // A typed table finds each name's first tool (a million names, no map entry each); a map holds the shared names.
  const firsts = new FirstIndex<string>(tools.length, (position) => tools[position]!.name);
  const sharedBySecond = new Map<string, number[]>();
  const servers = new Set<string>();
  let lastServer: string | undefined;
  for (let at = 0; at < tools.length; at++) {
    if ((at & SLICE_MASK) === SLICE_MASK) yield;
    const { server, name } = tools[at]!;
    // Catalogs are sorted by server: one set operation per server, not per tool.
    if (server !== lastServer) servers.add((lastServer = server));
    const first = firsts.firstOrAdd(name, at);
    if (first < 0) continue;
    const group = sharedBySecond.get(name);
    if (group) group.push(at);
    else sharedBySecond.set(name, [first, at]);
  }
  const shared = new Map([...sharedBySecond].sort(([, a], [, b]) => a[0]! - b[0]!));
  const byName = {
    get(name: string): number | number[] | undefined {
      const first = firsts.first(name);
      return first < 0 ? undefined : (shared.get(name) ?? first);
    },
  };
  return { tools, byName, shared, serverCount: servers.size };
}

/** Servers of a name many servers share, as a set (built on first need, for names on more than a few servers). */
const serversOfGroup = new WeakMap<number[], Set<string>>();

/** Whether `server` has a tool named `name`: one lookup, and constant time even for a name a thousand servers share. */
export function offers(index: ToolIndex, server: string, name: string): boolean {
  const entry = index.byName.get(name);
  if (entry === undefined) return false;
  if (typeof entry === 'number') return index.tools[entry]!.server === server;
  if (entry.length <= 8) return entry.some((at) => index.tools[at]!.server === server);
  let servers = serversOfGroup.get(entry);
  if (!servers) serversOfGroup.set(entry, (servers = new Set(entry.map((at) => index.tools[at]!.server))));
  return servers.has(server);
}
