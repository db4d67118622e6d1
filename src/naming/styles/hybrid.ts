import { renderEach, serversPerTool } from '../build.js';
import type { NamingTarget } from '../types.js';

/**
 * Bare tool name when only one server offers it, `server/tool` when several do (ADR-mpt option 4, MCPx
 * "smart prefixing"). Shared names are always qualified, so a same-name tool on two servers is not a collision
 * here; `unprefixed` stays false. Routes by map: a bare name cannot be split.
 */
export const hybrid: NamingTarget = {
  id: 'hybrid',
  kind: 'style',
  summary: 'bare tool name when unique across servers, server/tool when shared (ADR-mpt option 4)',
  source: 'rjcorwin/mew-protocol ADR-mpt option 4; MCPx decision-2 "smart prefixing"',
  status: 'design',
  prefixing: 'conditional',
  unprefixed: false,
  render: (input) => {
    const owners = serversPerTool(input);
    return renderEach('hybrid', input, (ref) => ({ name: (owners.get(ref.tool) ?? 0) > 1 ? `${ref.server}/${ref.tool}` : ref.tool }));
  },
};
