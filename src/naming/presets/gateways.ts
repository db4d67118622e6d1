import type { ToolRef } from '../../catalog/types.js';
import { finish, renderEach, serverOrder, serversPerTool } from '../build.js';
import { splitParser } from '../parse.js';
import { firstRefusal, refusedName } from '../refusal.js';
import { asciiFold, subRun, trimChars } from '../sanitize.js';
import type { NamingTarget, Refusal, RenderedName } from '../types.js';
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

/** `SecurityValidator.validate_name` with the default `VALIDATION_NAME_PATTERN` (gateway names; a literal space is allowed). */
const CONTEXTFORGE_GATEWAY_NAME = /^[a-zA-Z0-9_.\- ]+$/;
/** `SecurityValidator.validate_tool_name` with the default `VALIDATION_TOOL_NAME_PATTERN` (SEP-986). */
const CONTEXTFORGE_TOOL_NAME = /^[a-zA-Z0-9_][a-zA-Z0-9._/-]*$/;
const CONTEXTFORGE_HTML = /[<>"']/;

/** Why ContextForge refuses a gateway (server) or tool name, checked as `GatewayCreate` / `ToolCreate` do. */
export function contextforgeRefusal(server: string, tool: string): Refusal | undefined {
  return firstRefusal([
    [server === '', { subject: 'server', rule: 'Gateway name cannot be empty' }],
    [
      !CONTEXTFORGE_GATEWAY_NAME.test(server) || CONTEXTFORGE_HTML.test(server),
      {
        subject: 'server',
        rule: 'gateway names may contain only letters, digits, "_", ".", "-" and spaces (VALIDATION_NAME_PATTERN ^[a-zA-Z0-9_.\\- ]+$)',
        ...suggest(trimChars(asciiFold(server).replace(/[^a-zA-Z0-9_.\- ]+/g, '-'), '- ')),
      },
    ],
    [server.length > 255, { subject: 'server', rule: 'Gateway name exceeds maximum length of 255' }],
    [tool === '', { subject: 'tool', rule: 'Tool name cannot be empty' }],
    [
      !CONTEXTFORGE_TOOL_NAME.test(tool) || CONTEXTFORGE_HTML.test(tool),
      {
        subject: 'tool',
        rule: 'tool names must start with a letter, digit or "_" and contain only letters, digits, ".", "_", "-" and "/" (VALIDATION_TOOL_NAME_PATTERN)',
      },
    ],
    [tool.length > 128, { subject: 'tool', rule: `Tool name exceeds MCP spec limit of 128 characters (got ${tool.length})` }],
  ]);
}

/**
 * ContextForge: `slug(gateway) + "-" + slug(tool)`, or the tool slug alone when the gateway slug is empty; duplicates
 * are refused (ToolNameConflictError). Gateway and tool names failing the validators are refused (the gateway is not
 * registered; a tool is skipped).
 */
export const contextforge: NamingTarget = {
  id: 'contextforge',
  kind: 'preset',
  summary: 'IBM ContextForge: slug(server)-slug(tool), lowercase ASCII with "-" (NFKD transliteration); invalid names and conflicts refused',
  source: 'verified: IBM/mcp-context-forge mcpgateway/utils/create_slug.py slugify, db.py, common/validators.py @ecba50e4',
  status: 'verified',
  prefixing: 'always',
  wire: CONTEXTFORGE_WIRE,
  render: (input) =>
    renderEach(
      'contextforge',
      input,
      (ref) => {
        const gateway = contextforgeSlug(ref.server);
        const name = gateway ? `${gateway}-${contextforgeSlug(ref.tool)}` : contextforgeSlug(ref.tool);
        const refusal = contextforgeRefusal(ref.server, ref.tool);
        return refusal ? refusedName(name, refusal) : { name };
      },
      'error',
    ),
};

/** Gateway API SectionName, as `validate_mcp_target_name` checks target names at config load. */
const AGENTGATEWAY_TARGET_NAME = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;
const AGENTGATEWAY_MAX_BYTES = 253;

/** Why agentgateway refuses a target (server) name; any refused target fails the whole config. */
export function agentgatewayRefusal(server: string): Refusal | undefined {
  return firstRefusal([
    [server === '', { subject: 'server', rule: 'target names must not be empty', scope: 'config' }],
    [
      Buffer.byteLength(server, 'utf8') > AGENTGATEWAY_MAX_BYTES,
      { subject: 'server', rule: `target names are at most ${AGENTGATEWAY_MAX_BYTES} bytes`, scope: 'config' },
    ],
    [
      !AGENTGATEWAY_TARGET_NAME.test(server),
      {
        subject: 'server',
        rule: "target names must match the Gateway API SectionName pattern: lowercase letters, digits, '-' and '.' ('_' and '+' are reserved MCP delimiters)",
        scope: 'config',
        ...suggest(
          trimChars(
            server
              .toLowerCase()
              .replace(/[^a-z0-9.-]+/g, '-')
              .replace(/\.{2,}/g, '.'),
            '-.',
          ),
        ),
      },
    ],
  ]);
}

/** `{ suggestion }` when a non-empty replacement name could be derived. */
function suggest(name: string): { suggestion?: string } {
  return name ? { suggestion: name } : {};
}

/** Names with the refusal of their target, when the config refuses it. */
function agentgatewayNames(id: string, input: Parameters<NamingTarget['render']>[0], nameOf: (ref: ToolRef) => { name: string; dropped?: string }) {
  return renderEach(id, input, (ref) => {
    const parts = nameOf(ref);
    const refusal = agentgatewayRefusal(ref.server);
    return refusal ? refusedName(parts.name, refusal) : parts;
  });
}

/**
 * agentgateway (prefixMode conditional, the default): `{target}_{T}` with ≥ 2 targets, bare `T` with one (the
 * default target). Target names must be Gateway API SectionNames (`validate_mcp_target_name`), else the whole config
 * fails to load, so "_" can no longer appear in a target name and the `split_once("_")` route is unambiguous.
 */
export const agentgateway: NamingTarget = {
  id: 'agentgateway',
  kind: 'preset',
  summary: 'agentgateway (conditional): target_tool with ≥ 2 targets, bare with one; target names must be lowercase SectionNames',
  source: 'verified: agentgateway/agentgateway crates/agentgateway/src/mcp/handler.rs resource_name, src/types/agent.rs validate_mcp_target_name @75b4e6ce',
  status: 'verified',
  prefixing: 'conditional',
  wire: MCP_SPEC_WIRE,
  render: (input) => {
    const prefixed = serverOrder(input).length >= 2;
    return agentgatewayNames('agentgateway', input, (ref) => ({ name: prefixed ? `${ref.server}_${ref.tool}` : ref.tool }));
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
  source: 'verified: agentgateway/agentgateway crates/agentgateway/src/mcp/handler.rs per_target_deduped (McpPrefixMode::Never), src/types/agent.rs @75b4e6ce',
  status: 'verified',
  prefixing: 'never',
  unprefixed: true,
  wire: MCP_SPEC_WIRE,
  render: (input) => {
    const owners = serversPerTool(input);
    return agentgatewayNames('agentgateway-never', input, (ref) => ({
      name: ref.tool,
      ...((owners.get(ref.tool) ?? 0) > 1 ? { dropped: `served by ${owners.get(ref.tool)} targets (agentgateway hides it)` } : {}),
    }));
  },
};

/** MetaMCP D(S): delete every character outside [a-zA-Z0-9_-]. */
export const metamcpServer = (server: string): string => server.replace(/[^a-zA-Z0-9_-]/g, '');

/** The server-name rule of MetaMCP's import (`mcp-servers.impl.ts`) and its database CHECK constraint. */
const METAMCP_SERVER_NAME = /^[a-zA-Z0-9_-]+$/;

/** Why MetaMCP refuses a server name (the server is not imported; the others are). */
export function metamcpRefusal(server: string): Refusal | undefined {
  return METAMCP_SERVER_NAME.test(server)
    ? undefined
    : {
        subject: 'server',
        rule: 'server names must only contain letters, numbers, underscores, and hyphens (^[a-zA-Z0-9_-]+$)',
        ...suggest(trimChars(server.replace(/[^a-zA-Z0-9_-]+/g, '-'), '-')),
      };
}

/**
 * MetaMCP: `{D(S)}__{T}` (tool unsanitized); lists concatenated; parse splits at the first "__". Server names outside
 * `^[a-zA-Z0-9_-]+$` are refused at import and by the database, so D only matters for names that never get in.
 */
export const metamcp: NamingTarget = {
  id: 'metamcp',
  kind: 'preset',
  summary: 'MetaMCP: server__tool; server names outside [A-Za-z0-9_-] are refused; parse at the first "__"',
  source: 'verified: metatool-ai/metamcp apps/backend/src/lib/metamcp/metamcp-proxy.ts, utils.ts sanitizeName, trpc/mcp-servers.impl.ts @250240be',
  status: 'verified',
  prefixing: 'always',
  wire: MCP_SPEC_WIRE,
  render: (input) =>
    renderEach('metamcp', input, (ref) => {
      const name = `${metamcpServer(ref.server)}__${ref.tool}`;
      const refusal = metamcpRefusal(ref.server);
      return refusal ? refusedName(name, refusal) : { name };
    }),
  parse: splitParser('__', metamcpServer),
};

/** Why 1MCP's `buildUri` throws for a pair (the exception fails the whole tools/list). */
export function oneMcpRefusal(server: string, tool: string): Refusal | undefined {
  return firstRefusal([
    [server.trim() === '', { subject: 'server', rule: 'Client name cannot be empty (buildUri)', scope: 'list' }],
    [tool.trim() === '', { subject: 'tool', rule: 'Resource name cannot be empty (buildUri)', scope: 'list' }],
  ]);
}

/** 1MCP: `{trim(S)}_1mcp_{trim(T)}`; an empty (trimmed) part throws and fails tools/list; parse at the first "_1mcp_". */
export const oneMcp: NamingTarget = {
  id: '1mcp',
  kind: 'preset',
  summary: '1MCP agent: server_1mcp_tool (trimmed); an empty server or tool name fails tools/list; parse at the first "_1mcp_"',
  source: 'verified: 1mcp-app/agent src/utils/core/parsing.ts buildUri, src/core/protocol/toolRequestHandlers.ts @d7bde4b2',
  status: 'verified',
  prefixing: 'always',
  wire: MCP_SPEC_WIRE,
  render: (input) =>
    renderEach('1mcp', input, (ref) => {
      const name = `${ref.server.trim()}_1mcp_${ref.tool.trim()}`;
      const refusal = oneMcpRefusal(ref.server, ref.tool);
      return refusal ? refusedName(name, refusal) : { name };
    }),
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

/** Why the Docker gateway's reload fails on a final tool name (`validateToolNameCollisions`: empty or reserved). */
export function dockerRefusal(name: string): Refusal | undefined {
  const trimmed = name.trim();
  return firstRefusal([
    [trimmed === '', { subject: 'tool', rule: 'a server exposes an empty tool name (tool name collision)', scope: 'config' }],
    [
      DOCKER_RESERVED.has(trimmed),
      { subject: 'tool', rule: `"${trimmed}" is reserved for a gateway tool; enable tool-name-prefix or set a unique catalog prefix`, scope: 'config' },
    ],
  ]);
}

function dockerName(name: string) {
  const refusal = dockerRefusal(name);
  return refusal ? refusedName(name, refusal) : { name };
}

/**
 * Docker MCP gateway default: bare `T`. Since 2026-06 a duplicate, reserved or empty name makes the reload fail
 * (checked in sorted order, stopping at the first); mcpns keeps every member so all collisions are reported.
 */
export const dockerMcpGateway: NamingTarget = {
  id: 'docker-mcp-gateway',
  kind: 'preset',
  summary: 'Docker MCP gateway default: bare tool names; a duplicate, reserved or empty name fails the reload',
  source: 'verified: docker/mcp-gateway pkg/gateway/capabilitites.go prefixToolName, tool_names.go validateToolNameCollisions @2bd20fe8',
  status: 'verified',
  prefixing: 'never',
  unprefixed: true,
  wire: MCP_SPEC_WIRE,
  render: (input) => renderEach('docker-mcp-gateway', input, (ref) => dockerName(ref.tool), 'error'),
};

/**
 * Docker gateway with `tool-name-prefix`: `{S}__{T}`, or bare `T` when the prefix is empty (`prefixToolName`); the
 * reload checks apply to the final names. A per-server catalog `prefix` would replace S (not modelled).
 */
export const dockerMcpGatewayPrefixed: NamingTarget = {
  id: 'docker-mcp-gateway-prefixed',
  kind: 'preset',
  summary: 'Docker MCP gateway with tool-name-prefix: server__tool (bare when the server name is empty)',
  source: 'verified: docker/mcp-gateway pkg/gateway/capabilitites.go prefixToolName, tool_names.go @2bd20fe8',
  status: 'verified',
  prefixing: 'always',
  wire: MCP_SPEC_WIRE,
  render: (input) =>
    renderEach('docker-mcp-gateway-prefixed', input, (ref) => dockerName(ref.server === '' ? ref.tool : `${ref.server}__${ref.tool}`), 'error'),
};

/**
 * Why LiteLLM refuses a config server name; either way loading the config aborts. `validate_mcp_server_name` raises on
 * a "-". An empty name (mcpns has no alias to fall back on) makes `get_server_prefix` return the server id, which is
 * still None when `load_servers_from_config` asks, so `MCPServer(name=None)` fails pydantic's `name: str`. (The
 * generated id — a hash of name, URL, transport — never names a tool from a config file, so mcpns never computes
 * it, and nothing from a URL reaches a name.)
 */
export function litellmRefusal(server: string): Refusal | undefined {
  if (server === '') {
    return {
      subject: 'server',
      rule: 'MCPServer name: Input should be a valid string (an empty server name and no alias leave get_server_prefix None)',
      scope: 'config',
    };
  }
  return server.includes('-')
    ? { subject: 'server', rule: "Server name cannot contain '-' (MCP_TOOL_PREFIX_SEPARATOR)", scope: 'config', ...suggest(server.replaceAll('-', '_')) }
    : undefined;
}

/**
 * LiteLLM: `{P}-{T}` with P = server name, spaces → "_"; no prefix when only one server is allowed. A server name
 * containing "-", or an empty one, aborts loading the whole config.
 */
export const litellm: NamingTarget = {
  id: 'litellm',
  kind: 'preset',
  summary: 'LiteLLM proxy: server-tool with ≥ 2 servers (spaces → "_"); a "-" in a server name, or an empty name, aborts loading the config',
  source: 'verified: BerriAI/litellm litellm/proxy/_experimental/mcp_server/utils.py @017c0994, mcp_server_manager.py load_servers_from_config @000db7e8',
  status: 'verified',
  prefixing: 'conditional',
  wire: MCP_SPEC_WIRE,
  render: (input) => {
    const prefixed = serverOrder(input).length !== 1;
    const names: RenderedName[] = input.tools.map((ref) => {
      const name = prefixed ? `${ref.server.replaceAll(' ', '_')}-${ref.tool}` : ref.tool;
      const refusal = litellmRefusal(ref.server);
      return { server: ref.server, tool: ref.tool, ...(refusal ? refusedName(name, refusal) : { name }) };
    });
    return finish('litellm', names);
  },
};
