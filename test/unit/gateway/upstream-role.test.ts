/**
 * What the gateway declares to an upstream (upstream-role.ts), on a real SDK client and server linked in memory: the
 * capabilities of any downstream client, the revision a modern session is pinned to, and server→client requests and
 * notifications handed to the engine's hooks with the server they came from.
 */
import { Client, InMemoryTransport } from '@modelcontextprotocol/client';
import { Server } from '@modelcontextprotocol/server';
import { describe, expect, it } from 'vitest';
import type { JsonObject, UpstreamHooks } from '../../../src/gateway/index.js';
import { MODERN_REVISION } from '../../../src/gateway/upstream.js';
import { gatewayRole } from '../../../src/gateway/upstream-role.js';
import { waitUntil } from '../../helpers/assertions.js';

describe("the gateway's role toward an upstream", () => {
  it('declares elicitation, sampling and roots; a modern session is pinned to 2026-07-28 and answers input_required itself', () => {
    const hooks: UpstreamHooks = { onNotification: () => {}, onServerRequest: async () => ({}) };
    const legacy = gatewayRole(hooks);
    expect(legacy.capabilities).toEqual({ elicitation: { form: {}, url: {} }, sampling: {}, roots: { listChanged: true } });
    expect(legacy.clientOptions).toEqual({ versionNegotiation: { mode: 'legacy' } });
    expect(gatewayRole(hooks, true).clientOptions).toEqual({ versionNegotiation: { mode: { pin: MODERN_REVISION } }, inputRequired: { autoFulfill: false } });
  });

  it("hands a server's requests and notifications to the hooks, naming the server", async () => {
    const requests: Array<{ server: string; method: string; params: JsonObject | undefined }> = [];
    const notifications: Array<{ server: string; method: string }> = [];
    const role = gatewayRole({
      onNotification: (server, method) => void notifications.push({ server, method }),
      onServerRequest: async (server, method, params) => {
        requests.push({ server, method, params });
        return { roots: [{ uri: 'file:///work', name: 'work' }] };
      },
    });
    const client = new Client({ name: 'mcpns', version: '1' }, { capabilities: role.capabilities, ...role.clientOptions });
    role.install(client, 'docs');
    const server = new Server({ name: 'docs', version: '1' }, { capabilities: { logging: {} } });
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await Promise.all([client.connect(clientSide), server.connect(serverSide)]);
    try {
      expect(await server.listRoots()).toMatchObject({ roots: [{ uri: 'file:///work', name: 'work' }] });
      expect(requests).toEqual([expect.objectContaining({ server: 'docs', method: 'roots/list' })]);
      await server.notification({ method: 'notifications/message', params: { level: 'info', data: 'hello' } });
      await waitUntil(() => notifications.length > 0, 'the notification never reached the hooks');
      expect(notifications).toEqual([{ server: 'docs', method: 'notifications/message' }]);
    } finally {
      await client.close();
      await server.close();
    }
  });
});
