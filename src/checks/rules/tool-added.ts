import { defineRule } from './define.js';
import { pair } from './wording.js';

export type ToolAddedArgs = { renamedFrom?: string };

export const toolAdded = defineRule<ToolAddedArgs>()({
  code: 'TOOL_ADDED',
  severity: 'info',
  lifecycle: 'stable',
  family: 'drift',
  reportedBy: ['diff'],
  title: 'A tool appeared',
  message: (f) => `tool "${pair(f)}" was added${f.args?.renamedFrom ? ` (renamed from "${f.args.renamedFrom}"?)` : ''}`,
  doc: {
    why: `a new tool changes what the model can do; worth a look in review.`,
    failingLabel: 'Failing (reported)',
    failing: `\`files/file_delete\` appears.`,
    passing: `the same tools.`,
  },
});
