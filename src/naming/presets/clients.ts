import { renderEach } from '../build.js';
import { sha1Hex } from '../hash.js';
import { subRun, trimChars } from '../sanitize.js';
import type { NamingTarget } from '../types.js';
import { OPENAI_WIRE } from '../wire.js';

/** Continue's server prefix: lowercase, runs of [^a-z0-9] → "_", trimmed of "_". */
export function continuePrefix(server: string): string {
  return trimChars(subRun(server.toLowerCase(), /[^a-z0-9]/, '_'), '_').replace(/_+/g, '_');
}

/** Continue: `T` when it already starts with the prefix (no separator check), else `{p}_{T}`; duplicates kept. */
export const continueDev: NamingTarget = {
  id: 'continue',
  kind: 'preset',
  summary: 'Continue: prefix_tool unless the tool already starts with the prefix; duplicates kept with a warning',
  source: 'verified: continuedev/continue core/tools/mcpToolName.ts @d0a3c0b6',
  status: 'verified',
  prefixing: 'conditional',
  wire: OPENAI_WIRE,
  render: (input) =>
    renderEach('continue', input, (ref) => {
      const p = continuePrefix(ref.server);
      return { name: ref.tool.startsWith(p) ? ref.tool : `${p}_${ref.tool}` };
    }),
};

const CLINE_MAX = 64;
const CLINE_HASH = 8;

/** Cline v4 `defaultMcpToolNameTransform`. */
export function clineName(server: string, tool: string): string {
  const raw = `${server}__${tool}`;
  const sanitized = raw.replace(/[^a-zA-Z0-9_-]+/g, '_');
  if (sanitized === raw && raw.length <= CLINE_MAX) return raw;
  const base = sanitized.slice(0, CLINE_MAX - 1 - CLINE_HASH) || 'mcp_tool';
  return `${base}_${sha1Hex(raw).slice(0, CLINE_HASH)}`;
}

/** Cline (v4 SDK): raw `S__T` when valid and ≤ 64, else sanitized[:55] + "_" + sha1(raw)[:8]. */
export const cline: NamingTarget = {
  id: 'cline',
  kind: 'preset',
  summary: 'Cline v4: server__tool when valid and ≤ 64, else sanitized[:55]_sha1(raw)[:8]',
  source: 'verified: cline/cline sdk/packages/core/src/extensions/mcp/name-transform.ts @21cb8d25',
  status: 'verified',
  prefixing: 'always',
  wire: OPENAI_WIRE,
  render: (input) => renderEach('cline', input, (ref) => ({ name: clineName(ref.server, ref.tool) })),
};
