import picomatch from 'picomatch';
import { McpnsError } from '../errors.js';
import { linearRegExp } from '../util/linear-regexp.js';

/** A MEW capability: a JSON pattern over an envelope's `kind` and `payload` (MEW v0.4 spec §4.1). */
export interface Capability {
  kind: string;
  payload?: unknown;
  [key: string]: unknown;
}

/** A participant: who sends the envelope and what it may send. */
export interface Participant {
  id: string;
  capabilities: Capability[];
}

/**
 * The participant used when config has none and no --from/--capabilities is given: full MCP access
 * (`mcp/*`, the spec's "full access" profile), so a plain `mcpns call` prints an `mcp/request`.
 */
export const DEFAULT_PARTICIPANT: Participant = { id: 'mcpns', capabilities: [{ kind: 'mcp/*' }] };

/** The part of an envelope capabilities are matched against. */
export interface CapabilityMessage {
  kind: string;
  payload?: unknown;
}

const globCache = new Map<string, (value: string) => boolean>();
function glob(pattern: string): (value: string) => boolean {
  let matcher = globCache.get(pattern);
  if (!matcher) {
    matcher = picomatch(pattern);
    globCache.set(pattern, matcher);
  }
  return matcher;
}

/**
 * Does a capability's `kind` pattern allow this kind? Follows the MEW SDK matcher (micromatch-style globs,
 * here picomatch), with one deliberate exception taken from the MEW gateway: `"*"` allows every kind.
 * Under glob rules `*` does not cross `/`, so the SDK's `{"kind":"*"}` never matches `mcp/request` although
 * the spec says it should; every other pattern keeps glob semantics (`mcp/*` matches `mcp/request`,
 * `*` inside a pattern never crosses `/`, use `**` or `*\/*`).
 */
export function matchesKind(pattern: string, kind: string): boolean {
  if (pattern === '*') return true;
  if (pattern === kind) return true;
  return glob(pattern)(kind);
}

/**
 * Match one payload value against a pattern (MEW SDK `matchesPayloadPattern` semantics):
 * - string: `/regex/flags` → regular expression; otherwise exact or glob (`*`, `?`, `!negation`) — a value
 *   that is not a string is compared by its JSON text;
 * - array: OR over its entries;
 * - object: every key must match recursively (missing field → no match); `{}` matches anything;
 * - other JSON values: strict equality.
 * JSONPath keys (`$…`, `**`) are not supported: such a pattern never matches (reported by `explainMismatch`).
 */
export function matchesPattern(pattern: unknown, value: unknown): boolean {
  if (Array.isArray(pattern)) return pattern.some((entry) => matchesPattern(entry, value));
  if (typeof pattern === 'string') {
    if (value === undefined) return false;
    const text = typeof value === 'string' ? value : JSON.stringify(value);
    const regex = /^\/(.+)\/([a-z]*)$/s.exec(pattern);
    if (regex) {
      try {
        // Linear time: the value comes from the call's arguments. A pattern the engine cannot run allows nothing.
        return linearRegExp(regex[1]!, regex[2]).test(text);
      } catch {
        return false;
      }
    }
    if (pattern === text) return true;
    if (/[*?![\]{}()]/.test(pattern)) return glob(pattern)(text);
    return false;
  }
  if (pattern !== null && typeof pattern === 'object') {
    if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
    for (const [key, sub] of Object.entries(pattern)) {
      if (key.startsWith('$') || key === '**') return false;
      if (!matchesPattern(sub, (value as Record<string, unknown>)[key])) return false;
    }
    return true;
  }
  return pattern === value;
}

/** Does a capability allow this envelope? No `payload` pattern = match on kind only. */
export function matchesCapability(capability: Capability, message: CapabilityMessage): boolean {
  if (typeof capability.kind !== 'string' || !matchesKind(capability.kind, message.kind)) return false;
  if (capability.payload === undefined) return true;
  return matchesPattern(capability.payload, message.payload);
}

/** The first capability (index and value) allowing the envelope, if any. */
export function findCapability(capabilities: Capability[], message: CapabilityMessage): { index: number; capability: Capability } | undefined {
  const index = capabilities.findIndex((capability) => matchesCapability(capability, message));
  return index < 0 ? undefined : { index, capability: capabilities[index]! };
}

export interface KindDecision {
  kind: 'mcp/request' | 'mcp/proposal';
  participant: string;
  /** The capability that allowed the chosen kind. */
  matched: { index: number; capability: Capability };
  /** Why it is what it is: which capability matched, or why the request was not allowed. */
  reason: string;
}

