/**
 * Server→client requests (elicitation, sampling, roots): each goes to the downstream client whose call caused it, and
 * is refused — with a JSON-RPC error naming why — when that cannot be told or the client did not declare the capability.
 */
import { ProtocolError, ProtocolErrorCode } from '@modelcontextprotocol/server';
import type { Slot } from './slot.js';
import type { DownstreamCall, DownstreamSession } from './types.js';
import type { JsonObject } from './upstream.js';

/**
 * A server→client request (elicitation, sampling, roots) goes to the downstream request that caused it (SEP-2260):
 * the one call in flight on that server, or the latest of one client's calls there. Refused when no call is in
 * flight, when calls of several clients are (it cannot be told which one asked), or when that client did not declare
 * the capability.
 */
export async function routeServerRequest(
  slot: Slot | undefined,
  connected: Iterable<DownstreamSession>,
  server: string,
  method: string,
  params: JsonObject | undefined,
  signal: AbortSignal,
): Promise<JsonObject> {
  const inflight = slot ? [...slot.inflight] : [];
  // roots/list outside a call (servers ask at start and after roots/list_changed): the one connected client, if
  // there is exactly one and it declared roots; with several it cannot be told whose roots are meant.
  if (!inflight.length && method === 'roots/list') {
    const withRoots = [...connected].filter((session) => session.request && session.clientCapabilities()?.['roots']);
    if (withRoots.length === 1) return withRoots[0]!.request!(method, params, signal);
  }
  if (!inflight.length) {
    throw new ProtocolError(
      ProtocolErrorCode.InvalidRequest,
      `mcpns: ${method} must be tied to a request the client sent (SEP-2260); none is in flight on "${server}"`,
    );
  }
  const sessions = new Set(inflight.map((entry) => entry.call.session));
  if (sessions.size > 1) {
    throw new ProtocolError(
      ProtocolErrorCode.InvalidRequest,
      `mcpns: ${method} from "${server}" cannot be routed: calls of ${sessions.size} clients are in flight on it and the request does not say which one it belongs to`,
    );
  }
  const call = inflight[inflight.length - 1]!.call;
  if (call.modern) {
    throw new ProtocolError(
      ProtocolErrorCode.InvalidRequest,
      `mcpns: ${method} from "${server}" cannot reach the client: it speaks 2026-07-28, where servers ask through input_required results, and mcpns does not yet turn a 2025-era server's push request into one`,
    );
  }
  return askClient(server, method, params, call, signal);
}

/** A request to the downstream client of `call`, refused when that client did not declare the capability it needs. */
export async function askClient(
  server: string,
  method: string,
  params: JsonObject | undefined,
  call: DownstreamCall,
  signal: AbortSignal,
): Promise<JsonObject> {
  const capability = method === 'sampling/createMessage' ? 'sampling' : method === 'roots/list' ? 'roots' : 'elicitation';
  const declared = call.session?.clientCapabilities()?.[capability] as JsonObject | undefined;
  const urlMode = method === 'elicitation/create' && params?.['mode'] === 'url';
  if (!declared || (urlMode && !declared['url'])) {
    throw new ProtocolError(
      ProtocolErrorCode.MethodNotFound,
      `the client connected to mcpns did not declare the "${urlMode ? 'elicitation.url' : capability}" capability, so ${method} from "${server}" cannot reach it`,
      { capability: urlMode ? 'elicitation.url' : capability },
    );
  }
  return call.send(method, params, AbortSignal.any([signal, call.signal]));
}
