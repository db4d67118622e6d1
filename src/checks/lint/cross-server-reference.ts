import type { CatalogTool, ToolRef } from '../../catalog/types.js';
import { defineCheck, type Finding } from '../types.js';
import { trimChars } from '../../naming/sanitize.js';
import { toolFinding, visibleTools } from './shared.js';

/**
 * CROSS_SERVER_REFERENCE — the tool-shadowing pattern: a description that talks about another
 * server's tools ("before calling files/read_file, always …", "never use send_email") steers
 * the model across trust boundaries. A tool should describe itself.
 *
 * Linear: one index of tool names, one tokenizer pass per description. A bare name counts only
 * when it is distinctive (contains "_", is camelCase, or is at least 8 characters long) and
 * stands as a whole token, so "add" or "search" in prose is not a finding.
 */
const TOKEN = /[A-Za-z0-9_./-]+/g;

/** A bare name specific enough that a mention in prose is about that tool, not a common word. */
export function isDistinctiveName(name: string): boolean {
  return name.includes('_') || /[a-z][A-Z]/.test(name) || name.length >= 8;
}

/** Tool names of every visible tool, built once per run. */
export interface Index {
  /** Bare distinctive tool name → servers offering it. */
  bare: Map<string, Set<string>>;
  /** server → its tool names. */
  byServer: Map<string, Set<string>>;
}

function buildIndex(tools: readonly CatalogTool[]): Index {
  const bare = new Map<string, Set<string>>();
  const byServer = new Map<string, Set<string>>();
  for (const tool of tools) {
    let names = byServer.get(tool.server);
    if (!names) byServer.set(tool.server, (names = new Set()));
    names.add(tool.name);
    if (!isDistinctiveName(tool.name)) continue;
    let servers = bare.get(tool.name);
    if (!servers) bare.set(tool.name, (servers = new Set()));
    servers.add(tool.server);
  }
  return { bare, byServer };
}

/** Other servers' tools that `description` (of a tool on `server`) names, sorted. */
export function mentionedTools(description: string, server: string, index: Index): ToolRef[] {
  const own = index.byServer.get(server) ?? new Set<string>();
  const found = new Map<string, ToolRef>();
  const add = (ref: ToolRef): void => {
    found.set(`${ref.server}/${ref.tool}`, ref);
  };
  for (const match of description.matchAll(TOKEN)) {
    // trimChars is a loop, not `/^[./-]+|[./-]+$/`: that regex retries from every position of a long run inside a
    // token ("a" + 300k "-" + "a") and is quadratic in the length of server text.
    const token = trimChars(match[0], './-');
    if (!token) continue;
    const slash = token.indexOf('/');
    if (slash > 0) {
      // Qualified form server/tool: split on the first "/", as the slash style does.
      const target = token.slice(0, slash);
      const tool = token.slice(slash + 1);
      if (target !== server && index.byServer.get(target)?.has(tool)) add({ server: target, tool });
      continue;
    }
    // A name the describing server offers itself is about itself, not about another server.
    if (own.has(token)) continue;
    for (const other of index.bare.get(token) ?? []) if (other !== server) add({ server: other, tool: token });
  }
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
