import { opencodeToolName } from '../../config/clients/opencode.js';
import { renderEach } from '../build.js';
import { registrationNote, registrationPrecedence } from '../order.js';
import type { NamingTarget } from '../types.js';
import { OPENAI_WIRE } from '../wire.js';

/**
 * opencode: `<server>_<tool>`, each character outside [A-Za-z0-9_-] of either part turned into "_", no prefix and no
 * length limit. Tools go into one record keyed by that name, so a later registration overwrites: the server ready
 * last, and inside a server the tool listed last (`MCP.tools()`; observed with opencode 1.18.33).
 */
export const opencode: NamingTarget = {
  id: 'opencode',
  kind: 'preset',
  summary: 'opencode: server_tool, [^A-Za-z0-9_-] → "_" in both parts, no prefix or length limit, the last registered duplicate wins',
  source:
    'verified: anomalyco/opencode packages/opencode/src/mcp/index.ts MCP.tools() @001133bc (the same function in the opencode-ai 1.18.33 binary); names and collisions observed with the real client',
  status: 'verified',
  checkedAgainst: { package: 'opencode-ai', version: '1.18.33', date: '2026-11-26' },
  prefixing: 'always',
  // opencode talks to many providers; OpenAI's function-name rule (64) is the strictest of the common ones.
  wire: OPENAI_WIRE,
  render: (input) =>
    renderEach('opencode', input, (ref) => ({ name: opencodeToolName(ref.server, ref.tool) }), 'last-wins', {
      precedence: registrationPrecedence(input),
      nondeterministicOnCollision: registrationNote(input, 'opencode', 'last'),
    }),
};
