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
  // A saved catalog's entry that already is one (its slash name, last) is taken as it is: nothing mutates catalog
  // entries (profiles and filters copy what they mark), and a million tools are not copied again.
  if ('qualifiedName' in tool && isSlashName(tool.qualifiedName, tool.server, tool.name) && lastKey(tool) === 'qualifiedName') return tool;
  if (!('qualifiedName' in tool)) return { ...tool, qualifiedName: `${tool.server}/${tool.name}` };
  // The saved slash name itself when it is one (not a new string per tool: a million of them are 60 MB).
  const qualifiedName = isSlashName(tool.qualifiedName, tool.server, tool.name) ? tool.qualifiedName : `${tool.server}/${tool.name}`;
  // A plain copy loop: a rest-and-spread copy made an object four times the size (measured on a million tools), and
  // Object.keys with plain stores is three times as fast as for-in with Reflect.set (every tool of a hand-made file).
  // It is typed as what it becomes: every own key of `tool` is copied into it, then qualifiedName.
  const copy = {} as CatalogTool & Record<string, unknown>;
  const keys = Object.keys(tool);
  for (let index = 0; index < keys.length; index++) {
    const key = keys[index]!;
    if (key === 'qualifiedName') continue;
    // An own "__proto__" key (a server may send one) stays a key, as a spread keeps it.
    if (key === '__proto__')
      Object.defineProperty(copy, key, { value: Object.getOwnPropertyDescriptor(tool, key)?.value, enumerable: true, writable: true, configurable: true });
    else copy[key] = Reflect.get(tool, key);
  }
  copy.qualifiedName = qualifiedName;
  return copy;
}

/** `name` is `${server}/${tool}` (compared in place: no string is built per tool). */
export function isSlashName(name: unknown, server: string, tool: string): name is string {
  return (
    typeof name === 'string' &&
    name.length === server.length + 1 + tool.length &&
    name.charCodeAt(server.length) === 47 &&
    name.startsWith(server) &&
    name.endsWith(tool)
  );
}

/** The last own enumerable key of an object, in its order. */
function lastKey(value: object): string | undefined {
  let last: string | undefined;
  for (const key in value) if (Object.prototype.hasOwnProperty.call(value, key)) last = key;
  return last;
}

/**
 * Assemble the catalog document from discovery results: servers and tools sorted,
 * qualified names in the slash style (the naming engine re-renders for other styles). A saved catalog keeps its own
 * generation time (a string, as it was written).
 */
export function buildCatalog(discoveries: readonly ServerDiscovery[], generatedAt: Date | string = new Date()): Catalog {
  const servers = discoveries.map((entry) => entry.server).sort((a, b) => byString(a.name, b.name));
  const tools: CatalogTool[] = discoveries.flatMap((entry) => entry.tools).map(catalogEntry);
  // A saved catalog comes sorted: one pass says so, instead of a million-entry sort (stable: the same order either way).
  if (!isSorted(tools)) tools.sort(compareTools);
  return {
    schemaVersion: CATALOG_SCHEMA_VERSION,
    generatedAt: typeof generatedAt === 'string' ? generatedAt : generatedAt.toISOString(),
    style: 'slash',
    servers,
    tools,
  };
}

function isSorted(tools: readonly CatalogTool[]): boolean {
  for (let index = 1; index < tools.length; index++) if (compareTools(tools[index - 1]!, tools[index]!) > 0) return false;
  return true;
}
