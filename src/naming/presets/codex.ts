import { finish } from '../build.js';
import { sha1Hex } from '../hash.js';
import { takeCodePoints } from '../length.js';
import { subEach, trimEndChars } from '../sanitize.js';
import type { NamingTarget, RenderedName } from '../types.js';
import { OPENAI_WIRE } from '../wire.js';

const MAX = 64;
const DELIMITER = '__';
const HASH_LEN = 12;

/** `sanitize_responses_api_tool_name`: each code point outside ASCII [A-Za-z0-9_] → "_" ("-" too); empty → "_". */
export function codexSanitize(value: string): string {
  return subEach(value, /[^a-zA-Z0-9_]/u, '_') || '_';
}

/** `ToolName::canonical_flat_name`: namespace and name joined by "__", stray "_" around the delimiter trimmed. */
export function codexFlatName(namespace: string, callable: string): string {
  return `${trimEndChars(namespace, '_')}${DELIMITER}${callable.replace(/^_+/, '')}`;
}

const hashSuffix = (identity: string): string => `_${sha1Hex(identity).slice(0, HASH_LEN)}`;

interface Candidate {
  rendered: RenderedName;
  namespace: string;
  callable: string;
  nsIdentity: string;
  toolIdentity: string;
}

/** `fit_callable_parts_with_hash`: truncate the tool part (or the namespace) so namespace + "__" + name ≤ 64. */
function fitWithHash(namespace: string, tool: string, identity: string): [string, string] {
  const suffix = hashSuffix(identity);
  const maxToolLen = Math.max(0, MAX - (namespace.length + DELIMITER.length));
  if (maxToolLen >= suffix.length) return [namespace, takeCodePoints(tool, maxToolLen - suffix.length) + suffix];
  return [takeCodePoints(namespace, Math.max(0, MAX - (suffix.length + DELIMITER.length))), suffix];
}

/**
 * Codex CLI, flattened: `mcp__{S}__{T}` with both parts sanitized to [A-Za-z0-9_]; namespaces or names that collide
 * get `_` + sha1(identity)[:12]; names over 64 are truncated and hashed (`normalize_tools_for_model_with_prefix`);
 * the flat name trims "_" around the "__" delimiter, so an empty server gives `mcp__{T}`. The normalization is
 * verified; the raw namespace (assumed = server name) and the identity strings are inferred, so hash values are
 * mcpns's best reconstruction.
 */
export const codex: NamingTarget = {
  id: 'codex',
  kind: 'preset',
  summary: 'Codex CLI: mcp__server__tool sanitized to [A-Za-z0-9_]; over 64 or colliding → truncated + sha1[:12]',
  source:
    'verified (normalization only): openai/codex codex-rs/codex-mcp/src/tools.rs @00a35b1b, src/mcp/mod.rs sanitize_responses_api_tool_name @00b17c26, codex-rs/protocol/src/tool_name.rs @9b1033c4; namespace wiring inferred',
  status: 'inferred',
  prefixing: 'always',
  wire: OPENAI_WIRE,
  render: (input) => {
    const seen = new Set<string>();
    const names: RenderedName[] = [];
    const candidates: Candidate[] = [];
    for (const ref of input.tools) {
      const rendered: RenderedName = { server: ref.server, tool: ref.tool, name: '' };
      names.push(rendered);
      const nsIdentity = `${ref.server}\0${ref.server}\0`;
      const toolIdentity = `${nsIdentity}\0${ref.tool}\0${ref.tool}`;
      if (seen.has(toolIdentity)) {
        rendered.name = codexFlatName(`mcp__${codexSanitize(ref.server)}`, codexSanitize(ref.tool));
        rendered.dropped = 'duplicate tool on the same server (Codex skips it)';
        continue;
      }
      seen.add(toolIdentity);
      const sanitized = codexSanitize(ref.server);
      const namespace = sanitized.startsWith('mcp__') ? sanitized : `mcp__${sanitized}`;
      candidates.push({ rendered, namespace, callable: codexSanitize(ref.tool), nsIdentity, toolIdentity });
    }
    hashColliding(
      candidates,
      (c) => c.namespace,
      (c) => c.nsIdentity,
      (c) => {
        c.namespace = c.namespace.endsWith(DELIMITER)
          ? `${c.namespace.slice(0, -DELIMITER.length)}${hashSuffix(c.nsIdentity)}${DELIMITER}`
          : c.namespace + hashSuffix(c.nsIdentity);
      },
    );
    hashColliding(
      candidates,
      (c) => `${c.namespace}\0${c.callable}`,
      (c) => c.toolIdentity,
      (c) => {
        c.callable += hashSuffix(c.toolIdentity);
      },
    );
    const used = new Set<string>();
    // Rust `String` ordering is by UTF-8 bytes: sort on encoded keys, computed once.
    const keyed = candidates.map((c) => ({ c, key: Buffer.from(c.toolIdentity, 'utf8') }));
    keyed.sort((a, b) => Buffer.compare(a.key, b.key));
    for (const { c } of keyed) {
      let [namespace, callable] = [c.namespace, c.callable];
      if (!(namespace.length + callable.length + DELIMITER.length <= MAX && !used.has(namespace + callable))) {
        for (let attempt = 0; ; attempt++) {
          [namespace, callable] = fitWithHash(c.namespace, c.callable, attempt === 0 ? c.toolIdentity : `${c.toolIdentity}\0${attempt}`);
          if (!used.has(namespace + callable)) break;
        }
      }
      used.add(namespace + callable);
      c.rendered.name = codexFlatName(namespace, callable);
    }
    return finish('codex', names);
  },
};

/** Apply `rename` to every candidate whose key is shared by more than one distinct identity. */
function hashColliding(candidates: Candidate[], key: (c: Candidate) => string, identity: (c: Candidate) => string, rename: (c: Candidate) => void): void {
  // key → the one identity seen so far, or null once a second distinct identity shows up.
  const owners = new Map<string, string | null>();
  for (const c of candidates) {
    const k = key(c);
    const owner = owners.get(k);
    if (owner === undefined) owners.set(k, identity(c));
    else if (owner !== null && owner !== identity(c)) owners.set(k, null);
  }
  for (const c of candidates) if (owners.get(key(c)) === null) rename(c);
}
