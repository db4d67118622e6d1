import { createPrivateKey } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { AddClientAuthentication, OAuthClientProvider, OAuthClientInformationMixed, OAuthClientMetadata, OAuthTokens } from '@modelcontextprotocol/client';
import { registerSecret } from '../util/redact.js';
import { AuthError } from './errors.js';
import { sameIssuer, scopeUnion, StoreBackedProvider, type ProviderOptions } from './stored-provider.js';

/** private_key_jwt's algorithm when the config names none. */
export const DEFAULT_SIGNING_ALGORITHM = 'RS256';

/**
 * CI without a browser: the client_credentials grant with a client secret (client_secret_basic or _post, whichever the
 * authorization server advertises: the SDK picks) or a private key (private_key_jwt, SEP-1046, signed by the SDK's
 * `createPrivateKeyJwtAuth`). Tokens are obtained on demand by any command and kept in the token store; no login.
 *
 * Not the SDK's ClientCredentialsProvider/PrivateKeyJwtProvider classes themselves: those take the authorization
 * server (`expectedIssuer`) up front or warn on stderr, and keep tokens in memory only. Here the credentials are bound
 * to `oauth.issuer` when configured, else to the first authorization server that accepts them (remembered in the
 * store), and are never sent to another one.
 */
export class ClientCredentialsGrantProvider extends StoreBackedProvider implements OAuthClientProvider {
  readonly redirectUrl = undefined;
  addClientAuthentication?: AddClientAuthentication;

  constructor(options: ProviderOptions) {
    super(options);
    const { privateKey, privateKeyFile } = options.settings;
    if (privateKey || privateKeyFile) this.addClientAuthentication = (headers, params, url, metadata) => this.signAssertion(headers, params, url, metadata);
  }

  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: 'mcpns',
      redirect_uris: [],
      grant_types: ['client_credentials'],
      token_endpoint_auth_method: this.addClientAuthentication ? 'private_key_jwt' : 'client_secret_basic',
      ...(this.requestedScope() ? { scope: this.requestedScope() } : {}),
    };
  }

  /** Configured scopes, the 401's scope and any step-up scope. */
  private requestedScope(): string {
    return scopeUnion(this.settings.scopes, this.challengeScope, [...this.stepUpScopes]).join(' ');
  }

  /** The authorization server the credentials belong to: `oauth.issuer`, else the one that first accepted them. */
  private boundIssuer(): string | undefined {
    const record = this.record();
    const remembered =
      record?.client?.kind === 'client-credentials' && record.client.information.client_id === this.settings.clientId ? record.issuer : undefined;
    return this.settings.issuer ?? remembered;
  }

  protected checkIssuer(issuer: string): void {
    const bound = this.boundIssuer();
    if (!bound || sameIssuer(bound, issuer)) return;
    throw new AuthError(
      'AUTH_FAILED',
      `"${this.server.name}" now names the authorization server ${issuer}, but its client credentials belong to ${bound}; they were not sent`,
      {
        hint: this.settings.issuer
          ? 'correct oauth.issuer if the server really moved'
          : `if the move is expected, forget the old binding with: mcpns auth logout ${this.server.name}`,
      },
    );
  }

  clientInformation(): OAuthClientInformationMixed {
    const bound = this.boundIssuer();
    return {
      client_id: this.settings.clientId ?? '',
      ...(this.settings.clientSecret ? { client_secret: this.settings.clientSecret } : {}),
      ...(bound ? { issuer: bound } : {}),
    } as OAuthClientInformationMixed;
  }

  /** The SDK stamps the credentials with the authorization server that accepted them: remembered (never the secret). */
  saveClientInformation(information: OAuthClientInformationMixed): void {
    this.update((record) => ({
      ...record,
      client: { kind: 'client-credentials', information: { client_id: information.client_id, ...(information.issuer ? { issuer: information.issuer } : {}) } },
      issuer: information.issuer ?? record.issuer,
    }));
  }

  tokens(): OAuthTokens | undefined {
    const tokens = this.record()?.tokens;
    const bound = this.boundIssuer();
    // A token of another authorization server is not presented (it would only be refused).
    return tokens && (!bound || !tokens.issuer || sameIssuer(bound, tokens.issuer)) ? tokens : undefined;
  }

  saveTokens(tokens: OAuthTokens): void {
    this.update((record) => this.withTokens(record, tokens));
  }

  redirectToAuthorization(): void {
    throw new AuthError('AUTH_FAILED', `"${this.server.name}" uses client_credentials: it never opens a browser`);
  }

  saveCodeVerifier(): void {}

  codeVerifier(): string {
    throw new AuthError('AUTH_FAILED', 'client_credentials has no PKCE verifier');
  }

  prepareTokenRequest(): URLSearchParams {
    const params = new URLSearchParams({ grant_type: 'client_credentials' });
    const scope = this.requestedScope();
    if (scope) params.set('scope', scope);
    return params;
  }

  invalidateCredentials(scope: 'all' | 'client' | 'tokens' | 'verifier' | 'discovery'): void {
    if ((scope === 'all' || scope === 'tokens') && this.record()?.tokens) {
      this.update((record) => ({ ...record, tokens: undefined, obtainedAt: undefined, expiresAt: undefined }));
    }
  }

  private async signAssertion(...args: Parameters<AddClientAuthentication>): Promise<void> {
    const { createPrivateKeyJwtAuth } = await import('@modelcontextprotocol/client');
    const clientId = this.settings.clientId ?? '';
    const sign = createPrivateKeyJwtAuth({
      issuer: clientId,
      subject: clientId,
      privateKey: this.privateKeyPkcs8(),
      alg: this.settings.signingAlgorithm ?? DEFAULT_SIGNING_ALGORITHM,
    });
    try {
      await sign(...args);
    } catch (error) {
      // jose's messages describe the key's kind, never its bytes; still, say only what is needed.
      throw new AuthError(
        'AUTH_FAILED',
        `cannot sign the client assertion for "${this.server.name}" with ${this.settings.signingAlgorithm ?? DEFAULT_SIGNING_ALGORITHM}: ${(error as Error).name}`,
        {
          hint: 'check that oauth.signingAlgorithm matches the key (RS256 for RSA keys, ES256 for P-256 keys…)',
        },
      );
    }
  }

  /** The configured key as PKCS#8 PEM (what the SDK's signer imports), whatever PEM flavour was given. */
  private privateKeyPkcs8(): string {
    let pem = this.settings.privateKey;
    if (!pem && this.settings.privateKeyFile) {
      try {
        pem = readFileSync(this.settings.privateKeyFile, 'utf8');
      } catch (error) {
        throw new AuthError(
          'AUTH_FAILED',
          `cannot read oauth.privateKeyFile ${this.settings.privateKeyFile}: ${(error as NodeJS.ErrnoException).code ?? 'unreadable'}`,
        );
      }
    }
    registerSecret(pem);
    try {
      const pkcs8 = createPrivateKey(pem ?? '')
        .export({ type: 'pkcs8', format: 'pem' })
        .toString();
      registerSecret(pkcs8);
      return pkcs8;
    } catch {
      throw new AuthError('AUTH_FAILED', `the private key of "${this.server.name}" is not a PEM private key`, {
        hint: this.settings.privateKeyFile ? `check ${this.settings.privateKeyFile}` : 'check oauth.privateKey',
      });
    }
  }
}
