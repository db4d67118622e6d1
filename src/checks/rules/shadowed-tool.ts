import { defineRule } from './define.js';
import { memberList, argHint } from './wording.js';

export type ShadowedToolArgs = { servers: number; unprefixedTargets: string[]; hint: string };

export const shadowedTool = defineRule<ShadowedToolArgs>()({
  code: 'SHADOWED_TOOL',
  severity: 'info',
  lifecycle: 'stable',
  family: 'conflicts',
  reportedBy: ['check-conflicts', 'check'],
  title: 'The same tool name is offered by several servers',
  message: (f) =>
    `tool "${f.name}" is offered by ${f.members?.length ?? 0} servers: ${memberList(f)}` +
    (f.args?.unprefixedTargets.length
      ? `; ${f.args.unprefixedTargets.join(', ')} expose${f.args.unprefixedTargets.length > 1 ? '' : 's'} the bare name, so they clash there`
      : ''),
  hint: (f) =>
    argHint(f) ??
    (f.target && f.severity !== 'info'
      ? `"${f.target}" does not prefix names: use a prefixed target, or deny all but one in a profile`
      : 'namespacing keeps them apart; call them by their qualified names'),
  doc: {
    why: `two servers offer a tool with the same name. Namespacing keeps them apart, so this is informational under
prefixed targets; under a target that exposes bare names (e.g. \`openai-agents\`) one of them is lost or the client
refuses both, so it is raised above info there.`,
    failing: `\`calculator/add\` and \`math-service/add\` checked under an unprefixed target.`,
    passing: `the same pair under \`slash\` (\`calculator/add\`, \`math-service/add\` are distinct), or a profile that denies
\`math-service/add\`.`,
  },
});
