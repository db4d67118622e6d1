import type { ResolveOptions } from '../../call/index.js';
import type { Route } from '../../config/schema.js';
import { cleanQuery, search, SearchQueryError, type SearchIndex, type SearchOptions, type SearchResponse } from '../../search/index.js';
import { compileGlobs, type GlobSet } from '../../util/glob.js';
import { ArgumentChecker } from './arguments.js';
import { ROUTER_TOOL_NAMES, routerDefinitions } from './definitions.js';
import { CALL_TOOL, DESCRIBE_TOOL, SEARCH_TOOL } from './instructions.js';
import { definitionOf, errorResult, jsonResult, searchAnswer } from './format.js';
import type { ExposedTool, JsonObject, RouterCallContext, RouterHost } from './host.js';
import { RouteView } from './routes.js';
import { ToolIndex, type IndexedTools } from './tool-index.js';

export interface RouterSettings {
  /**
   * Tools listed beside the router's own: globs over the gateway's names, `server/tool` and bare tool names
   * (`*` does not cross `/`: `github/*` pins every tool of server github).
   */
  pin?: readonly string[] | undefined;
  /** Configured routes: their targets are pinned, and a route that fires answers a search first. */
  routes?: readonly Route[] | undefined;
  /** How route targets resolve (default: the `slash` style, `server/tool`). */
  resolve?: ResolveOptions | undefined;
  /**
   * The servers the search tool's description names (the configured ones): fixed, so the listing does not change as
   * servers come and go. Default: the servers of the exposed tools, with their tool counts.
   */
  servers?: readonly string[] | undefined;
  /**
   * Semantic re-ranking (`router.embeddings`, injected by the CLI: the network stays outside the router). Given the
   * index, the request and the lexical search's options, it answers the fused ranking, or undefined to keep the
   * lexical one. It must bound its own wait; a rejection is taken as undefined.
   */
  rerank?: Rerank | undefined;
}

export type Rerank = (index: SearchIndex, query: string, options: SearchOptions) => Promise<SearchResponse | undefined>;

/** What the listing is in router mode: the router's tools, then the pinned ones (for `serve --router --dry-run`). */
export interface RouterListing {
  tools: JsonObject[];
  /** Gateway names of the pinned tools, and why each is pinned. */
  pinned: Array<{ name: string; by: string }>;
  /** Exposed tools reachable through search only. */
  searchable: number;
  /** Route targets that do not resolve, pins that match nothing, names the router's tools shadow. */
  problems: string[];
}

interface Derived {
  indexed: IndexedTools;
  routes: RouteView;
  /** Gateway name → why it is pinned. */
  pinned: Map<string, string>;
  problems: string[];
}

/**
 * Router mode (MCP-ocs ADR-004's router profile): the gateway lists a search tool, a call tool and a describe tool,
 * plus the tools the user pins, instead of every tool. Search answers with full definitions under the gateway's names,
 * so a model calls what it found directly or through call_tool; both paths check the arguments against the tool's
 * schema, and both go through the gateway's own call path. Only exposed tools are indexed: a tool a profile, a client
 * filter or a deny rule hides is never found, described or called.
 */
export class Router {
  private readonly index: ToolIndex;
  private readonly checker = new ArgumentChecker();
  private readonly pins: GlobSet;
  /** Each pin alone, to say which pins match nothing. */
  private readonly eachPin: GlobSet[];
  private derived: Derived | undefined;

  constructor(
    host: RouterHost,
    private readonly settings: RouterSettings = {},
  ) {
    this.index = new ToolIndex(host);
    this.pins = compileGlobs(settings.pin ?? []);
    this.eachPin = this.pins.patterns.map((pattern) => compileGlobs([pattern]));
  }

  /** The exposed tools changed without a new array from the host (the next use rebuilds). */
  invalidate(): void {
    this.index.invalidate();
  }

  /** The router's own tool definitions (the search tool's description counts the tools behind it). */
  definitions(): JsonObject[] {
    const servers = this.settings.servers;
    return routerDefinitions(servers ? new Map(servers.map((server) => [server, undefined])) : this.state().indexed.perServer);
  }

  isRouterTool(name: string): boolean {
    return (ROUTER_TOOL_NAMES as readonly string[]).includes(name);
  }

  /**
   * The gateway's tools/list in router mode: of the upstream tools, only the pinned ones; tools the gateway answers
   * itself (the router's, another provider's) stay. Calls by name still reach every exposed tool.
   */
  listTransform(tools: readonly JsonObject[]): JsonObject[] {
    const { indexed, pinned } = this.state();
    return tools.filter((tool) => {
      const name = String(tool['name']);
      return !indexed.byName.has(name) || pinned.has(name);
    });
  }

  /** What a client will see listed, and what is reachable only by search. */
  listing(): RouterListing {
    const state = this.state();
    const pinnedTools = [...state.indexed.byName.values()].filter((tool) => state.pinned.has(String(tool.definition['name'])));
    return {
      tools: [...this.definitions(), ...pinnedTools.map((tool) => tool.definition)],
      pinned: [...state.pinned].map(([name, by]) => ({ name, by })),
      searchable: state.indexed.byName.size - pinnedTools.length,
      problems: state.problems,
    };
  }

  /**
   * The check a direct call gets (a model calling a tool search returned, by its name): an isError result when its
   * arguments do not match the tool's schema, undefined when the call may go on (or the name is not an exposed tool:
   * the gateway answers that as it always does).
   */
  checkCall(name: string, args: unknown): JsonObject | undefined {
    const exposed = this.state().indexed.byName.get(name);
    if (!exposed) return undefined;
    return this.refusal(name, exposed, args);
  }

