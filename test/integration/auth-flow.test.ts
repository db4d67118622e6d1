/**
 * The OAuth flow against the OAuth fixture (its own authorization servers on 127.0.0.1), in-process: `login()` with a
 * user who clicks "allow" (the authorization URL's redirects followed), then discovery and tool calls with the stored
 * tokens and no browser. One fixture per behaviour (switches of fixtures/servers/oauth-server.js).
 */
import { generateKeyPairSync } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { AuthError } from '../../src/discovery/auth-error.js';
import { login, type LoginResult } from '../../src/auth/login.js';
import { createAuthResolver } from '../../src/auth/server-auth.js';
import { storeKey, TokenStore } from '../../src/auth/store.js';
import type { OAuthSettings, ServerSpec } from '../../src/config/model.js';
import { discoverServers } from '../../src/discovery/discover.js';
import { openSession } from '../../src/discovery/session.js';
import { httpSpec } from '../helpers/fixtures.js';
import { waitUntil } from '../helpers/assertions.js';
import { clickAllow, startOAuthFixture, type OAuthFixture } from '../helpers/oauth.js';
import { makeTempDir } from '../helpers/temp.js';

const running: OAuthFixture[] = [];
afterAll(async () => {
  await Promise.all(running.map((fixture) => fixture.stop()));
});

async function fixture(...args: string[]): Promise<OAuthFixture> {
  const started = await startOAuthFixture(args);
  running.push(started);
  return started;
}

function spec(server: OAuthFixture, oauth?: OAuthSettings, name = 's'): ServerSpec {
  return httpSpec(name, server.url, oauth ? { oauth } : {});
}

function newStore(): TokenStore {
  return new TokenStore(join(makeTempDir('mcpns-state-'), 'state'));
}

type BrowserOptions = { browser?: 'allow' | 'ignore'; timeoutMs?: number; connectTimeoutMs?: number; signal?: AbortSignal };

/** Start a login as a user who clicks "allow" on every authorization page (or ignores it); records the URLs handed off. */
function startLogin(target: ServerSpec, store: TokenStore, options: BrowserOptions) {
  const handedOff: URL[] = [];
  const visits: Array<Promise<unknown>> = [];
  const outcome = login(target, {
    store,
    timeoutMs: options.timeoutMs ?? 15_000,
    connectTimeoutMs: options.connectTimeoutMs ?? 10_000,
    ...(options.signal ? { signal: options.signal } : {}),
    handOff: (url) => {
      handedOff.push(new URL(url.href));
      if (options.browser !== 'ignore') visits.push(clickAllow(url.href).catch(() => []));
    },
  });
  return { outcome, handedOff, browsed: () => Promise.allSettled(visits) };
}

async function signIn(target: ServerSpec, store: TokenStore, options: BrowserOptions = {}) {
  const started = startLogin(target, store, options);
  const result = await started.outcome.finally(started.browsed);
  return { result, handedOff: started.handedOff };
}

async function signInFails(target: ServerSpec, store: TokenStore, options: BrowserOptions = {}) {
  const started = startLogin(target, store, options);
  const error = await started.outcome.then(
    (result: LoginResult) => {
      throw new Error(`login unexpectedly succeeded: ${JSON.stringify(result)}`);
    },
    (caught: unknown) => caught,
  );
  await started.browsed();
  expect(error).toBeInstanceOf(AuthError);
  return { error: error as AuthError, handedOff: started.handedOff };
}

async function list(target: ServerSpec, store: TokenStore) {
  const [discovery] = await discoverServers([target], { timeoutMs: 10_000, concurrency: 1, auth: createAuthResolver({ store }) });
  return discovery!;
}

describe('sign-in with dynamic client registration (the default)', () => {
  it('before login: AUTH_REQUIRED with the login hint, and nothing was registered or authorized', async () => {
    const server = await fixture();
    const discovery = await list(spec(server), newStore());
    expect(discovery.server.status).toBe('error');
    expect(discovery.server.error).toEqual({
      code: 'AUTH_REQUIRED',
      message: 'not signed in to "s": the server requires OAuth sign-in',
      hint: 'sign in with: mcpns auth login s',
    });
    const state = await server.state();
    expect([state.registrations.length, state.authorizations.length, state.tokenRequests.length]).toEqual([0, 0, 0]);
  });

  it('login: registers, authorizes with PKCE S256, state and the resource; then discovery lists with the stored token', async () => {
    const server = await fixture();
    const store = newStore();
    const { result, handedOff } = await signIn(spec(server), store);
    expect(result).toMatchObject({ status: 'signed-in', scopes: ['mcp:read', 'mcp:write'], client: { kind: 'dynamic' }, tools: 2, authorizations: 1 });
    const url = handedOff[0]!;
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('state')).toMatch(/^[\w-]{40,}$/);
    expect(url.searchParams.get('resource')).toBe(server.url);
    expect(url.searchParams.get('redirect_uri')).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback$/);
    const state = await server.state();
    expect(result.issuer).toBe(state.issuer);
    expect(state.registrations).toMatchObject([{ token_endpoint_auth_method: 'none' }]);
    expect(state.tokenRequests).toMatchObject([{ grant_type: 'authorization_code', method: 'none', resource: server.url }]);

    const discovery = await list(spec(server), store);
    expect(discovery.server.status).toBe('ok');
    expect(discovery.tools.map((tool) => tool.name)).toEqual(['echo', 'admin_reset']);
  });

  it('the token file is 0600 in a 0700 directory, keyed by the server URL', async () => {
    const server = await fixture();
    const store = newStore();
    await signIn(spec(server), store);
    const files = readdirSync(store.directory);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^127\.0\.0\.1_\d+-[0-9a-f]{24}\.json$/);
    expect(statSync(store.directory).mode & 0o777).toBe(0o700);
    expect(statSync(join(store.directory, files[0]!)).mode & 0o777).toBe(0o600);
    expect(store.fileFor(server.url)).toBe(join(store.directory, files[0]!));
    expect(store.fileFor(`${server.origin}/other`)).not.toBe(store.fileFor(server.url));
  });

  it('the next login reuses the registration and its loopback port', async () => {
    const server = await fixture();
    const store = newStore();
    const first = await signIn(spec(server), store);
    const second = await signIn(spec(server), store);
    expect((await server.state()).registrations).toHaveLength(1);
    expect(second.handedOff[0]!.searchParams.get('redirect_uri')).toBe(first.handedOff[0]!.searchParams.get('redirect_uri'));
  });
});

