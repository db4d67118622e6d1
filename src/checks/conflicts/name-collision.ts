import type { ToolRef } from '../../catalog/types.js';
import { lookupsMirrorNames, lookupsPending, type NamingTarget, type RenderedName, type Rendering } from '../../naming/index.js';
import { trimChars, trimEndChars } from '../../naming/sanitize.js';
import { defineSteppedCheck, type Finding } from '../types.js';
import { duplicateGroups, nameGroups, nameGroupsSteps, perTargetSteps, qualified, uniqueMembers } from './rendering.js';

/**
 * NAME_COLLISION: several (server, tool) pairs end up with the same exposed name under a target, so a
 * client overwrites, drops or refuses one of them. Built from every rendered name, including names the
 * target dropped through its collision policy (first/last wins, drop-ambiguous: `args.dropped`), and
 * from wire names when they differ (mew-openai). All N members are listed. `args.cause` says whether the
 * target simply does not prefix (`unprefixed`) or sanitizing/truncation made different names equal (`mangled`).
 */
export const nameCollision = defineSteppedCheck({
  codes: ['NAME_COLLISION'],
  family: 'conflicts',
  *steps(context) {
    const findings = yield* perTargetSteps(context, function* ({ target, rendering }) {
      // The shared grouping, in slices (collisionsIn then finds it made).
      if (lookupsPending(rendering)) yield* nameGroupsSteps(rendering, false);
      const onWire = rendering.names.some((rendered) => rendered.wireName !== undefined && rendered.wireName !== rendered.name);
      if (onWire && lookupsPending(rendering)) yield* nameGroupsSteps(rendering, true);
      return [
        ...collisionsIn(rendering, target, (rendered) => rendered.name, false),
        ...(onWire ? collisionsIn(rendering, target, (rendered) => rendered.wireName ?? rendered.name, true) : []),
      ];
    });
    return dedupe(findings);
  },
});

function collisionsIn(rendering: Rendering, target: NamingTarget, keyOf: (rendered: RenderedName) => string, onWire: boolean): Finding[] {
  const findings: Finding[] = [];
  // Lookups not built yet are the grouping of the names by construction: the shared grouping of the names is all.
  const groups = lookupsPending(rendering) ? unrefusedGroups(nameGroups(rendering, onWire)) : groupsWithLookup(rendering, keyOf, onWire);
  for (const [name, group] of groups) {
    const members = uniqueMembers(group);
    if (members.length < 2) continue;
    const dropped = uniqueDropped(group);
    const cause = collisionCause(name, members, target);
    findings.push({
      code: 'NAME_COLLISION',
      severity: 'error',
      target: target.id,
      name,
      members,
      args: {
        cause,
        ...(onWire ? { onWire: true } : {}),
        ...(dropped.length ? { dropped } : {}),
        hint: collisionHint(members, cause),
      },
    });
  }
  return findings;
}

/** Groups of two or more names that exist (refused names never exist, so they cannot collide: NAME_REFUSED reports them). */
function unrefusedGroups(groups: Map<string, RenderedName[]>): Map<string, RenderedName[]> {
  const kept = new Map<string, RenderedName[]>();
  for (const [name, group] of groups) {
    const existing = group.some((rendered) => rendered.refused) ? group.filter((rendered) => !rendered.refused) : group;
    if (existing.length > 1) kept.set(name, existing);
  }
  return kept;
}

