import { defineRule } from './define.js';
import { pair, argHint } from './wording.js';

export type PatternMismatchArgs = { pattern: string; namespace: string };

export const patternMismatch = defineRule<PatternMismatchArgs>()({
  code: 'PATTERN_MISMATCH',
  severity: 'error',
  lifecycle: 'stable',
  family: 'naming',
  reportedBy: ['lint', 'check'],
  title: "A tool name that does not match its namespace's pattern",
  message: (f) => `"${pair(f)}" does not match ${f.args?.pattern} (namespace ${f.args?.namespace})`,
  hint: (f) => argHint(f) ?? "rename the tool, or widen the namespace's pattern",
  doc: {
    why: `the namespace's \`pattern\` (a regular expression, compiled once with the \`u\` flag and used as written — anchor it
yourself) is the full naming rule, e.g. MCP-ocs \`^file_[a-z_]+$\`.`,
    failing: `\`file_ReadFile\` or \`read_file\` against \`^file_[a-z_]+$\`.`,
    passing: `\`file_read_file\`.`,
  },
});
