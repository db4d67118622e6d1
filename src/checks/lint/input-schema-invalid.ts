import { defineSteppedCheck, SLICE_MASK, type Finding } from '../types.js';
import { inputSchemaProblem } from './json-schema-dialect.js';
import { toolFinding, visibleTools } from './shared.js';

/**
 * INPUT_SCHEMA_INVALID — MCP: `inputSchema` MUST be a valid JSON Schema object with
 * `"type": "object"` (2020-12 unless `$schema` says otherwise). Clients that validate
 * arguments or convert schemas for a provider reject or mangle anything else.
 */
export default defineSteppedCheck({
  codes: ['INPUT_SCHEMA_INVALID'],
  family: 'lint',
  *steps({ catalog }) {
    const findings: Finding[] = [];
    const tools = visibleTools(catalog);
    for (let at = 0; at < tools.length; at++) {
      if ((at & SLICE_MASK) === SLICE_MASK) yield;
      const tool = tools[at]!;
      const problem = inputSchemaProblem(tool.inputSchema);
      if (problem !== undefined) findings.push(toolFinding('INPUT_SCHEMA_INVALID', tool, { problem }));
    }
    return findings;
  },
});
