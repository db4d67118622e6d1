import { defineRule } from './define.js';

/** revision: what the server spoke; current: the newest revision of the 2025 line, which it could speak instead. */
export type ProtocolRevisionOutdatedArgs = { revision: string; current: string };

export const protocolRevisionOutdated = defineRule<ProtocolRevisionOutdatedArgs>()({
  code: 'PROTOCOL_REVISION_OUTDATED',
  severity: 'info',
  lifecycle: 'stable',
  family: 'definitions',
  reportedBy: ['lint', 'check'],
  title: 'A server still speaks a protocol revision from before 2025',
  message: (f) => `server "${f.server}" speaks MCP ${f.args?.revision ?? 'an old revision'}, a revision from before 2025`,
  hint: (f) =>
    `newer revisions add what clients now rely on (tool annotations, structured output, elicitation); update the server to one that speaks ${f.args?.current ?? 'a 2025 revision'} or later`,
  doc: {
    why: `the catalog records the MCP revision each server negotiated (\`protocolVersion\`). A server that still speaks a
2024 revision (\`2024-11-05\`, \`2024-10-07\`) predates tool annotations, structured output (\`outputSchema\`) and
elicitation, which clients now rely on; updating it usually means updating its SDK. A saved catalog without
\`protocolVersion\` is not flagged.`,
    failing: `a server listed with \`"protocolVersion": "2024-11-05"\`.`,
    passing: `\`"protocolVersion": "2025-11-25"\` or \`"2026-07-28"\`.`,
  },
});
