/**
 * The gateway over its own stdin/stdout: one downstream client, either protocol revision (the SDK's serveStdio picks
 * the era from the client's opening message). Resolves when the client closes stdin (or `signal` aborts).
 */
import type { Readable, Writable } from 'node:stream';
import { serveStdio, StdioServerTransport } from '@modelcontextprotocol/server/stdio';
import { createDownstreamServer, createSessionServer } from './downstream.js';
import type { Gateway } from './engine.js';

export async function serveGatewayStdio(gateway: Gateway, streams: { stdin: Readable; stdout: Writable; signal?: AbortSignal }): Promise<void> {
  const transport = new StdioServerTransport(streams.stdin, streams.stdout, { maxBufferSize: 64 * 1024 * 1024 });
  let ended: () => void = () => {};
  const done = new Promise<void>((resolve) => (ended = resolve));
  const handle = serveStdio(
    (context) => {
      // One connection: a 2025-era client is a session (notifications reach it); a 2026-07-28 opening is one too.
      if (context.era === 'legacy') return createSessionServer(gateway, 'stdio').server;
      const { server, session } = createSessionServer(gateway, 'stdio');
      gateway.addSession(session);
      return server;
    },
    { transport, onerror: () => {} },
  );
  const previous = transport.onclose;
  transport.onclose = () => {
    previous?.();
    ended();
  };
  streams.stdin.once('end', ended);
  streams.stdin.once('close', ended);
  const onAbort = (): void => ended();
  streams.signal?.addEventListener('abort', onAbort, { once: true });
  await done;
  streams.signal?.removeEventListener('abort', onAbort);
  await handle.close().catch(() => {});
}

export { createDownstreamServer };
