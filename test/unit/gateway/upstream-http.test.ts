/**
 * The fast path's HTTP leg builds its request headers once per session and token: a token the auth provider changes
 * (a refresh, a new sign-in) must reach the very next request, and the session the server gave must be sent.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { afterEach, describe, expect, it } from 'vitest';
import { rawPoster, type RawPoster } from '../../../src/gateway/upstream-http.js';

let server: Server | undefined;
let poster: RawPoster | undefined;
afterEach(async () => {
  poster?.close();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

/** A server that answers every POST with a result and records the headers it was sent. */
async function recordingServer(seen: IncomingHttpHeaders[]): Promise<URL> {
  server = createServer((req, res) => {
    seen.push(req.headers);
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      const { id } = JSON.parse(body) as { id: string };
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ jsonrpc: '2.0', id, result: {} }));
    });
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', () => resolve()));
  return new URL(`http://127.0.0.1:${(server!.address() as AddressInfo).port}/mcp`);
}

function call(target: RawPoster, id: string): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) => {
    target.post(
      { jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'echo' } },
      {
        onMessage: resolve,
        onFailed: (reason) => reject(new Error(reason)),
        onFallback: () => reject(new Error('fallback')),
        onSessionGone: () => reject(new Error('session gone')),
      },
    );
  });
}

describe('rawPoster: the headers of each request', () => {
  it('sends the auth provider token current at each request, and the current protocol version', async () => {
    const seen: IncomingHttpHeaders[] = [];
    const url = await recordingServer(seen);
    let accessToken = 'first-token';
    const transport = new StreamableHTTPClientTransport(url, {
      requestInit: { headers: { 'X-Team': 'blue' } },
      authProvider: {
        get redirectUrl() {
          return undefined;
        },
        get clientMetadata() {
          return { redirect_uris: [], client_name: 't' };
        },
        clientInformation: () => undefined,
        tokens: () => ({ access_token: accessToken, token_type: 'Bearer' }),
        saveTokens: () => {},
        redirectToAuthorization: () => {},
        saveCodeVerifier: () => {},
        codeVerifier: () => '',
      },
    });
    transport.setProtocolVersion('2025-11-25');
    poster = rawPoster(transport, 1_000_000);
    expect(poster, 'the SDK transport is no longer of the shape the fast path reads').toBeDefined();
    await call(poster!, 'mcpns:1');
    await call(poster!, 'mcpns:2');
    accessToken = 'refreshed-token';
    await call(poster!, 'mcpns:3');
    transport.setProtocolVersion('2025-06-18');
    await call(poster!, 'mcpns:4');
    expect(seen.map((headers) => headers.authorization)).toEqual([
      'Bearer first-token',
      'Bearer first-token',
      'Bearer refreshed-token',
      'Bearer refreshed-token',
    ]);
    expect(seen.map((headers) => headers['mcp-protocol-version'])).toEqual(['2025-11-25', '2025-11-25', '2025-11-25', '2025-06-18']);
    expect(seen.every((headers) => headers['x-team'] === 'blue' && headers['content-type'] === 'application/json')).toBe(true);
  });
});
