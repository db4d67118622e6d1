import { randomBytes } from 'node:crypto';
import {
  discoverOAuthServerInfo,
  type FetchLike,
  type OAuthClientProvider,
  type OAuthClientInformationMixed,
  type OAuthClientMetadata,
  type OAuthDiscoveryState,
  type OAuthServerInfo,
  type OAuthTokens,
} from '@modelcontextprotocol/client';
import { registerClientSecret, registerSecret } from '../util/redact.js';
import { VERSION } from '../version.js';
import { assertBrowsable } from './browser.js';
import { isLoopback } from '../util/loopback.js';
import { AuthError, signInRequired } from '../discovery/auth-error.js';
import { CALLBACK_PATH } from './loopback.js';
import type { ClientKind } from './store.js';
import { sameIssuer, scopeUnion, StoreBackedProvider, type ProviderOptions } from './stored-provider.js';

export interface AuthorizationCodeOptions extends ProviderOptions {
  /**
   * `interactive` (`mcpns auth login`): registers a client when needed, hands the authorization URL to
   * `onAuthorizationUrl`, and ignores stored tokens (a login is a fresh sign-in). `stored` (every other command): uses
   * and refreshes stored tokens, and throws AUTH_REQUIRED wherever a person would have to act.
   */
  mode: 'interactive' | 'stored';
  /** interactive: the loopback listener's redirect URI. */
  redirectUrl?: string;
  /** interactive: show/open the (validated, scope-completed) authorization URL; `state` is what the callback must carry. */
  onAuthorizationUrl?: (url: URL, state: string) => void | Promise<void>;
}

/**
 * The OAuthClientProvider for the authorization code flow with PKCE (the SDK runs the protocol: discovery,
 * registration, PKCE, token exchange and refresh). mcpns adds: the token store, the client identity order
 * (configured client, Client ID Metadata Document, dynamic registration), scope unions for step-up, refusal of
 * non-loopback redirect URIs and non-https authorization endpoints, and credentials bound to one authorization server.
 */
export class AuthorizationCodeProvider extends StoreBackedProvider implements OAuthClientProvider {
  private readonly mode: 'interactive' | 'stored';
  private readonly listenerUrl: string | undefined;
  private readonly onAuthorizationUrl: AuthorizationCodeOptions['onAuthorizationUrl'];
  private verifier: string | undefined;
  private stateValue: string | undefined;
  /** Tokens obtained in this interactive sign-in (stored ones are not used by a login). */
  private fresh: OAuthTokens | undefined;
  /** An authorization URL handed off and not yet taken by the login loop. */
  private handedOff: URL | undefined;
  /** Why the stored tokens were dropped (the SDK's invalidateCredentials), for the AUTH_REQUIRED message. */
  private invalidated: string | undefined;
  /** Set by a failed refresh seen on the wire (token endpoint answering an error). */
  refreshFailure: string | undefined;

  constructor(options: AuthorizationCodeOptions) {
    super(options);
    this.mode = options.mode;
    this.listenerUrl = options.redirectUrl;
    this.onAuthorizationUrl = options.onAuthorizationUrl;
  }

  get redirectUrl(): string {
    // Stored mode never redirects, but the SDK only refreshes for providers that have a redirect URL.
    return this.listenerUrl ?? this.record()?.redirectUri ?? `http://127.0.0.1${CALLBACK_PATH}`;
  }

  get clientMetadataUrl(): string | undefined {
    return this.settings.clientMetadataUrl;
  }

  get clientMetadata(): OAuthClientMetadata {
    const scope = scopeUnion(this.settings.scopes).join(' ');
    return {
      client_name: 'mcpns',
      redirect_uris: [this.redirectUrl],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: this.registrationAuthMethod(),
      // A native app: a CLI on this machine with a loopback redirect (SEP-837, RFC 8252).
      application_type: 'native',
      ...(scope ? { scope } : {}),
      software_id: 'mcpns',
      software_version: VERSION,
    };
  }

