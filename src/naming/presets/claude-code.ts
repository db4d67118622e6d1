import type { ToolRef } from '../../catalog/types.js';
import { claudeNormalize, claudeServerPart } from '../../config/clients/claude-names.js';
import { renderEach } from '../build.js';
import { registrationNote, registrationPrecedence } from '../order.js';
import { resolveServer, resolveTool, splitFirst } from '../parse.js';
import type { NamingTarget } from '../types.js';
import { ANTHROPIC_WIRE } from '../wire.js';

const serverPart = claudeServerPart;

/**
 * Claude Code: `mcp__{N(S)}__{N(T)}`; no truncation (the Anthropic API rejects > 128, ANTHROPIC_WIRE); of tools sharing a
 * name it keeps the first registered: the server ready first, and inside a server the tool listed first (observed with
 * Claude Code 2.1.332, test/fidelity/clients/claude-code.json); parse splits at the first "__" after "mcp__".
 */
export const claudeCode: NamingTarget = {
  id: 'claude-code',
  kind: 'preset',
  summary: 'Claude Code: mcp__server__tool, [^A-Za-z0-9_-] → "_", no truncation, the first registered duplicate wins',
  source:
    'documented behaviour (closed source): code.claude.com/docs/en/mcp and anthropics/claude-code CHANGELOG.md (mcp__server__tool, hyphenated names); normalization as in the published @anthropic-ai/claude-agent-sdk sdk.mjs; names and collisions observed with the real client',
  status: 'documented',
  checkedAgainst: { package: '@anthropic-ai/claude-code', version: '2.1.332', date: '2026-11-26' },
  prefixing: 'always',
  wire: ANTHROPIC_WIRE,
  render: (input) =>
    renderEach('claude-code', input, (ref) => ({ name: `mcp__${serverPart(ref.server)}__${claudeNormalize(ref.tool)}` }), 'first-wins', {
      precedence: registrationPrecedence(input),
      nondeterministicOnCollision: registrationNote(input, 'Claude Code', 'first'),
    }),
  parse: (name: string, servers: string[], tools?: ToolRef[]): ToolRef | undefined => {
    if (!name.startsWith('mcp__')) return undefined;
    const parts = splitFirst(name.slice('mcp__'.length), '__');
    if (!parts) return undefined;
    const server = resolveServer(parts[0], servers, serverPart);
    return { server, tool: resolveTool(server, parts[1], tools, claudeNormalize) };
  },
};
