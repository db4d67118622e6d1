import type { Catalog, CatalogTool, ToolRef } from '../catalog/types.js';
import { McpnsError } from '../errors.js';
import { getTarget as defaultGetTarget, namingInputFromCatalog } from '../naming/index.js';
import type { NamingTarget, Rendering } from '../naming/types.js';
import { suggestNames, type SuggestionCandidate } from './suggest.js';

/** How a name was resolved: the rule that picked the (server, tool) pair. */
export type ResolutionVia = 'qualified' | `preset:${string}` | 'unique-short-name' | 'priority';

export interface Resolution {
  /** The name as given. */
  input: string;
  server: string;
  tool: string;
  via: ResolutionVia;
  /** Every pair the name could mean (only when more than one; picked by priority). */
  candidates?: ToolRef[];
  /** One sentence saying which rule resolved the name and why. */
  explanation: string;
}

export interface ResolveOptions {
  /** Active style id (the qualified form the user types), e.g. "slash". */
  style: string;
  /** Presets whose rendered names are accepted too (`--preset claude-code` accepts `mcp__calculator__add`). */
  presets?: string[];
  /** `--pick priority`: an ambiguous short name goes to the highest-priority server (ties stay ambiguous). */
  pick?: 'priority';
  /** Priority of a server (higher wins); undefined = no priority. Required for pick "priority". */
  priority?: (server: string) => number | undefined;
  /** A server name that disambiguates a short name (Bamboo's `namespace` hint). */
  namespaceHint?: string;
  /** Namespace prefixes from config (the `prefix` style needs them). */
  prefixes?: Record<string, string>;
  /** The config's server order (VS Code numbers shared prefixes in registration order). */
  serverOrder?: readonly string[];
  /** Target lookup; injectable so tests can use in-memory targets. */
  getTarget?: (id: string) => NamingTarget;
}

/** Compare (server, tool) pairs the way the catalog sorts them. */
const byRef = (a: ToolRef, b: ToolRef): number => (a.server < b.server ? -1 : a.server > b.server ? 1 : a.tool < b.tool ? -1 : a.tool > b.tool ? 1 : 0);

const fmt = (ref: ToolRef): string => `${ref.server}/${ref.tool}`;

/** What a rendering needs from config besides the tools: namespace prefixes and the servers' order. */
type NamingSettings = Pick<ResolveOptions, 'prefixes' | 'serverOrder'>;

/** Render the visible tools of a catalog under a target (the model only ever sees visible tools). */
function renderVisible(target: NamingTarget, catalog: Catalog, tools: CatalogTool[], naming: NamingSettings): Rendering {
  const input = namingInputFromCatalog({ ...catalog, tools }, naming.prefixes ?? {}, naming.serverOrder);
  return target.render(input);
}

/** Look a name up in a rendering; also accepts the provider wire name when it differs (mew-openai). */
function lookup(rendering: Rendering, name: string): ToolRef[] {
  const direct = rendering.lookup.get(name);
  if (direct?.length) return direct;
  return rendering.names.filter((entry) => !entry.dropped && entry.wireName === name).map((entry) => ({ server: entry.server, tool: entry.tool }));
}

/**
 * Resolve a tool name to the (server, tool) pair it routes to. Pure: works on a catalog, never on a
 * re-split string — a qualified name goes through the style's lookup map (MCPx OpenAIPeerToolAdapter), so
 * separators inside server or tool names cannot misroute.
 *
 * Order: the active style's qualified name; the canonical `server/tool` form; each requested preset's
 * names; a bare tool name when exactly one visible tool has it (with a namespace hint, only on that server);
 * with `pick: 'priority'` the highest-priority server among several. An ambiguous short name is never
 * guessed (Bamboo's alias rule): TOOL_AMBIGUOUS lists every candidate. Unknown → TOOL_NOT_FOUND with
 * up to three suggestions; a name that only matches tools hidden by a profile or client filter says so.
 */
