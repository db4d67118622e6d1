import type { ToolRef } from '../catalog/types.js';
import { applyCollisionPolicy, type CollisionOutcome, type CollisionPolicy } from './collision.js';
import type { Precedence } from './order.js';
import type { NamingInput, NamingServer, Rendering, RenderedName } from './types.js';

/** Per-tool result before collision handling. */
export type NameParts = Omit<RenderedName, 'server' | 'tool'>;

/**
 * Turn per-tool names into a Rendering: apply the collision policy, then build `lookup` (and `wireLookup`) from the
 * names that are still exposed. Dropped tools never appear in a lookup.
 */
export function finish(
  target: string,
  names: RenderedName[],
  options: {
    collision?: CollisionPolicy;
    /** Who is first for the collision policy (default: input order). */
    precedence?: Precedence;
    nondeterministic?: string | undefined;
    /** The note when the policy decided a collision, or a function choosing it from what was decided. */
    nondeterministicOnCollision?: string | ((outcome: CollisionOutcome) => string | undefined);
  } = {},
): Rendering {
  const outcome = applyCollisionPolicy(names, options.collision ?? 'keep', options.precedence);
  const { decided } = outcome;
  // The wire map costs a second pass and a second map: built only when some wire name differs from its name.
  const lookup = new Map<string, ToolRef[]>();
  let hasWire = false;
  for (const rendered of names) {
    if (rendered.dropped !== undefined) continue;
    push(lookup, rendered.name, { server: rendered.server, tool: rendered.tool });
    if (rendered.wireName !== undefined && rendered.wireName !== rendered.name) hasWire = true;
  }
  let wireLookup: Map<string, ToolRef[]> | undefined;
  if (hasWire) {
    wireLookup = new Map<string, ToolRef[]>();
    for (const rendered of names) {
      if (rendered.dropped !== undefined) continue;
      push(wireLookup, rendered.wireName ?? rendered.name, { server: rendered.server, tool: rendered.tool });
    }
  }
  const onCollision = options.nondeterministicOnCollision;
  const nondeterministic = options.nondeterministic ?? (decided ? (typeof onCollision === 'function' ? onCollision(outcome) : onCollision) : undefined);
  const rendering: Rendering = {
    target,
    names,
    lookup,
    ...(nondeterministic ? { nondeterministic } : {}),
    ...(wireLookup ? { wireLookup } : {}),
  };
  if (!names.some((rendered) => rendered.dropped !== undefined || rendered.refused)) {
    mirrored.set(rendering, { names: names.map((rendered) => rendered.name), wireNames: names.map((rendered) => rendered.wireName) });
  }
  return rendering;
}

/** The names (and wire names) each lookup was built from, for renderings where nothing was dropped. */
const mirrored = new WeakMap<Rendering, { names: string[]; wireNames: Array<string | undefined> }>();

/**
 * True when `rendering.lookup` (and `wireLookup`) group exactly its `names`: built by `finish`, nothing dropped or refused, and
 * no name changed since (one pointer comparison per name). Checks then read the groups from the lookups instead of
 * grouping a million names again.
 */
export function lookupsMirrorNames(rendering: Rendering): boolean {
  const built = mirrored.get(rendering);
  if (!built || built.names.length !== rendering.names.length) return false;
  for (let index = 0; index < rendering.names.length; index++) {
    const rendered = rendering.names[index]!;
    if (rendered.dropped !== undefined || rendered.refused || rendered.name !== built.names[index] || rendered.wireName !== built.wireNames[index])
      return false;
  }
  return true;
}

/** Build a Rendering from a per-tool naming function (the common case); `options` as for `finish`. */
export function renderEach(
  target: string,
  input: NamingInput,
  nameOf: (ref: ToolRef) => NameParts,
  collision: CollisionPolicy = 'keep',
  options: Omit<Parameters<typeof finish>[2], 'collision'> = {},
): Rendering {
  return finish(
    target,
    input.tools.map((ref) => ({ server: ref.server, tool: ref.tool, ...nameOf(ref) })),
    { ...options, collision },
  );
}

function push(map: Map<string, ToolRef[]>, key: string, ref: ToolRef): void {
  const bucket = map.get(key);
  if (bucket) bucket.push(ref);
  else map.set(key, [ref]);
}

/** Every server the input mentions, configured ones first (their order), then any only named by a tool. */
export function serverOrder(input: NamingInput): string[] {
  const seen = new Set<string>();
  for (const server of input.servers) seen.add(server.name);
  for (const tool of input.tools) seen.add(tool.server);
  return [...seen];
}

/** Server name → its NamingServer entry (absent for servers only named by a tool). */
export function serverMap(input: NamingInput): Map<string, NamingServer> {
  return new Map(input.servers.map((server) => [server.name, server]));
}

/** How many distinct servers offer each tool name (hybrid, agentgateway `never`). */
export function serversPerTool(input: NamingInput): Map<string, number> {
  const owners = new Map<string, Set<string>>();
  for (const ref of input.tools) {
    const set = owners.get(ref.tool);
    if (set) set.add(ref.server);
    else owners.set(ref.tool, new Set([ref.server]));
  }
  return new Map([...owners].map(([tool, set]) => [tool, set.size]));
}
