import { defineRule } from './define.js';
import { pair, argHint } from './wording.js';

export type CaseStyleArgs = { case: string; namespace: string };

export const caseStyle = defineRule<CaseStyleArgs>()({
  code: 'CASE_STYLE',
  severity: 'warning',
  lifecycle: 'stable',
  family: 'naming',
  reportedBy: ['lint', 'check'],
  title: "A tool name in another case style than its namespace's",
  message: (f) => `"${pair(f)}" is not ${f.args?.case} case (namespace ${f.args?.namespace})`,
  hint: (f) => argHint(f) ?? `rename the tool in ${f.args?.case} case, or set the namespace's "case" to "any"`,
  doc: {
    why: `one case style per namespace (\`snake\`, \`camel\`, \`kebab\`, \`pascal\`; \`any\` turns it off) keeps names predictable.
The part after a prefix that ends in \`_\`, \`-\` or \`.\` is checked (\`file_readFile\` is camel case after \`file_\`); a
prefix without a separator is part of the first word, so the whole name is checked.`,
    failing: `\`get_alerts\` in a \`camel\` namespace; \`file_ReadFile\` in a \`snake\` namespace.`,
    passing: `\`getCurrentWeather\` (camel), \`file_read_file\` (snake), \`get-alerts\` (kebab), \`GetAlerts\` (pascal).`,
  },
});
