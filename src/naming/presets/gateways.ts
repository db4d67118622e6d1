import type { ToolRef } from '../../catalog/types.js';
import { finish, renderEach, serverOrder, serversPerTool } from '../build.js';
import { splitParser } from '../parse.js';
import { asciiFold, subRun, trimChars } from '../sanitize.js';
import type { NamingTarget, RenderedName } from '../types.js';
import { CONTEXTFORGE_WIRE, MCP_SPEC_WIRE } from '../wire.js';

/**
 * ContextForge `slugify` (separator "-"): lowercase, drop apostrophes inside contractions, runs of [\W_] → "-",
 * strip "-" at both ends, æ/ß/ø spelled out, then NFKD and drop non-ASCII. Python's \w is Unicode-aware, so
 * letters like "ü" survive the run replacement and are folded to ASCII afterwards.
 */
export function contextforgeSlug(text: string, separator = '-'): string {
  let slug = text.toLowerCase().replace(/([\p{L}\p{N}_])['\u2019]([\p{L}\p{N}_])/gu, '$1$2');
  slug = trimChars(subRun(slug, /[^\p{L}\p{N}]/u, separator), separator);
  slug = slug.replaceAll('æ', 'ae').replaceAll('ß', 'ss').replaceAll('ø', 'o');
  return asciiFold(slug);
}

/** ContextForge: `slug(gateway) + "-" + slug(tool)`; duplicates are refused (ToolNameConflictError). */
export const contextforge: NamingTarget = {
  id: 'contextforge',
  kind: 'preset',
  summary: 'IBM ContextForge: slug(server)-slug(tool), lowercase ASCII with "-" (NFKD transliteration); conflicts refused',
  source: 'verified: IBM/mcp-context-forge mcpgateway/utils/create_slug.py, db.py, config.py @ecba50e4',
  status: 'verified',
  prefixing: 'always',
  wire: CONTEXTFORGE_WIRE,
  render: (input) => renderEach('contextforge', input, (ref) => ({ name: `${contextforgeSlug(ref.server)}-${contextforgeSlug(ref.tool)}` }), 'error'),
};

/**
 * agentgateway (prefixMode conditional, the default): `{target}_{T}` with ≥ 2 targets, bare `T` with one (the
 * default target). Calls split at the first "_" (`split_once`), so a target name containing "_" misroutes.
 */
export const agentgateway: NamingTarget = {
  id: 'agentgateway',
  kind: 'preset',
  summary: 'agentgateway (conditional): target_tool with ≥ 2 targets, bare with one; routes by the first "_"',
  source: 'verified: agentgateway/agentgateway crates/agentgateway/src/mcp/handler.rs @75b4e6ce',
  status: 'verified',
  prefixing: 'conditional',
  wire: MCP_SPEC_WIRE,
  render: (input) => {
    const prefixed = serverOrder(input).length >= 2;
    return renderEach('agentgateway', input, (ref) => ({ name: prefixed ? `${ref.server}_${ref.tool}` : ref.tool }));
  },
  parse: (name: string, servers: string[]): ToolRef | undefined => {
    if (servers.length === 1) return { server: servers[0]!, tool: name };
    const at = name.indexOf('_');
    return at < 0 ? undefined : { server: name.slice(0, at), tool: name.slice(at + 1) };
  },
};

/** agentgateway `prefixMode: never` (v1.4.0+): bare names; a name served by several targets is hidden. */
export const agentgatewayNever: NamingTarget = {
  id: 'agentgateway-never',
  kind: 'preset',
  summary: 'agentgateway prefixMode never: bare tool names; names served by several targets are dropped',
  source: 'verified: agentgateway/agentgateway handler.rs (McpPrefixMode::Never, commit 4f56aa0c)',
  status: 'verified',
  prefixing: 'never',
  unprefixed: true,
  wire: MCP_SPEC_WIRE,
  render: (input) => {
    const owners = serversPerTool(input);
    return renderEach('agentgateway-never', input, (ref) => ({
      name: ref.tool,
      ...((owners.get(ref.tool) ?? 0) > 1 ? { dropped: `served by ${owners.get(ref.tool)} targets (agentgateway hides it)` } : {}),
    }));
  },
};

/** MetaMCP D(S): delete every character outside [a-zA-Z0-9_-]. */
export const metamcpServer = (server: string): string => server.replace(/[^a-zA-Z0-9_-]/g, '');

/** MetaMCP: `{D(S)}__{T}` (tool unsanitized); lists concatenated; parse splits at the first "__". */
export const metamcp: NamingTarget = {
  id: 'metamcp',
  kind: 'preset',
  summary: 'MetaMCP: server__tool with invalid server characters deleted; parse at the first "__"',
  source: 'verified: metatool-ai/metamcp apps/backend/src/lib/metamcp/metamcp-proxy.ts @250240be',
  status: 'verified',
  prefixing: 'always',
  wire: MCP_SPEC_WIRE,
  render: (input) => renderEach('metamcp', input, (ref) => ({ name: `${metamcpServer(ref.server)}__${ref.tool}` })),
  parse: splitParser('__', metamcpServer),
};

/** 1MCP: `{trim(S)}_1mcp_{trim(T)}`; parse at the first "_1mcp_". */
export const oneMcp: NamingTarget = {
  id: '1mcp',
  kind: 'preset',
  summary: '1MCP agent: server_1mcp_tool (trimmed); parse at the first "_1mcp_"',
  source: 'verified: 1mcp-app/agent src/utils/core/parsing.ts, src/constants/mcp.ts @d7bde4b2',
  status: 'verified',
  prefixing: 'always',
  wire: MCP_SPEC_WIRE,
  render: (input) => renderEach('1mcp', input, (ref) => ({ name: `${ref.server.trim()}_1mcp_${ref.tool.trim()}` })),
  parse: splitParser(
    '_1mcp_',
    (server) => server.trim(),
    (tool) => tool.trim(),
  ),
};

/** Names the Docker gateway keeps for its own tools (`reservedGatewayToolNames`). */
const DOCKER_RESERVED = new Set([
  'code-mode',
  'find-tools',
  'mcp-activate-profile',
  'mcp-add',
  'mcp-config-set',
  'mcp-create-profile',
  'mcp-exec',
  'mcp-find',
  'mcp-registry-import',
  'mcp-remove',
]);

/**
 * Docker MCP gateway default: bare `T`. Since 2026-06 a duplicate, reserved or empty name makes the reload fail
 * (checked in sorted order, stopping at the first); mcpns keeps every member so all collisions are reported.
 */
export const dockerMcpGateway: NamingTarget = {
  id: 'docker-mcp-gateway',
  kind: 'preset',
  summary: 'Docker MCP gateway default: bare tool names; a duplicate or reserved name fails the reload',
  source: 'verified: docker/mcp-gateway pkg/gateway/capabilitites.go, tool_names.go @2bd20fe8',
  status: 'verified',
  prefixing: 'never',
  unprefixed: true,
  wire: MCP_SPEC_WIRE,
  render: (input) =>
    renderEach(
      'docker-mcp-gateway',
      input,
      (ref) => {
        const trimmed = ref.tool.trim();
        if (trimmed === '') return { name: ref.tool, dropped: 'empty tool name (the gateway refuses to load)' };
        if (DOCKER_RESERVED.has(trimmed)) return { name: ref.tool, dropped: `"${trimmed}" is reserved for a gateway tool (the gateway refuses to load)` };
        return { name: ref.tool };
      },
      'error',
    ),
};

/** Docker gateway with `tool-name-prefix`: `{S}__{T}` (a per-server catalog `prefix` would replace S; not modelled). */
export const dockerMcpGatewayPrefixed: NamingTarget = {
  id: 'docker-mcp-gateway-prefixed',
  kind: 'preset',
  summary: 'Docker MCP gateway with tool-name-prefix: server__tool',
  source: 'verified: docker/mcp-gateway pkg/gateway/capabilitites.go (prefixToolName)',
  status: 'verified',
  prefixing: 'always',
  wire: MCP_SPEC_WIRE,
  render: (input) => renderEach('docker-mcp-gateway-prefixed', input, (ref) => ({ name: `${ref.server}__${ref.tool}` }), 'error'),
};

/**
 * LiteLLM: `{P}-{T}` with P = server name, spaces → "_"; no prefix when only one server is allowed. A server name
 * containing "-" is rejected at registration ("Server name cannot contain '-'").
 */
export const litellm: NamingTarget = {
  id: 'litellm',
  kind: 'preset',
  summary: 'LiteLLM proxy: server-tool with ≥ 2 servers (spaces → "_"); servers named with "-" are rejected',
  source: 'verified: BerriAI/litellm litellm/proxy/_experimental/mcp_server/utils.py, server.py',
  status: 'verified',
  prefixing: 'conditional',
  wire: MCP_SPEC_WIRE,
  render: (input) => {
    const accepted = serverOrder(input).filter((server) => !server.includes('-'));
    const prefixed = accepted.length !== 1;
    const names: RenderedName[] = input.tools.map((ref) => {
      const name = prefixed ? `${ref.server.replaceAll(' ', '_')}-${ref.tool}` : ref.tool;
      return ref.server.includes('-')
        ? { server: ref.server, tool: ref.tool, name, dropped: 'server name contains "-" (LiteLLM rejects it)' }
        : { server: ref.server, tool: ref.tool, name };
    });
    return finish('litellm', names);
  },
};
