import type { ToolRef } from '../../catalog/types.js';
import { defineSteppedCheck, type Finding } from '../types.js';
import type { RenderedName } from '../../naming/index.js';
import type { Steps } from '../../util/steps.js';
import { foldHash, foldKinds, foldName, type FoldKind } from './fold.js';
import { duplicateGroups, duplicateGroupsSteps, perTargetSteps, qualified, uniqueMembers } from './rendering.js';

/**
 * NEAR_COLLISION: exposed names that differ only by case, by `-`/`_`/`.`, or by Unicode look-alikes
 * (NFKC + a confusables map). Models and some clients fold these together, and a look-alike name is a
 * classic tool-shadowing trick. Names are bucketed by their folded key (linear, not pairwise); exactly
 * equal names are NAME_COLLISION, not this.
 */
export const nearCollision = defineSteppedCheck({
  codes: ['NEAR_COLLISION'],
  family: 'conflicts',
  *steps(context) {
    return yield* perTargetSteps(context, function* ({ id: targetId, rendering }) {
      const findings: Finding[] = [];
      const groups = yield* foldGroups(rendering.names);
      for (const group of groups.values()) {
        if (group.length < 2) continue;
        const names = [...new Set(group.map((rendered) => rendered.name))].sort();
        if (names.length < 2) continue;
        const kinds = new Set<FoldKind>();
        for (const other of names.slice(1)) for (const kind of foldKinds(names[0]!, other)) kinds.add(kind);
        const members = uniqueMembers(group);
        findings.push({
          code: 'NEAR_COLLISION',
          severity: 'warning',
          target: targetId,
          name: names[0]!,
          members,
          args: { names, fold: [...kinds].join(' and ') || 'folding', hint: nearHint(members) },
        });
      }
      return findings;
    });
  },
});

/**
 * The names that are not dropped, grouped by their folded key (groups of two or more, input order inside each): bucketed
 * by `foldHash` first — an integer per name, no folded string — then folded for real only within the buckets that hold
 * several names, so a hash that two different folds share never joins them.
 */
export function* foldGroups(names: readonly RenderedName[]): Steps<Map<string, RenderedName[]>> {
  const buckets = yield* duplicateGroupsSteps(
    names,
    (rendered) => foldHash(rendered.name),
    (rendered) => rendered.dropped !== undefined,
  );
  const groups = new Map<string, RenderedName[]>();
  for (const bucket of buckets.values()) {
    for (const [folded, members] of duplicateGroups(bucket, (rendered) => foldName(rendered.name))) groups.set(folded, members);
  }
  return groups;
}

function nearHint(members: ToolRef[]): string {
  const keep = members[0]!;
  const last = members[members.length - 1]!;
  if (last.server !== keep.server) {
    return last.tool === keep.tool
      ? `rename server key "${last.server}" so it differs from "${keep.server}" by more than case, separators or look-alike characters`
      : `rename one of them on its server, or deny "${qualified(last)}" in a profile's tools.deny`;
  }
  return `server "${keep.server}" offers look-alike tools: deny "${qualified(last)}" in a profile's tools.deny, or rename it on the server`;
}