  /** A native app is a public client ("none") unless the authorization server only takes client secrets. */
  private registrationAuthMethod(): string {
    const supported = this.discovered?.metadata?.token_endpoint_auth_methods_supported;
    if (!supported?.length || supported.includes('none')) return 'none';
    return supported.includes('client_secret_basic') ? 'client_secret_basic' : supported.includes('client_secret_post') ? 'client_secret_post' : 'none';
  }

  state(): string {
    this.stateValue = randomBytes(32).toString('base64url');
    return this.stateValue;
  }

  protected checkIssuer(issuer: string): void {
    const record = this.record();
    const bound = record?.client?.information.issuer ?? record?.issuer;
    if (!bound || sameIssuer(bound, issuer)) return;
    if (this.mode === 'stored') {
      throw signInRequired(
        this.server.name,
        `the authorization server of "${this.server.name}" changed from ${bound} to ${issuer}; the stored sign-in is not sent there`,
      );
    }
    if (record?.client?.kind === 'pre-registered') {
      throw new AuthError(
        'AUTH_FAILED',
        `the authorization server of "${this.server.name}" changed from ${bound} to ${issuer}; the configured client (oauth.clientId) was used with the old one and is not sent to the new one`,
        { hint: `if the move is expected, forget the old sign-in first: mcpns auth logout ${this.server.name}` },
      );
    }
  }

  clientInformation(): OAuthClientInformationMixed | undefined {
    const record = this.record();
    const issuer = this.discovered?.issuer;
    if (this.settings.clientId) {
      const stored = record?.client;
      const binding = stored?.kind === 'pre-registered' && stored.information.client_id === this.settings.clientId ? stored.information.issuer : undefined;
      return {
        client_id: this.settings.clientId,
        ...(this.settings.clientSecret ? { client_secret: this.settings.clientSecret } : {}),
        ...(binding ? { issuer: binding } : {}),
      } as OAuthClientInformationMixed;
    }
    const stored = record?.client;
    const usable =
      stored &&
      stored.kind !== 'pre-registered' &&
      stored.kind !== 'client-credentials' &&
      (!issuer || !stored.information.issuer || sameIssuer(stored.information.issuer, issuer));
    if (this.mode === 'stored') {
      if (!usable) throw signInRequired(this.server.name, `not signed in to "${this.server.name}": the server requires OAuth sign-in`);
      return stored.information;
    }
    if (!usable) return this.noClientYet();
    // A registration made for another loopback port is redone rather than relying on the server's port leniency.
    const registered = (stored.information as { redirect_uris?: string[] }).redirect_uris;
    if (stored.kind === 'dynamic' && registered?.length && !registered.includes(this.redirectUrl)) return this.noClientYet();
    return stored.information;
  }

  /**
   * No client identity yet: the SDK goes on with a Client ID Metadata Document or dynamic registration. When the
   * authorization server offers neither, say so (and what to configure) instead of the SDK's generic error.
   */
  private noClientYet(): undefined {
    const metadata = this.discovered?.metadata;
    if (!metadata || metadata.registration_endpoint) return undefined;
    const cimd = (metadata as { client_id_metadata_document_supported?: boolean }).client_id_metadata_document_supported === true;
    if (cimd && this.settings.clientMetadataUrl) return undefined;
    throw new AuthError(
      'AUTH_FAILED',
      `the authorization server of "${this.server.name}" (${metadata.issuer}) offers no dynamic client registration${cimd ? ' (it accepts Client ID Metadata Documents)' : ''}, and no client is configured`,
      {
        hint: cimd
          ? 'set oauth.clientMetadataUrl (an https URL of your client metadata document) or oauth.clientId for this server'
          : 'register a client with the authorization server and set oauth.clientId (and oauth.clientSecret if it has one) for this server',
      },
    );
  }

