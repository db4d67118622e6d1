import { finish, serverMap, serverOrder } from '../build.js';
import { hardCut } from '../length.js';
import type { NamingServer, NamingTarget, RenderedName } from '../types.js';
import { OPENAI_WIRE } from '../wire.js';

const MAX_PREFIX = 18;
const PREFIX = 'mcp_';
const MAX_LENGTH = 64;

/**
 * `McpPrefixGenerator.take(name)`: 13-char safe base, lowest unused index ≥ 1 per base, index 1 → no number.
 * The generator is shared across servers, so the numbers follow take (start) order.
 */
export function vscodePrefixes(names: { server: string; source: string }[]): Map<string, string> {
  const used = new Map<string, Set<number>>();
  const prefixes = new Map<string, string>();
  for (const { server, source } of names) {
    const safeName = source
      .toLowerCase()
      .replace(/[^a-z0-9_.-]+/g, '_')
      .slice(0, MAX_PREFIX - PREFIX.length - 1);
    const taken = used.get(safeName) ?? new Set<number>();
    used.set(safeName, taken);
    let index = 1;
    while (taken.has(index)) index++;
    taken.add(index);
    const suffix = (index === 1 ? '' : String(index)) + '_';
    prefixes.set(server, PREFIX + safeName.slice(0, MAX_PREFIX - PREFIX.length - suffix.length) + suffix);
  }
  return prefixes;
}

/** Prefix source: serverInfo.title ‖ serverInfo.name ‖ mcp.json key (JS `||`, so empty strings fall through). */
function prefixSource(servers: Map<string, NamingServer>, server: string): string {
  const info = servers.get(server)?.serverInfo;
  return info?.title || info?.name || server;
}

/**
 * VS Code (Copilot Chat): `trunc64((P + T with [^a-z0-9_-]/i → "_").replaceAll(".", "_"))`. Duplicate ids make
 * `registerToolData` throw, so collisions are errors (all members kept for reporting).
 */
export const vscode: NamingTarget = {
  id: 'vscode',
  kind: 'preset',
  summary: 'VS Code: mcp_<prefix≤18>_tool, prefix from serverInfo.title‖name‖key with numeric suffix, hard cut at 64',
  source: 'verified: microsoft/vscode src/vs/workbench/contrib/mcp/common/mcpServer.ts, mcpTypes.ts',
  status: 'verified',
  prefixing: 'always',
  wire: OPENAI_WIRE,
  maxTools: 128,
  render: (input) => {
    const servers = serverMap(input);
    const order = serverOrder(input).map((server) => ({ server, source: prefixSource(servers, server) }));
    const prefixes = vscodePrefixes(order);
    const names: RenderedName[] = input.tools.map((ref) => {
      const tool = ref.tool.replace(/[^a-z0-9_-]/gi, '_');
      const uncut = `${prefixes.get(ref.server)}${tool}`.replaceAll('.', '_');
      const name = hardCut(uncut, MAX_LENGTH);
      return name === uncut ? { server: ref.server, tool: ref.tool, name } : { server: ref.server, tool: ref.tool, name, uncut };
    });
    return finish('vscode', names, {
      collision: 'error',
      nondeterministic: sharesBase(order)
        ? 'VS Code numbers prefixes (mcp_foo_, mcp_foo2_) in the order it registers servers; mcpns follows the order of the servers in config'
        : undefined,
    });
  },
};

/** True when two servers fall in the same 13-char prefix bucket (the suffix then depends on start order). */
function sharesBase(order: { source: string }[]): boolean {
  const bases = order.map(({ source }) =>
    source
      .toLowerCase()
      .replace(/[^a-z0-9_.-]+/g, '_')
      .slice(0, 13),
  );
  return new Set(bases).size !== bases.length;
}
