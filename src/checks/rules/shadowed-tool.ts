import { defineRule } from './define.js';
import { memberList, argHint } from './wording.js';

/** `tools`: set when one finding stands for every tool the same servers share (`serve --dry-run` groups them). */
export type ShadowedToolArgs = { servers: number; unprefixedTargets: string[]; hint: string; tools?: string[] };

const MAX_LISTED = 8;

/** `docs and notes share 14 tools: read_file, write_file, … (6 more)`. */
function sharedList(servers: readonly string[], tools: readonly string[]): string {
  const names = servers.length > 2 ? `${servers.slice(0, -1).join(', ')} and ${servers.at(-1)!}` : servers.join(' and ');
  const listed = tools.slice(0, MAX_LISTED).join(', ');
  return `${names} share ${tools.length} tools: ${listed}${tools.length > MAX_LISTED ? `, … (${tools.length - MAX_LISTED} more)` : ''}`;
}

export const shadowedTool = defineRule<ShadowedToolArgs>()({
  code: 'SHADOWED_TOOL',
  severity: 'info',
  lifecycle: 'stable',
  family: 'conflicts',
  reportedBy: ['check-conflicts', 'check'],
  title: 'The same tool name is offered by several servers',
  message: (f) =>
    (f.args?.tools && f.args.tools.length > 1
      ? sharedList([...new Set((f.members ?? []).map((member) => member.server))], f.args.tools)
      : `tool "${f.name}" is offered by ${f.members?.length ?? 0} servers: ${memberList(f)}`) +
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