  saveClientInformation(information: OAuthClientInformationMixed): void {
    const kind: ClientKind =
      information.client_id === this.settings.clientId
        ? 'pre-registered'
        : information.client_id === this.settings.clientMetadataUrl
          ? 'metadata-document'
          : 'dynamic';
    const stored = this.record()?.client;
    if (this.mode === 'stored' && kind !== 'pre-registered' && stored?.information.client_id !== information.client_id) {
      throw signInRequired(this.server.name, `not signed in to "${this.server.name}": the server requires OAuth sign-in`);
    }
    if (kind === 'dynamic') this.checkRegisteredRedirects(information);
    const { client_secret: secret, ...withoutSecret } = information as OAuthClientInformationMixed & { client_secret?: string };
    registerClientSecret(information.client_id, secret);
    // A configured secret stays in the config; a registered one must be kept to be used again.
    const kept = kind === 'pre-registered' ? withoutSecret : information;
    this.update((record) => ({
      ...record,
      client: { kind, information: kept },
      issuer: information.issuer ?? this.discovered?.issuer ?? record.issuer,
      redirectUri: this.redirectUrl,
      // Tokens of another authorization server are useless now.
      ...(record.issuer && information.issuer && !sameIssuer(record.issuer, information.issuer)
        ? { tokens: undefined, obtainedAt: undefined, expiresAt: undefined }
        : {}),
    }));
  }

  /** A registration answer that sends the code anywhere but this machine's loopback listener is refused. */
  private checkRegisteredRedirects(information: OAuthClientInformationMixed): void {
    const uris = (information as { redirect_uris?: unknown }).redirect_uris;
    if (!Array.isArray(uris)) return;
    const foreign = uris.filter((uri) => {
      try {
        const parsed = new URL(String(uri));
        return parsed.protocol !== 'http:' || !isLoopback(parsed.hostname);
      } catch {
        return true;
      }
    });
    if (foreign.length) {
      throw new AuthError(
        'AUTH_FAILED',
        `the authorization server registered redirect URIs that are not this machine's loopback listener (${foreign.map(String).join(', ')}); refusing to sign in to "${this.server.name}"`,
        { hint: "the authorization server's registration endpoint is misbehaving; nothing was sent to it beyond the registration" },
      );
    }
  }

  tokens(): OAuthTokens | undefined {
    const tokens = this.mode === 'interactive' ? this.fresh : this.record()?.tokens;
    // Asked for more scope: a refresh would not add it, so the SDK must go to authorization (AUTH_REQUIRED here).
    if (tokens && this.stepUpScopes.size) {
      const { refresh_token: _dropped, ...rest } = tokens;
      return rest;
    }
    return tokens;
  }

  saveTokens(tokens: OAuthTokens): void {
    if (this.mode === 'interactive') this.fresh = tokens;
    // Granted scopes are no longer wanted (no `scope` in the answer: the request was granted as asked).
    if (tokens.scope === undefined) this.stepUpScopes.clear();
    for (const scope of scopeUnion(tokens.scope)) this.stepUpScopes.delete(scope);
    this.update((record) => this.withTokens(record, tokens));
    this.invalidated = undefined;
  }

  async redirectToAuthorization(url: URL): Promise<void> {
    if (this.mode === 'stored') throw signInRequired(this.server.name, this.whySignInIsNeeded());
    assertBrowsable(url.href);
    const previous = this.record();
    const scope = scopeUnion(url.searchParams.get('scope') ?? undefined, this.settings.scopes, previous?.tokens?.scope, previous?.pendingScopes, [
      ...this.stepUpScopes,
    ]);
    if (scope.length) url.searchParams.set('scope', scope.join(' '));
    await this.onAuthorizationUrl?.(url, this.stateValue ?? '');
    this.handedOff = url;
  }

  /** The authorization URL handed off since the last call (the login loop then waits for the browser). */
  takeHandedOff(): URL | undefined {
    const url = this.handedOff;
    this.handedOff = undefined;
    return url;
  }

