import { buildSearchIndex, type SearchableTool, type SearchIndex } from '../../search/index.js';
import type { ExposedTool, RouterHost } from './host.js';

/** The exposed tools by gateway name, and the search index over them (built on the first search). */
export interface IndexedTools {
  searchIndex(): SearchIndex;
  byName: ReadonlyMap<string, ExposedTool>;
  /** Tools per server, for the search tool's description. */
  perServer: ReadonlyMap<string, number>;
}

/**
 * Keeps the search index in step with what the gateway exposes: rebuilt when the host's array changes (a list_changed,
 * a restart, a reload) or after `invalidate()`, reusing the previous index's analyses so only changed tools are
 * analysed again. The search index is built on the first search after a change: the listing (asked at each of the
 * gateway's recomputes) needs only the names.
 */
export class ToolIndex {
  private source: readonly ExposedTool[] | undefined;
  private current: IndexedTools | undefined;
  /** The last search index built (its analyses are reused by the next). */
  private built: SearchIndex | undefined;

  constructor(private readonly host: Pick<RouterHost, 'exposedTools' | 'servers'>) {}

  /** The next read rebuilds (the host's tools changed without a new array). */
  invalidate(): void {
    this.source = undefined;
  }

  get(): IndexedTools {
    const tools = this.host.exposedTools();
    if (this.current && tools === this.source) return this.current;
    const byName = new Map<string, ExposedTool>();
    const perServer = new Map<string, number>();
    const searchable: SearchableTool[] = [];
    for (const exposed of tools) {
      const name = exposed.definition['name'];
      if (typeof name !== 'string' || byName.has(name)) continue;
      byName.set(name, exposed);
      perServer.set(exposed.server, (perServer.get(exposed.server) ?? 0) + 1);
      searchable.push(searchableTool(exposed, name));
    }
    let index: SearchIndex | undefined;
    const searchIndex = (): SearchIndex => {
      if (index) return index;
      const servers = this.host.servers?.() ?? [];
      index = buildSearchIndex(searchable, { servers, ...(this.built ? { previous: this.built } : {}) });
      this.built = index;
      return index;
    };
    this.source = tools;
    this.current = { searchIndex, byName, perServer };
    return this.current;
  }
}

/** The index's view of an exposed tool: found by its text, named as the gateway names it. */
function searchableTool(exposed: ExposedTool, name: string): SearchableTool {
  const { definition } = exposed;
  const text = (key: string): string | undefined => (typeof definition[key] === 'string' ? (definition[key] as string) : undefined);
  const object = (key: string): Record<string, unknown> | undefined =>
    definition[key] && typeof definition[key] === 'object' && !Array.isArray(definition[key]) ? (definition[key] as Record<string, unknown>) : undefined;
  return {
    server: exposed.server,
    name: exposed.tool,
    qualifiedName: name,
    title: text('title'),
    description: text('description'),
    inputSchema: object('inputSchema'),
    annotations: object('annotations'),
  };
}
