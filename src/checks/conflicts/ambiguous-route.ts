import { defineSteppedCheck, SLICE_MASK, type Finding } from '../types.js';
import { nameGroupsSteps, perTargetSteps, qualified, uniqueMembers } from './rendering.js';
import { lookupsPending } from '../../naming/index.js';

/**
 * AMBIGUOUS_ROUTE: the target (or the product it models) splits a name back into (server, tool) by
 * parsing, and the parse lands on another pair or on nothing: the name is unique but cannot be routed
 * back to its server, typically because the server key contains the separator (`_` for gemini-cli and
 * agentgateway, `__` for claude-code and metamcp, `-` for litellm). Names that already collide are left
 * to NAME_COLLISION; dropped names are never routed.
 */
export const ambiguousRoute = defineSteppedCheck({
  codes: ['AMBIGUOUS_ROUTE'],
  family: 'conflicts',
  *steps(context) {
    return yield* perTargetSteps(context, function* ({ id: targetId, target, rendering, view }) {
      const findings: Finding[] = [];
      if (!target.parse) return [];
      // Names that several pairs share are NAME_COLLISION's: found in one pass over the lookup, so the loop below
      // asks a small set instead of the million-entry lookup.
      const shared = new Set<string>();
      if (lookupsPending(rendering)) {
        // Unbuilt lookups are the grouping of the names that are not dropped: read it from the shared grouping.
        for (const [name, group] of yield* nameGroupsSteps(rendering, false)) {
          const exposed = group.filter((rendered) => rendered.dropped === undefined);
          if (exposed.length > 1 && uniqueMembers(exposed).length > 1) shared.add(name);
        }
      } else {
        for (const [name, bucket] of rendering.lookup) if (bucket.length > 1 && uniqueMembers(bucket).length > 1) shared.add(name);
      }
      // An index loop: a for-of over a million names allocates an iterator result per name until the loop is optimized.
      for (let at = 0; at < rendering.names.length; at++) {
        if ((at & SLICE_MASK) === SLICE_MASK) yield;
        const rendered = rendering.names[at]!;
        if (rendered.dropped !== undefined) continue;
        if (shared.size && shared.has(rendered.name)) continue;
        const wire = rendered.wireName ?? rendered.name;
        const parsed = target.parse(wire, view.serverNames, view.input.tools);
        if (parsed && parsed.server === rendered.server && parsed.tool === rendered.tool) continue;
        const serverAtFault = !parsed || parsed.server !== rendered.server;
        const known = parsed !== undefined && view.serverNames.includes(parsed.server);
        findings.push({
          code: 'AMBIGUOUS_ROUTE',
          severity: 'error',
          target: targetId,
          name: wire,
          server: rendered.server,
          tool: rendered.tool,
          args: {
            parsedAs: parsed ? qualified(parsed) : 'no configured server',
            hint: !serverAtFault
              ? `tool "${rendered.tool}" contains ${targetId}'s separator; deny "${qualified(rendered)}" in a profile or rename the tool on server "${rendered.server}"`
              : parsed && !known
                ? `the name no longer holds server key "${rendered.server}" intact (sanitized or shortened): use a shorter key of letters, digits and "-" (e.g. "${shortKey(rendered.server)}")`
                : `rename server key "${rendered.server}" so it contains no separator ${targetId} splits on (e.g. "${rendered.server.replace(/[^A-Za-z0-9]+/g, '') || 'server'}")`,
          },
        });
      }
      return findings;
    });
  },
});

/** A suggestion for a server key: letters, digits and inner "-" only, at most 20 characters. */
function shortKey(server: string): string {
  return (
    server
      .replace(/[^A-Za-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 20)
      .replace(/-+$/, '') || 'server'
  ).toLowerCase();
}
