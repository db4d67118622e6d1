import type { ServerSpec } from '../config/model.js';
import { redactUrl } from '../util/redact.js';
import { AuthError, usesStaticAuthorization } from '../discovery/auth-error.js';
import { storeKey, type ClientKind, type StoredAuth, type TokenStore } from './store.js';
import { hasExpired, scopeUnion } from './stored-provider.js';

/** How a server authenticates, as far as mcpns can tell. */
export type AuthMode = 'oauth' | 'client-credentials' | 'header' | 'none' | 'unknown';

/** One row of `mcpns auth status`: never a token, secret or code. */
export interface AuthStatusEntry {
  server: string;
  transport: string;
  /** The server URL with query values and password masked. */
  url?: string;
  /** `oauth`: the server asks for sign-in (401); `none`: it answered without; `unknown`: not probed or unreachable. */
  auth: AuthMode;
  /** True when the server answered the probe with 401 (needs a token), false when it answered without one. */
  needsSignIn?: boolean;
  signedIn: boolean;
  issuer?: string;
  scopes?: string[];
  /** Scopes the server asked for beyond the granted ones: the next `auth login` requests them. */
  pendingScopes?: string[];
  expiresAt?: string;
  /** The access token's expiry has passed (a refresh token, when there is one, renews it on the next use). */
  expired?: boolean;
  refreshable?: boolean;
  client?: { kind: ClientKind; id: string };
  /** The token file (so a user knows what `auth logout` removes). */
  file?: string;
  /** Why the probe or the store could not answer. */
  error?: { code: string; message: string };
}

export interface StatusOptions {
  store: TokenStore;
  now: Date;
  /** Ask each server whether it needs sign-in (an unauthenticated request); false: from the store alone. */
  probe: boolean;
  timeoutMs: number;
  signal?: AbortSignal;
}

/** Status of every configured HTTP/SSE server (stdio servers never sign in), in config order. */
export async function authStatus(servers: readonly ServerSpec[], options: StatusOptions): Promise<AuthStatusEntry[]> {
  const remote = servers.filter((server) => (server.transport === 'http' || server.transport === 'sse') && server.url);
  return Promise.all(remote.map((server) => statusOf(server, options)));
}

async function statusOf(spec: ServerSpec, options: StatusOptions): Promise<AuthStatusEntry> {
  const url = spec.url as string;
  const entry: AuthStatusEntry = { server: spec.name, transport: spec.transport, url: redactUrl(url), auth: 'unknown', signedIn: false };
  let record: StoredAuth | undefined;
  try {
    record = options.store.read(storeKey(spec), spec.name);
  } catch (error) {
    entry.error = { code: error instanceof AuthError ? error.code : 'AUTH_STORE_INVALID', message: (error as Error).message };
  }
  if (record) Object.assign(entry, describeRecord(record, options.now), { file: options.store.fileFor(storeKey(spec)) });
  if (usesStaticAuthorization(spec)) return { ...entry, auth: 'header' };
  if (spec.oauth?.grantType === 'client_credentials') return { ...entry, auth: 'client-credentials', needsSignIn: false };
  if (!options.probe) return { ...entry, auth: record?.tokens ? 'oauth' : 'unknown' };
  const probed = await probe(spec, options);
  if (probed.error && !entry.error) entry.error = probed.error;
  if (probed.needsSignIn === undefined) return { ...entry, auth: record?.tokens ? 'oauth' : 'unknown' };
  return { ...entry, auth: probed.needsSignIn ? 'oauth' : 'none', needsSignIn: probed.needsSignIn };
}

function describeRecord(record: StoredAuth, now: Date): Partial<AuthStatusEntry> {
  const tokens = record.tokens;
  const expired = hasExpired(record, now);
  return {
    signedIn: tokens !== undefined,
    ...(record.issuer ? { issuer: record.issuer } : {}),
    ...(tokens ? { scopes: scopeUnion(tokens.scope) } : {}),
    ...(record.pendingScopes?.length ? { pendingScopes: record.pendingScopes } : {}),
    ...(tokens && record.expiresAt ? { expiresAt: record.expiresAt, expired } : {}),
    ...(tokens ? { refreshable: typeof tokens.refresh_token === 'string' } : {}),
    ...(record.client ? { client: { kind: record.client.kind, id: record.client.information.client_id } } : {}),
  };
}

/**
 * Does the server need a token? One unauthenticated request, as a client's first one: Streamable HTTP gets an
 * `initialize` POST, SSE a GET of its stream (closed at once). A session the server opened is ended (DELETE).
 */
async function probe(spec: ServerSpec, options: StatusOptions): Promise<{ needsSignIn?: boolean; error?: { code: string; message: string } }> {
  const url = new URL(spec.url as string);
  url.username = '';
  url.password = '';
  const headers: Record<string, string> = { ...(spec.headers ?? {}) };
  const signal = options.signal ? AbortSignal.any([options.signal, AbortSignal.timeout(options.timeoutMs)]) : AbortSignal.timeout(options.timeoutMs);
  try {
    const response =
      spec.transport === 'sse'
        ? await fetch(url, { method: 'GET', headers: { ...headers, accept: 'text/event-stream' }, signal, redirect: 'manual' })
        : await fetch(url, {
            method: 'POST',
            headers: { ...headers, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
            body: JSON.stringify({
              jsonrpc: '2.0',
              id: 0,
              method: 'initialize',
              params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'mcpns-auth-status', version: '0' } },
            }),
            signal,
            redirect: 'manual',
          });
    await response.body?.cancel().catch(() => {});
    const session = response.headers.get('mcp-session-id');
    if (session && response.ok) {
      await fetch(url, { method: 'DELETE', headers: { ...headers, 'mcp-session-id': session }, signal }).then(
        (deleted) => deleted.body?.cancel(),
        () => {},
      );
    }
    if (response.status === 401) return { needsSignIn: true };
    if (response.status === 403) return { needsSignIn: true };
    if (response.ok) return { needsSignIn: false };
    return { error: { code: 'HTTP_ERROR', message: `the server answered HTTP ${response.status}` } };
  } catch (error) {
    const code = (error as { cause?: { code?: unknown } }).cause?.code;
    return { error: { code: 'HTTP_ERROR', message: `cannot reach ${redactUrl(url.href)}${typeof code === 'string' ? ` (${code})` : ''}` } };
  }
}

/** Forget the sign-in of these servers (tokens and client registration). Returns the names that had one. */
export function logout(servers: readonly ServerSpec[], store: TokenStore): string[] {
  const forgotten: string[] = [];
  for (const server of servers) {
    if (!server.url) continue;
    // Both a sign-in and client credentials of this server, whichever it has.
    const removed = [store.remove(server.url), storeKey(server) !== server.url && store.remove(storeKey(server))];
    if (removed.some(Boolean)) forgotten.push(server.name);
  }
  return forgotten;
}
