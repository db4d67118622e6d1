import { CODES } from '../codes.js';
import { toolIndexSteps } from '../tool-index.js';
import { defineSteppedCheck, type Finding } from '../types.js';
import { collisionCause } from './name-collision.js';
import { conflictView, qualified, uniqueMembers } from './rendering.js';

/**
 * SHADOWED_TOOL: the same tool name is offered by several servers. Harmless under a target that
 * prefixes names (slash, claude-code…), so it is reported once per tool name, without a target, at
 * `info`. When some evaluated target exposes the members under one name (an unprefixed target such as
 * openai-agents or docker-mcp-gateway), it is raised to `warning` and lists those targets in
 * `args.unprefixedTargets`; the breakage itself is that target's NAME_COLLISION (an error).
 */
export const shadowedTool = defineSteppedCheck({
  codes: ['SHADOWED_TOOL'],
  family: 'conflicts',
  *steps(context) {
    const view = conflictView(context);
    // The catalog's shared index of tool names (the same visible tools as the view, in the same order).
    const { shared } = yield* toolIndexSteps(context.catalog);
    // Every target's rendering (shared with the checks that follow), a break after each.
    for (const id of context.targets) {
      view.rendering(id);
      yield;
    }
    const findings: Finding[] = [];
    for (const [toolName, group] of shared) {
      const servers = new Set(group.map((index) => view.tools[index]!.server));
      if (servers.size < 2) continue;
      const members = uniqueMembers(group.map((index) => ({ server: view.tools[index]!.server, tool: toolName })));
      const unprefixedTargets = context.targets.filter((id) => {
        const target = view.target(id);
        if (target.unprefixed === true) return true;
        // Data, not labels: a target that gives two servers' copies the bare tool name does not prefix them
        // (a mangled prefix, e.g. "a.b" vs "a_b", is NAME_COLLISION's business, not shadowing).
        const names = view.rendering(id).names;
        const byName = new Map<string, string>();
        for (const index of group) {
          const rendered = names[index];
          if (!rendered) continue;
          const other = byName.get(rendered.name);
          if (other !== undefined && other !== rendered.server && collisionCause(rendered.name, members, target) === 'unprefixed') return true;
          byName.set(rendered.name, rendered.server);
        }
        return false;
      });
      const keep = members[0]!;
      const others = members.slice(1).map(qualified);
      findings.push({
        code: 'SHADOWED_TOOL',
        severity: unprefixedTargets.length ? 'warning' : CODES.SHADOWED_TOOL.severity,
        name: toolName,
        members,
        args: {
          servers: servers.size,
          unprefixedTargets,
          hint: unprefixedTargets.length
            ? `${unprefixedTargets.join(', ')} expose${unprefixedTargets.length === 1 ? 's' : ''} one "${toolName}" only: deny ${others.map((name) => `"${name}"`).join(', ')} in a profile (keeping ${qualified(keep)}), or use a target that prefixes server names`
            : `namespacing keeps them apart; call them by their qualified names (${members.map(qualified).join(', ')})`,
        },
      });
    }
    return findings;
  },
});
