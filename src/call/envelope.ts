/**
 * Pure envelope builders for `mcpns call`. They take every generated value (ids, timestamp) as input, so
 * output is reproducible with --id/--ts and the same builders serve `route`/`plan`.
 *
 * Flavour (mew-envelope.md §4): mcpns prints the **spec** flavour. The `mcp/request` payload is a full
 * JSON-RPC request (`jsonrpc: "2.0"`, `id`, `method`, `params`), as in MEW v0.4 SPEC §3.1 and the product
 * contract; an `mcp/proposal` carries the identical payload ("Proposals have the same payload structure as
 * requests"), so a fulfiller can forward it unchanged. The reference SDK's lean payload (no jsonrpc/id) is not used.
 */

export const MEW_PROTOCOL = 'mew/v0.4';
export const MCPX_PROTOCOL = 'mcp-x/v0';

export type EnvelopeFormat = 'mew' | 'jsonrpc' | 'mcpx';

/** The MCP `tools/call` request (what the server receives), with the bare tool name. */
export interface ToolsCallRequest {
  jsonrpc: '2.0';
  id: number | string;
  method: 'tools/call';
  params: { name: string; arguments: Record<string, unknown> };
}

export interface MewEnvelope {
  protocol: typeof MEW_PROTOCOL;
  id: string;
  ts: string;
  from: string;
  to?: string[];
  kind: string;
  correlation_id?: string[];
  payload: Record<string, unknown>;
}

export interface McpxEnvelope {
  protocol: typeof MCPX_PROTOCOL;
  id: string;
  ts: string;
  from: string;
  to: string[];
  kind: 'mcp';
  correlation_id?: string;
  payload: Record<string, unknown>;
}

/** The plain MCP request: `{jsonrpc, id, method: "tools/call", params: {name, arguments}}`. */
export function buildToolsCall(tool: string, args: Record<string, unknown>, rpcId: number | string = 1): ToolsCallRequest {
  return { jsonrpc: '2.0', id: rpcId, method: 'tools/call', params: { name: tool, arguments: args } };
}

export interface MewCallInput {
  id: string;
  ts: string;
  from: string;
  /** The server (participant) the call goes to: `to: [server]`. */
  server: string;
  kind: 'mcp/request' | 'mcp/proposal';
  request: ToolsCallRequest;
  /** A fulfilling request references the proposal it fulfils. */
  correlationId?: string;
}

/** MEW v0.4 `mcp/request` or `mcp/proposal` envelope for one tools/call (field order as in SPEC §3). */
export function buildMewEnvelope(input: MewCallInput): MewEnvelope {
  return {
    protocol: MEW_PROTOCOL,
    id: input.id,
    ts: input.ts,
    from: input.from,
    to: [input.server],
    kind: input.kind,
    ...(input.correlationId ? { correlation_id: [input.correlationId] } : {}),
    payload: { ...input.request },
  };
}

/**
 * MCPx v0 envelope: `kind: "mcp"`, the payload a full JSON-RPC message, and a request addressed to exactly
 * one peer (MCPx v0 SPEC: requests "MUST set `to` to exactly one participant"). MCPx has no capabilities or
 * proposals.
 */
export function buildMcpxEnvelope(input: { id: string; ts: string; from: string; server: string; request: ToolsCallRequest }): McpxEnvelope {
  return { protocol: MCPX_PROTOCOL, id: input.id, ts: input.ts, from: input.from, to: [input.server], kind: 'mcp', payload: { ...input.request } };
}

/**
 * The envelope answering a call (`--execute`), correlated to the request envelope: MEW `mcp/response` with
 * `correlation_id: [requestId]` and the JSON-RPC id echoed; MCPx `kind: "mcp"` with a string correlation_id;
 * for plain JSON-RPC the response message itself.
 */
export function buildResponseEnvelope(
  format: EnvelopeFormat,
  input: { id: string; ts: string; server: string; to: string; requestId: string; rpcId: number | string; result: unknown },
): Record<string, unknown> {
  const payload = { jsonrpc: '2.0', id: input.rpcId, result: input.result };
  if (format === 'jsonrpc') return payload;
  if (format === 'mcpx') {
    return { protocol: MCPX_PROTOCOL, id: input.id, ts: input.ts, from: input.server, to: [input.to], kind: 'mcp', correlation_id: input.requestId, payload };
  }
  return {
    protocol: MEW_PROTOCOL,
    id: input.id,
    ts: input.ts,
    from: input.server,
    to: [input.to],
    kind: 'mcp/response',
    correlation_id: [input.requestId],
    payload,
  };
}
