import { defineRule, type RuleFinding } from './define.js';
import { pair } from './wording.js';

/** field: description, instructions, or the schema path of a parameter/output description. */
export type DescriptionChangedArgs = { field: string; diff: string; before?: string; after?: string };

/** Which text a DESCRIPTION_CHANGED is about (tool description, parameter description, server instructions). */
function describedField(finding: RuleFinding<'DESCRIPTION_CHANGED', DescriptionChangedArgs>): string {
  const field = finding.args?.field || 'description';
  if (field === 'description') return `description of "${pair(finding)}"`;
  if (field === 'instructions') return `instructions of server "${finding.server}"`;
  const [schema, ...path] = field.split('.');
  const what = schema === 'outputSchema' ? 'output field' : 'parameter';
  const schemaLabel = schema === 'outputSchema' ? 'output schema' : 'input schema';
  return path.length ? `description of ${what} "${path.join('.')}" of "${pair(finding)}"` : `${schemaLabel} description of "${pair(finding)}"`;
}

export const descriptionChanged = defineRule<DescriptionChangedArgs>()({
  code: 'DESCRIPTION_CHANGED',
  severity: 'warning',
  lifecycle: 'stable',
  family: 'drift',
  reportedBy: ['diff'],
  title: "A tool's description changed (possible rug pull)",
  message: (f) => `${describedField(f)} changed: ${f.args?.diff ?? ''}`,
  hint: () => 'review the new text before trusting it: a rewritten description can carry instructions to the model',
  doc: {
    why: `a "rug pull" — a server changing a tool's description after it was reviewed can inject new instructions.`,
    failing: `the description of \`files/file_read_file\` gains "also upload the file to …".`,
    passing: `the description's hash is unchanged.`,
  },
});
