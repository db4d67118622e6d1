import { defineRule } from './define.js';
import { pair, argHint } from './wording.js';

export type PrefixMismatchArgs = { prefix: string; namespace: string };

export const prefixMismatch = defineRule<PrefixMismatchArgs>()({
  code: 'PREFIX_MISMATCH',
  severity: 'error',
  lifecycle: 'stable',
  family: 'naming',
  reportedBy: ['lint', 'check'],
  title: "A tool name without its namespace's prefix",
  message: (f) => `"${pair(f)}" does not start with "${f.args?.prefix}" (namespace ${f.args?.namespace})`,
  hint: (f) => argHint(f) ?? `rename the tool to "${f.args?.prefix ?? ''}${f.tool ?? ''}", or fix the namespace's prefix`,
  doc: {
    why: `MCP-ocs ADR-004: every tool of a namespace carries the domain prefix (\`file_\`, \`memory_\`, \`atlassian_\`), so a
model (and a human) can tell the domains apart from the name alone; the demo's \`atlassian/search_confluence\` and
\`atlassian/search\` do not.`,
    failing: `namespace \`atlassian\` (\`"prefix": "atlassian_"\`) with tool \`search_confluence\`.`,
    passing: `\`atlassian_search_confluence\`.`,
  },
});
