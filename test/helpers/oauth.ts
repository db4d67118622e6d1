/**
 * The OAuth fixture (fixtures/servers/oauth-server.js) for tests: start it with switches, read what it saw
 * (registrations, authorizations, token requests, every secret it issued or received), drive its test controls, and
 * act as a user in a browser who clicks "allow" (follow the authorization URL's redirects).
 */
import { join } from 'node:path';
import { FIXTURES_DIR, startHttpFixture, type HttpFixture } from './fixtures.js';

export const HEADLESS_BROWSER = join(FIXTURES_DIR, '..', 'browser', 'headless.js');

export interface FixtureState {
  issuer: string;
  authorizationServers: string[];
  registrations: Array<{ issuer: string; client_id: string; token_endpoint_auth_method?: string; scope?: string; application_type?: string }>;
  authorizations: Array<{ issuer: string; client_id: string; scopes: string[]; resource?: string; redirect_uri: string }>;
  tokenRequests: Array<{ issuer: string; grant_type: string; method: string; client_id?: string; scope?: string; resource?: string }>;
  cimdClients: string[];
  secrets: string[];
  /** --token-endpoint endless: bytes written before the client hung up. */
  tokenBytesSent: number;
  /** --token-endpoint endless/hang: requests the client ended. */
  tokenHangUps: number;
}

export interface OAuthFixture extends HttpFixture {
  /** http://127.0.0.1:<port>/mcp */
  url: string;
  state(): Promise<FixtureState>;
  /** POST a test control: expire-access-tokens, revoke-refresh-tokens, switch-issuer, set (with a JSON body: tokenError, deny, wrongState, tokenEndpoint). */
  control(name: string, body?: Record<string, unknown>): Promise<void>;
}

/**
 * The process that serves this file's OAuth fixtures (oauth-server.js --host): started with the first fixture and
 * ended when the last one is stopped, so a file that starts one fixture per test pays one start-up of node, express
 * and the SDK, not one per test. Every fixture still has its own switches, ports and state.
 */
let host: Promise<HttpFixture> | undefined;
let hosted = 0;

async function hostRequest(path: string, body?: unknown): Promise<Response> {
  const { origin } = await host!;
  const response = await fetch(`${origin}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body ?? {}) });
  if (!response.ok) throw new Error(`OAuth fixture host: ${path} answered ${response.status}: ${await response.text()}`);
  return response;
}

export async function startOAuthFixture(args: string[] = []): Promise<OAuthFixture> {
  hosted++;
  host ??= startHttpFixture('oauth-server', ['--host']);
  let port: number;
  try {
    ({ port } = (await (await hostRequest('/instance', { args })).json()) as { port: number });
  } catch (error) {
    await release();
    throw error;
  }
  const hostProcess = (await host).process;
  let stopped = false;
  const fixture: HttpFixture = {
    port,
    origin: `http://127.0.0.1:${port}`,
    process: hostProcess,
    stop: async () => {
      if (stopped) return;
      stopped = true;
      if (hostProcess.exitCode === null && hostProcess.signalCode === null) await hostRequest(`/close/${port}`);
      await release();
    },
  };
  return {
    ...fixture,
    url: `${fixture.origin}/mcp`,
    state: async () => (await (await fetch(`${fixture.origin}/__fixture/state`)).json()) as FixtureState,
    control: async (name, body) => {
      const response = await fetch(`${fixture.origin}/__fixture/${name}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body ?? {}),
      });
      if (!response.ok) throw new Error(`fixture control ${name} answered ${response.status}`);
    },
  };
}

/** A user who opens the URL and clicks "allow": follow redirects until a page that does not redirect. Returns the URLs visited. */
export async function clickAllow(url: string): Promise<string[]> {
  const visited: string[] = [];
  let current = url;
  for (let hop = 0; hop < 10; hop++) {
    visited.push(current);
    const response = await fetch(current, { redirect: 'manual' });
    await response.text();
    const location = response.headers.get('location');
    if (!location) break;
    current = new URL(location, current).href;
  }
  return visited;
}

/** One fixture fewer: the host ends with the last. */
async function release(): Promise<void> {
  if (--hosted > 0 || !host) return;
  const ending = host;
  host = undefined;
  await ending.then(
    (started) => started.stop(),
    () => undefined,
  );
}
