import type { OAuthDiscoveryState, AuthorizationServerMetadata, OAuthTokens } from '@modelcontextprotocol/client';
import type { OAuthSettings } from '../config/model.js';
import { registerClientSecret, registerSecret } from '../util/redact.js';
import { assertSecureEndpoint } from './browser.js';
import type { StoredAuth, TokenStore } from './store.js';

/** The server a provider works for. */
export interface ServerRef {
  name: string;
  url: string;
  /** Where its credentials are stored (`storeKey`); the URL when not given. */
  key?: string;
}

export interface ProviderOptions {
  server: ServerRef;
  settings: OAuthSettings;
  store: TokenStore;
  now?: () => Date;
  /**
   * Keep every change in memory until `commit()` (a sign-in in progress): an interrupted or failed sign-in leaves the
   * store as it was, without its client registration, issuer binding or redirect URI.
   */
  staged?: boolean;
}

type RecordFields = Omit<StoredAuth, 'version' | 'server' | 'updatedAt'>;

/** Scopes as a set: a space-separated string or a list, in first-seen order. */
export function scopeUnion(...groups: Array<string | readonly string[] | undefined>): string[] {
  const seen = new Set<string>();
  for (const group of groups) {
    const items = typeof group === 'string' ? group.split(/\s+/) : (group ?? []);
    for (const item of items) if (item) seen.add(item);
  }
  return [...seen];
}

/** Two authorization server identifiers are the same when they parse to the same URL, one trailing slash aside. */
export function sameIssuer(a: string, b: string): boolean {
  const norm = (value: string): string => {
    try {
      return new URL(value).href.replace(/\/$/, '');
    } catch {
      return value.replace(/\/$/, '');
    }
  };
  return norm(a) === norm(b);
}

/**
 * Longest access-token lifetime taken at its word (ten years). A lifetime beyond it, negative or not a number is
 * treated as already expired: the token is renewed at the next use rather than trusted for ever.
 */
export const MAX_TOKEN_LIFETIME_SECONDS = 10 * 365 * 24 * 3600;

/** When tokens obtained at `now` with this `expires_in` expire (undefined: the server did not say). */
export function expiryOf(now: Date, expiresIn: unknown): string | undefined {
  if (expiresIn === undefined || expiresIn === null) return undefined;
  const seconds = typeof expiresIn === 'number' ? expiresIn : Number.NaN;
  if (!Number.isFinite(seconds) || seconds < 0 || seconds > MAX_TOKEN_LIFETIME_SECONDS) return now.toISOString();
  return new Date(now.getTime() + seconds * 1000).toISOString();
}

/** Whether a record's access token has expired (by the expiry recorded when it was obtained). */
export function hasExpired(record: Pick<StoredAuth, 'expiresAt'> | undefined, now: Date): boolean {
  return record?.expiresAt !== undefined && !(Date.parse(record.expiresAt) > now.getTime());
}

/**
 * What both mcpns providers share: the server's record in the token store (read once, written through on every
 * change), the authorization server learnt from discovery, and the scopes a server asked for (a 401's `scope`, a
 * 403 `insufficient_scope`). Every secret read or received is registered with the output scrubber.
 */
export abstract class StoreBackedProvider {
  protected readonly server: ServerRef;
  protected readonly settings: OAuthSettings;
  protected readonly store: TokenStore;
  protected readonly now: () => Date;
  private loaded = false;
  private cached: StoredAuth | undefined;
  private readonly staged: boolean;
  /** Staged changes not written yet. */
  private pending: RecordFields | undefined;
  /** The authorization server of the current flow (from `saveDiscoveryState`, before any client or token is used). */
  protected discovered: { issuer: string; metadata?: AuthorizationServerMetadata } | undefined;
  /** The discovery of the current flow as the SDK saved it (the callback leg checks it names the same server). */
  protected flowDiscovery: OAuthDiscoveryState | undefined;
  /** Scope of the last 401 challenge. */
  challengeScope: string | undefined;
  /** Scopes a 403 `insufficient_scope` asked for (step-up). */
  readonly stepUpScopes = new Set<string>();

