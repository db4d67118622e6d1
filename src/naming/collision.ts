import type { RenderedName } from './types.js';

/**
 * What a product does when two pairs end up with the same exposed name.
 * - `keep`: both exposed (lists concatenated; collision shows). `error`: the product refuses; all stay so mcpns
 *   reports every member. `first-wins` / `last-wins`: the loser is dropped. `drop-ambiguous`: every member dropped.
 * Numeric-suffix and hash policies are applied by the presets themselves while rendering.
 */
export type CollisionPolicy = 'keep' | 'error' | 'first-wins' | 'last-wins' | 'drop-ambiguous';

/** Apply a collision policy in place: losers get `dropped` with the reason. Input order decides first/last. */
export function applyCollisionPolicy(names: RenderedName[], policy: CollisionPolicy): { decided: boolean } {
  if (policy === 'keep' || policy === 'error') return { decided: false };
  const groups = new Map<string, RenderedName[]>();
  for (const rendered of names) {
    if (rendered.dropped !== undefined) continue;
    const group = groups.get(rendered.name);
    if (group) group.push(rendered);
    else groups.set(rendered.name, [rendered]);
  }
  let decided = false;
  for (const group of groups.values()) {
    if (group.length < 2) continue;
    decided = true;
    if (policy === 'drop-ambiguous') {
      for (const member of group) member.dropped = `ambiguous: ${group.length} tools share this name, all hidden`;
      continue;
    }
    const winner = policy === 'first-wins' ? group[0]! : group[group.length - 1]!;
    for (const member of group) {
      if (member !== winner) member.dropped = `${policy === 'first-wins' ? 'shadowed by' : 'overwritten by'} ${winner.server}/${winner.tool} (${policy})`;
    }
  }
  return { decided };
}
