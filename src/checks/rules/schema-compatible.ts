import { schemaName, type SchemaChangeArgs } from './schema-breaking.js';
import { defineRule } from './define.js';
import { pair } from './wording.js';

export const schemaCompatible = defineRule<SchemaChangeArgs>()({
  code: 'SCHEMA_COMPATIBLE',
  severity: 'info',
  lifecycle: 'stable',
  family: 'drift',
  reportedBy: ['diff'],
  title: "A tool's input schema changed compatibly",
  message: (f) => `${schemaName(f)} of "${pair(f)}" changed compatibly: ${f.args?.changes ?? ''}`,
  doc: {
    why: `an input schema change that still accepts every old argument set (new optional property, wider type) — worth
knowing, harmless to callers.`,
    failingLabel: 'Failing (reported)',
    failing: `\`search\` gains an optional \`limit\`.`,
    passing: `an identical schema.`,
  },
});