describe('client identity and token endpoint authentication', () => {
  it.each([
    ['client_secret_basic', 'client_secret_basic'],
    ['client_secret_post', 'client_secret_post'],
    ['client_secret_post,none', 'none'],
  ])('dynamic registration against a server supporting %s authenticates with %s', async (methods, expected) => {
    const server = await fixture('--auth-methods', methods);
    const store = newStore();
    const { result } = await signIn(spec(server), store);
    expect(result.status).toBe('signed-in');
    const state = await server.state();
    expect(state.registrations[0]!.token_endpoint_auth_method).toBe(expected);
    expect(state.tokenRequests.map((request) => request.method)).toEqual([expected]);
    expect((await list(spec(server), store)).server.status).toBe('ok');
  });

  it.each([
    ['client_secret_basic', { clientId: 'pre', clientSecret: 'pre-secret' }, ['--client', 'pre:pre-secret']],
    ['client_secret_post', { clientId: 'pre', clientSecret: 'pre-secret' }, ['--client', 'pre:pre-secret']],
    ['none', { clientId: 'public-client' }, ['--client', 'public-client']],
  ] as const)('a pre-registered client (DCR off) authenticates with %s', async (method, oauth, args) => {
    const server = await fixture('--dcr', 'off', '--auth-methods', method, ...args);
    const store = newStore();
    const { result } = await signIn(spec(server, { ...oauth }), store);
    expect(result).toMatchObject({ status: 'signed-in', client: { kind: 'pre-registered', id: oauth.clientId } });
    const state = await server.state();
    expect(state.registrations).toEqual([]);
    expect(state.tokenRequests.map((request) => [request.method, request.client_id])).toEqual([[method, oauth.clientId]]);
    expect((await list(spec(server, { ...oauth }), store)).server.status).toBe('ok');
  });

  it('a Client ID Metadata Document URL is the client_id when the server advertises support (no registration)', async () => {
    const server = await fixture('--cimd', '--dcr', 'off');
    const store = newStore();
    const clientMetadataUrl = 'https://client.example.com/mcpns/client.json';
    const { result, handedOff } = await signIn(spec(server, { clientMetadataUrl }), store);
    expect(result).toMatchObject({ status: 'signed-in', client: { kind: 'metadata-document', id: clientMetadataUrl } });
    expect(handedOff[0]!.searchParams.get('client_id')).toBe(clientMetadataUrl);
    const state = await server.state();
    expect(state.registrations).toEqual([]);
    expect(state.cimdClients).toContain(clientMetadataUrl);
    expect((await list(spec(server, { clientMetadataUrl }), store)).server.status).toBe('ok');
  });

  it('the metadata document URL is not used when the server does not advertise support: dynamic registration instead', async () => {
    const server = await fixture();
    const { result } = await signIn(spec(server, { clientMetadataUrl: 'https://client.example.com/mcpns/client.json' }), newStore());
    expect(result.client?.kind).toBe('dynamic');
  });

  it('no registration endpoint, no metadata document support and no configured client: a clear error naming what to set', async () => {
    const server = await fixture('--dcr', 'off');
    const { error, handedOff } = await signInFails(spec(server), newStore());
    expect(error.code).toBe('AUTH_FAILED');
    expect(error.message).toMatch(/offers no dynamic client registration, and no client is configured/);
    expect(error.hint).toMatch(/oauth\.clientId/);
    expect(handedOff).toEqual([]);
  });
});

describe('scopes', () => {
  it("the 401's scope wins over scopes_supported", async () => {
    const server = await fixture('--challenge-scope', 'mcp:read');
    const { handedOff } = await signIn(spec(server), newStore());
    expect(handedOff[0]!.searchParams.get('scope')).toBe('mcp:read');
  });

  it('without a challenge scope, scopes_supported; without either, no scope parameter at all', async () => {
    const advertised = await fixture();
    expect((await signIn(spec(advertised), newStore())).handedOff[0]!.searchParams.get('scope')).toBe('mcp:read mcp:write');
    const silent = await fixture('--scopes-supported', 'none');
    expect((await signIn(spec(silent), newStore())).handedOff[0]!.searchParams.has('scope')).toBe(false);
  });

  it('configured scopes are requested in addition', async () => {
    const server = await fixture('--challenge-scope', 'mcp:read');
    const { handedOff } = await signIn(spec(server, { scopes: ['offline_access'] }), newStore());
    expect(handedOff[0]!.searchParams.get('scope')).toBe('mcp:read offline_access');
  });
});

