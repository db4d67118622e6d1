import type { CatalogTool, ToolRef } from '../../catalog/types.js';
import { getTarget, namingInputFrom, type NamingInput, type NamingTarget, type RenderedName, type Rendering } from '../../naming/index.js';
import { namespacePrefixes } from '../../naming/prefixes.js';
import { visibleTools } from '../tool-index.js';
import { drain, SLICE_MASK, type CheckContext, type CheckSteps, type Finding } from '../types.js';
import { FirstIndex } from '../../util/first-index.js';

/**
 * What every collision check reads: the visible tools (hidden ones are not exposed, so they cannot
 * collide), the naming input built from them, and one rendering per target. Rendered once per
 * context and shared by the checks, so a run stays linear in the number of tools.
 */
export interface ConflictView {
  /** Tools not hidden by a client filter or profile, in catalog order (index-aligned with `input.tools`). */
  tools: CatalogTool[];
  input: NamingInput;
  serverNames: string[];
  target(id: string): NamingTarget;
  rendering(id: string): Rendering;
}

const views = new WeakMap<CheckContext, ConflictView>();

/** The shared view of a check context (memoized per context object). */
export function conflictView(context: CheckContext): ConflictView {
  const cached = views.get(context);
  if (cached) return cached;
  const tools = visibleTools(context.catalog);
  const prefixes = namespacePrefixes(context.config);
  // Disabled servers are not part of what a client exposes; failed ones still count as configured.
  const servers = context.catalog.servers.filter((server) => server.status !== 'disabled');
  // Registration order (the config's): VS Code numbers the prefixes of servers that share one in this order.
  const input: NamingInput = namingInputFrom(
    servers,
    tools,
    prefixes,
    context.config.servers.map((server) => server.name),
  );
  // The context's own target objects first (context.namingTargets), then the naming registry by id.
  const targets = new Map<string, NamingTarget>((context.namingTargets ?? []).map((target) => [target.id, target]));
  const renderings = new Map<string, Rendering>();
  const view: ConflictView = {
    tools,
    input,
    serverNames: servers.map((server) => server.name),
    target(id) {
      let target = targets.get(id);
      if (!target) {
        target = getTarget(id);
        targets.set(id, target);
      }
      return target;
    },
    rendering(id) {
      let rendering = renderings.get(id);
      if (!rendering) {
        rendering = view.target(id).render(input);
        renderings.set(id, rendering);
      }
      return rendering;
    },
  };
  views.set(context, view);
  return view;
}

type RenderingNote = { target: string; note: string };
/** The notes of a context whose view was let go (releaseRenderings). */
const settledNotes = new WeakMap<CheckContext, RenderingNote[]>();

/**
 * Let the context's view go once no check needs it (a name object per tool and target, and their maps: a quarter of a
 * million-tool run's heap), keeping its notes. A check that asks for the view later builds it again.
 */
export function releaseRenderings(context: CheckContext): void {
  if (!views.has(context)) return;
  settledNotes.set(context, renderingNotes(context));
  views.delete(context);
}

/** Notes from renderings that depend on start order or randomness (only targets already rendered). */
export function renderingNotes(context: CheckContext): RenderingNote[] {
  const view = views.get(context);
  if (!view) return settledNotes.get(context) ?? [];
  const notes: RenderingNote[] = [];
  for (const id of context.targets) {
    let rendering: Rendering;
    try {
      rendering = view.rendering(id);
    } catch {
      continue;
    }
    if (rendering.nondeterministic) notes.push({ target: id, note: rendering.nondeterministic });
  }
  return notes;
}

const byString = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

export function compareRefs(a: ToolRef, b: ToolRef): number {
  return byString(a.server, b.server) || byString(a.tool, b.tool);
}

