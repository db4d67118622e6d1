/**
 * What the router needs of the gateway, and nothing more: the tools the gateway exposes (after profiles, client
 * filters and deny rules: a tool they hide is not here, so it can never be searched) and, per call, a way to call one
 * of them through the gateway's own path (routing, the request log, failure handling). Mirrors the gateway's provider
 * seam (src/gateway/provider.ts): the router stays a pure module that tests drive with a fake host.
 */

/** A JSON object, as MCP messages carry them. */
export type JsonObject = Record<string, unknown>;

/** One tool the gateway exposes: its definition as tools/list shows it, and the pair it routes to. */
export interface ExposedTool {
  /** The definition under the gateway's name (`name` is what a client calls). */
  definition: JsonObject;
  /** The configured server's name. */
  server: string;
  /** The tool's own name on that server. */
  tool: string;
}

/** A server the gateway serves: its key, title and instructions are searched with its tools. */
export interface RouterServer {
  name: string;
  title?: string | undefined;
  instructions?: string | undefined;
}

/** What a router tool's call may ask of the gateway (the provider seam's `LocalCallContext`). */
export interface RouterCallContext {
  /** Aborted when the client cancels the call or its session ends. */
  readonly signal: AbortSignal;
  /** Call an exposed tool by its gateway name, through the gateway's own call path, as a client's tools/call would. */
  callTool(name: string, args: JsonObject): Promise<JsonObject>;
}

export interface RouterHost {
  /**
   * The exposed tools. Return the same array while nothing changed: the index is rebuilt when the array changes (or
   * after `invalidate()`), reusing the analysis of every tool whose text did not change.
   */
  exposedTools(): readonly ExposedTool[];
  /** The servers behind the tools (optional: their titles and instructions help the search). */
  servers?(): readonly RouterServer[];
}
