import type { Catalog, CatalogServer, CatalogTool } from '../catalog/types.js';
import { isSlashName } from '../catalog/build.js';
import { McpnsError } from '../errors.js';
import { claudeCode } from './presets/claude-code.js';
import { cline, continueDev } from './presets/clients.js';
import { codex } from './presets/codex.js';
import { cursor } from './presets/cursor.js';
import { fastmcp, langchain, mcpAgent } from './presets/frameworks.js';
import { agentgateway, agentgatewayNever, contextforge, dockerMcpGateway, dockerMcpGatewayPrefixed, litellm, metamcp, oneMcp } from './presets/gateways.js';
import { geminiCli, geminiCliLegacy } from './presets/gemini-cli.js';
import { openaiAgents, openaiAgentsPrefixed } from './presets/openai-agents.js';
import { opencode } from './presets/opencode.js';
import { vscode } from './presets/vscode.js';
import { anthropic, bedrock, gemini, mistral, openai } from './providers.js';
import { hybrid } from './styles/hybrid.js';
import { mewOpenai } from './styles/mew-openai.js';
import { prefix } from './styles/prefix.js';
import { dot, doubleUnderscore, slash, underscore } from './styles/separator.js';
import type { NamingInput, NamingTarget, NamingTool, Rendering } from './types.js';
import { own } from '../util/own.js';

export type {
  CheckedAgainst,
  NamingInput,
  NamingServer,
  NamingTarget,
  NamingTool,
  Prefixing,
  Refusal,
  Rendering,
  RenderedName,
  RuleStatus,
  WireRule,
} from './types.js';
export { renderEach, finish, lookupsMirrorNames, lookupsPending } from './build.js';
export type { CollisionPolicy } from './collision.js';
export { wireProblems, OPENAI_WIRE, ANTHROPIC_WIRE, GEMINI_WIRE, BEDROCK_WIRE, MISTRAL_WIRE, MCP_SPEC_WIRE } from './wire.js';
export type { WireProblem } from './wire.js';

export const DEFAULT_STYLE = 'slash';

/** Every target, in the order `--help` and docs list them: styles, presets, providers. */
const ALL: NamingTarget[] = [
  slash,
  doubleUnderscore,
  underscore,
  dot,
  hybrid,
  prefix,
  mewOpenai,
  claudeCode,
  vscode,
  cursor,
  geminiCli,
  geminiCliLegacy,
  codex,
  opencode,
  openaiAgents,
  openaiAgentsPrefixed,
  langchain,
  fastmcp,
  mcpAgent,
  contextforge,
  agentgateway,
  agentgatewayNever,
  metamcp,
  oneMcp,
  dockerMcpGateway,
  dockerMcpGatewayPrefixed,
  litellm,
  continueDev,
  cline,
  openai,
  anthropic,
  gemini,
  bedrock,
  mistral,
];

const TARGETS = new Map<string, NamingTarget>(ALL.map((target) => [target.id, target]));

export function listTargets(): NamingTarget[] {
  return [...TARGETS.values()];
}

export function getTarget(id: string): NamingTarget {
  const target = TARGETS.get(id);
  if (!target) {
    throw new McpnsError('UNKNOWN_TARGET', `unknown style or preset "${id}"`, {
      hint: `valid: ${[...TARGETS.keys()].sort().join(', ')}`,
      details: { valid: [...TARGETS.keys()].sort() },
    });
  }
  return target;
}

/** A naming style (`--style`): presets and providers are refused with a hint to pass them to `--preset`. */
export function getStyle(id: string): NamingTarget {
  const target = getTarget(id);
  if (target.kind !== 'style') {
    const styles = listTargets()
      .filter((candidate) => candidate.kind === 'style')
      .map((candidate) => candidate.id);
    throw new McpnsError('UNKNOWN_TARGET', `"${id}" is a ${target.kind}, not a naming style`, {
      hint: `pass it to --preset ${id}; styles are: ${styles.join(', ')}`,
      details: { valid: styles },
    });
  }
  return target;
}

export function renderNames(targetId: string, input: NamingInput): Rendering {
  return getTarget(targetId).render(input);
}

/**
 * Naming input from a catalog: every tool, sorted as the catalog is; the servers in registration order — the names in
 * `serverOrder` (the config's order: VS Code numbers its prefixes in it) first, the others after them in catalog order.
 */
export function namingInputFromCatalog(catalog: Catalog, prefixes: Record<string, string> = {}, serverOrder?: readonly string[]): NamingInput {
  return namingInputFrom(catalog.servers, catalog.tools, prefixes, serverOrder);
}

/**
 * Naming input from catalog servers and tools (a subset, e.g. the visible ones): serverInfo (VS Code's prefix source),
 * the namespace prefixes of mcpns's config, how long each server took to be ready and where each tool was listed
 * (the order clients register tools in); the servers in registration order (`serverOrder`, the config's, first).
 */
export function namingInputFrom(
  servers: readonly CatalogServer[],
  tools: readonly CatalogTool[],
  prefixes: Record<string, string> = {},
  serverOrder?: readonly string[],
): NamingInput {
  return {
    servers: inRegistrationOrder(servers, serverOrder).map((server) => ({
      name: server.name,
      ...(server.serverInfo ? { serverInfo: { name: server.serverInfo.name, ...(server.serverInfo.title ? { title: server.serverInfo.title } : {}) } } : {}),
      ...(own(prefixes, server.name) !== undefined ? { prefix: own(prefixes, server.name)! } : {}),
      ...(server.durationMs !== undefined ? { readyMs: server.durationMs } : {}),
    })),
    tools: tools.map(namingTool),
  };
}

/** A catalog tool as a naming input: one object literal per case (a key added later would need a property array). */
function namingTool(tool: CatalogTool): NamingTool {
  const { server, name, listIndex } = tool;
  const slashName = isSlashName(tool.qualifiedName, server, name) ? tool.qualifiedName : undefined;
  if (listIndex === undefined) return slashName === undefined ? { server, tool: name } : { server, tool: name, slashName };
  return slashName === undefined ? { server, tool: name, listIndex } : { server, tool: name, listIndex, slashName };
}

/**
 * Servers in the order a client registers them: those named in `order` (the config's order) first, in that order, then
 * those whose catalog entry records their place in the config (`order`: a saved catalog read without that config), by
 * it, then the rest as given. Stable.
 */
export function inRegistrationOrder<T extends { name: string; order?: number | undefined }>(servers: readonly T[], order: readonly string[] | undefined): T[] {
  const rank = new Map<string, number>();
  order?.forEach((name, index) => {
    if (!rank.has(name)) rank.set(name, index);
  });
  if (!rank.size && servers.every((server) => server.order === undefined)) return [...servers];
  const ranked = servers.map((server, index) => {
    const named = rank.get(server.name);
    const group = named !== undefined ? 0 : server.order !== undefined ? 1 : 2;
    return { server, group, key: named ?? server.order ?? index, index };
  });
  return ranked.sort((a, b) => a.group - b.group || a.key - b.key || a.index - b.index).map(({ server }) => server);
}
