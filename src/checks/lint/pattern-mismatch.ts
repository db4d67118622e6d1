import { namespacePattern } from '../../profiles/namespaces.js';
import { defineCheck, type Finding } from '../types.js';
import { toolsInNamespaces } from './namespace-tools.js';
import { toolFinding } from './shared.js';

/**
 * PATTERN_MISMATCH — the namespace's `pattern` (MCP-ocs `TOOL_NAMING_PATTERNS`, e.g.
 * `^file_[a-z_]+$`) must match the whole tool name as the server returns it. Write anchors
 * yourself: the pattern is used as given (compiled once, `u` flag).
 */
export default defineCheck({
  codes: ['PATTERN_MISMATCH'],
  family: 'lint',
  run(context) {
    const findings: Finding[] = [];
    for (const { tool, namespace } of toolsInNamespaces(context)) {
      if (namespace.pattern === undefined || namespacePattern(namespace.pattern).test(tool.name)) continue;
      findings.push(toolFinding('PATTERN_MISMATCH', tool, { pattern: `/${namespace.pattern}/u`, namespace: namespace.name }));
    }
    return findings;
  },
});
