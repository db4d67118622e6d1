import { defineRule } from './define.js';
import { pair, argHint } from './wording.js';

export type InputSchemaInvalidArgs = { problem: string };

export const inputSchemaInvalid = defineRule<InputSchemaInvalidArgs>()({
  code: 'INPUT_SCHEMA_INVALID',
  severity: 'error',
  lifecycle: 'stable',
  family: 'definitions',
  reportedBy: ['lint', 'check'],
  title: 'A tool whose input schema is not a valid object schema',
  message: (f) => `"${pair(f)}" input schema: ${f.args?.problem ?? 'invalid'}`,
  hint: (f) => argHint(f) ?? 'MCP: inputSchema must be a JSON Schema object with "type": "object" (2020-12 unless "$schema" says otherwise)',
  doc: {
    why: `MCP requires \`inputSchema\` to be a valid JSON Schema object with \`"type": "object"\`, in the dialect its
\`$schema\` names (2020-12 when absent; draft-07 and 2019-09 are also supported). Clients that validate arguments or
convert schemas for a provider reject or mangle anything else. Unknown keywords are allowed (non-strict ajv); an
invalid \`pattern\`, an unresolvable \`$ref\` or a keyword with the wrong shape is reported.`,
    failing: `\`{ "type": "string" }\`, \`{ "properties": {} }\` (no type), \`{ "type": "object", "required": "a" }\`,
\`{ "type": "object", "properties": { "a": { "$ref": "#/$defs/missing" } } }\`, \`"$schema": "http://example.com/x"\`.`,
    passing: `\`{ "type": "object", "properties": { "a": { "type": "number" } }, "required": ["a"] }\`,
\`{ "type": "object", "additionalProperties": false }\`.`,
  },
});
