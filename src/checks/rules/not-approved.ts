import { defineRule } from './define.js';

/** As NOT_TRUSTED; set `tool` on the finding when only that tool is withheld. */
export type NotApprovedArgs = { client: string; reason: string; fix: string };

export const notApproved = defineRule<NotApprovedArgs>()({
  code: 'NOT_APPROVED',
  severity: 'warning',
  lifecycle: 'stable',
  family: 'discovery',
  reportedBy: ['check-conflicts', 'lint', 'check'],
  title: 'The client starts the server but does not offer its tools in this run mode',
  message: (f) =>
    `${f.tool !== undefined ? `tool "${f.server ?? ''}/${f.tool}"` : `server "${f.server ?? ''}"`} is not offered to the model: ${f.args?.reason ?? `${f.args?.client ?? 'its client'} does not approve it`}`,
  hint: (f) => f.args?.fix,
  doc: {
    why: `the client starts the server but does not offer its tools to the model in the run mode mcpns models. \`gemini -p\`
in the default approval mode offers only tools an allow rule covers (\`"trust": true\` on the server, its name in
\`mcp.allowed\`, or \`mcp.autoAllowInHeadless\`), and those rules are patterns \`mcp_<server>_*\` matched against the names
Gemini registered: they miss a server whose name Gemini sanitizes (a space, a parenthesis, a name starting with \`mcp\`)
and a long tool whose shortened name lost that prefix (the finding then names the tool). In plan mode no MCP tool is
offered; with \`--approval-mode yolo\` every one is. Tell mcpns the mode your runs use with \`--approval-mode\`.
Claude Code starts every server but leaves out the tools a \`permissions.deny\` rule without content names
(\`mcp__<server>\`, \`mcp__<server>__<tool>\`, or a \`*\` pattern over those names, in any settings file): a rule that
covers the whole server gets the finding for the server, one that covers some tools gets it per tool, located at the
settings file that holds the rule.`,
    failing: `\`"docs": { "command": "docs-server" }\` in \`.gemini/settings.json\`, checked for \`gemini -p\` in the default mode.`,
    passing: `the same entry with \`"trust": true\`, or \`mcpns check --approval-mode yolo\` for runs with \`--approval-mode yolo\`.`,
  },
});