describe('step-up (403 insufficient_scope)', () => {
  it('during login: one more authorization with the union of scopes, then the listing works', async () => {
    const server = await fixture('--list-scope', 'mcp:list');
    const { result, handedOff } = await signIn(spec(server), newStore());
    expect(result.authorizations).toBe(2);
    // The second authorization asks for the union (in any order).
    const scopes = handedOff.map((url) => (url.searchParams.get('scope') ?? '').split(' ').sort().join(' '));
    expect(scopes).toEqual(['mcp:read mcp:write', 'mcp:list mcp:read mcp:write']);
    expect(result.scopes?.sort()).toEqual(['mcp:list', 'mcp:read', 'mcp:write']);
  });

  it('a server that keeps refusing stops after a fixed number of sign-ins with a clear error', async () => {
    const server = await fixture('--list-scope', 'mcp:list', '--never-grant', 'mcp:list');
    const { error, handedOff } = await signInFails(spec(server), newStore());
    expect(error.code).toBe('AUTH_FAILED');
    expect(error.message).toBe('"s" still asks for more access after 3 sign-ins (scope mcp:list); stopping');
    expect(handedOff).toHaveLength(3);
  });

  it('in a tool call: AUTH_REQUIRED naming the scope (no browser); the next login asks for the union and the call then works', async () => {
    const server = await fixture();
    const store = newStore();
    await signIn(spec(server), store);
    const session = await openSession(spec(server), { timeoutMs: 10_000, auth: createAuthResolver({ store }) });
    const refused = await session.client.callTool({ name: 'admin_reset', arguments: {} }).then(
      () => undefined,
      (error: unknown) => session.explainError(error),
    );
    await session.close();
    expect(refused).toBeInstanceOf(AuthError);
    expect((refused as AuthError).code).toBe('AUTH_REQUIRED');
    expect((refused as AuthError).message).toBe('"s" asks for more access (scope mcp:admin) than the sign-in granted (mcp:read mcp:write)');
    expect((refused as AuthError).hint).toBe('sign in with: mcpns auth login s');
    expect(store.read(server.url)?.pendingScopes).toEqual(['mcp:admin']);

    const { handedOff } = await signIn(spec(server), store);
    expect(handedOff[0]!.searchParams.get('scope')).toBe('mcp:read mcp:write mcp:admin');
    expect(store.read(server.url)?.pendingScopes).toBeUndefined();
    const again = await openSession(spec(server), { timeoutMs: 10_000, auth: createAuthResolver({ store }) });
    const result = await again.client.callTool({ name: 'admin_reset', arguments: {} });
    await again.close();
    expect(result.content).toEqual([{ type: 'text', text: 'reset done' }]);
  });
});

describe('refresh', () => {
  it('an expired access token is refreshed (rotation saved) without a browser', async () => {
    const server = await fixture();
    const store = newStore();
    await signIn(spec(server), store);
    const before = store.read(server.url)!.tokens!;
    await server.control('expire-access-tokens');
    expect((await list(spec(server), store)).server.status).toBe('ok');
    const after = store.read(server.url)!.tokens!;
    expect(after.access_token).not.toBe(before.access_token);
    expect(after.refresh_token).not.toBe(before.refresh_token);
    expect((await server.state()).tokenRequests.map((request) => request.grant_type)).toEqual(['authorization_code', 'refresh_token']);
    // The rotated refresh token is the one that works next time.
    await server.control('expire-access-tokens');
    expect((await list(spec(server), store)).server.status).toBe('ok');
  });

  it('a revoked refresh token: AUTH_REQUIRED saying so, and the dead tokens are forgotten', async () => {
    const server = await fixture();
    const store = newStore();
    await signIn(spec(server), store);
    await server.control('expire-access-tokens');
    await server.control('revoke-refresh-tokens');
    const discovery = await list(spec(server), store);
    expect(discovery.server.error).toEqual({
      code: 'AUTH_REQUIRED',
      message: 'the sign-in to "s" is no longer valid: the authorization server refused the stored refresh token',
      hint: 'sign in with: mcpns auth login s',
    });
    expect(store.read(server.url)?.tokens).toBeUndefined();
  });

  it('a token endpoint failing during refresh: AUTH_REQUIRED naming the status', async () => {
    const server = await fixture();
    const store = newStore();
    await signIn(spec(server), store);
    await server.control('expire-access-tokens');
    await server.control('set', { tokenError: 500 });
    const discovery = await list(spec(server), store);
    expect(discovery.server.error?.code).toBe('AUTH_REQUIRED');
    expect(discovery.server.error?.message).toBe('the sign-in to "s" expired and refreshing it failed: the token endpoint answered HTTP 500');
  });
});