/** Members sorted by (server, tool) with exact duplicates removed (a pair listed twice is DUPLICATE_IN_SERVER). */
export function uniqueMembers(refs: Iterable<ToolRef>): ToolRef[] {
  const seen = new Set<string>();
  const members: ToolRef[] = [];
  for (const ref of refs) {
    const key = `${ref.server}\u0000${ref.tool}`;
    if (seen.has(key)) continue;
    seen.add(key);
    members.push({ server: ref.server, tool: ref.tool });
  }
  return members.sort(compareRefs);
}

export const qualified = (ref: ToolRef): string => `${ref.server}/${ref.tool}`;

/**
 * Only the groups with two or more items (items keep input order inside a group). One map lookup per
 * item and no per-key arrays for unique keys (the common case): this keeps 100 000-tool catalogs fast.
 */
export function duplicateGroups<T, K extends string | number = string>(items: readonly T[], keyOf: (item: T) => K, skip?: (item: T) => boolean): Map<K, T[]> {
  return drain(duplicateGroupsSteps(items, keyOf, skip));
}

/** `duplicateGroups` in slices (a paced run takes its breaks between them). */
export function* duplicateGroupsSteps<T, K extends string | number = string>(
  items: readonly T[],
  keyOf: (item: T) => K,
  skip?: (item: T) => boolean,
): Generator<void, Map<K, T[]>, void> {
  const firsts = new FirstIndex<K>(items.length, (position) => keyOf(items[position]!));
  const groups = new Map<K, T[]>();
  for (let index = 0; index < items.length; index++) {
    if ((index & SLICE_MASK) === SLICE_MASK) yield;
    const item = items[index]!;
    if (skip?.(item)) continue; // instead of filtering a million items into a new array first
    const key = keyOf(item);
    const first = firsts.firstOrAdd(key, index);
    if (first < 0) continue;
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [items[first]!, item]);
  }
  return groups;
}

interface Grouped {
  names: RenderedName[];
  length: number;
  byName?: Map<string, RenderedName[]>;
  byWire?: Map<string, RenderedName[]>;
}
const grouped = new WeakMap<Rendering, Grouped>();

/**
 * The rendered names (`wireName ?? name` on the wire) given to two or more entries, dropped and refused ones included,
 * each group in input order. Grouped once per rendering and shared by the checks that need it (NAME_COLLISION,
 * AMBIGUOUS_ROUTE): one transient map over a million names instead of a lookup kept for the whole run.
 */
export function nameGroups(rendering: Rendering, onWire: boolean): Map<string, RenderedName[]> {
  return drain(nameGroupsSteps(rendering, onWire));
}

/** `nameGroups` in slices. */
export function* nameGroupsSteps(rendering: Rendering, onWire: boolean): Generator<void, Map<string, RenderedName[]>, void> {
  let cached = grouped.get(rendering);
  if (!cached || cached.names !== rendering.names || cached.length !== rendering.names.length) {
    grouped.set(rendering, (cached = { names: rendering.names, length: rendering.names.length }));
  }
  if (onWire) return (cached.byWire ??= yield* duplicateGroupsSteps(rendering.names, (rendered) => rendered.wireName ?? rendered.name));
  return (cached.byName ??= yield* duplicateGroupsSteps(rendering.names, (rendered) => rendered.name));
}

type PerTargetAt = { id: string; target: NamingTarget; rendering: Rendering; view: ConflictView };

/** Findings of one check over every target of the run; each target is rendered once and shared by all checks. */
export function perTarget(context: CheckContext, each: (at: PerTargetAt) => Finding[]): Finding[] {
  const view = conflictView(context);
  return context.targets.flatMap((id) => each({ id, target: view.target(id), rendering: view.rendering(id), view }));
}

/** `perTarget` in slices: a break after each target's rendering (the first check to ask renders it) and within `each`. */
export function* perTargetSteps(context: CheckContext, each: (at: PerTargetAt) => CheckSteps): CheckSteps {
  const view = conflictView(context);
  const findings: Finding[] = [];
  for (const id of context.targets) {
    const at = { id, target: view.target(id), rendering: view.rendering(id), view };
    yield;
    for (const finding of yield* each(at)) findings.push(finding);
  }
  return findings;
}
