import { toolIndexSteps } from '../tool-index.js';
import { defineSteppedCheck, type Finding } from '../types.js';

/**
 * DUPLICATE_IN_SERVER: one server lists the same tool name twice. The MCP spec says names SHOULD be
 * unique within a server; clients keep one copy at random (a Map) or fail. Independent of any target.
 */
export const duplicateInServer = defineSteppedCheck({
  codes: ['DUPLICATE_IN_SERVER'],
  family: 'conflicts',
  *steps(context) {
    const findings: Finding[] = [];
    // Only names listed more than once anywhere (the catalog's shared index) can be listed twice by one server.
    const { tools, shared } = yield* toolIndexSteps(context.catalog);
    const counts = new Map<string, Map<string, number>>();
    const repeated: Array<{ server: string; name: string }> = [];
    for (const [name, group] of shared) {
      const perServer = new Map<string, number>();
      let twice = false;
      for (const at of group) {
        const server = tools[at]!.server;
        const count = (perServer.get(server) ?? 0) + 1;
        perServer.set(server, count);
        if (count === 2) {
          repeated.push({ server, name });
          twice = true;
        }
      }
      if (twice) counts.set(name, perServer);
    }
    for (const { server, name } of repeated) {
      const count = counts.get(name)!.get(server)!;
      findings.push({
        code: 'DUPLICATE_IN_SERVER',
        severity: 'error',
        name,
        server,
        tool: name,
        args: {
          count,
          hint: `fix server "${server}": tool names must be unique within a server (MCP spec); until then deny "${server}/${name}" in a profile`,
        },
      });
    }
    return findings;
  },
});
