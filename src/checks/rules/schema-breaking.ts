import { defineRule } from './define.js';
import { pair } from './wording.js';

export interface SchemaChangeArgs {
  schema: 'inputSchema' | 'outputSchema';
  changes: string;
  details: { path: string; change: string }[];
}

/** Which schema a schema change is about, in words. */
export const schemaName = (finding: { args?: SchemaChangeArgs }): string => (finding.args?.schema === 'outputSchema' ? 'output schema' : 'input schema');

export const schemaBreaking = defineRule<SchemaChangeArgs>()({
  code: 'SCHEMA_BREAKING',
  severity: 'error',
  lifecycle: 'stable',
  family: 'drift',
  reportedBy: ['diff'],
  title: "A tool's input schema changed incompatibly",
  message: (f) => `${schemaName(f)} of "${pair(f)}" changed incompatibly: ${f.args?.changes ?? ''}`,
  hint: (f) =>
    f.args?.schema === 'outputSchema'
      ? 'code that reads its structured output may break'
      : 'callers built against the old schema will send arguments the tool now rejects',
  doc: {
    why: `an input schema change that rejects arguments that used to be valid (new required property, removed
property, narrower type or enum) breaks existing callers.`,
    failing: `\`add\` gains a required \`precision\`.`,
    passing: `\`add\` gains an optional \`precision\` (that is \`SCHEMA_COMPATIBLE\`).`,
  },
});
