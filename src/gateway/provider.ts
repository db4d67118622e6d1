/**
 * The provider seam: tools the gateway answers itself (a router's search tools, a status tool) are listed and called
 * through the same path as the tools of upstream servers.
 *
 * - A `ToolProvider` offers `LocalTool`s under the names clients see (no namespacing: the name is already exposed).
 *   `onChange` tells the gateway its tools changed; the gateway recomputes what it exposes and sends
 *   `notifications/tools/list_changed` when the listing changed.
 * - Local names are reserved: an upstream tool whose exposed name a local tool takes is neither listed nor routed
 *   (reported once as a `tool-name-reserved` event). Two providers offering one name: the first in
 *   `GatewayOptions.providers` keeps it.
 * - A local tool's `call` gets a `LocalCallContext`: the call's signal, `callTool` back through the gateway's own call
 *   path (the same routing, profile and client filters, request log, session for server→client requests), and
 *   `exposedTools()`, every tool exposed — including those `GatewayOptions.listTransform` hides from `tools/list`.
 * - `listTransform` changes discovery only: what `tools/list` shows. A call by name to a tool it hides still routes.
 *
 * Only tools for now: prompts and resources the gateway answers itself would follow the same shape.
 */
import type { Exposure } from './exposure.js';
import type { JsonObject } from './upstream.js';

/** What a local tool's handler may ask of the gateway. */
export interface LocalCallContext {
  /** Aborted when the client cancels the call or its session ends. */
  readonly signal: AbortSignal;
  /**
   * Call an exposed tool (upstream or local) by its exposed name, through the gateway's own call path: the same
   * routing, profile and deny rules, request log and session. Rejects as a downstream call would (unknown name…).
   */
  callTool(name: string, args: JsonObject): Promise<JsonObject>;
  /** Every tool the gateway exposes (definitions under their exposed names), including those the list transform hides. */
  exposedTools(): readonly JsonObject[];
}

/** One tool the gateway answers itself. */
export interface LocalTool {
  /** The tool as `tools/list` shows it: `name` (the exposed name), `description`, `inputSchema`… */
  readonly definition: JsonObject;
  /** The `tools/call` result (`content`, `isError`…). A throw is answered as a JSON-RPC error (-32603 unless a ProtocolError). */
  call(args: JsonObject, context: LocalCallContext): Promise<JsonObject>;
}

/** A source of tools the gateway answers itself. */
export interface ToolProvider {
  /** Names the provider in events and in the request log's `server` field. */
  readonly id: string;
  /** The tools it offers now (asked at each recompute of the exposure). */
  tools(): readonly LocalTool[];
  /** Call `listener` when `tools()` changed; returns how to stop listening. */
  onChange?(listener: () => void): () => void;
}

/** A discovery transform: what `tools/list` shows, from every exposed tool (calls by name are not affected). */
export type ListTransform = (tools: readonly JsonObject[]) => readonly JsonObject[];

/** A local tool with the provider that offers it. */
export interface LocalRoute {
  readonly provider: ToolProvider;
  readonly tool: LocalTool;
}

/** An upstream tool a local tool's name took from it. */
export interface ReservedName {
  name: string;
  provider: string;
  /** `server/tool` of the upstream tool, or the id of a later provider offering the same name. */
  taken: string;
}

/**
 * The exposure with the providers' tools merged in: local tools first (in provider order), then every upstream tool
 * whose exposed name no local tool takes; the taken upstream names lose their route.
 */
export function mergeLocalTools(
  exposure: Exposure,
  providers: readonly ToolProvider[],
): { exposure: Exposure; local: Map<string, LocalRoute>; reserved: ReservedName[] } {
  const local = new Map<string, LocalRoute>();
  const reserved: ReservedName[] = [];
  for (const provider of providers) {
    for (const tool of provider.tools()) {
      const name = tool.definition['name'];
      if (typeof name !== 'string' || !name) continue;
      const holder = local.get(name);
      if (holder) reserved.push({ name, provider: holder.provider.id, taken: provider.id });
      else local.set(name, { provider, tool });
    }
  }
  if (!local.size) return { exposure, local, reserved };
  const toolRoutes = new Map(exposure.toolRoutes);
  for (const name of local.keys()) {
    const route = toolRoutes.get(name);
    if (!route) continue;
    toolRoutes.delete(name);
    reserved.push({ name, provider: local.get(name)!.provider.id, taken: `${route.server}/${route.name}` });
  }
  const tools = [...[...local.values()].map((entry) => entry.tool.definition), ...exposure.tools.filter((tool) => !local.has(String(tool['name'])))];
  return { exposure: { ...exposure, tools, toolRoutes }, local, reserved };
}
