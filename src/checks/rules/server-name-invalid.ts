import { argHint } from './wording.js';
import { defineRule } from './define.js';

export type ServerNameInvalidArgs = { problem: string; hint?: string };

export const serverNameInvalid = defineRule<ServerNameInvalidArgs>()({
  code: 'SERVER_NAME_INVALID',
  severity: 'warning',
  lifecycle: 'stable',
  family: 'naming',
  reportedBy: ['lint', 'check'],
  title: 'A server name that makes qualified names ambiguous',
  message: (f) => `server name "${f.server}": ${f.args?.problem ?? 'ambiguous'}`,
  hint: (f) => argHint(f) ?? 'use letters, digits and "-" only in server keys',
  doc: {
    why: `the server key is part of every qualified name. If it contains the separator a target joins server and tool
with, the name cannot be split back (and gets routed to the wrong server), or sanitizing merges it with another
server. Whitespace, non-ASCII and characters like \`:\` or \`@\` are always reported; \`/\` breaks the canonical
\`server/tool\` form (\`slash\`); separators only for the targets being checked: \`__\` or a trailing \`_\` for
\`double-underscore\`, \`claude-code\`, \`codex\`, \`metamcp\`, \`cline\`, \`openai-agents-prefixed\`,
\`docker-mcp-gateway-prefixed\`, \`gemini-cli-legacy\` and the provider targets (\`openai\`, \`anthropic\`, \`gemini\`,
\`bedrock\`, \`mistral\` export \`server__tool\`); \`_\` for \`underscore\`, \`mew-openai\`, \`gemini-cli\`, \`cursor\`,
\`agentgateway\`, \`mcp-agent\`, \`langchain\`, \`fastmcp\`, \`continue\`; \`-\` for \`litellm\`, \`contextforge\`; \`.\` for \`dot\`;
\`_1mcp_\` for \`1mcp\`. The finding's \`target\` names the target it breaks.`,
    failing: `\`evil__foo\` or \`acme_\` under \`claude-code\`; \`math_service\` under \`mew-openai\`; \`my server\` anywhere.`,
    passing: `\`math-service\` under \`slash\`, \`claude-code\` and \`mew-openai\`.`,
  },
});