  constructor(options: ProviderOptions) {
    this.server = options.server;
    this.settings = options.settings;
    this.store = options.store;
    this.now = options.now ?? (() => new Date());
    this.staged = options.staged ?? false;
    // Before any request: the SDK sends it base64-encoded with the id (client_secret_basic) or form-encoded (_post).
    registerClientSecret(this.settings.clientId, this.settings.clientSecret);
  }

  /** The stored record (AUTH_STORE_INVALID when the file is corrupt). */
  protected record(): StoredAuth | undefined {
    if (!this.loaded) {
      this.cached = this.store.read(this.server.key ?? this.server.url, this.server.name);
      this.loaded = true;
      registerSecret(this.cached?.tokens?.access_token);
      registerSecret(this.cached?.tokens?.refresh_token);
      const client = this.cached?.client?.information as { client_id?: string; client_secret?: string } | undefined;
      registerClientSecret(client?.client_id, client?.client_secret);
    }
    return this.cached;
  }

  /** Change the record and write it through (staged: keep it for `commit()`). */
  protected update(change: (record: RecordFields) => RecordFields): void {
    const { version: _version, server: _server, updatedAt: _updatedAt, ...current } = this.record() ?? ({} as StoredAuth);
    const next = change({ ...current, name: this.server.name });
    for (const key of Object.keys(next) as Array<keyof typeof next>) if (next[key] === undefined) delete next[key];
    if (this.staged) this.pending = next;
    else this.store.write(this.server.key ?? this.server.url, next, this.now());
    this.cached = { version: 1, server: this.server.url, ...next, updatedAt: this.now().toISOString() };
    this.loaded = true;
  }

  /** Write the staged changes (the sign-in completed). */
  commit(): void {
    if (!this.pending) return;
    this.store.write(this.server.key ?? this.server.url, this.pending, this.now());
    this.pending = undefined;
  }

  /** The record with tokens as the token endpoint returned them, plus when they expire and which scopes are still wanted. */
  protected withTokens(record: RecordFields, tokens: OAuthTokens): RecordFields {
    registerSecret(tokens.access_token);
    registerSecret(tokens.refresh_token);
    const now = this.now();
    const granted = scopeUnion(tokens.scope);
    const pending = (record.pendingScopes ?? []).filter((scope) => !granted.includes(scope));
    return {
      ...record,
      issuer: tokens.issuer ?? this.discovered?.issuer ?? record.issuer,
      tokens,
      obtainedAt: now.toISOString(),
      expiresAt: expiryOf(now, tokens.expires_in),
      pendingScopes: pending.length ? pending : undefined,
    };
  }

  /** Called by the SDK after discovery, before any client information or token is read. */
  saveDiscoveryState(state: OAuthDiscoveryState): void {
    const metadata = state.authorizationServerMetadata;
    this.discovered = { issuer: state.authorizationServerUrl, ...(metadata ? { metadata } : {}) };
    this.flowDiscovery = state;
    this.checkIssuer(state.authorizationServerUrl);
    // Before anything is registered or exchanged: without metadata, the endpoints are at the server's origin.
    assertSecureEndpoint(metadata?.token_endpoint ?? state.authorizationServerUrl, 'token endpoint');
    if (metadata?.registration_endpoint) assertSecureEndpoint(metadata.registration_endpoint, 'registration endpoint');
  }

  /** Refuse (or prepare to replace) credentials bound to another authorization server than `issuer`. */
  protected abstract checkIssuer(issuer: string): void;

  /** The server's 401 carried `scope`. */
  noteChallenge(scope: string | undefined): void {
    if (scope) this.challengeScope = scope;
  }

  /** The server answered 403 insufficient_scope asking for `scope`. */
  noteStepUp(scope: string | undefined): void {
    for (const item of scopeUnion(scope)) this.stepUpScopes.add(item);
  }
}