export function resolveToolName(name: string, catalog: Catalog, options: ResolveOptions): Resolution {
  const get = options.getTarget ?? defaultGetTarget;
  const visible = catalog.tools.filter((tool) => !tool.hidden);
  const style = get(options.style);
  const styleRendering = renderVisible(style, catalog, visible, options);

  const qualified = lookup(styleRendering, name);
  if (qualified.length) return fromLookup(name, qualified, 'qualified', `"${name}" is a qualified name in style ${style.id}`);

  if (style.id !== 'slash') {
    const canonical = lookup(renderVisible(get('slash'), catalog, visible, options), name);
    if (canonical.length) return fromLookup(name, canonical, 'qualified', `"${name}" is the canonical server/tool form`);
  }

  const presetRenderings: Rendering[] = [];
  for (const presetId of options.presets ?? []) {
    const rendering = renderVisible(get(presetId), catalog, visible, options);
    presetRenderings.push(rendering);
    const refs = lookup(rendering, name);
    if (refs.length) return fromLookup(name, refs, `preset:${presetId}`, `"${name}" is the name preset ${presetId} gives the model`);
  }

  let bare = visible.filter((tool) => tool.name === name).map((tool) => ({ server: tool.server, tool: tool.name }));
  if (bare.length && options.namespaceHint !== undefined) {
    const hinted = bare.filter((ref) => ref.server === options.namespaceHint);
    if (hinted.length === 1) {
      return { input: name, ...hinted[0]!, via: 'unique-short-name', explanation: `short name "${name}" on server ${options.namespaceHint} (namespace hint)` };
    }
  }
  bare = bare.sort(byRef);
  if (bare.length === 1) {
    return { input: name, ...bare[0]!, via: 'unique-short-name', explanation: `short name "${name}" is offered by exactly one server (${bare[0]!.server})` };
  }
  if (bare.length > 1) {
    if (options.pick === 'priority') {
      const picked = pickByPriority(name, bare, options.priority);
      if (picked) return picked;
    }
    // Suggest --pick priority only when it would decide; say whom it would pick.
    const wouldPick = options.pick === 'priority' ? undefined : pickByPriority(name, bare, options.priority);
    throw ambiguous(name, bare, styleRendering, options.pick === 'priority', wouldPick);
  }

  throw notFound(name, catalog, visible, styleRendering, presetRenderings, { ...options, getTarget: get });
}

function fromLookup(input: string, refs: ToolRef[], via: ResolutionVia, explanation: string): Resolution {
  if (refs.length > 1) {
    const sorted = [...refs].sort(byRef);
    throw new McpnsError('TOOL_AMBIGUOUS', `"${input}" is ambiguous: it is produced by ${sorted.length} tools (${sorted.map(fmt).join(', ')})`, {
      hint: 'the naming collides; call the tool by its canonical server/tool name',
      details: { candidates: sorted, via },
    });
  }
  const ref = refs[0]!;
  return { input, server: ref.server, tool: ref.tool, via, explanation: `${explanation} → ${fmt(ref)}` };
}

function pickByPriority(name: string, refs: ToolRef[], priority: ResolveOptions['priority']): Resolution | undefined {
  if (!priority) return undefined;
  const scored = refs.map((ref) => ({ ref, score: priority(ref.server) }));
  const known = scored.filter((entry): entry is { ref: ToolRef; score: number } => entry.score !== undefined);
  if (!known.length) return undefined;
  const top = Math.max(...known.map((entry) => entry.score));
  const winners = known.filter((entry) => entry.score === top);
  if (winners.length !== 1) return undefined;
  const winner = winners[0]!;
  const others = scored
    .filter((entry) => entry !== winner)
    .map((entry) => `${entry.ref.server}: ${entry.score ?? 'none'}`)
    .join(', ');
  return {
    input: name,
    server: winner.ref.server,
    tool: winner.ref.tool,
    via: 'priority',
    candidates: refs,
    explanation: `short name "${name}" is offered by ${refs.length} servers; --pick priority chose ${winner.ref.server} (priority ${top}; ${others})`,
  };
}

function displayName(rendering: Rendering, ref: ToolRef): string {
  return rendering.names.find((entry) => entry.server === ref.server && entry.tool === ref.tool && !entry.dropped)?.name ?? fmt(ref);
}

function ambiguous(name: string, refs: ToolRef[], styleRendering: Rendering, triedPriority: boolean, wouldPick: Resolution | undefined): McpnsError {
  const names = refs.map((ref) => displayName(styleRendering, ref));
  const noWinner = "no single server has the highest priority (set namespaces.<ns>.priority, or a profile's priorities with --profile)";
  const hint = triedPriority
    ? `${noWinner}; use a qualified name`
    : wouldPick
      ? `use a qualified name, or --pick priority, which would choose ${wouldPick.server} (${wouldPick.explanation.replace(/^.*?\(priority /, 'priority ')}`
      : `use a qualified name; --pick priority cannot decide here: ${noWinner}`;
  return new McpnsError('TOOL_AMBIGUOUS', `"${name}" is ambiguous: ${refs.length} servers offer it (${names.join(', ')})`, {
    hint,
    details: { candidates: refs, names },
  });
}

