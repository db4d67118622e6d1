import type { Catalog, CatalogTool } from '../../catalog/types.js';
import { CODES, type Code } from '../codes.js';
import type { FindingArgs } from '../finding-args.js';
import { makeFinding, type FindingOf } from '../types.js';

/**
 * Helpers shared by the lint rules. Lint looks at what a client is given: tools hidden by a
 * client filter or a profile are skipped (`visibleTools`, shared with the collision checks), and so are servers whose
 * every tool is hidden.
 */
export { visibleTools } from '../tool-index.js';

/** Names of servers that are fully hidden (they have tools and all of them are hidden). Computed once per catalog. */
export function hiddenServers(catalog: Catalog): Set<string> {
  let hidden = hiddenByCatalog.get(catalog);
  if (!hidden) hiddenByCatalog.set(catalog, (hidden = fullyHiddenServers(catalog)));
  return hidden;
}

const hiddenByCatalog = new WeakMap<Catalog, Set<string>>();

function fullyHiddenServers(catalog: Catalog): Set<string> {
  if (!catalog.tools.some((tool) => tool.hidden)) return new Set(); // the usual case: one pass, no counting
  const total = new Map<string, number>();
  const hidden = new Map<string, number>();
  for (const tool of catalog.tools) {
    total.set(tool.server, (total.get(tool.server) ?? 0) + 1);
    if (tool.hidden) hidden.set(tool.server, (hidden.get(tool.server) ?? 0) + 1);
  }
  return new Set([...hidden].filter(([server, count]) => total.get(server) === count).map(([server]) => server));
}

/** A finding about one tool at the code's default severity. */
export function toolFinding<C extends Code>(code: C, tool: Pick<CatalogTool, 'server' | 'name'>, args?: FindingArgs[C]): FindingOf<C> {
  return makeFinding(code, {
    severity: CODES[code].severity,
    name: tool.name,
    server: tool.server,
    tool: tool.name,
    ...(args ? { args } : {}),
  });
}

/** `"\u001b"`-style display of one code point, e.g. U+202E. */
export function codePointLabel(char: string): string {
  return `U+${(char.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;
}