describe('the authorization server and the resource', () => {
  it('a changed issuer: the old credentials are not sent to the new one; a new login binds to it', async () => {
    const server = await fixture();
    const store = newStore();
    const { result } = await signIn(spec(server), store);
    await server.control('switch-issuer');
    const { issuer: moved, authorizationServers } = await server.state();
    expect(moved).not.toBe(result.issuer);
    const discovery = await list(spec(server), store);
    expect(discovery.server.error).toMatchObject({
      code: 'AUTH_REQUIRED',
      message: `the authorization server of "s" changed from ${result.issuer} to ${moved}; the stored sign-in is not sent there`,
    });
    // Nothing went to the new authorization server's token endpoint.
    expect((await server.state()).tokenRequests.filter((request) => request.issuer === 'b')).toEqual([]);
    const again = await signIn(spec(server), store);
    expect(again.result.issuer).toBe(moved);
    expect(authorizationServers).toContain(moved);
    expect((await list(spec(server), store)).server.status).toBe('ok');
  });

  it('protected resource metadata naming another resource is refused before any authorization', async () => {
    const server = await fixture('--resource-mismatch');
    const { error, handedOff } = await signInFails(spec(server), newStore());
    expect(error.code).toBe('AUTH_FAILED');
    expect(error.message).toContain(`Protected resource ${server.origin}/elsewhere does not match expected ${server.url}`);
    expect(handedOff).toEqual([]);
    const state = await server.state();
    expect([state.registrations.length, state.authorizations.length, state.tokenRequests.length]).toEqual([0, 0, 0]);
    const discovery = await list(spec(server), newStore());
    expect(discovery.server.error?.code).toBe('AUTH_REQUIRED');
  });

  it.each([
    ['no resource_metadata in the 401 (well-known path probing)', ['--no-resource-metadata-header']],
    ['protected resource metadata only at the root well-known path', ['--prm', 'root', '--no-resource-metadata-header']],
    ['2025-03-26: no resource metadata, the MCP origin is the authorization server', ['--legacy']],
    ['2025-03-26: no metadata at all, default endpoints', ['--legacy', '--as-metadata', 'missing']],
  ])('%s', async (_label, args) => {
    const server = await fixture(...args);
    const store = newStore();
    expect((await signIn(spec(server), store)).result.status).toBe('signed-in');
    expect((await list(spec(server), store)).server.status).toBe('ok');
  });
});

describe('authorization server metadata whose issuer is not where it was read (RFC 8414 §3.3, SEP-2468)', () => {
  it.each([
    // Conformance 0.1.16's auth/2025-03-26-oauth-metadata-backcompat serves exactly this: metadata at the root of a
    // 2025-03-26 server naming `<origin>/oauth`. 0.2.0-alpha.12 corrected that scenario and requires the refusal.
    ['2025-03-26 server: root metadata naming <origin>/oauth', ['--legacy', '--metadata-issuer', '/oauth'], '/oauth'],
    ['another origin (auth/metadata-issuer-mismatch)', ['--metadata-issuer', 'https://attacker.example.com'], 'https://attacker.example.com'],
  ])('%s: refused before anything is registered, authorized or stored', async (_label, args, named) => {
    const server = await fixture(...args);
    const store = newStore();
    const { error, handedOff } = await signInFails(spec(server), store);
    expect(error.code).toBe('AUTH_FAILED');
    const issuer = named.startsWith('/') ? `${new URL(server.url).origin}${named}` : named;
    expect(error.message).toContain(`the authorization server's metadata names the issuer "${issuer}", not the server it was read from`);
    expect(error.message).toContain('nothing was sent to it');
    expect(handedOff).toEqual([]);
    const state = await server.state();
    expect([state.registrations.length, state.authorizations.length, state.tokenRequests.length]).toEqual([0, 0, 0]);
    expect(readdirSync(store.directory).filter((name) => name.endsWith('.json'))).toEqual([]);
  });
});

