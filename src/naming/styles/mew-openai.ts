import type { ToolRef } from '../../catalog/types.js';
import { renderEach } from '../build.js';
import { resolveServer } from '../parse.js';
import type { NamingTarget } from '../types.js';
import { OPENAI_WIRE } from '../wire.js';

/**
 * MEW: the model sees `participant/tool`; the OpenAI wire carries the first "/" replaced by "_"
 * (`convertToOpenAITools`), and replies are reversed with `replace('_', '/')` then `split('/')`.
 * parse reproduces that faithfully, so a server id containing "_" (or a tool containing "/") misroutes:
 * AMBIGUOUS_ROUTE is how mcpns reports it.
 */
export const mewOpenai: NamingTarget = {
  id: 'mew-openai',
  kind: 'style',
  summary: 'MEW: model sees server/tool; OpenAI wire name replaces the first "/" with "_" (reversed by first "_")',
  source: 'rjcorwin/mew-protocol src/agent/MEWAgent.ts @898f32e1 (verified)',
  status: 'verified',
  prefixing: 'always',
  wire: OPENAI_WIRE,
  render: (input) =>
    renderEach('mew-openai', input, (ref) => {
      const name = `${ref.server}/${ref.tool}`;
      return { name, wireName: name.replace('/', '_') };
    }),
  parse: (name: string, servers: string[]): ToolRef | undefined => {
    // MEWAgent.reason(): toolCall.function.name.replace('_', '/'), then split('/') keeping two segments.
    const [server, tool] = name.replace('_', '/').split('/');
    if (!server || tool === undefined || tool === '') return undefined;
    return { server: resolveServer(server, servers), tool };
  },
};
