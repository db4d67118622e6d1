import { defineRule } from './define.js';
import { memberList, argHint } from './wording.js';

export type NearCollisionArgs = { names: string[]; fold: string; hint: string };

export const nearCollision = defineRule<NearCollisionArgs>()({
  code: 'NEAR_COLLISION',
  severity: 'warning',
  lifecycle: 'stable',
  family: 'conflicts',
  reportedBy: ['check-conflicts', 'check'],
  title: 'Names that differ only by case, separators or look-alike characters',
  message: (f) => {
    const names = f.args?.names ?? [];
    const quoted = names.map((name) => `"${name}"`).join(', ');
    // Under slash the names are the pairs; elsewhere show both so the user sees what the model sees.
    const subject = !names.length ? memberList(f) : names.join(', ') === memberList(f) ? quoted : `${quoted} (${memberList(f)})`;
    return `${subject} differ only by ${f.args?.fold || 'case or separators'} under ${f.target}`;
  },
  hint: (f) => argHint(f) ?? 'models and some clients fold these together; rename one of them',
  doc: {
    why: `names that differ only by case, \`-\`/\`_\`/\`.\` or look-alike Unicode are distinct to a computer but not to a model
or a human, and some clients fold them together.`,
    failing: `\`get_user\` and \`get-user\` (or \`getUser\` and \`getuser\`) under the same target.`,
    passing: `\`get_user\` and \`get_account\`.`,
  },
});