  saveCodeVerifier(verifier: string): void {
    registerSecret(verifier);
    this.verifier = verifier;
  }

  codeVerifier(): string {
    if (!this.verifier) throw new AuthError('AUTH_FAILED', `no PKCE verifier for this sign-in to "${this.server.name}"`);
    return this.verifier;
  }

  /**
   * The discovery of this sign-in (kept with its PKCE verifier: the SDK checks on the callback leg that the code goes
   * to the authorization server the flow started with). Stored mode keeps none: every run discovers afresh.
   */
  discoveryState(): OAuthDiscoveryState | undefined {
    return this.mode === 'interactive' || this.verifier ? this.flowDiscovery : undefined;
  }

  /**
   * interactive: discover the authorization server when the MCP endpoint first answers 401, before the SDK's auth()
   * runs. The SDK reads `clientMetadata` (with the registration's token endpoint auth method, chosen from the
   * server's metadata) before it discovers; its own discovery then uses this one. A discovery that fails here is left
   * to the SDK's, which reports it.
   */
  async prepareSignIn(serverUrl: string, resourceMetadataUrl: URL | undefined, fetchFn: FetchLike): Promise<void> {
    if (this.mode !== 'interactive' || this.flowDiscovery) return;
    let info: OAuthServerInfo;
    try {
      info = await discoverOAuthServerInfo(serverUrl, { ...(resourceMetadataUrl ? { resourceMetadataUrl } : {}), fetchFn });
    } catch {
      return;
    }
    this.saveDiscoveryState({ ...info, ...(resourceMetadataUrl ? { resourceMetadataUrl: resourceMetadataUrl.href } : {}) });
  }

  invalidateCredentials(scope: 'all' | 'client' | 'tokens' | 'verifier' | 'discovery'): void {
    if (scope === 'verifier') this.verifier = undefined;
    if (scope === 'discovery') this.flowDiscovery = undefined;
    if (scope === 'verifier' || scope === 'discovery') return;
    if (scope === 'all' || scope === 'tokens') {
      this.fresh = undefined;
      this.invalidated = 'the authorization server refused the stored refresh token';
    } else this.invalidated = 'the authorization server no longer knows the registered client';
    if (!this.record()) return;
    this.update((record) => ({
      ...record,
      ...(scope === 'all' || scope === 'tokens' ? { tokens: undefined, obtainedAt: undefined, expiresAt: undefined } : {}),
      ...(scope === 'all' || scope === 'client' ? { client: undefined } : {}),
    }));
  }

  /** The server asked for more scope: remembered so the next `mcpns auth login` requests it. */
  override noteStepUp(scope: string | undefined): void {
    super.noteStepUp(scope);
    if (this.mode !== 'stored' || !this.record()) return;
    const wanted = scopeUnion(this.record()?.pendingScopes, [...this.stepUpScopes]);
    if (wanted.join(' ') !== (this.record()?.pendingScopes ?? []).join(' ')) this.update((record) => ({ ...record, pendingScopes: wanted }));
  }

  private whySignInIsNeeded(): string {
    const name = this.server.name;
    if (this.stepUpScopes.size) {
      const granted = this.record()?.tokens?.scope;
      return `"${name}" asks for more access (scope ${[...this.stepUpScopes].join(' ')}) than the sign-in granted${granted ? ` (${granted})` : ''}`;
    }
    const tokens = this.record()?.tokens;
    if (this.invalidated) return `the sign-in to "${name}" is no longer valid: ${this.invalidated}`;
    if (this.refreshFailure) return `the sign-in to "${name}" expired and refreshing it failed: ${this.refreshFailure}`;
    if (tokens && !tokens.refresh_token) return `the sign-in to "${name}" expired and there is no refresh token`;
    if (tokens) return `the sign-in to "${name}" expired and could not be refreshed`;
    return `not signed in to "${name}": the server requires OAuth sign-in`;
  }
}