function notFound(
  name: string,
  catalog: Catalog,
  visible: CatalogTool[],
  styleRendering: Rendering,
  presetRenderings: Rendering[],
  options: ResolveOptions & { getTarget: (id: string) => NamingTarget },
): McpnsError {
  const hidden = hiddenMatches(name, catalog, options);
  if (hidden.length) {
    const what = hidden.map((tool) => `${tool.server}/${tool.name} (hidden by ${tool.hidden!.by}: ${tool.hidden!.reason})`);
    return new McpnsError('TOOL_NOT_FOUND', `"${name}" is not resolvable: ${what.join('; ')}`, {
      hint: 'hidden tools are not exposed to the model; use another --profile or change the filter',
      details: { hidden: hidden.map((tool) => ({ server: tool.server, tool: tool.name, hidden: tool.hidden })) },
    });
  }
  const candidates: SuggestionCandidate[] = [];
  for (const entry of styleRendering.names) {
    if (entry.dropped) continue;
    candidates.push({ key: entry.name, suggestion: entry.name });
    candidates.push({ key: entry.tool, suggestion: entry.name });
    candidates.push({ key: `${entry.server}/${entry.tool}`, suggestion: entry.name });
  }
  for (const rendering of presetRenderings) {
    for (const entry of rendering.names) {
      if (!entry.dropped) candidates.push({ key: entry.name, suggestion: entry.name });
    }
  }
  const suggestions = suggestNames(name, candidates);
  const servers = new Set(visible.map((tool) => tool.server));
  return new McpnsError(
    'TOOL_NOT_FOUND',
    `no tool named "${name}"${suggestions.length ? `; did you mean ${suggestions.map((s) => `"${s}"`).join(', ')}?` : ''}`,
    {
      hint: servers.size ? `${visible.length} tools on ${servers.size} servers; \`mcpns list\` shows them` : 'no tools were discovered',
      details: { suggestions },
    },
  );
}

/** Tools hidden by a profile or filter that the name would otherwise have reached. */
function hiddenMatches(name: string, catalog: Catalog, options: ResolveOptions & { getTarget: (id: string) => NamingTarget }): CatalogTool[] {
  const hidden = catalog.tools.filter((tool) => tool.hidden);
  if (!hidden.length) return [];
  const all = catalog.tools;
  const ids = [options.style, 'slash', ...(options.presets ?? [])];
  const refs: ToolRef[] = [];
  for (const id of ids) refs.push(...lookup(renderVisible(options.getTarget(id), catalog, all, options), name));
  refs.push(...all.filter((tool) => tool.name === name).map((tool) => ({ server: tool.server, tool: tool.name })));
  return hidden.filter((tool) => refs.some((ref) => ref.server === tool.server && ref.tool === tool.name));
}

/** The catalog entry of a resolved pair. */
export function findTool(catalog: Catalog, ref: ToolRef): CatalogTool | undefined {
  return catalog.tools.find((tool) => tool.server === ref.server && tool.name === ref.tool);
}

/**
 * The name each preset gives the model for a pair (undefined name + `dropped` when the preset would not
 * expose it). Shown by `call` so users see what the model would have typed.
 */
export function presetNames(
  catalog: Catalog,
  ref: ToolRef,
  presets: string[],
  options: NamingSettings & { getTarget?: (id: string) => NamingTarget } = {},
): Record<string, { name?: string; wireName?: string; dropped?: string }> {
  const get = options.getTarget ?? defaultGetTarget;
  const visible = catalog.tools.filter((tool) => !tool.hidden);
  const result: Record<string, { name?: string; wireName?: string; dropped?: string }> = {};
  for (const id of presets) {
    const rendering = renderVisible(get(id), catalog, visible, options);
    const entry = rendering.names.find((item) => item.server === ref.server && item.tool === ref.tool);
    if (!entry) result[id] = { dropped: 'not in the rendering' };
    else if (entry.dropped) result[id] = { dropped: entry.dropped };
    else result[id] = { name: entry.name, ...(entry.wireName && entry.wireName !== entry.name ? { wireName: entry.wireName } : {}) };
  }
  return result;
}
