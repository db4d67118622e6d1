/**
 * The gateway's face to downstream clients: an SDK `Server` (v2 packages, both protocol revisions) whose handlers hand
 * every request to the engine with what the engine needs of its context (signal, progress token, _meta, related
 * notifications and requests).
 */
import { randomUUID } from 'node:crypto';
import { Server, type ServerContext } from '@modelcontextprotocol/server';
import { GATEWAY_INFO } from './early-initialize.js';
import type { Gateway } from './engine.js';
import type { DownstreamCall, DownstreamSession } from './types.js';
import { jsonObject } from './json.js';
import { clientAsk, serverAnswer } from './sdk-shapes.js';
import type { JsonObject } from './upstream.js';

/** The reserved envelope keys of a 2026-07-28 request the gateway passes on to the server that answers it. */
const CLIENT_CAPABILITIES_KEY = 'io.modelcontextprotocol/clientCapabilities';
const LOG_LEVEL_KEY = 'io.modelcontextprotocol/logLevel';

/** A downstream server bound to `session` (undefined for a 2026-07-28 request, which has no session). */
export function createDownstreamServer(gateway: Gateway, session: DownstreamSession | undefined): Server {
  const server = new Server(
    { ...GATEWAY_INFO },
    { capabilities: gateway.capabilities(), ...(gateway.instructions() ? { instructions: gateway.instructions()! } : {}) },
  );
  const call = (ctx: ServerContext): DownstreamCall => {
    const meta = { ...((ctx.mcpReq._meta ?? {}) as JsonObject) };
    const progressToken = meta['progressToken'] as string | number | undefined;
    delete meta['progressToken'];
    const envelope = ctx.mcpReq.envelope as JsonObject | undefined;
    const declared = envelope?.[CLIENT_CAPABILITIES_KEY];
    const logLevel = envelope?.[LOG_LEVEL_KEY];
    return {
      session,
      signal: ctx.mcpReq.signal,
      ...(progressToken !== undefined ? { progressToken } : {}),
      meta,
      modern: envelope !== undefined,
      ...(declared && typeof declared === 'object' ? { clientCapabilities: declared as JsonObject } : {}),
      ...(typeof logLevel === 'string' ? { logLevel } : {}),
      ...retryOf(ctx),
      notify: (method, params) => ctx.mcpReq.notify({ method, ...(params ? { params } : {}) }),
      send: async (method, params, signal) =>
        jsonObject(await ctx.mcpReq.send(clientAsk(method, params), { signal, timeout: 2_147_483_647 }), `the client's answer to ${method}`),
    };
  };
  const params = (request: { params?: unknown }): JsonObject => {
    const { _meta: _drop, ...rest } = (request.params ?? {}) as JsonObject;
    return rest;
  };
  // The SDK refuses a handler for a capability the server does not declare: only what the upstreams offer is served.
  const capabilities = gateway.capabilities() as { prompts?: object; resources?: { subscribe?: boolean }; logging?: object; completions?: object };
  server.setRequestHandler('tools/list', async (request) => serverAnswer('tools/list', await gateway.page('tools', request.params?.cursor)));
  server.setRequestHandler('tools/call', async (request, ctx) => serverAnswer('tools/call', await gateway.callTool(params(request), call(ctx))));
  if (capabilities.prompts) {
    server.setRequestHandler('prompts/list', async (request) => serverAnswer('prompts/list', await gateway.page('prompts', request.params?.cursor)));
    server.setRequestHandler('prompts/get', async (request, ctx) => serverAnswer('prompts/get', await gateway.getPrompt(params(request), call(ctx))));
  }
  if (capabilities.resources) {
    server.setRequestHandler('resources/list', async (request) => serverAnswer('resources/list', await gateway.page('resources', request.params?.cursor)));
    server.setRequestHandler('resources/templates/list', async (request) =>
      serverAnswer('resources/templates/list', await gateway.page('resourceTemplates', request.params?.cursor)),
    );
    server.setRequestHandler('resources/read', async (request, ctx) => serverAnswer('resources/read', await gateway.readResource(params(request), call(ctx))));
  }
  if (capabilities.resources?.subscribe) {
    server.setRequestHandler('resources/subscribe', async (request, ctx) =>
      serverAnswer('resources/subscribe', await gateway.subscribe(session, request.params.uri, call(ctx))),
    );
    server.setRequestHandler('resources/unsubscribe', async (request, ctx) =>
      serverAnswer('resources/unsubscribe', await gateway.unsubscribe(session, request.params.uri, call(ctx))),
    );
  }
  if (capabilities.completions)
    server.setRequestHandler('completion/complete', async (request, ctx) =>
      serverAnswer('completion/complete', await gateway.complete(params(request), call(ctx))),
    );
  server.setNotificationHandler('notifications/roots/list_changed', () => gateway.rootsChanged());
  if (capabilities.logging)
    server.setRequestHandler('logging/setLevel', async (request) => serverAnswer('logging/setLevel', await gateway.setLogLevel(session, request.params.level)));
  return server;
}

/**
 * A downstream session and its server (a stdio connection or a 2025-era HTTP session): registered with the gateway
 * for notifications once the client has initialized, removed when the connection closes.
 */
export function createSessionServer(gateway: Gateway, id: string = randomUUID()): { server: Server; session: DownstreamSession } {
  const bound: { server?: Server } = {};
  const session: DownstreamSession = {
    id,
    clientCapabilities: () => bound.server?.getClientCapabilities() as JsonObject | undefined,
    notify: async (method, params) => {
      await bound.server?.notification({ method, ...(params ? { params } : {}) });
    },
    request: async (method, params, signal) => {
      if (!bound.server) throw new Error('the session has no server');
      return jsonObject(await bound.server.request(clientAsk(method, params), { signal, timeout: 60_000 }), `the client's answer to ${method}`);
    },
    subscriptions: new Set(),
  };
  const server = createDownstreamServer(gateway, session);
  bound.server = server;
  server.oninitialized = () => gateway.addSession(session);
  const previous = server.onclose;
  server.onclose = () => {
    previous?.();
    gateway.removeSession(session);
  };
  return { server, session };
}

/** The multi-round-trip answers a retried request carries (the SDK lifts them out of the params the handler sees). */
function retryOf(ctx: ServerContext): { retry?: { inputResponses?: JsonObject; requestState?: string } } {
  const inputResponses = ctx.mcpReq.inputResponses as JsonObject | undefined;
  const state = ctx.mcpReq.requestState();
  const requestState = typeof state === 'string' ? state : undefined;
  if (inputResponses === undefined && requestState === undefined) return {};
  return { retry: { ...(inputResponses !== undefined ? { inputResponses } : {}), ...(requestState !== undefined ? { requestState } : {}) } };
}
