import type { Catalog, ToolRef } from '../catalog/types.js';
import { McpnsError } from '../errors.js';
import type { NamingInput, NamingTarget, Rendering, RenderedName } from './types.js';

export type { NamingInput, NamingServer, NamingTarget, Rendering, RenderedName, WireRule } from './types.js';

export const DEFAULT_STYLE = 'slash';

/** Build a Rendering from a per-tool naming function (the common case). */
export function renderEach(target: string, input: NamingInput, nameOf: (ref: ToolRef) => Omit<RenderedName, 'server' | 'tool'>): Rendering {
  const names: RenderedName[] = [];
  const lookup = new Map<string, ToolRef[]>();
  for (const ref of input.tools) {
    const rendered = { server: ref.server, tool: ref.tool, ...nameOf(ref) };
    names.push(rendered);
    if (rendered.dropped) continue;
    const bucket = lookup.get(rendered.name);
    if (bucket) bucket.push({ server: ref.server, tool: ref.tool });
    else lookup.set(rendered.name, [{ server: ref.server, tool: ref.tool }]);
  }
  return { target, names, lookup };
}

const slash: NamingTarget = {
  id: 'slash',
  kind: 'style',
  summary: 'server/tool: the canonical display form (MEW ADR-mpt), split on the first "/"',
  render: (input) => renderEach('slash', input, (ref) => ({ name: `${ref.server}/${ref.tool}` })),
  parse: (name) => {
    const at = name.indexOf('/');
    return at <= 0 ? undefined : { server: name.slice(0, at), tool: name.slice(at + 1) };
  },
};

const TARGETS = new Map<string, NamingTarget>([[slash.id, slash]]);

export function listTargets(): NamingTarget[] {
  return [...TARGETS.values()];
}

export function getTarget(id: string): NamingTarget {
  const target = TARGETS.get(id);
  if (!target) {
    throw new McpnsError('UNKNOWN_TARGET', `unknown style or preset "${id}"`, {
      hint: `valid: ${[...TARGETS.keys()].sort().join(', ')}`,
      details: { valid: [...TARGETS.keys()].sort() },
    });
  }
  return target;
}

export function renderNames(targetId: string, input: NamingInput): Rendering {
  return getTarget(targetId).render(input);
}

/** Naming input from a catalog: every tool, sorted as the catalog is. */
export function namingInputFromCatalog(catalog: Catalog, prefixes: Record<string, string> = {}): NamingInput {
  return {
    servers: catalog.servers.map((server) => ({
      name: server.name,
      ...(server.serverInfo ? { serverInfo: { name: server.serverInfo.name, ...(server.serverInfo.title ? { title: server.serverInfo.title } : {}) } } : {}),
      ...(prefixes[server.name] !== undefined ? { prefix: prefixes[server.name] } : {}),
    })),
    tools: catalog.tools.map((tool) => ({ server: tool.server, tool: tool.name })),
  };
}
