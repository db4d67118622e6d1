import { CATALOG_SCHEMA_VERSION, type Catalog, type CatalogTool, type DiscoveredTool, type ServerDiscovery } from './types.js';

const byString = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** Sort tools by server, then tool name (code-unit order: deterministic across locales). */
export function compareTools(a: { server: string; name: string }, b: { server: string; name: string }): number {
  return byString(a.server, b.server) || byString(a.name, b.name);
}

/**
 * A discovered tool as a catalog entry: a copy with its slash-style qualifiedName last (a tool from a saved catalog
 * may carry the name it had there; it is replaced, not kept in its old place).
 */
function catalogEntry(tool: DiscoveredTool | CatalogTool): CatalogTool {
  const qualifiedName = `${tool.server}/${tool.name}`;
  if (!('qualifiedName' in tool)) return { ...tool, qualifiedName };
  const { qualifiedName: _saved, ...rest } = tool;
  return { ...rest, qualifiedName };
}

/**
 * Assemble the catalog document from discovery results: servers and tools sorted,
 * qualified names in the slash style (the naming engine re-renders for other styles). A saved catalog keeps its own
 * generation time (a string, as it was written).
 */
export function buildCatalog(discoveries: readonly ServerDiscovery[], generatedAt: Date | string = new Date()): Catalog {
  const servers = discoveries.map((entry) => entry.server).sort((a, b) => byString(a.name, b.name));
  const tools: CatalogTool[] = discoveries
    .flatMap((entry) => entry.tools)
    .map(catalogEntry)
    .sort(compareTools);
  return {
    schemaVersion: CATALOG_SCHEMA_VERSION,
    generatedAt: typeof generatedAt === 'string' ? generatedAt : generatedAt.toISOString(),
    style: 'slash',
    servers,
    tools,
  };
}
