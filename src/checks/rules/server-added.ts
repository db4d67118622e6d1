import { defineRule } from './define.js';

export type ServerAddedArgs = { toolCount: number; previously?: 'disabled' };

export const serverAdded = defineRule<ServerAddedArgs>()({
  code: 'SERVER_ADDED',
  severity: 'info',
  lifecycle: 'stable',
  family: 'drift',
  reportedBy: ['diff'],
  title: 'A server appeared',
  message: (f) =>
    `server "${f.server}" was ${f.args?.previously === 'disabled' ? 'enabled' : 'added'}${f.args?.toolCount ? ` (${f.args.toolCount} tools)` : ''}`,
  doc: {
    why: `\`diff\` reports a server present in the new catalog but not in the old one, so a reviewer sees new tool sources.`,
    failingLabel: 'Failing (reported)',
    failing: `the new snapshot has server \`weather\`, the old one does not.`,
    passing: `the same set of servers.`,
  },
});
