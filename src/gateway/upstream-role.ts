/**
 * What the gateway declares to an upstream (its `ClientRole` on the connection layer): the capabilities of any
 * downstream client, the protocol revisions it negotiates, and the handlers that hand server→client requests and
 * notifications to the engine (`UpstreamHooks`). upstream.ts opens sessions with it.
 */
import type { Client } from '@modelcontextprotocol/client';
import type { ClientRole } from '../discovery/session.js';
import { clientAnswer } from './sdk-shapes.js';
import { MODERN_REVISION, type JsonObject, type UpstreamHooks } from './upstream.js';

/**
 * What the gateway tells an upstream it can do: everything a downstream client may offer, checked per request. With
 * `modern`, the session is opened on the 2026-07-28 wire only (no fallback) and input_required results come back as
 * they are: the engine answers them, from the downstream client whose call it is.
 */
export function gatewayRole(hooks: UpstreamHooks, modern = false): ClientRole {
  return {
    // The first session starts on initialize (a 2025-era wire carries push requests to the downstream client); a
    // server that speaks only 2026-07-28 still refuses it and is then reached on its revision.
    clientOptions: modern
      ? { versionNegotiation: { mode: { pin: MODERN_REVISION } }, inputRequired: { autoFulfill: false } }
      : { versionNegotiation: { mode: 'legacy' } },
    capabilities: { elicitation: { form: {}, url: {} }, sampling: {}, roots: { listChanged: true } },
    install: (client: Client, server: string) => {
      for (const method of ['elicitation/create', 'sampling/createMessage', 'roots/list'] as const) {
        client.setRequestHandler(method, async (request, context) => {
          const params = (request as { params?: JsonObject }).params;
          return clientAnswer(method, await hooks.onServerRequest(server, method, params, context.mcpReq.signal));
        });
      }
      client.fallbackNotificationHandler = async (notification) => {
        hooks.onNotification(server, notification.method, notification.params as JsonObject | undefined);
      };
    },
  };
}
