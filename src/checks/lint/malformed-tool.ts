import { CODES } from '../codes.js';
import { defineCheck, type Finding } from '../types.js';
import { hiddenServers } from './shared.js';

/**
 * MALFORMED_TOOL — tools/list entries discovery recorded as failing the MCP Tool schema
 * (`catalog.servers[].malformedTools`). A strict client SDK rejects the whole page, so one bad
 * entry can hide every tool of the server; discovery keeps them so this rule can say so.
 */
export default defineCheck({
  codes: ['MALFORMED_TOOL'],
  family: 'lint',
  run({ catalog }) {
    const hidden = hiddenServers(catalog);
    const findings: Finding[] = [];
    for (const server of catalog.servers) {
      if (hidden.has(server.name)) continue;
      for (const entry of server.malformedTools ?? []) {
        findings.push({
          code: 'MALFORMED_TOOL',
          severity: CODES.MALFORMED_TOOL.severity,
          server: server.name,
          name: entry.name ?? `#${entry.index}`,
          ...(entry.name !== undefined ? { tool: entry.name } : {}),
          args: { index: entry.index, problems: entry.problems.join('; ') },
        });
      }
    }
    return findings;
  },
});
