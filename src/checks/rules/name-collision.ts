import { defineRule } from './define.js';
import { memberList, argHint } from './wording.js';

export type NameCollisionArgs = {
  /** unprefixed: the target shows bare tool names; mangled: sanitizing, case or truncation made names equal. */
  cause: 'unprefixed' | 'mangled';
  onWire?: true;
  dropped?: { server: string; tool: string; reason: string }[];
  hint: string;
};

export const nameCollision = defineRule<NameCollisionArgs>()({
  code: 'NAME_COLLISION',
  severity: 'error',
  lifecycle: 'stable',
  family: 'conflicts',
  reportedBy: ['check-conflicts', 'check'],
  title: 'Several tools get the same name under a naming target',
  message: (f) =>
    `${f.members?.length ?? 0} tools are named "${f.name}"${f.args?.onWire ? ' on the wire' : ''} under ${f.target}: ${memberList(f)}` +
    (f.args?.cause === 'mangled' ? ' (sanitizing, case or truncation made different names equal)' : '') +
    (f.args?.dropped?.length ? `; ${f.target} drops ${f.args.dropped.length} of them` : ''),
  hint: (f) => argHint(f) ?? `rename one server key or deny all but one of these tools in a profile`,
  doc: {
    why: `after a target's naming formula (sanitizing, truncation) two different \`(server, tool)\` pairs produce the same
name, so one silently shadows the other or the client refuses to start.`,
    failing: `servers \`a.b\` and \`a_b\` both offering \`c\` under \`claude-code\` → both are \`mcp__a_b__c\`.`,
    passing: `rename one server key (\`ab\` and \`a_b\`).`,
  },
});