/** The groups of the names, and any bucket of the lookups (what routing uses) with several pairs that the names lack. */
function groupsWithLookup(rendering: Rendering, keyOf: (rendered: RenderedName) => string, onWire: boolean): Map<string, (ToolRef & { dropped?: string })[]> {
  // Refused names never exist, so they cannot collide (NAME_REFUSED reports them).
  const names = rendering.names.some((rendered) => rendered.refused) ? rendering.names.filter((rendered) => !rendered.refused) : rendering.names;
  // The lookup map is what routing uses; a bucket there with several pairs is a collision even if `names` disagrees.
  const lookup = onWire ? rendering.wireLookup : rendering.lookup;
  // When the lookup holds exactly the names (nothing dropped), its buckets of two or more are the groups already.
  const groups: Map<string, (ToolRef & { dropped?: string })[]> =
    lookup && lookupsMirrorNames(rendering) ? sharedBuckets(lookup) : duplicateGroups(names, keyOf);
  for (const [name, bucket] of lookup ?? []) {
    if (bucket.length > 1 && !groups.has(name) && uniqueMembers(bucket).length > 1) groups.set(name, bucket);
  }
  return groups;
}

/** The buckets of two or more pairs (one pass, no copy of the million-entry lookup). */
function sharedBuckets(lookup: Map<string, ToolRef[]>): Map<string, ToolRef[]> {
  const shared = new Map<string, ToolRef[]>();
  for (const [name, bucket] of lookup) if (bucket.length > 1) shared.set(name, bucket);
  return shared;
}

/**
 * `unprefixed`: the same tool name on several servers and the target shows it without a server part.
 * `mangled`: different names became equal through sanitizing, lower-casing or truncation.
 */
export function collisionCause(name: string, members: ToolRef[], target: Pick<NamingTarget, 'unprefixed' | 'prefixing'>): 'unprefixed' | 'mangled' {
  const first = members[0]!;
  const sameTool = members.every((member) => member.tool === first.tool);
  return sameTool && (target.unprefixed === true || target.prefixing === 'never' || name === first.tool) ? 'unprefixed' : 'mangled';
}

function uniqueDropped(group: (ToolRef & { dropped?: string })[]): { server: string; tool: string; reason: string }[] {
  const seen = new Set<string>();
  const dropped: { server: string; tool: string; reason: string }[] = [];
  for (const rendered of group) {
    if (rendered.dropped === undefined) continue;
    const key = qualified(rendered);
    if (seen.has(key)) continue;
    seen.add(key);
    dropped.push({ server: rendered.server, tool: rendered.tool, reason: rendered.dropped });
  }
  return dropped.sort((a, b) => (qualified(a) < qualified(b) ? -1 : qualified(a) > qualified(b) ? 1 : 0));
}

/** The smallest change: deny all but the first pair in a profile, rename the mangled server key, or rename a tool. */
export function collisionHint(members: ToolRef[], cause: 'unprefixed' | 'mangled'): string {
  const keep = members[0]!;
  const change = members.slice(1);
  const denyList = change.map((member) => `"${qualified(member)}"`).join(', ');
  if (cause === 'unprefixed') {
    return `deny ${denyList} in a profile's tools.deny (keeping ${qualified(keep)}), or use a target that prefixes server names`;
  }
  if (members.every((member) => member.server === keep.server)) {
    return `server "${keep.server}" offers ${members.map((member) => `"${member.tool}"`).join(' and ')}, which become one name: rename one on the server, or deny ${denyList} in a profile's tools.deny`;
  }
  const last = change[change.length - 1]!;
  return `rename server key "${last.server}" so it stays distinct from "${keep.server}" after sanitizing and truncation (e.g. "${suggestKey(last.server)}"), or deny ${denyList} in a profile's tools.deny`;
}

/** A server key made of letters, digits and "-" only. */
function suggestKey(server: string): string {
  const cleaned = trimChars(server.replace(/[^A-Za-z0-9-]+/g, '-'), '-') || 'server';
  return cleaned === server ? `${cleaned}-2` : cleaned.length > 20 ? trimEndChars(cleaned.slice(0, 20), '-') : cleaned;
}

/** The same (target, name) can come from the display and the wire pass: keep one. */
function dedupe(findings: Finding[]): Finding[] {
  const seen = new Set<string>();
  return findings.filter((finding) => {
    const key = `${finding.target}\u0000${finding.name}\u0000${finding.members!.map(qualified).join('\u0000')}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
