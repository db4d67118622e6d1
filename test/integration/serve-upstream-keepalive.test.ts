/**
 * The fast path's HTTP leg and kept-alive connections: an upstream (Node's HTTP server closes a connection idle for
 * 5 s) may close a connection just as the gateway reuses it for the next call. That call must not fail: the server
 * never read it, so it goes once more on a new connection. Here the server closes the reused connection on purpose
 * when the second request arrives on it.
 */
import { createServer, type Server } from 'node:http';
import type { Socket } from 'node:net';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { afterEach, describe, expect, it } from 'vitest';
import { rawPoster } from '../../src/gateway/upstream-http.js';

let server: Server | undefined;
afterEach(() => server?.close());

/** Post one message and resolve with what the handlers saw. */
function post(poster: NonNullable<ReturnType<typeof rawPoster>>, id: number): Promise<{ message?: Record<string, unknown>; failed?: string }> {
  return new Promise((resolve) => {
    poster.post(
      { jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'echo', arguments: {} } },
      {
        onMessage: (message) => resolve({ message }),
        onFailed: (reason) => resolve({ failed: reason }),
        onFallback: () => resolve({ failed: 'fallback' }),
        onSessionGone: () => resolve({ failed: 'session gone' }),
      },
    );
  });
}

describe('rawPoster: kept-alive connections', () => {
  it('a call that meets a kept-alive connection closing under it goes once more on a new connection, and succeeds', async () => {
    const seen = new Map<Socket, number>();
    const answered: number[] = [];
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        const count = (seen.get(req.socket) ?? 0) + 1;
        seen.set(req.socket, count);
        const { id } = JSON.parse(body) as { id: number };
        // The second request on one connection: the server closes it unanswered, as an idle close racing the reuse.
        if (count === 2) return void req.socket.destroy();
        answered.push(id);
        const text = JSON.stringify({ jsonrpc: '2.0', id, result: { content: [] } });
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
        res.end(text);
      });
    });
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    const poster = rawPoster(new StreamableHTTPClientTransport(new URL(`http://127.0.0.1:${port}/mcp`)), 1_000_000)!;
    try {
      expect(await post(poster, 1)).toEqual({ message: { jsonrpc: '2.0', id: 1, result: { content: [] } } });
      expect(await post(poster, 2)).toEqual({ message: { jsonrpc: '2.0', id: 2, result: { content: [] } } });
      expect(answered).toEqual([1, 2]);
      expect(seen.size).toBe(2);
    } finally {
      poster.close();
    }
  });

  it('a connection that breaks on a fresh connection still fails the call (no retry)', async () => {
    server = createServer((req) => req.socket.destroy());
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    const poster = rawPoster(new StreamableHTTPClientTransport(new URL(`http://127.0.0.1:${port}/mcp`)), 1_000_000)!;
    try {
      expect((await post(poster, 1)).failed).toMatch(/could not be reached: socket hang up/);
    } finally {
      poster.close();
    }
  });
});
