import type { ToolRef } from '../../catalog/types.js';
import { renderEach } from '../build.js';
import { resolveServer, resolveTool, splitFirst } from '../parse.js';
import { subEach, trimChars } from '../sanitize.js';
import type { NamingTarget } from '../types.js';
import { ANTHROPIC_WIRE } from '../wire.js';

/** N(x): each character outside [A-Za-z0-9_-] → "_" (per UTF-16 unit, as the JS source does). */
export function claudeNormalize(value: string): string {
  return subEach(value, /[^a-zA-Z0-9_-]/, '_');
}

/** Server part: connectors named "claude.ai …" also collapse "_" runs and trim "_". */
function serverPart(server: string): string {
  const normalized = claudeNormalize(server);
  return server.startsWith('claude.ai ') ? trimChars(normalized.replace(/_+/g, '_'), '_') : normalized;
}

/**
 * Claude Code: `mcp__{N(S)}__{N(T)}`; no truncation (the Anthropic API rejects > 128, ANTHROPIC_WIRE); duplicate names keep the first
 * (`uniqBy(..., 'name')` after a stable sort by name); parse splits at the first "__" after "mcp__".
 */
export const claudeCode: NamingTarget = {
  id: 'claude-code',
  kind: 'preset',
  summary: 'Claude Code: mcp__server__tool, [^A-Za-z0-9_-] → "_", no truncation, first duplicate wins',
  source:
    'documented behaviour (closed source): code.claude.com/docs/en/mcp and anthropics/claude-code CHANGELOG.md (mcp__server__tool, hyphenated names); normalization as in the published @anthropic-ai/claude-agent-sdk sdk.mjs',
  status: 'documented',
  prefixing: 'always',
  wire: ANTHROPIC_WIRE,
  render: (input) => {
    const rendering = renderEach('claude-code', input, (ref) => ({ name: `mcp__${serverPart(ref.server)}__${claudeNormalize(ref.tool)}` }), 'first-wins');
    if (rendering.names.some((name) => name.dropped !== undefined)) {
      rendering.nondeterministic = 'which duplicate Claude Code keeps depends on the order it lists servers; mcpns assumes sorted (catalog) order';
    }
    return rendering;
  },
  parse: (name: string, servers: string[], tools?: ToolRef[]): ToolRef | undefined => {
    if (!name.startsWith('mcp__')) return undefined;
    const parts = splitFirst(name.slice('mcp__'.length), '__');
    if (!parts) return undefined;
    const server = resolveServer(parts[0], servers, serverPart);
    return { server, tool: resolveTool(server, parts[1], tools, claudeNormalize) };
  },
};
