import { defineCheck, type Finding } from '../types.js';
import { conflictView, duplicateGroups } from './rendering.js';

/**
 * DUPLICATE_IN_SERVER: one server lists the same tool name twice. The MCP spec says names SHOULD be
 * unique within a server; clients keep one copy at random (a Map) or fail. Independent of any target.
 */
export const duplicateInServer = defineCheck({
  codes: ['DUPLICATE_IN_SERVER'],
  family: 'conflicts',
  run(context) {
    const { tools } = conflictView(context);
    const findings: Finding[] = [];
    for (const group of duplicateGroups(tools, (tool) => `${tool.server}\u0000${tool.name}`).values()) {
      if (group.length < 2) continue;
      const { server, name } = group[0]!;
      findings.push({
        code: 'DUPLICATE_IN_SERVER',
        severity: 'error',
        name,
        server,
        tool: name,
        args: {
          count: group.length,
          hint: `fix server "${server}": tool names must be unique within a server (MCP spec); until then deny "${server}/${name}" in a profile`,
        },
      });
    }
    return findings;
  },
});
