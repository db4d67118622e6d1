import { argHint } from './wording.js';
import { defineRule } from './define.js';

/** hint: set by the checking commands; comparedTools: false when diff could not compare the server's tools. */
export type ServerUnreachableArgs = { errorCode: string; errorMessage: string; hint?: string; comparedTools?: false };

export const serverUnreachable = defineRule<ServerUnreachableArgs>()({
  code: 'SERVER_UNREACHABLE',
  severity: 'error',
  lifecycle: 'stable',
  family: 'discovery',
  reportedBy: ['check-conflicts', 'lint', 'check', 'diff'],
  title: 'A configured server could not be discovered',
  message: (f) => `server "${f.server}" could not be discovered (${f.args?.errorCode ?? 'ERROR'}): ${f.args?.errorMessage ?? 'unknown error'}`,
  hint: (f) => argHint(f) ?? `run \`mcpns list --server ${f.server ?? f.name ?? ''} --verbose\` to see its stderr`,
  doc: {
    why: `a server that cannot be discovered cannot be checked; the other servers are still checked and the run exits 1.`,
    failing: `\`"command": "node", "args": ["missing.js"]\` (spawn fails or it exits before \`initialize\`).`,
    passing: `a server that answers \`initialize\` and \`tools/list\` within \`--timeout\`.`,
  },
});
