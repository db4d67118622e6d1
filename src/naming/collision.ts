import type { Precedence } from './order.js';
import type { RenderedName } from './types.js';

/**
 * What a product does when two pairs end up with the same exposed name.
 * - `keep`: both exposed (lists concatenated; collision shows). `error`: the product refuses; all stay so mcpns
 *   reports every member. `first-wins` / `last-wins`: the loser is dropped. `drop-ambiguous`: every member dropped.
 * Numeric-suffix and hash policies are applied by the presets themselves while rendering.
 */
export type CollisionPolicy = 'keep' | 'error' | 'first-wins' | 'last-wins' | 'drop-ambiguous';

/** What deciding the collisions took: whether any was decided, between different servers, or inside one server. */
export interface CollisionOutcome {
  decided: boolean;
  acrossServers: boolean;
  withinServer: boolean;
}

/**
 * Apply a collision policy in place: losers get `dropped` with the reason. `precedence` (indices into `names`)
 * decides first/last; without it, input order does. Only colliding names are ordered, so a run stays linear.
 */
export function applyCollisionPolicy(names: RenderedName[], policy: CollisionPolicy, precedence?: Precedence): CollisionOutcome {
  if (policy === 'keep' || policy === 'error') return { decided: false, acrossServers: false, withinServer: false };
  const groups = new Map<string, number[]>();
  names.forEach((rendered, index) => {
    if (rendered.dropped !== undefined) return;
    const group = groups.get(rendered.name);
    if (group) group.push(index);
    else groups.set(rendered.name, [index]);
  });
  let decided = false;
  let acrossServers = false;
  let withinServer = false;
  for (const indices of groups.values()) {
    if (indices.length < 2) continue;
    decided = true;
    if (precedence) indices.sort(precedence);
    const group = indices.map((index) => names[index]!);
    const servers = new Set(group.map((member) => member.server));
    if (servers.size > 1) acrossServers = true;
    if (servers.size < group.length) withinServer = true;
    if (policy === 'drop-ambiguous') {
      for (const member of group) member.dropped = `ambiguous: ${group.length} tools share this name, all hidden`;
      continue;
    }
    const winner = policy === 'first-wins' ? group[0]! : group[group.length - 1]!;
    for (const member of group) {
      if (member !== winner) member.dropped = `${policy === 'first-wins' ? 'shadowed by' : 'overwritten by'} ${winner.server}/${winner.tool} (${policy})`;
    }
  }
  return { decided, acrossServers, withinServer };
}
