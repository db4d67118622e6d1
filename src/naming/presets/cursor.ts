import { renderEach } from '../build.js';
import type { NamingTarget } from '../types.js';
import { OPENAI_WIRE } from '../wire.js';

/** Cursor filters a tool when server name + tool name exceed 60 characters ("Some tools have naming issues…"). */
const MAX_COMBINED = 60;

/**
 * Cursor (closed source, community-observed): `mcp_{S}_{T}`; dropped when len(S) + len(T) > 60; historically only
 * the first 40 tools reach the agent (80 and 100 reported later).
 */
export const cursor: NamingTarget = {
  id: 'cursor',
  kind: 'preset',
  summary: 'Cursor (inferred): mcp_server_tool; tools with len(server)+len(tool) > 60 are filtered; 40-tool cap',
  source:
    'documented behaviour (closed source): docs.cursor.com/context/model-context-protocol (tool quantity); 60-character filter and mcp_ prefix from issue threads (ComposioHQ/composio#2788, awslabs/mcp#1283)',
  status: 'documented',
  prefixing: 'always',
  wire: OPENAI_WIRE,
  maxTools: 40,
  render: (input) =>
    renderEach('cursor', input, (ref) => ({
      name: `mcp_${ref.server}_${ref.tool}`,
      ...(ref.server.length + ref.tool.length > MAX_COMBINED
        ? { dropped: `server + tool name is ${ref.server.length + ref.tool.length} characters (Cursor filters over ${MAX_COMBINED})` }
        : {}),
    })),
};
