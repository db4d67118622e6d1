import type { CatalogTool, ToolRef } from '../../catalog/types.js';
import { defineCheck, type Finding } from '../types.js';
import { toolFinding, visibleTools } from './shared.js';

/**
 * CROSS_SERVER_REFERENCE — the tool-shadowing pattern: a description that talks about another
 * server's tools ("before calling files/read_file, always …", "never use send_email") steers
 * the model across trust boundaries. A tool should describe itself.
 *
 * Linear: one index of tool names, one hand-written scan per description (no regex that could backtrack on hostile
 * text). A token is a run of [A-Za-z0-9_./-] with leading and trailing [./-] trimmed. A bare name counts only
 * when it is distinctive (contains "_", is camelCase, or is at least 8 characters long) and stands as a whole
 * token, so "add" or "search" in prose is not a finding; tokens that cannot match are never cut out of the text.
 */
const isTokenChar = (code: number): boolean =>
  (code >= 0x61 && code <= 0x7a) ||
  (code >= 0x41 && code <= 0x5a) ||
  (code >= 0x30 && code <= 0x39) ||
  code === 0x5f ||
  code === 0x2e ||
  code === 0x2f ||
  code === 0x2d;
const isEdgeChar = (code: number): boolean => code === 0x2e || code === 0x2f || code === 0x2d;
const isLower = (code: number): boolean => code >= 0x61 && code <= 0x7a;
const isUpper = (code: number): boolean => code >= 0x41 && code <= 0x5a;

/** A bare name specific enough that a mention in prose is about that tool, not a common word. */
export function isDistinctiveName(name: string): boolean {
  return name.includes('_') || /[a-z][A-Z]/.test(name) || name.length >= 8;
}

/** Tool names of every visible tool, built once per run. */
export interface Index {
  /** Bare distinctive tool name → the server offering it, or the servers when several do (most names have one). */
  bare: Map<string, string | Set<string>>;
  /** server → its tool names. */
  byServer: Map<string, Set<string>>;
}

export function buildIndex(tools: readonly Pick<CatalogTool, 'server' | 'name'>[]): Index {
  const bare = new Map<string, string | Set<string>>();
  const byServer = new Map<string, Set<string>>();
  for (const tool of tools) {
    let names = byServer.get(tool.server);
    if (!names) byServer.set(tool.server, (names = new Set()));
    names.add(tool.name);
    if (!isDistinctiveName(tool.name)) continue;
    const servers = bare.get(tool.name);
    if (servers === undefined) bare.set(tool.name, tool.server);
    else if (typeof servers === 'string') {
      if (servers !== tool.server) bare.set(tool.name, new Set([servers, tool.server]));
    } else servers.add(tool.server);
  }
  return { bare, byServer };
}

/** Other servers' tools that `description` (of a tool on `server`) names, sorted. */
export function mentionedTools(description: string, server: string, index: Index): ToolRef[] {
  const own = index.byServer.get(server) ?? new Set<string>();
  let found: Map<string, ToolRef> | undefined; // most descriptions mention nothing: no map, no sort
  const add = (ref: ToolRef): void => {
    (found ??= new Map()).set(`${ref.server}/${ref.tool}`, ref);
  };
  const length = description.length;
  let at = 0;
  while (at < length) {
    if (!isTokenChar(description.charCodeAt(at))) {
      at++;
      continue;
    }
    let start = at;
    while (at < length && isTokenChar(description.charCodeAt(at))) at++;
    let end = at;
    while (start < end && isEdgeChar(description.charCodeAt(start))) start++;
    while (end > start && isEdgeChar(description.charCodeAt(end - 1))) end--;
    if (start === end) continue;
    let slash = -1;
    let distinctive = end - start >= 8;
    for (let position = start; position < end && slash === -1; position++) {
      const code = description.charCodeAt(position);
      if (code === 0x2f) slash = position;
      else if (code === 0x5f || (position > start && isUpper(code) && isLower(description.charCodeAt(position - 1)))) distinctive = true;
    }
    if (slash !== -1) {
      // Qualified form server/tool: split on the first "/", as the slash style does.
      const target = description.slice(start, slash);
      const tool = description.slice(slash + 1, end);
      if (target !== server && index.byServer.get(target)?.has(tool)) add({ server: target, tool });
      continue;
    }
    // Only distinctive names are in the bare index: anything else cannot match.
    if (!distinctive) continue;
    const token = description.slice(start, end);
    // A name the describing server offers itself is about itself, not about another server.
    if (own.has(token)) continue;
    const servers = index.bare.get(token);
    if (typeof servers === 'string') {
      if (servers !== server) add({ server: servers, tool: token });
    } else if (servers) for (const other of servers) if (other !== server) add({ server: other, tool: token });
  }
  if (!found) return [];
  return [...found.values()].sort((a, b) => (a.server === b.server ? cmp(a.tool, b.tool) : cmp(a.server, b.server)));
}

const cmp = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

export default defineCheck({
  codes: ['CROSS_SERVER_REFERENCE'],
  family: 'lint',
  run({ catalog }) {
    const tools = visibleTools(catalog);
    const index = buildIndex(tools);
    if (index.byServer.size < 2) return [];
    const findings: Finding[] = [];
    for (const tool of tools) {
      if (!tool.description) continue;
      const mentions = mentionedTools(tool.description, tool.server, index);
      if (!mentions.length) continue;
      findings.push(
        toolFinding('CROSS_SERVER_REFERENCE', tool, {
          mentions: mentions.map((ref) => `${ref.server}/${ref.tool}`).join(', '),
          referenced: mentions,
        }),
      );
    }
    return findings;
  },
});
