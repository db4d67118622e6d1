/**
 * The gateway over its own stdin/stdout: one downstream client, either protocol revision (the SDK's serveStdio picks
 * the era from the client's opening message). Resolves when the client closes stdin (or `signal` aborts).
 *
 * On a 2025-era connection, `tools/call` takes the engine's fast path: the request is handed to the upstream as raw
 * JSON-RPC and the answer written back as it came, so a call costs what a hand-written proxy costs. Everything else
 * (and a call the fast path declines) goes through the SDK server.
 */
import type { Readable, Writable } from 'node:stream';
import type { Server } from '@modelcontextprotocol/server';
import { serveStdio, StdioServerTransport } from '@modelcontextprotocol/server/stdio';
import { createSessionServer } from './downstream.js';
import type { DownstreamSession, FastDownstream, Gateway } from './engine.js';
import type { JsonObject } from './upstream.js';

type MessageHandler = NonNullable<StdioServerTransport['onmessage']>;

export async function serveGatewayStdio(gateway: Gateway, streams: { stdin: Readable; stdout: Writable; signal?: AbortSignal }): Promise<void> {
  const transport = new StdioServerTransport(streams.stdin, streams.stdout, { maxBufferSize: 64 * 1024 * 1024 });
  const fast: { session?: DownstreamSession; server?: Server; ready: boolean } = { ready: false };
  const downstream: FastDownstream = {
    reply: (message) => void transport.send(message as never).catch(() => {}),
    notify: (method, params) => transport.send({ jsonrpc: '2.0', method, ...(params ? { params } : {}) } as never).catch(() => {}),
    request: async (method, params, signal) => {
      if (!fast.server) throw new Error('no session');
      return (await fast.server.request({ method, ...(params ? { params } : {}) } as never, { signal, timeout: 2_147_483_647 })) as unknown as JsonObject;
    },
  };
  /** True when the fast path took the message. */
  const intercept = (message: unknown): boolean => {
    if (!fast.ready || !fast.session) return false;
    const candidate = message as { id?: string | number; method?: string; params?: JsonObject };
    if (candidate.method === 'tools/call' && candidate.id !== undefined && candidate.params && typeof candidate.params === 'object') {
      return gateway.fastToolCall(candidate.id, candidate.params, fast.session, downstream);
    }
    if (candidate.method === 'notifications/cancelled' && candidate.id === undefined && candidate.params) {
      return gateway.fastCancel(fast.session, candidate.params['requestId'], String(candidate.params['reason'] ?? 'cancelled by the client'));
    }
    return false;
  };
  // Whatever handler the serving entry installs sees only what the fast path declined.
  let handler: MessageHandler | undefined;
  Object.defineProperty(transport, 'onmessage', {
    configurable: true,
    enumerable: true,
    get: () => handler,
    set: (next: MessageHandler | undefined) => {
      handler =
        next &&
        ((message: Parameters<MessageHandler>[0]) => {
          if (!intercept(message)) next(message);
        });
    },
  });

  let ended: () => void = () => {};
  const done = new Promise<void>((resolve) => (ended = resolve));
  const handle = serveStdio(
    (context) => {
      const { server, session } = createSessionServer(gateway, 'stdio');
      // A 2026-07-28 opening is a session too (notifications reach it), served by the SDK only.
      if (context.era !== 'legacy') {
        gateway.addSession(session);
        return server;
      }
      fast.session = session;
      fast.server = server;
      const initialized = server.oninitialized;
      server.oninitialized = () => {
        initialized?.();
        fast.ready = true;
      };
      return server;
    },
    { transport, onerror: () => {} },
  );
  streams.stdin.once('end', ended);
  streams.stdin.once('close', ended);
  const onAbort = (): void => ended();
  streams.signal?.addEventListener('abort', onAbort, { once: true });
  await done;
  streams.signal?.removeEventListener('abort', onAbort);
  await handle.close().catch(() => {});
}