  /** Answer a call of one of the router's tools. */
  async call(name: string, args: JsonObject, context: RouterCallContext): Promise<JsonObject> {
    switch (name) {
      case SEARCH_TOOL:
        return await this.search(args);
      case DESCRIBE_TOOL:
        return this.describe(args);
      case CALL_TOOL:
        return this.callThrough(args, context);
      default:
        return errorResult(`the router has no tool "${name}"`);
    }
  }

  private async search(args: JsonObject): Promise<JsonObject> {
    const { query } = args;
    // A model may write the number as text ("5"): taken as the number it says.
    const limit = typeof args['limit'] === 'string' && /^\d{1,6}$/.test(args['limit'].trim()) ? Number(args['limit']) : args['limit'];
    if (typeof query !== 'string') return errorResult(`${SEARCH_TOOL} needs "query": the task in a sentence`);
    if (limit !== undefined && (typeof limit !== 'number' || !Number.isFinite(limit))) return errorResult('"limit" must be a number');
    const state = this.state();
    let text: string;
    let response: SearchResponse;
    let options: SearchOptions;
    try {
      text = cleanQuery(query);
      options = { ...(limit !== undefined ? { limit } : {}), routes: state.routes.hits(text) };
      response = search(state.indexed.searchIndex(), text, options);
    } catch (error) {
      if (error instanceof SearchQueryError) return errorResult(`${error.message}${error.hint ? ` (${error.hint})` : ''}`);
      throw error;
    }
    // The lexical ranking is the answer unless re-ranking by meaning gives one (it fails to the lexical one).
    if (this.settings.rerank) response = (await this.settings.rerank(state.indexed.searchIndex(), text, options).catch(() => undefined)) ?? response;
    return jsonResult(searchAnswer(response, state.indexed.byName, CALL_TOOL, DESCRIBE_TOOL));
  }

  private describe(args: JsonObject): JsonObject {
    const name = args['name'];
    if (typeof name !== 'string' || !name) return errorResult(`${DESCRIBE_TOOL} needs "name": a tool name ${SEARCH_TOOL} returned`);
    const exposed = this.state().indexed.byName.get(name);
    if (!exposed) return this.unknown(name);
    return jsonResult(definitionOf(exposed, true));
  }

  private async callThrough(args: JsonObject, context: RouterCallContext): Promise<JsonObject> {
    const name = args['name'];
    const given = args['arguments'];
    if (typeof name !== 'string' || !name) return errorResult(`${CALL_TOOL} needs "name": a tool name ${SEARCH_TOOL} returned`);
    if (given !== undefined && (given === null || typeof given !== 'object' || Array.isArray(given))) {
      return errorResult('"arguments" must be an object of the tool\'s arguments');
    }
    if (this.isRouterTool(name)) return errorResult(`call ${name} directly, not through ${CALL_TOOL}`);
    const exposed = this.state().indexed.byName.get(name);
    if (!exposed) return this.unknown(name);
    const toolArgs = (given ?? {}) as JsonObject;
    const refused = this.refusal(name, exposed, toolArgs);
    if (refused) return refused;
    return context.callTool(name, toolArgs);
  }

  private refusal(name: string, exposed: ExposedTool, args: unknown): JsonObject | undefined {
    const value = args === undefined ? {} : args;
    if (value === null || typeof value !== 'object' || Array.isArray(value)) return errorResult(`invalid arguments for ${name}: expected an object`);
    const refusal = this.checker.check(name, exposed.definition['inputSchema'], value as JsonObject);
    if (!refusal) return undefined;
    return errorResult(`${refusal.message}\n(${DESCRIBE_TOOL} shows its input schema)`, { violations: refusal.violations });
  }

  /** An unknown name (or a hidden one: the same answer, so nothing hidden is revealed), with the nearest tools. */
  private unknown(name: string): JsonObject {
    const { indexed } = this.state();
    let near: string[] = [];
    try {
      near = search(indexed.searchIndex(), name.replace(/[_\-./:]+/g, ' '), { limit: 3 }).results.map((result) => result.qualifiedName);
    } catch {
      // A name with no searchable word: no suggestion.
    }
    return errorResult(`no tool "${name}"${near.length ? `; nearest: ${near.join(', ')}` : ''}. ${SEARCH_TOOL} finds tools by what they do.`);
  }

  /** The index and what depends on it, recomputed when the exposed tools change. */
  private state(): Derived {
    const indexed = this.index.get();
    if (this.derived?.indexed === indexed) return this.derived;
    const routes = new RouteView(this.settings.routes ?? [], indexed.byName.values(), this.settings.resolve ?? { style: 'slash' });
    const pinned = new Map<string, string>();
    const problems: string[] = [];
    for (const [name, exposed] of indexed.byName) {
      const pattern = this.pins.firstMatch([name, `${exposed.server}/${exposed.tool}`, exposed.tool]);
      if (pattern !== undefined) pinned.set(name, `pin "${pattern}"`);
      if (this.isRouterTool(name)) problems.push(`the router's ${name} shadows the exposed tool ${exposed.server}/${exposed.tool} in the listing`);
    }
    for (const pin of this.eachPin) {
      const matches = [...indexed.byName].some(([name, exposed]) => pin.matches([name, `${exposed.server}/${exposed.tool}`, exposed.tool]));
      if (!matches) problems.push(`pin "${pin.patterns[0]}" matches no exposed tool`);
    }
    const targets = routes.targets();
    for (const name of targets.names) if (!pinned.has(name)) pinned.set(name, 'route target');
    problems.push(...targets.problems);
    this.derived = { indexed, routes, pinned, problems };
    return this.derived;
  }
}
