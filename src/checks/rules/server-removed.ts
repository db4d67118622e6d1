import { defineRule } from './define.js';

export type ServerRemovedArgs = { toolCount: number; now?: 'disabled' };

export const serverRemoved = defineRule<ServerRemovedArgs>()({
  code: 'SERVER_REMOVED',
  severity: 'error',
  lifecycle: 'stable',
  family: 'drift',
  reportedBy: ['diff'],
  title: 'A server disappeared',
  message: (f) =>
    `server "${f.server}" ${f.args?.now === 'disabled' ? 'is now disabled' : 'was removed'}${f.args?.toolCount ? ` (it had ${f.args.toolCount} tools)` : ''}`,
  hint: () => 'if this is intended, refresh the lock file: mcpns snapshot -o <lock>',
  doc: {
    why: `every tool of a removed server disappears; prompts and routes that use them break.`,
    failing: `the old snapshot has \`atlassian\`, the new catalog does not (or it failed to start).`,
    passing: `the same set of servers.`,
  },
});
