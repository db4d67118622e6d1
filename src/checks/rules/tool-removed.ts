import { defineRule } from './define.js';
import { pair } from './wording.js';

export type ToolRemovedArgs = { renamedTo?: string };

export const toolRemoved = defineRule<ToolRemovedArgs>()({
  code: 'TOOL_REMOVED',
  severity: 'error',
  lifecycle: 'stable',
  family: 'drift',
  reportedBy: ['diff'],
  title: 'A tool disappeared',
  message: (f) => `tool "${pair(f)}" was removed${f.args?.renamedTo ? ` (renamed to "${f.args.renamedTo}"?)` : ''}`,
  hint: () => 'agents, prompts and profiles that call it will fail; if this is intended, refresh the lock file',
  doc: {
    why: `callers of a removed tool break; when a tool with a similar name and schema appeared, mcpns suggests it was
renamed.`,
    failing: `\`weather/getForecast\` disappears (maybe renamed to \`weather/get_forecast\`).`,
    passing: `the tool is still there.`,
  },
});
