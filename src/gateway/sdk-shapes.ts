/**
 * Where the engine's plain JSON meets the SDKs' message types: the one place each crossing is named (nothing else in
 * src/gateway casts a message to an SDK type). Nothing is parsed twice here: what goes into the SDK is checked by the
 * SDK itself (a server validates a handler's `tools/call` result, a client's answer to a request is checked against
 * its method's schema, every message is encoded by its codec), and what the gateway passes on is what it read as
 * JSON-RPC.
 */
import type { HandlerResultTypeMap as ClientResults, RequestMethod as ClientMethod } from '@modelcontextprotocol/client';
import type { HandlerResultTypeMap, JSONRPCMessage, RequestMethod } from '@modelcontextprotocol/server';
import { ProtocolError, ProtocolErrorCode } from '@modelcontextprotocol/server';

/** A plain JSON object (upstream.ts's JsonObject; not imported from there, which imports this file). */
type JsonObject = Record<string, unknown>;

/** The engine's answer to a request of a downstream client, as the SDK server's handler for `method` returns it. */
export function serverAnswer<M extends RequestMethod>(_method: M, value: JsonObject): HandlerResultTypeMap[M] {
  return value as HandlerResultTypeMap[M];
}

/** A downstream client's answer to an upstream's request (elicitation, sampling, roots), as the SDK client's handler returns it. */
export function clientAnswer<M extends ClientMethod>(_method: M, value: JsonObject): ClientResults[M] {
  return value as ClientResults[M];
}

/** A JSON-RPC message the gateway built or read (a request, a notification, an answer), as the SDK's transports take it. */
export function wireMessage(value: JsonObject): JSONRPCMessage {
  return value as JSONRPCMessage;
}

/** The requests the gateway sends a downstream client on behalf of an upstream. */
type ClientAsk = 'elicitation/create' | 'sampling/createMessage' | 'roots/list';
const CLIENT_ASKS: ReadonlySet<string> = new Set<ClientAsk>(['elicitation/create', 'sampling/createMessage', 'roots/list']);

/** A request to a downstream client, typed by its method so the SDK checks the answer against that method's schema. */
export function clientAsk(method: string, params: JsonObject | undefined): { method: ClientAsk; params?: JsonObject } {
  if (!CLIENT_ASKS.has(method)) throw new ProtocolError(ProtocolErrorCode.MethodNotFound, `mcpns does not send ${method} to a client`);
  return { method: method as ClientAsk, ...(params ? { params } : {}) };
}
