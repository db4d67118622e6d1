import type { ToolRef } from '../../catalog/types.js';
import { claudeNormalize, claudeServerPart } from '../../config/clients/claude-names.js';
import { renderEach, type NameParts } from '../build.js';
import { registrationNote, registrationPrecedence } from '../order.js';
import { resolveServer, resolveTool, splitFirst } from '../parse.js';
import type { NamingTarget } from '../types.js';
import { ANTHROPIC_WIRE } from '../wire.js';

const serverPart = claudeServerPart;

/**
 * The longest name Claude Code sends its model. 2.1.332 leaves a longer MCP tool out of every request, logging
 * `Tool "<name>" is not sent to Claude: its name has <n> characters and the API accepts at most 128` (its bundled
 * cli.js, constant 128; observed in test/clients, scenario long-names). It shortens nothing.
 */
export const CLAUDE_CODE_MAX_NAME = ANTHROPIC_WIRE.maxLength;

/** `mcp__{N(S)}__{N(T)}`, left out when it is over 128 characters, as Claude Code does. */
function claudeName(server: string, tool: string): NameParts {
  const name = `mcp__${serverPart(server)}__${claudeNormalize(tool)}`;
  return name.length > CLAUDE_CODE_MAX_NAME
    ? { name, dropped: `Claude Code leaves out a name over ${CLAUDE_CODE_MAX_NAME} characters ("is not sent to Claude")` }
    : { name };
}

/**
 * Claude Code: `mcp__{N(S)}__{N(T)}`; no truncation: a name over 128 characters (the Anthropic API's limit,
 * ANTHROPIC_WIRE) is left out, 65 to 128 are sent whole; of tools sharing a name it keeps the first registered: the
 * server ready first, and inside a server the tool listed first (observed with Claude Code 2.1.332,
 * test/fidelity/clients/claude-code.json); parse splits at the first "__" after "mcp__".
 */
export const claudeCode: NamingTarget = {
  id: 'claude-code',
  kind: 'preset',
  summary: 'Claude Code: mcp__server__tool, [^A-Za-z0-9_-] → "_", no truncation, names over 128 left out, the first registered duplicate wins',
  source:
    'documented behaviour (closed source): code.claude.com/docs/en/mcp and anthropics/claude-code CHANGELOG.md (mcp__server__tool, hyphenated names); normalization as in the published @anthropic-ai/claude-agent-sdk sdk.mjs and the 128-character filter as in the bundled cli.js of @anthropic-ai/claude-code 2.1.332; names, the filter and collisions observed with the real client',
  status: 'documented',
  checkedAgainst: { package: '@anthropic-ai/claude-code', version: '2.1.332', date: '2026-12-06' },
  prefixing: 'always',
  wire: ANTHROPIC_WIRE,
  render: (input) =>
    renderEach('claude-code', input, (ref) => claudeName(ref.server, ref.tool), 'first-wins', {
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
