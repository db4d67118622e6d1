import type { OAuthDiscoveryState, AuthorizationServerMetadata, OAuthTokens } from '@modelcontextprotocol/client';
import type { OAuthSettings } from '../config/model.js';
import { registerSecret } from '../util/redact.js';
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
}

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
  }

  /** The stored record (AUTH_STORE_INVALID when the file is corrupt). */
  protected record(): StoredAuth | undefined {
    if (!this.loaded) {
      this.cached = this.store.read(this.server.key ?? this.server.url, this.server.name);
      this.loaded = true;
      registerSecret(this.cached?.tokens?.access_token);
      registerSecret(this.cached?.tokens?.refresh_token);
      registerSecret((this.cached?.client?.information as { client_secret?: string } | undefined)?.client_secret);
    }
    return this.cached;
  }

  /** Change the record and write it through. */
  protected update(change: (record: Omit<StoredAuth, 'version' | 'server' | 'updatedAt'>) => Omit<StoredAuth, 'version' | 'server' | 'updatedAt'>): void {
    const { version: _version, server: _server, updatedAt: _updatedAt, ...current } = this.record() ?? ({} as StoredAuth);
    const next = change({ ...current, name: this.server.name });
    for (const key of Object.keys(next) as Array<keyof typeof next>) if (next[key] === undefined) delete next[key];
    this.store.write(this.server.key ?? this.server.url, next, this.now());
    this.cached = { version: 1, server: this.server.url, ...next, updatedAt: this.now().toISOString() };
    this.loaded = true;
  }

  /** The record with tokens as the token endpoint returned them, plus when they expire and which scopes are still wanted. */
  protected withTokens(
    record: Omit<StoredAuth, 'version' | 'server' | 'updatedAt'>,
    tokens: OAuthTokens,
  ): Omit<StoredAuth, 'version' | 'server' | 'updatedAt'> {
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
      expiresAt: typeof tokens.expires_in === 'number' ? new Date(now.getTime() + tokens.expires_in * 1000).toISOString() : undefined,
      pendingScopes: pending.length ? pending : undefined,
    };
  }

  /** Called by the SDK after discovery, before any client information or token is read. */
  saveDiscoveryState(state: OAuthDiscoveryState): void {
    this.discovered = { issuer: state.authorizationServerUrl, ...(state.authorizationServerMetadata ? { metadata: state.authorizationServerMetadata } : {}) };
    this.flowDiscovery = state;
    this.checkIssuer(state.authorizationServerUrl);
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
