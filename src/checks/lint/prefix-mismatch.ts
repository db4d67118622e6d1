import { defineCheck, type Finding } from '../types.js';
import { toolsInNamespaces } from './namespace-tools.js';
import { toolFinding } from './shared.js';

/**
 * PREFIX_MISMATCH — MCP-ocs ADR-004: every tool of a namespace carries its domain prefix
 * (`file_`, `memory_`, `atlassian_`), so a model can tell domains apart from the name alone.
 */
export default defineCheck({
  codes: ['PREFIX_MISMATCH'],
  family: 'lint',
  run(context) {
    const findings: Finding[] = [];
    for (const { tool, namespace } of toolsInNamespaces(context)) {
      if (namespace.prefix === undefined || tool.name.startsWith(namespace.prefix)) continue;
      findings.push(toolFinding('PREFIX_MISMATCH', tool, { prefix: namespace.prefix, namespace: namespace.name }));
    }
    return findings;
  },
});
