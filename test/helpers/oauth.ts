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
  registrations: Array<{ issuer: string; client_id: string; token_endpoint_auth_method?: string; scope?: string }>;
  authorizations: Array<{ issuer: string; client_id: string; scopes: string[]; resource?: string; redirect_uri: string }>;
  tokenRequests: Array<{ issuer: string; grant_type: string; method: string; client_id?: string; scope?: string; resource?: string }>;
  cimdClients: string[];
  secrets: string[];
}

export interface OAuthFixture extends HttpFixture {
  /** http://127.0.0.1:<port>/mcp */
  url: string;
  state(): Promise<FixtureState>;
  /** POST a test control: expire-access-tokens, revoke-refresh-tokens, switch-issuer, set (with a JSON body). */
  control(name: string, body?: Record<string, unknown>): Promise<void>;
}

export async function startOAuthFixture(args: string[] = []): Promise<OAuthFixture> {
  const fixture = await startHttpFixture('oauth-server', args);
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
