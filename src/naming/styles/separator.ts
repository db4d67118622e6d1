import { joinName, renderEach } from '../build.js';
import { splitParser } from '../parse.js';
import type { NamingTarget } from '../types.js';

/** A style that joins server and tool with a fixed separator and splits at its first occurrence. */
function separatorStyle(id: string, separator: string, summary: string, source: string): NamingTarget {
  return {
    id,
    kind: 'style',
    summary,
    source,
    status: 'design',
    prefixing: 'always',
    // The slash name a catalog already holds is that very string: reused, not built again per tool.
    render: (input) => renderEach(id, input, (ref) => ({ name: (separator === '/' ? ref.slashName : undefined) ?? joinName(ref.server, separator, ref.tool) })),
    parse: splitParser(separator),
  };
}

/** `server/tool`: canonical display form (MEW ADR-mpt); not a valid provider function name. */
export const slash = separatorStyle(
  'slash',
  '/',
  'server/tool: the canonical display form (MEW ADR-mpt), split on the first "/"',
  'rjcorwin/mew-protocol ADR-mpt; mcpns contract',
);

/** `server__tool`: MCPx v0 peer-prefixed OpenAI names (decision-2). */
export const doubleUnderscore = separatorStyle(
  'double-underscore',
  '__',
  'server__tool: MCPx peer-prefixed names, split on the first "__"',
  'rjcorwin/mew-protocol @c26366e specs/decision-2-openai-peer-targeting.md',
);

/** `server_tool`: flat form rejected by ADR-mpt; common in frameworks. */
export const underscore = separatorStyle(
  'underscore',
  '_',
  'server_tool: flat underscore join, split on the first "_"',
  'MEW ADR-mpt (rejected option "calculator_add"); langchain/fastmcp/mcp-agent use the same join',
);

/** `server.tool`: Bamboo-style dotted namespace. */
export const dot = separatorStyle(
  'dot',
  '.',
  'server.tool: dotted namespace (Bamboo entry points), split on the first "."',
  'BNLNPPS/bamboo-mcp docs/plugins.md',
);
