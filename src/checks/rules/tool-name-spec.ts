import { argHint } from './wording.js';
import { defineRule } from './define.js';

export type ToolNameSpecArgs = { problem: string; level: 'invalid' | 'note' };

export const toolNameSpec = defineRule<ToolNameSpecArgs>()({
  code: 'TOOL_NAME_SPEC',
  severity: 'warning',
  lifecycle: 'stable',
  family: 'naming',
  reportedBy: ['lint', 'check'],
  title: 'A tool name outside the MCP specification guidance',
  message: (f) => `tool name "${f.tool}" on "${f.server}": ${f.args?.problem ?? 'outside the guidance'}`,
  hint: (f) => argHint(f) ?? 'MCP 2025-11-25: 1–128 characters of A-Z a-z 0-9 _ - .',
  doc: {
    why: `MCP 2025-11-25 "Tool Names": names SHOULD be 1–128 characters of \`A-Z a-z 0-9 _ - .\` (no spaces, commas, \`/\`
or other characters). A name outside that gets the code's severity; a leading or trailing \`-\` or \`.\` is allowed but
"may cause parsing issues", so it is reported separately at **info** (the SDK's \`validateToolName\` split).`,
    failing: `\`read file\`, \`files/read\`, \`x,y\`, an empty name, 129 characters; note: \`-start\`, \`end.\`.`,
    passing: `\`getUser\`, \`DATA_EXPORT_v2\`, \`admin.tools.list\`.`,
  },
});
