import { CODEX_SERVER_NAME } from '../../config/clients/codex.js';
import { finish } from '../build.js';
import { sha1Hex } from '../hash.js';
import { refusedName } from '../refusal.js';
import { subEach, trimEndChars } from '../sanitize.js';
import type { NamingTarget, Refusal, RenderedName } from '../types.js';
import { OPENAI_WIRE } from '../wire.js';

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

/** Why Codex refuses a server's config key, if it does (the entry is skipped; the others still start). */
export function codexServerRefusal(server: string): Refusal | undefined {
  if (CODEX_SERVER_NAME.test(server)) return undefined;
  const suggestion = server.trim().replace(/[^a-zA-Z0-9_:@/.-]+/g, '-');
  return {
    subject: 'server',
    rule: `Invalid MCP server name: must match ${CODEX_SERVER_NAME.source}`,
    ...(suggestion && CODEX_SERVER_NAME.test(suggestion) ? { suggestion } : {}),
  };
}

interface Candidate {
  rendered: RenderedName;
  namespace: string;
  callable: string;
  nsIdentity: string;
  toolIdentity: string;
}

/**
 * Codex: each MCP tool is sent as a function inside a Responses-API namespace `mcp__{S}` (both parts sanitized to
 * [A-Za-z0-9_]); namespaces shared by different servers get `_` + sha1(identity)[:12], and so do names shared inside a
 * namespace; nothing is shortened (a 65-character namespace and a 70-character function were sent whole). `name` is
 * Codex's flat form `namespace__function`. A config key outside `^[a-zA-Z0-9_:@/.-]+$` is refused. Observed with
 * Codex 0.169.0 (test/fidelity/clients/codex.json), for models sent every tool upfront and for catalog models that
 * get them through `tool_search`; the hash identities are those of `codex-mcp` `qualify_tools`.
 */
export const codex: NamingTarget = {
  id: 'codex',
  kind: 'preset',
  summary: 'Codex: function tool in namespace mcp__server, both sanitized to [A-Za-z0-9_]; shared namespaces or names get sha1[:12]; no length limit',
  source:
    'observed with the real client (names, namespaces, hashes, refusals); hashing as in openai/codex codex-rs/codex-mcp/src/mcp_tool_names.rs qualify_tools @52a0ab12, sanitize_responses_api_tool_name in codex-rs/codex-mcp/src/mcp/mod.rs @00b17c26, the flat form ToolName::canonical_flat_name in codex-rs/protocol/src/tool_name.rs @9b1033c4',
  status: 'verified',
  checkedAgainst: { package: '@openai/codex', version: '0.169.0', date: '2026-11-26' },
  prefixing: 'always',
  // The OpenAI function-name rule, applied to the namespace and to the function name (each is sent on its own).
  wire: OPENAI_WIRE,
  render: (input) => {
    const seen = new Set<string>();
    const names: RenderedName[] = [];
    const candidates: Candidate[] = [];
    for (const ref of input.tools) {
      const rendered: RenderedName = { server: ref.server, tool: ref.tool, name: '' };
      names.push(rendered);
      const sanitized = codexSanitize(ref.server);
      const namespace = sanitized.startsWith('mcp__') ? sanitized : `mcp__${sanitized}`;
      const callable = codexSanitize(ref.tool);
      const refusal = codexServerRefusal(ref.server);
      if (refusal) {
        Object.assign(rendered, { namespace, function: callable }, refusedName(codexFlatName(namespace, callable), refusal));
        continue;
      }
      const nsIdentity = `${ref.server}\0${ref.server}\0`;
      const toolIdentity = `${nsIdentity}\0${ref.tool}\0${ref.tool}`;
      if (seen.has(toolIdentity)) {
        Object.assign(rendered, { name: codexFlatName(namespace, callable), namespace, function: callable });
        rendered.dropped = 'duplicate tool on the same server (Codex skips it)';
        continue;
      }
      seen.add(toolIdentity);
      candidates.push({ rendered, namespace, callable, nsIdentity, toolIdentity });
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
    // Anything still shared (a hash that happened to produce an existing name) is rehashed with `identity\0i`, in the
    // order Codex allocates: by identity, compared as UTF-8 bytes (Rust `String` ordering).
    const used = new Set<string>();
    const keyed = candidates.map((c) => ({ c, key: Buffer.from(c.toolIdentity, 'utf8') }));
    keyed.sort((a, b) => Buffer.compare(a.key, b.key));
    for (const { c } of keyed) {
      let callable = c.callable;
      for (let attempt = 1; used.has(`${c.namespace}\0${callable}`); attempt++) callable = c.callable + hashSuffix(`${c.toolIdentity}\0${attempt}`);
      used.add(`${c.namespace}\0${callable}`);
      Object.assign(c.rendered, { name: codexFlatName(c.namespace, callable), namespace: c.namespace, function: callable });
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
