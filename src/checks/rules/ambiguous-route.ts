import { defineRule } from './define.js';
import { pair, argHint } from './wording.js';

export type AmbiguousRouteArgs = { parsedAs: string; hint: string };

export const ambiguousRoute = defineRule<AmbiguousRouteArgs>()({
  code: 'AMBIGUOUS_ROUTE',
  severity: 'error',
  lifecycle: 'stable',
  family: 'conflicts',
  reportedBy: ['check-conflicts', 'check'],
  title: 'A rendered name routes back to a different (server, tool) pair',
  message: (f) => `"${f.name}" (${pair(f)}) under ${f.target} parses back as ${f.args?.parsedAs || 'a different pair'}`,
  hint: (f) => argHint(f) ?? `rename server "${f.server}" so it contains no separator`,
  doc: {
    why: `a rendered name is unique but splits back to a different pair (e.g. a server key that contains the separator),
so a call is routed to the wrong server.`,
    failing: `server \`evil__foo\` with tool \`bar\` under \`claude-code\`: \`mcp__evil__foo__bar\` parses as server \`evil\`.`,
    passing: `server \`evil-foo\`.`,
  },
});
