import type { ToolRef } from '../../catalog/types.js';
import { renderEach, serverOrder } from '../build.js';
import type { NamingTarget } from '../types.js';
import { MCP_SPEC_WIRE, OPENAI_WIRE } from '../wire.js';

const serverSets = new WeakMap<string[], { set: Set<string>; longest: number }>();
function serverSet(servers: string[]): { set: Set<string>; longest: number } {
  let entry = serverSets.get(servers);
  if (!entry) serverSets.set(servers, (entry = { set: new Set(servers), longest: Math.max(0, ...servers.map((s) => s.length)) }));
  return entry;
}

/**
 * LangChain MCP adapters (Python ≥ 0.2.0) with `tool_name_prefix=True`: `{S}_{T}`, no sanitizing, no dedupe; an
 * empty server name leaves the tool name bare (`if tool_name_prefix and server_name`).
 */
export const langchain: NamingTarget = {
  id: 'langchain',
  kind: 'preset',
  summary: 'langchain-mcp-adapters tool_name_prefix=True: server_tool (bare for an empty server name), unsanitized, duplicates kept',
  source: 'verified: langchain-ai/langchain-mcp-adapters langchain_mcp_adapters/tools.py convert_mcp_tool_to_langchain_tool, client.py @cc0f2843',
  status: 'verified',
  prefixing: 'always',
  wire: OPENAI_WIRE,
  render: (input) => renderEach('langchain', input, (ref) => ({ name: ref.server ? `${ref.server}_${ref.tool}` : ref.tool })),
};

/**
 * FastMCP multi-server MCPConfig (mounts): `{S}_{T}` only with ≥ 2 servers, and never for an empty server name
 * (`if namespace:`); 3.x keeps the first provider of a duplicate name (2.x mount: the later one wins).
 */
export const fastmcp: NamingTarget = {
  id: 'fastmcp',
  kind: 'preset',
  summary: 'FastMCP MCPConfig: server_tool with ≥ 2 servers, bare with one; first mount wins (3.x)',
  source: 'verified: PrefectHQ/fastmcp fastmcp_slim/fastmcp/server/transforms/namespace.py, providers/aggregate.py, client/transports/config.py @743ddffd',
  status: 'verified',
  prefixing: 'conditional',
  wire: MCP_SPEC_WIRE,
  render: (input) => {
    const prefixed = serverOrder(input).length >= 2;
    const rendering = renderEach('fastmcp', input, (ref) => ({ name: prefixed && ref.server ? `${ref.server}_${ref.tool}` : ref.tool }), 'first-wins');
    if (rendering.names.some((name) => name.dropped !== undefined)) {
      rendering.nondeterministic = 'FastMCP keeps the first mounted provider of a duplicate name (config order); mcpns assumes sorted order';
    }
    return rendering;
  },
};

/**
 * mcp-agent: `{S}_{T}` (separator "_" since v0.0.15); the namespaced map is overwritten, so the last loaded wins;
 * the reverse parse takes the longest server name that prefixes the string.
 */
export const mcpAgent: NamingTarget = {
  id: 'mcp-agent',
  kind: 'preset',
  summary: 'mcp-agent: server_tool, last loaded wins, parse by longest server-name prefix',
  source: 'verified: lastmile-ai/mcp-agent src/mcp_agent/mcp/mcp_aggregator.py @04cae7ea',
  status: 'verified',
  prefixing: 'always',
  wire: OPENAI_WIRE,
  render: (input) => renderEach('mcp-agent', input, (ref) => ({ name: `${ref.server}_${ref.tool}` }), 'last-wins'),
  parse: (name: string, servers: string[]): ToolRef | undefined => {
    // Longest server s with name.startsWith(s + "_"): try every "_" from the right, one Set lookup each.
    const { set: known, longest } = serverSet(servers);
    for (let at = name.lastIndexOf('_', longest); at >= 0; at = at === 0 ? -1 : name.lastIndexOf('_', at - 1)) {
      if (known.has(name.slice(0, at))) return { server: name.slice(0, at), tool: name.slice(at + 1) };
    }
    return undefined;
  },
};
