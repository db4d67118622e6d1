import { defineRule } from './define.js';

export type MalformedToolArgs = { index: number; problems: string };

export const malformedTool = defineRule<MalformedToolArgs>()({
  code: 'MALFORMED_TOOL',
  severity: 'error',
  lifecycle: 'stable',
  family: 'definitions',
  reportedBy: ['lint', 'check'],
  title: 'A tools/list entry that fails the MCP Tool schema',
  message: (f) => `server "${f.server}" returned a malformed tool ${f.tool ? `"${f.tool}"` : `#${f.args?.index ?? '?'}`}: ${f.args?.problems ?? ''}`,
  hint: () => 'clients using a strict SDK drop the whole tools/list page; fix the server',
  doc: {
    why: `a \`tools/list\` entry that fails the MCP \`Tool\` schema makes clients with a strict SDK reject the whole page, so
one bad entry hides every tool of the server. Discovery records such entries instead of dropping them; this rule
reports them.`,
    failing: `\`{ "name": "bad_input", "inputSchema": { "type": "array" } }\` or an entry without \`name\`.`,
    passing: `\`{ "name": "good", "inputSchema": { "type": "object" } }\`.`,
  },
});
