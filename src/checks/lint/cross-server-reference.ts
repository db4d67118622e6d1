import type { CatalogTool, ToolRef } from '../../catalog/types.js';
import { indexTools, offers, toolIndexSteps, visibleTools, type ToolIndex } from '../tool-index.js';
import { defineSteppedCheck, SLICE_MASK, type Finding } from '../types.js';
import { toolFinding } from './shared.js';

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

/** Tool names of every visible tool: the catalog's shared index (`toolIndex`). */
export type Index = ToolIndex;

/** The index of a list of tools (tests). */
export function buildIndex(tools: readonly Pick<CatalogTool, 'server' | 'name'>[]): Index {
  return indexTools(tools);
}

/** Other servers' tools that `description` (of a tool on `server`) names, sorted. */
export function mentionedTools(description: string, server: string, index: Index): ToolRef[] {
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
      if (target !== server && offers(index, target, tool)) add({ server: target, tool });
      continue;
    }
    // Only distinctive names are in the bare index: anything else cannot match.
    if (!distinctive) continue;
    const token = description.slice(start, end);
    const named = index.byName.get(token);
    if (named === undefined) continue;
    // A name the describing server offers itself is about itself, not about another server.
    if (offers(index, server, token)) continue;
    if (typeof named === 'number') add({ server: index.tools[named]!.server, tool: token });
    else for (const at of named) add({ server: index.tools[at]!.server, tool: token });
  }
  if (!found) return [];
  return [...found.values()].sort((a, b) => (a.server === b.server ? cmp(a.tool, b.tool) : cmp(a.server, b.server)));
}

const cmp = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

export default defineSteppedCheck({
  codes: ['CROSS_SERVER_REFERENCE'],
  family: 'lint',
  *steps({ catalog }) {
    const index = yield* toolIndexSteps(catalog);
    if (index.serverCount < 2) return [];
    const tools = visibleTools(catalog);
    const findings: Finding[] = [];
    for (let at = 0; at < tools.length; at++) {
      if ((at & SLICE_MASK) === SLICE_MASK) yield;
      const tool = tools[at]!;
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
