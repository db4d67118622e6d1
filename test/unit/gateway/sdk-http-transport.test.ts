/**
 * The fast path reads two private members of the SDK's StreamableHTTPClientTransport (its URL and its headers). If an
 * SDK update changes them, the fast path is silently left off — this test is what notices.
 */
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import { httpTransportView, tolerateJsonLines } from '../../../src/gateway/sdk-http-transport.js';

describe('httpTransportView: the SDK HTTP client transport as the fast path needs it', () => {
  it('reads the URL and the headers the SDK would send (configured headers, protocol version)', async () => {
    const transport = new StreamableHTTPClientTransport(new URL('http://127.0.0.1:9/mcp'), { requestInit: { headers: { 'X-Team': 'blue' } } });
    const view = httpTransportView(transport);
    expect(view, 'the SDK transport no longer has the private _url/_commonHeaders the fast path reads').toBeDefined();
    expect(view!.url.href).toBe('http://127.0.0.1:9/mcp');
    expect(view!.staticHeaders).toBe(true);
    const before = view!.sessionKey();
    transport.setProtocolVersion('2025-11-25');
    expect(view!.sessionKey()).not.toBe(before);
    const headers = await view!.headers();
    expect(headers['x-team']).toBe('blue');
    expect(headers['mcp-protocol-version']).toBe('2025-11-25');
  });

  it('with an auth provider, the headers are not cached and carry its token', async () => {
    const transport = new StreamableHTTPClientTransport(new URL('http://127.0.0.1:9/mcp'), {
      authProvider: {
        get redirectUrl() {
          return undefined;
        },
        get clientMetadata() {
          return { redirect_uris: [], client_name: 't' };
        },
        clientInformation: () => undefined,
        tokens: () => ({ access_token: 'token-from-provider', token_type: 'Bearer' }),
        saveTokens: () => {},
        redirectToAuthorization: () => {},
        saveCodeVerifier: () => {},
        codeVerifier: () => '',
      },
    });
    const view = httpTransportView(transport);
    expect(view?.staticHeaders).toBe(false);
    expect((await view!.headers())['authorization']).toBe('Bearer token-from-provider');
  });

  it('is undefined for anything else', () => {
    expect(httpTransportView({})).toBeUndefined();
    expect(httpTransportView(undefined)).toBeUndefined();
    expect(httpTransportView({ _url: 'http://x', _commonHeaders: () => {} })).toBeUndefined();
  });
});

describe('tolerateJsonLines: a JSON body with one message per line read as the batch it is', () => {
  const answer = (body: string, type = 'application/json'): Response => new Response(body, { status: 200, headers: { 'content-type': type } });

  it('wraps the private _fetch the SDK transport reads at every send (an SDK update that renames it fails here)', async () => {
    const transport = new StreamableHTTPClientTransport(new URL('http://127.0.0.1:9/mcp'), {
      fetch: async () => answer('{"jsonrpc":"2.0","method":"notifications/progress","params":{}}\n{"jsonrpc":"2.0","id":1,"result":{}}'),
    });
    expect(tolerateJsonLines(transport), 'the SDK transport no longer has the private _fetch').toBe(true);
    const fetched = await (transport as unknown as { _fetch: typeof fetch })._fetch('http://127.0.0.1:9/mcp', { method: 'POST' });
    expect(await fetched.json()).toEqual([
      { jsonrpc: '2.0', method: 'notifications/progress', params: {} },
      { jsonrpc: '2.0', id: 1, result: {} },
    ]);
  });

  it('leaves one JSON value, a body that is not JSON, an SSE stream and a GET as they came', async () => {
    for (const [body, type, method] of [
      ['{\n "id": 1\n}', 'application/json', 'POST'],
      ['{"id":1}\nnot json', 'application/json', 'POST'],
      ['data: {"id":1}\n\n', 'text/event-stream', 'POST'],
      ['{"id":1}\n{"id":2}', 'application/json', 'GET'],
    ] as const) {
      const transport = { _commonHeaders: () => {}, _fetch: async (_input: string, _init: RequestInit) => answer(body, type) };
      expect(tolerateJsonLines(transport)).toBe(true);
      expect(await (await transport._fetch('http://x', { method } as RequestInit)).text()).toBe(body);
    }
    expect(tolerateJsonLines({})).toBe(false);
  });
});