/**
 * Request or proposal, exactly as MEW's `MEWParticipant.mcpRequest` decides (mew-envelope.md §6): an
 * `mcp/request` when a capability allows it; otherwise an `mcp/proposal` when one allows that; otherwise
 * NO_CAPABILITY (exit 2), explaining what was tried.
 */
export function decideKind(participant: Participant, payload: Record<string, unknown>): KindDecision {
  const capabilities = participant.capabilities;
  const request = findCapability(capabilities, { kind: 'mcp/request', payload });
  if (request) {
    return {
      kind: 'mcp/request',
      participant: participant.id,
      matched: request,
      reason: `capability #${request.index} ${JSON.stringify(request.capability)} allows mcp/request`,
    };
  }
  const proposal = findCapability(capabilities, { kind: 'mcp/proposal', payload });
  const why = requestRefusal(capabilities, payload);
  if (proposal) {
    return {
      kind: 'mcp/proposal',
      participant: participant.id,
      matched: proposal,
      reason: `${why}; capability #${proposal.index} ${JSON.stringify(proposal.capability)} allows mcp/proposal, so the call is proposed for a participant with a request capability to fulfil`,
    };
  }
  const method = String(payload['method'] ?? '');
  throw new McpnsError(
    'NO_CAPABILITY',
    `participant "${participant.id}" has no capability to send a request or a proposal for ${method}${toolOf(payload)}: ${why}`,
    {
      hint: 'give the participant a capability such as {"kind":"mcp/request","payload":{"method":"tools/call"}} or {"kind":"mcp/proposal"} (config "participant", or --capabilities <file>)',
      details: { participant: participant.id, capabilities },
    },
  );
}

const toolOf = (payload: Record<string, unknown>): string => {
  const name = (payload['params'] as { name?: unknown } | undefined)?.name;
  return typeof name === 'string' ? ` (tool ${name})` : '';
};

/** Why no capability allows an `mcp/request`, in one clause. */
function requestRefusal(capabilities: Capability[], payload: Record<string, unknown>): string {
  if (!capabilities.length) return 'the participant has no capabilities at all';
  const kindOnly = capabilities.filter((capability) => typeof capability.kind === 'string' && matchesKind(capability.kind, 'mcp/request'));
  if (!kindOnly.length) {
    const kinds = capabilities.map((capability) => JSON.stringify(capability.kind)).join(', ');
    const star = capabilities.some((capability) => typeof capability.kind === 'string' && /^[^/]*\*[^/]*$/.test(capability.kind) && capability.kind !== '*');
    return `no capability kind matches mcp/request (kinds: ${kinds})${star ? '; note that a glob * does not cross "/"' : ''}`;
  }
  const call = JSON.stringify({ method: payload['method'], params: { name: (payload['params'] as { name?: unknown } | undefined)?.name } });
  return kindOnly.length === 1
    ? `capability #${capabilities.indexOf(kindOnly[0]!)} allows mcp/request only for payloads matching ${JSON.stringify(kindOnly[0]!.payload)}, not ${call}`
    : `${kindOnly.length} capabilities allow mcp/request, but no payload pattern matches ${call}`;
}

/**
 * Read a participant or a capability list from parsed JSON/YAML: an array of capabilities, or
 * `{ capabilities: [...] }` / `{ id, capabilities }`. Throws USAGE naming the problem.
 */
export function parseCapabilities(value: unknown, source: string): { id?: string; capabilities: Capability[] } {
  const list = Array.isArray(value) ? value : (value as { capabilities?: unknown } | null)?.capabilities;
  const id = !Array.isArray(value) && value && typeof value === 'object' ? (value as { id?: unknown }).id : undefined;
  if (!Array.isArray(list)) {
    throw new McpnsError('USAGE', `${source}: expected an array of capabilities or an object with "capabilities"`, {
      hint: 'e.g. [{"kind":"mcp/proposal"},{"kind":"mcp/request","payload":{"method":"tools/list"}}]',
    });
  }
  list.forEach((entry, index) => {
    if (!entry || typeof entry !== 'object' || typeof (entry as { kind?: unknown }).kind !== 'string') {
      throw new McpnsError('USAGE', `${source}: capability #${index} needs a string "kind"`);
    }
  });
  return { ...(typeof id === 'string' ? { id } : {}), capabilities: list as Capability[] };
}
