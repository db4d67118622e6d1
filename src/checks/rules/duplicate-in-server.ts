import { argHint } from './wording.js';
import { defineRule } from './define.js';

export type DuplicateInServerArgs = { count: number; hint: string };

export const duplicateInServer = defineRule<DuplicateInServerArgs>()({
  code: 'DUPLICATE_IN_SERVER',
  severity: 'error',
  lifecycle: 'stable',
  family: 'conflicts',
  reportedBy: ['check-conflicts', 'check'],
  title: 'A server lists the same tool name more than once',
  message: (f) => `server "${f.server}" lists tool "${f.tool}" ${f.args?.count ?? 'more than once'} times`,
  hint: (f) => argHint(f) ?? 'fix the server: tool names must be unique within a server (MCP spec)',
  doc: {
    why: `the MCP spec says tool names SHOULD be unique within a server; clients keep the first or the last entry, so
one of them can never be called.`,
    failing: `one server's \`tools/list\` returns \`lookup\` twice.`,
    passing: `\`lookup\` and \`lookup_legacy\`.`,
  },
});
