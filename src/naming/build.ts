import type { ToolRef } from '../catalog/types.js';
import { applyCollisionPolicy, type CollisionOutcome, type CollisionPolicy } from './collision.js';
import type { Precedence } from './order.js';
import type { NamingInput, NamingServer, NamingTool, Rendering, RenderedName } from './types.js';

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
  const onCollision = options.nondeterministicOnCollision;
  const nondeterministic = options.nondeterministic ?? (decided ? (typeof onCollision === 'function' ? onCollision(outcome) : onCollision) : undefined);
  // The lookups are built on first use: a million-tool `check` never needs them (it groups names itself, and keeps
  // only the groups of two or more), while each would hold a map entry, an array and a pair per tool for the whole run.
  const rendering = { target, names } as Rendering;
  lazy(rendering, 'lookup', () => lookupOf(rendering, (rendered) => rendered.name));
  if (nondeterministic) rendering.nondeterministic = nondeterministic;
  // The wire map is there only when some wire name differs from its name (mew-openai).
  if (names.some((rendered) => rendered.dropped === undefined && rendered.wireName !== undefined && rendered.wireName !== rendered.name)) {
    lazy(rendering, 'wireLookup', () => lookupOf(rendering, (rendered) => rendered.wireName ?? rendered.name));
  }
  built.add(rendering);
  return rendering;
}

/** A property computed on first read, then an ordinary (enumerable, writable) one. */
function lazy<K extends 'lookup' | 'wireLookup'>(rendering: Rendering, key: K, compute: () => NonNullable<Rendering[K]>): void {
  Object.defineProperty(rendering, key, {
    enumerable: true,
    configurable: true,
    get() {
      const value = compute();
      Object.defineProperty(rendering, key, { value, enumerable: true, configurable: true, writable: true });
      return value;
    },
    set(value: Rendering[K]) {
      Object.defineProperty(rendering, key, { value, enumerable: true, configurable: true, writable: true });
    },
  });
}

/** Exposed (or wire) name → every pair that produced it; dropped names are never in it. */
function lookupOf(rendering: Rendering, keyOf: (rendered: RenderedName) => string): Map<string, ToolRef[]> {
  const lookup = new Map<string, ToolRef[]>();
  // An index loop: a for-of over a million names allocates an iterator result per name until the loop is optimized.
  for (let at = 0; at < rendering.names.length; at++) {
    const rendered = rendering.names[at]!;
    if (rendered.dropped !== undefined) continue;
    push(lookup, keyOf(rendered), { server: rendered.server, tool: rendered.tool });
  }
  // What it was built from, for lookupsMirrorNames (only when nothing is dropped: then the groups are the same).
  if (!mirrored.has(rendering) && !rendering.names.some((rendered) => rendered.dropped !== undefined || rendered.refused)) {
    mirrored.set(rendering, { names: rendering.names.map((rendered) => rendered.name), wireNames: rendering.names.map((rendered) => rendered.wireName) });
  }
  return lookup;
}

/** Renderings made by `finish`. */
const built = new WeakSet<Rendering>();

/** The names (and wire names) the first lookup was built from, for renderings where nothing was dropped. */
const mirrored = new WeakMap<Rendering, { names: string[]; wireNames: Array<string | undefined> }>();

/** Whether the property is still the getter `finish` put there (not computed, not replaced). */
const pending = (rendering: Rendering, key: 'lookup' | 'wireLookup'): boolean => Object.getOwnPropertyDescriptor(rendering, key)?.get !== undefined;

/**
 * True when the rendering's lookups are still unbuilt (made by `finish`, never read): they are then, by construction,
 * the grouping of the non-dropped `names` as they are now, and a check that groups the names itself need not read
 * them (reading one builds it, a map entry, an array and a pair per tool).
 */
export function lookupsPending(rendering: Rendering): boolean {
  // Descriptors only: reading the property would build it.
  const wire = Object.getOwnPropertyDescriptor(rendering, 'wireLookup');
  return built.has(rendering) && pending(rendering, 'lookup') && (wire === undefined || wire.get !== undefined);
}

/**
 * True when `rendering.lookup` (and `wireLookup`) group exactly its `names`: made by `finish`, nothing dropped or
 * refused, and no name changed since the lookups were built (one pointer comparison per name). Checks then read the
 * groups from the lookups instead of grouping a million names again.
 */
export function lookupsMirrorNames(rendering: Rendering): boolean {
  if (!built.has(rendering)) return false;
  if (lookupsPending(rendering)) return !rendering.names.some((rendered) => rendered.dropped !== undefined || rendered.refused);
  const snapshot = mirrored.get(rendering);
  if (!snapshot || snapshot.names.length !== rendering.names.length) return false;
  for (let index = 0; index < rendering.names.length; index++) {
    const rendered = rendering.names[index]!;
    if (rendered.dropped !== undefined || rendered.refused || rendered.name !== snapshot.names[index] || rendered.wireName !== snapshot.wireNames[index])
      return false;
  }
  return true;
}

/** Build a Rendering from a per-tool naming function (the common case); `options` as for `finish`. */
export function renderEach(
  target: string,
  input: NamingInput,
  nameOf: (ref: NamingTool) => NameParts,
  collision: CollisionPolicy = 'keep',
  options: Omit<Parameters<typeof finish>[2], 'collision'> = {},
): Rendering {
  return finish(
    target,
    input.tools.map((ref) => ({ server: ref.server, tool: ref.tool, ...nameOf(ref) })),
    { ...options, collision },
  );
}

/**
 * `server + separator + tool` as one flat string. A template literal makes a rope (two once the server part is 13
 * characters), and the first map lookup of the name (every collision check groups names) makes a flat copy besides:
 * joined, a million names are about a quarter smaller.
 */
export function joinName(server: string, separator: string, tool: string): string {
  return [server, separator, tool].join('');
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
