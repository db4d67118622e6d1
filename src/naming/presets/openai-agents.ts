import { finish, renderEach } from '../build.js';
import { sha1Hex } from '../hash.js';
import { trimChars, trimEndChars } from '../sanitize.js';
import type { NamingTarget, RenderedName } from '../types.js';
import { OPENAI_WIRE } from '../wire.js';

const SOURCE = 'verified: openai/openai-agents-python src/agents/mcp/util.py @7f7a44f8; openai/openai-agents-js packages/agents-core/src/mcp.ts';

/**
 * OpenAI Agents SDK default: tool names unchanged. A name offered by two servers raises
 * `UserError("Duplicate tool names found across MCP servers: …")`, so collisions are errors.
 */
export const openaiAgents: NamingTarget = {
  id: 'openai-agents',
  kind: 'preset',
  summary: 'OpenAI Agents SDK default: bare tool name; a duplicate across servers is an error',
  source: SOURCE,
  status: 'verified',
  prefixing: 'never',
  unprefixed: true,
  wire: OPENAI_WIRE,
  maxTools: 128,
  render: (input) => renderEach('openai-agents', input, (ref) => ({ name: ref.tool }), 'error'),
};

const MAX = 64;
const HASH_LEN = 8;

/** `_safe_tool_name_part`: each code point not ASCII alnum/"_"/"-" → "_", strip "_-" at both ends, fallback. */
export function agentsSafePart(value: string, fallback: string): string {
  return trimChars(value.replace(/[^a-zA-Z0-9_-]/gu, '_'), '_-') || fallback;
}

/** `_shorten_tool_name`: keep when ≤ 64 unless forced; else stem[:55].rstrip("_-") ‖ "mcp", "_", sha1(seed)[:8]. */
export function agentsShorten(base: string, seed: string, forceHash: boolean): string {
  if (!forceHash && base.length <= MAX) return base;
  const suffix = `_${sha1Hex(seed).slice(0, HASH_LEN)}`;
  const stem = trimEndChars(base.slice(0, MAX - suffix.length), '_-') || 'mcp';
  return stem + suffix;
}

/**
 * `include_server_in_tool_names=True`: `mcp_{A(S)}__{A(T)}`; over 64, a base shared by several tools, or a
 * reserved name → hashed; then names are allocated in sorted order, rehashing with `seed\0i` until unique.
 * Duplicates inside one server raise UserError (kept as a collision).
 */
export const openaiAgentsPrefixed: NamingTarget = {
  id: 'openai-agents-prefixed',
  kind: 'preset',
  summary: 'OpenAI Agents SDK include_server_in_tool_names: mcp_server__tool; over 64 or shared → stem + sha1[:8]',
  source: SOURCE,
  status: 'verified',
  prefixing: 'always',
  wire: OPENAI_WIRE,
  maxTools: 128,
  render: (input) => {
    const entries = input.tools.map((ref, index) => {
      const base = `mcp_${agentsSafePart(ref.server, 'server')}__${agentsSafePart(ref.tool, 'tool')}`;
      return { ref, index, base, seed: `${ref.server}\0${ref.tool}` };
    });
    const counts = new Map<string, number>();
    for (const entry of entries) counts.set(entry.base, (counts.get(entry.base) ?? 0) + 1);
    // A duplicate inside one server is a UserError before naming: keep those as they are (collision shows).
    const inServer = duplicatesInServer(input.tools);
    const names: RenderedName[] = entries.map(({ ref }) => ({ server: ref.server, tool: ref.tool, name: '' }));
    const candidates = entries.map((entry) => {
      const initial = agentsShorten(entry.base, entry.seed, (counts.get(entry.base) ?? 0) > 1);
      return { ...entry, initial, surrogates: SURROGATE.test(entry.seed) };
    });
    candidates.sort((a, b) => {
      // Without surrogates, UTF-16 order equals Python's code-point order: use the native comparison.
      const order = a.surrogates || b.surrogates ? cmp : nativeCmp;
      return order(a.initial, b.initial) || order(a.seed, b.seed) || a.index - b.index;
    });
    const used = new Set<string>();
    for (const candidate of candidates) {
      let name = candidate.initial;
      if (!inServer.has(candidate.seed)) {
        for (let i = 1; used.has(name); i++) name = agentsShorten(candidate.base, `${candidate.seed}\0${i}`, true);
      }
      used.add(name);
      names[candidate.index]!.name = name;
    }
    return finish('openai-agents-prefixed', names, { collision: 'error' });
  },
};

const SURROGATE = /[\ud800-\udfff]/;
const nativeCmp = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** Python compares str by code point; JS `<` by UTF-16 unit: compare code points at the first difference. */
function cmp(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    if (a.charCodeAt(i) !== b.charCodeAt(i)) return (a.codePointAt(i) ?? 0) - (b.codePointAt(i) ?? 0);
  }
  return a.length - b.length;
}

function duplicatesInServer(tools: { server: string; tool: string }[]): Set<string> {
  const seen = new Set<string>();
  const dup = new Set<string>();
  for (const ref of tools) {
    const key = `${ref.server}\0${ref.tool}`;
    if (seen.has(key)) dup.add(key);
    seen.add(key);
  }
  return dup;
}
