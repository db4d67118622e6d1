import { defineCheck, type Finding } from '../types.js';
import { conflictView } from './rendering.js';

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
    // Per server, tool name → how many times it is listed (nested maps: no "server/name" string per tool).
    const counts = new Map<string, Map<string, number>>();
    const repeated: Array<{ server: string; name: string }> = [];
    for (const { server, name } of tools) {
      let names = counts.get(server);
      if (!names) counts.set(server, (names = new Map()));
      const count = (names.get(name) ?? 0) + 1;
      names.set(name, count);
      if (count === 2) repeated.push({ server, name });
    }
    for (const { server, name } of repeated) {
      const count = counts.get(server)!.get(name)!;
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