describe('bad cases during login', () => {
  it('an answer with another state is ignored (no code is exchanged); the sign-in waits on and says so when it gives up', async () => {
    const server = await fixture('--wrong-state');
    const store = newStore();
    const { error } = await signInFails(spec(server), store, { timeoutMs: 1_500 });
    expect(error.message).toBe(
      'no answer from the browser within 2 s; the sign-in to "s" was not completed (1 answer with another "state" than mcpns sent was ignored)',
    );
    expect((await server.state()).tokenRequests).toEqual([]);
    expect(readdirSync(store.directory).filter((name) => name.endsWith('.json'))).toEqual([]);
  });

  it('a forged callback (wrong state) while the sign-in waits gets an error page and does not end it: the real answer still signs in', async () => {
    const server = await fixture();
    const visits: Array<Promise<unknown>> = [];
    let forgedPage: Promise<{ status: number; text: string }> | undefined;
    const outcome = login(spec(server), {
      store: newStore(),
      timeoutMs: 15_000,
      connectTimeoutMs: 10_000,
      handOff: (url) => {
        const redirect = url.searchParams.get('redirect_uri')!;
        // Another page makes the browser open the callback first, with a code and a state of its own.
        forgedPage = fetch(`${redirect}?code=forged-code&state=forged-state`).then(async (page) => ({ status: page.status, text: await page.text() }));
        visits.push(forgedPage.then(() => clickAllow(url.href)));
      },
    });
    const result = await outcome.finally(() => Promise.allSettled(visits));
    expect(result.status).toBe('signed-in');
    const page = await forgedPage!;
    expect(page.status).toBe(400);
    expect(page.text).toContain('Sign-in answer ignored');
    expect((await server.state()).tokenRequests.map((request) => request.grant_type)).toEqual(['authorization_code']);
  });

  it('access_denied', async () => {
    const server = await fixture('--deny');
    const { error } = await signInFails(spec(server), newStore());
    expect(error.message).toBe('the authorization server refused the sign-in to "s": access_denied (The user refused access)');
  });

  it.each([
    [400, 'the authorization server answered "invalid_request": the token endpoint refuses this request'],
    [500, 'HTTP 500'],
  ])('the token endpoint answering %i', async (status, expected) => {
    const server = await fixture('--token-error', String(status));
    const { error } = await signInFails(spec(server), newStore());
    expect(error.code).toBe('AUTH_FAILED');
    expect(error.message).toContain(expected);
  });

  it('authorization server metadata that fails its schema', async () => {
    const server = await fixture('--as-metadata', 'invalid');
    const { error, handedOff } = await signInFails(spec(server), newStore());
    expect(error.message).toMatch(
      /^OAuth sign-in to "s" failed: the document at http:\/\/127\.0\.0\.1:\d+\/\.well-known\/oauth-authorization-server is invalid \(/,
    );
    expect(handedOff).toEqual([]);
  });

  it('no metadata and no endpoints', async () => {
    const server = await fixture('--as-metadata', 'gone');
    const { error, handedOff } = await signInFails(spec(server), newStore());
    expect(error.message).toMatch(/^OAuth sign-in to "s" failed: the authorization server refused the client registration: HTTP 404/);
    expect(handedOff).toEqual([]);
  });

  it('a registration answer with a non-loopback redirect URI is refused before the browser is involved', async () => {
    const server = await fixture('--evil-registration');
    const { error, handedOff } = await signInFails(spec(server), newStore());
    expect(error.message).toBe(
      `the authorization server registered redirect URIs that are not this machine's loopback listener (https://attacker.invalid/callback); refusing to sign in to "s"`,
    );
    expect(handedOff).toEqual([]);
  });

  it('metadata naming a non-https authorization endpoint elsewhere: never handed to a browser', async () => {
    const server = await fixture('--evil-authorize');
    const { error, handedOff } = await signInFails(spec(server), newStore());
    expect(error.message).toBe('the authorization endpoint http://attacker.invalid is not https; refusing to send your browser there');
    expect(handedOff).toEqual([]);
  });

  it('no answer from the browser within --timeout', async () => {
    const server = await fixture();
    const { error, handedOff } = await signInFails(spec(server), newStore(), { browser: 'ignore', timeoutMs: 300 });
    expect(error.message).toBe('no answer from the browser within 0 s; the sign-in to "s" was not completed');
    expect(handedOff).toHaveLength(1);
  });

  it('two logins at once for one server: the second stops at once', async () => {
    const server = await fixture();
    const store = newStore();
    // The first waits for a browser that never answers, until the test interrupts it (no deadline to race).
    const interrupt = new AbortController();
    const first = signInFails(spec(server), store, { browser: 'ignore', timeoutMs: 600_000, signal: interrupt.signal });
    // Wait until the first holds the lock (its authorization URL was handed off).
    await waitUntil(
      () => existsSync(store.directory) && readdirSync(store.directory).some((name) => name.endsWith('.lock')),
      'the first sign-in did not take the lock',
    );
    const { error } = await signInFails(spec(server), store);
    expect(error.code).toBe('AUTH_IN_PROGRESS');
    expect(error.message).toBe(`another sign-in to "s" is in progress (process ${process.pid})`);
    interrupt.abort();
    expect((await first).error.message).toMatch(/interrupted/);
  });
});

describe('client credentials (CI: no login, no browser)', () => {
  it.each(['client_secret_basic', 'client_secret_post'])('with a client secret, authenticated with %s as advertised', async (method) => {
    const server = await fixture('--dcr', 'off', '--client', 'ci:ci-secret', '--auth-methods', method);
    const store = newStore();
    const settings: OAuthSettings = { grantType: 'client_credentials', clientId: 'ci', clientSecret: 'ci-secret', scopes: ['mcp:read'] };
    const discovery = await list(spec(server, settings), store);
    expect(discovery.server.status).toBe('ok');
    const state = await server.state();
    expect(state.authorizations).toEqual([]);
    expect(state.tokenRequests).toMatchObject([{ grant_type: 'client_credentials', method, client_id: 'ci', scope: 'mcp:read' }]);
    // The token is kept: the next run does not ask again.
    expect((await list(spec(server, settings), store)).server.status).toBe('ok');
    expect((await server.state()).tokenRequests).toHaveLength(1);
  });

  it.each([
    ['RS256', 'rsa', 'file'],
    ['ES256', 'ec', 'inline'],
  ] as const)('with private_key_jwt (%s, key %s)', async (algorithm, type, where) => {
    const keys =
      type === 'rsa'
        ? generateKeyPairSync('rsa', {
            modulusLength: 2048,
            publicKeyEncoding: { type: 'spki', format: 'pem' },
            privateKeyEncoding: { type: 'pkcs1', format: 'pem' },
          })
        : generateKeyPairSync('ec', {
            namedCurve: 'P-256',
            publicKeyEncoding: { type: 'spki', format: 'pem' },
            privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
          });
    const dir = makeTempDir();
    writeFileSync(join(dir, 'public.pem'), keys.publicKey);
    writeFileSync(join(dir, 'private.pem'), keys.privateKey, { mode: 0o600 });
    const server = await fixture('--dcr', 'off', '--jwt-client', `ci-jwt=${join(dir, 'public.pem')}`, '--auth-methods', 'private_key_jwt');
    const settings: OAuthSettings = {
      grantType: 'client_credentials',
      clientId: 'ci-jwt',
      signingAlgorithm: algorithm,
      ...(where === 'file' ? { privateKeyFile: join(dir, 'private.pem') } : { privateKey: keys.privateKey }),
    };
    const discovery = await list(spec(server, settings), newStore());
    expect(discovery.server.status, JSON.stringify(discovery.server.error)).toBe('ok');
    expect((await server.state()).tokenRequests).toMatchObject([{ grant_type: 'client_credentials', method: 'private_key_jwt', client_id: 'ci-jwt' }]);
  });

  it('a wrong secret: AUTH_REQUIRED with a hint about the credentials, not about login', async () => {
    const server = await fixture('--dcr', 'off', '--client', 'ci:ci-secret');
    const discovery = await list(spec(server, { grantType: 'client_credentials', clientId: 'ci', clientSecret: 'wrong' }), newStore());
    expect(discovery.server.error).toMatchObject({
      code: 'AUTH_REQUIRED',
      hint: 'check the client credentials of "s" (oauth.clientId, oauth.clientSecret or the private key)',
    });
    expect(discovery.server.error?.message).toContain('invalid_client');
  });

  it('credentials bound to one authorization server are not sent to another (issuer change, or oauth.issuer)', async () => {
    const server = await fixture('--dcr', 'off', '--client', 'ci:ci-secret');
    const store = newStore();
    const settings: OAuthSettings = { grantType: 'client_credentials', clientId: 'ci', clientSecret: 'ci-secret' };
    expect((await list(spec(server, settings), store)).server.status).toBe('ok');
    const { issuer: first } = await server.state();
    await server.control('expire-access-tokens');
    await server.control('switch-issuer');
    const discovery = await list(spec(server, settings), store);
    const { issuer: second } = await server.state();
    expect(discovery.server.error?.message).toBe(
      `"s" now names the authorization server ${second}, but its client credentials belong to ${first}; they were not sent`,
    );
    expect((await server.state()).tokenRequests.filter((request) => request.issuer === 'b')).toEqual([]);
    const pinned = await list(spec(server, { ...settings, issuer: 'https://as.example.com' }), newStore());
    expect(pinned.server.error?.message).toContain('belong to https://as.example.com; they were not sent');
  });
});

describe('the token store', () => {
  let server: OAuthFixture;

  it('a corrupt or foreign-version file: a clear error naming the file and logout', async () => {
    server = await fixture();
    const store = newStore();
    await signIn(spec(server), store);
    const file = store.fileFor(server.url);
    writeFileSync(file, '{"version": 1, "server": ');
    const corrupt = await list(spec(server), store);
    expect(corrupt.server.error).toEqual({
      code: 'AUTH_REQUIRED',
      message: `token file ${file} is corrupt (not JSON)`,
      hint: 'remove it with: mcpns auth logout s',
    });
    writeFileSync(file, JSON.stringify({ version: 7, server: server.url }));
    const foreign = await list(spec(server), store);
    expect(foreign.server.error?.message).toBe(`token file ${file} has format version 7; this mcpns reads version 1`);
  });

  it("a person's sign-in and CI client credentials for the same server URL never share a file", async () => {
    server = await fixture('--client', 'ci:ci-secret');
    const store = newStore();
    const person = spec(server, undefined, 'person');
    const ci = spec(server, { grantType: 'client_credentials', clientId: 'ci', clientSecret: 'ci-secret' }, 'ci');
    await signIn(person, store);
    expect((await list(ci, store)).server.status).toBe('ok');
    expect((await list(person, store)).server.status).toBe('ok');
    expect(readdirSync(store.directory).filter((name) => name.endsWith('.json'))).toHaveLength(2);
    expect(store.read(server.url)?.client?.kind).toBe('dynamic');
  });

  it('a configured Authorization header is used as it is: no OAuth discovery at all', async () => {
    server = await fixture();
    const discovery = await list(httpSpec('s', server.url, { headers: { Authorization: 'Bearer static' } }), newStore());
    expect(discovery.server.error).toMatchObject({ code: 'AUTH_REQUIRED', hint: 'the configured Authorization header was refused; check its value' });
    const state = await server.state();
    expect([state.registrations.length, state.tokenRequests.length]).toEqual([0, 0]);
  });
});

describe('an unfinished sign-in keeps nothing', () => {
  const jsonFiles = (store: TokenStore): string[] => {
    try {
      return readdirSync(store.directory).filter((name) => name.endsWith('.json'));
    } catch {
      return [];
    }
  };

  it('interrupted while waiting for the browser: no registration, issuer binding or redirect URI is stored', async () => {
    const server = await fixture();
    const store = newStore();
    const controller = new AbortController();
    const outcome = login(spec(server), {
      store,
      timeoutMs: 60_000,
      connectTimeoutMs: 10_000,
      signal: controller.signal,
      handOff: () => controller.abort(),
    });
    await expect(outcome).rejects.toThrow('the sign-in to "s" was interrupted');
    // The registration happened at the authorization server, but mcpns kept nothing of it.
    expect((await server.state()).registrations).toHaveLength(1);
    expect(jsonFiles(store)).toEqual([]);
  });

  it('a second sign-in that fails leaves the first one as it was', async () => {
    const server = await fixture();
    const store = newStore();
    await signIn(spec(server), store);
    const before = readFileSync(store.fileFor(server.url), 'utf8');
    await signInFails(spec(server), store, { browser: 'ignore', timeoutMs: 300 });
    expect(readFileSync(store.fileFor(server.url), 'utf8')).toBe(before);
    expect((await list(spec(server), store)).server.status).toBe('ok');
  });
});

describe('hostile authorization servers: every OAuth request is capped, bounded in time and https-only', () => {
  it.each([
    ['a 2 MiB token answer', 'huge'],
    ['a token answer that never ends', 'endless'],
  ])('%s: the exchange stops at 1 MiB with a clear error', async (_label, behaviour) => {
    const server = await fixture('--token-endpoint', behaviour);
    const store = newStore();
    const { error } = await signInFails(spec(server), store);
    expect(error.code).toBe('AUTH_FAILED');
    expect(error.message).toMatch(/^OAuth sign-in to "s" failed: the answer of http:\/\/127\.0\.0\.1:\d+\/token was larger than 1 MiB; reading stopped there$/);
    if (behaviour === 'endless') {
      await waitUntil(async () => (await server.state()).tokenHangUps > 0, 'mcpns hanging up on the endless token answer');
      expect((await server.state()).tokenBytesSent).toBeLessThan(64 * 1024 * 1024);
    }
    expect(readdirSync(store.directory).filter((name) => name.endsWith('.json'))).toEqual([]);
  });

  it('a token endpoint that never answers: the exchange ends at the connection deadline', async () => {
    const server = await fixture('--token-endpoint', 'hang');
    const started = startLogin(spec(server), newStore(), { connectTimeoutMs: 4_000 });
    const error = await started.outcome.then(
      () => undefined,
      (caught: unknown) => caught,
    );
    await started.browsed();
    expect(error).toBeInstanceOf(AuthError);
    expect((error as AuthError).message).toBe('the authorization server did not complete the code exchange of "s" within 4 s; stopped');
    // The request was ended, not left open.
    await waitUntil(async () => (await server.state()).tokenHangUps > 0, 'the hanging token request being ended');
  });

  it('a token endpoint that never answers: Ctrl-C (the signal) ends the exchange at once', async () => {
    const server = await fixture('--token-endpoint', 'hang');
    const controller = new AbortController();
    const visits: Array<Promise<unknown>> = [];
    const outcome = login(spec(server), {
      store: newStore(),
      timeoutMs: 60_000,
      // Far beyond the test's own timeout: only the signal can end this exchange in time.
      connectTimeoutMs: 600_000,
      signal: controller.signal,
      handOff: (url) => void visits.push(clickAllow(url.href).catch(() => [])),
    });
    await waitUntil(async () => (await server.state()).tokenRequests.length > 0, 'the token request');
    controller.abort();
    await expect(outcome).rejects.toThrow('the sign-in to "s" was interrupted');
    await waitUntil(async () => (await server.state()).tokenHangUps > 0, 'the hanging token request being ended');
    await Promise.allSettled(visits);
  });

  it('a refresh answered without end: the command fails that server with the cap in the message', async () => {
    const server = await fixture();
    const store = newStore();
    await signIn(spec(server), store);
    await server.control('expire-access-tokens');
    await server.control('set', { tokenEndpoint: 'endless' });
    const discovery = await list(spec(server), store);
    expect(discovery.server.status).toBe('error');
    expect(discovery.server.error?.message).toMatch(/the answer of http:\/\/127\.0\.0\.1:\d+\/token was larger than 1 MiB; reading stopped there/);
  });

  it('a plain-http token endpoint on another host: refused before anything is registered or authorized (sign-in and client credentials)', async () => {
    const server = await fixture('--insecure-token-endpoint', '--client', 'ci:ci-secret');
    const { error, handedOff } = await signInFails(spec(server), newStore());
    expect(error.message).toBe('the token endpoint http://attacker.invalid is not https; refusing to send credentials there');
    expect(error.hint).toMatch(/MCP requires HTTPS for every authorization server endpoint/);
    expect(handedOff).toEqual([]);
    const credentials = await list(spec(server, { grantType: 'client_credentials', clientId: 'ci', clientSecret: 'ci-secret' }), newStore());
    expect(credentials.server.error?.message).toContain('the token endpoint http://attacker.invalid is not https; refusing to send credentials there');
    const state = await server.state();
    expect([state.registrations.length, state.authorizations.length, state.tokenRequests.length]).toEqual([0, 0, 0]);
  });
});

describe('token lifetimes and client credentials that changed', () => {
  const settings: OAuthSettings = { grantType: 'client_credentials', clientId: 'ci', clientSecret: 'ci-secret' };

  it.each([['-60'], ['1e300']])('expires_in %s is taken as already expired: no crash, and the next use asks for a new token', async (expiresIn) => {
    const server = await fixture('--dcr', 'off', '--client', 'ci:ci-secret', '--expires-in', expiresIn);
    const store = newStore();
    const now = new Date('2026-03-01T12:00:00.000Z');
    const first = await discoverServers([spec(server, settings)], { timeoutMs: 10_000, concurrency: 1, auth: createAuthResolver({ store, now: () => now }) });
    expect(first[0]!.server.status).toBe('ok');
    const record = store.read(storeKey(spec(server, settings)));
    expect(record?.expiresAt).toBe(now.toISOString());
    expect((await list(spec(server, settings), store)).server.status).toBe('ok');
    expect((await server.state()).tokenRequests).toHaveLength(2);
  });

  it('an absurd expires_in during a sign-in: signed in, shown as expired', async () => {
    const server = await fixture('--expires-in', '1e300');
    const store = newStore();
    const { result } = await signIn(spec(server), store);
    expect(result.status).toBe('signed-in');
    expect(store.read(server.url)?.expiresAt).toBe(store.read(server.url)?.obtainedAt);
  });

  it('a cached client-credentials token does not hide a wrong or rotated secret', async () => {
    const server = await fixture('--dcr', 'off', '--client', 'ci:ci-secret');
    const store = newStore();
    expect((await list(spec(server, settings), store)).server.status).toBe('ok');
    const wrong = await list(spec(server, { ...settings, clientSecret: 'rotated-but-wrong' }), store);
    expect(wrong.server.error).toMatchObject({
      code: 'AUTH_REQUIRED',
      hint: 'check the client credentials of "s" (oauth.clientId, oauth.clientSecret or the private key)',
    });
    expect(wrong.server.error?.message).toContain('invalid_client');
    expect((await server.state()).tokenRequests.map((request) => request.method)).toEqual([
      'client_secret_basic',
      'client_secret_basic',
      'client_secret_basic',
    ]);
    // The right secret again: works (the refused secret made the authorization server's answer drop the cached token).
    expect((await list(spec(server, settings), store)).server.status).toBe('ok');
    // The token file keeps a salted hash of the credentials, never the secret.
    const text = readFileSync(store.fileFor(storeKey(spec(server, settings))), 'utf8');
    expect(text).not.toContain('ci-secret');
    expect(JSON.parse(text).credentials).toMatch(/^sha256:[0-9a-f]{32}:[0-9a-f]{64}$/);
  });
});

describe('OAuth rules of MCP 2026-07-28', () => {
  it('SEP-837: dynamic registration says the client is a native application', async () => {
    const server = await fixture();
    await signIn(spec(server), newStore());
    expect((await server.state()).registrations).toMatchObject([{ application_type: 'native', token_endpoint_auth_method: 'none' }]);
  });

  it.each([
    ['advertised and sent', 'supported'],
    ['sent without being advertised', 'unadvertised'],
  ])('SEP-2468: an iss that names the authorization server (%s) is accepted', async (_label, mode) => {
    const server = await fixture('--iss', mode);
    const { result } = await signIn(spec(server), newStore());
    expect(result.status).toBe('signed-in');
    expect((await server.state()).tokenRequests.map((request) => request.grant_type)).toEqual(['authorization_code']);
  });

  it.each([
    ['another issuer, advertised', 'wrong', '"https://attacker.invalid/"'],
    ['another issuer, not advertised', 'unadvertised-wrong', '"https://attacker.invalid/"'],
    ['no iss although the server says it always sends one', 'missing', 'none'],
  ])('SEP-2468: %s: the code is not exchanged and nothing is kept', async (_label, mode, received) => {
    const server = await fixture('--iss', mode);
    const store = newStore();
    const { error } = await signInFails(spec(server), store);
    const { issuer } = await server.state();
    expect(error.code).toBe('AUTH_FAILED');
    expect(error.message).toBe(
      `OAuth sign-in to "s" failed: the browser came back with an issuer (iss) of ${received}, not the authorization server the sign-in went to ("${issuer}"); the code was not exchanged`,
    );
    expect((await server.state()).tokenRequests).toEqual([]);
    expect(readdirSync(store.directory).filter((name) => name.endsWith('.json'))).toEqual([]);
  });

  it('SEP-2352: a server that moves to another authorization server during the sign-in: registered and authorized there', async () => {
    const server = await fixture('--move-after-sign-in');
    const store = newStore();
    const { result } = await signIn(spec(server), store);
    const state = await server.state();
    expect(result).toMatchObject({ status: 'signed-in', issuer: state.issuer, authorizations: 2 });
    expect(state.registrations.map((registration) => registration.issuer)).toEqual(['a', 'b']);
    expect(state.authorizations.map((authorization) => authorization.issuer)).toEqual(['a', 'b']);
    expect((await list(spec(server), store)).server.status).toBe('ok');
  });

  it('SEP-2352: after the authorization server changed, the next sign-in registers with the new one (the old client id is not sent there)', async () => {
    const server = await fixture();
    const store = newStore();
    await signIn(spec(server), store);
    const first = store.read(server.url)!.client!.information.client_id;
    await server.control('switch-issuer');
    expect((await list(spec(server), store)).server.error?.code).toBe('AUTH_REQUIRED');
    await signIn(spec(server), store);
    const state = await server.state();
    expect(state.registrations.map((registration) => registration.issuer)).toEqual(['a', 'b']);
    expect(state.authorizations.filter((authorization) => authorization.issuer === 'b').map((authorization) => authorization.client_id)).not.toContain(first);
    expect(store.read(server.url)!.client!.information.client_id).not.toBe(first);
    expect((await list(spec(server), store)).server.status).toBe('ok');
  });
});
