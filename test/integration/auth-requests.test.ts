/**
 * What mcpns sends to an authorization server, without a server: client secrets and tokens are registered with the
 * output scrubber in every encoding they travel in, and credentials go over https only. Not a pure test: secrets
 * learned at run time are process-wide by design (src/util/redact.ts), so this file keeps its own process.
 */
import { describe, expect, it } from 'vitest';
import { ClientCredentialsGrantProvider } from '../../src/auth/client-credentials.js';
import { serverAuth } from '../../src/auth/server-auth.js';
import { TokenStore } from '../../src/auth/store.js';
import { registerClientSecret, registerSecret, SecretSet } from '../../src/util/redact.js';
import { httpSpec } from '../helpers/fixtures.js';
import { makeTempDir } from '../helpers/temp.js';

describe('client secrets in every encoding mcpns sends them in', () => {
  const formEncoded = (text: string): string => new URLSearchParams({ v: text }).toString().slice(2);
  const forms = (id: string, secret: string): string[] => [
    secret,
    encodeURIComponent(secret),
    formEncoded(secret),
    // client_secret_basic as the SDK builds it, and as RFC 6749 §2.3.1 prescribes (each part form-encoded first).
    Buffer.from(`${id}:${secret}`).toString('base64'),
    Buffer.from(`${formEncoded(id)}:${formEncoded(secret)}`).toString('base64'),
  ];

  it('a configured secret (SecretSet of the servers) and one learned at run time (registerClientSecret)', () => {
    const configured = "conf secret+/=&!'()*~é";
    const set = SecretSet.fromServers([{ ...httpSpec('s', 'https://example.com/mcp'), oauth: { clientId: 'ci id', clientSecret: configured } }]);
    for (const form of forms('ci id', configured)) expect(set.redact(`echo: ${form} :end`), form).toBe('echo: *** :end');

    const learned = "issued secret+/=&!'()*~";
    registerClientSecret('dyn-client', learned);
    for (const form of forms('dyn-client', learned)) expect(new SecretSet().redact(`Basic ${form}`), form).toBe('Basic ***');
  });

  it('tokens, codes and verifiers learned at run time are redacted form-encoded too (a token request body)', () => {
    const token = 'refresh token/with+odd*chars';
    registerSecret(token);
    const body = new URLSearchParams({ grant_type: 'refresh_token', refresh_token: token }).toString();
    expect(new SecretSet().redact(body)).toBe('grant_type=refresh_token&refresh_token=***');
  });
});

describe('OAuth requests go over https only (http on this machine)', () => {
  const provider = new ClientCredentialsGrantProvider({
    server: { name: 's', url: 'http://mcp.example.com/mcp' },
    settings: { grantType: 'client_credentials', clientId: 'ci', clientSecret: 'never-sent-secret' },
    store: new TokenStore(makeTempDir()),
  });

  it('a POST to a plain-http authorization server elsewhere is refused before it is sent; loopback and https pass', async () => {
    const sent: string[] = [];
    const base = async (input: string | URL): Promise<Response> => {
      sent.push(String(input));
      return new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } });
    };
    const fetchFn = serverAuth(httpSpec('s', 'http://mcp.example.com/mcp'), provider).wrapFetch(base);
    const tokenRequest = { method: 'POST', body: new URLSearchParams({ grant_type: 'client_credentials' }) };
    await expect(fetchFn('http://as.example.com/token', tokenRequest)).rejects.toThrow(
      'the token endpoint http://as.example.com is not https; refusing to send credentials there',
    );
    await expect(fetchFn('http://as.example.com/register', { method: 'POST', body: '{}' })).rejects.toThrow(
      'the authorization server endpoint http://as.example.com is not https; refusing to send credentials there',
    );
    expect(sent).toEqual([]);
    for (const fine of ['https://as.example.com/token', 'http://127.0.0.1:9/token', 'http://localhost:9/token']) {
      expect((await fetchFn(fine, tokenRequest)).status).toBe(200);
    }
    // The MCP server itself and metadata documents read over http are not authorization-server requests with credentials.
    expect((await fetchFn('http://mcp.example.com/mcp', { method: 'POST', body: '{}' })).status).toBe(200);
    expect((await fetchFn('http://mcp.example.com/.well-known/oauth-protected-resource/mcp', { method: 'GET' })).status).toBe(200);
  });

  it('metadata naming a plain-http token or registration endpoint elsewhere is refused at discovery', () => {
    const metadata = { issuer: 'https://as.example.com', authorization_endpoint: 'https://as.example.com/a', response_types_supported: ['code'] };
    expect(() =>
      provider.saveDiscoveryState({
        authorizationServerUrl: 'https://as.example.com',
        authorizationServerMetadata: { ...metadata, token_endpoint: 'http://as.example.com/t' },
      }),
    ).toThrow('the token endpoint http://as.example.com is not https');
    expect(() =>
      provider.saveDiscoveryState({
        authorizationServerUrl: 'https://as.example.com',
        authorizationServerMetadata: { ...metadata, token_endpoint: 'https://as.example.com/t', registration_endpoint: 'http://evil.example.com/r' },
      }),
    ).toThrow('the registration endpoint http://evil.example.com is not https');
    // No metadata (2025-03-26 defaults): the endpoints are at the authorization server's origin.
    expect(() => provider.saveDiscoveryState({ authorizationServerUrl: 'http://as.example.com/' })).toThrow(
      'the token endpoint http://as.example.com is not https',
    );
  });
});
