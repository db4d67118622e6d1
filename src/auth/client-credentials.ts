import { createHash, createPrivateKey, randomBytes, timingSafeEqual } from 'node:crypto';
import type { AddClientAuthentication, OAuthClientProvider, OAuthClientInformationMixed, OAuthClientMetadata, OAuthTokens } from '@modelcontextprotocol/client';
import { readRegularFile, UnreadableFileError } from '../util/read-file.js';
import { registerSecret } from '../util/redact.js';
import { AuthError } from '../discovery/auth-error.js';
import { hasExpired, sameIssuer, scopeUnion, StoreBackedProvider, type ProviderOptions } from './stored-provider.js';

/** private_key_jwt's algorithm when the config names none. */
export const DEFAULT_SIGNING_ALGORITHM = 'RS256';

/** A PEM private key is a few kilobytes (an RSA 8192-bit key about 6 KB). */
const MAX_KEY_FILE_BYTES = 256 * 1024;

/** `sha256:<salt>:<digest>` of the credentials a token was obtained with (salted: the file never helps guess a secret). */
function hashCredentials(fingerprint: string, salt = randomBytes(16).toString('hex')): string {
  return `sha256:${salt}:${createHash('sha256').update(`${salt}\n${fingerprint}`).digest('hex')}`;
}

function credentialsMatch(stored: string | undefined, fingerprint: string): boolean {
  const salt = /^sha256:([0-9a-f]{32}):[0-9a-f]{64}$/.exec(stored ?? '')?.[1];
  if (!salt || !stored) return false;
  const expected = Buffer.from(hashCredentials(fingerprint, salt));
  const actual = Buffer.from(stored);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

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
  private keyText: string | undefined;
  /** The stored token was obtained by this provider (this run), with the configured credentials. */
  private obtainedNow = false;

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
    const record = this.record();
    const tokens = record?.tokens;
    if (!tokens) return undefined;
    const bound = this.boundIssuer();
    // A token of another authorization server is not presented (it would only be refused).
    if (bound && tokens.issuer && !sameIssuer(bound, tokens.issuer)) return undefined;
    // Obtained just now: used for the request it was obtained for, whatever lifetime it announced.
    if (this.obtainedNow) return tokens;
    // Expired: a new one is asked for at once. Obtained with other credentials (a rotated or wrong secret, another
    // key): the configured credentials are tried now, not hidden behind a cached token until it expires.
    if (hasExpired(record, this.now()) || !credentialsMatch(record.credentials, this.credentialsFingerprint())) return undefined;
    return tokens;
  }

  saveTokens(tokens: OAuthTokens): void {
    this.update((record) => ({ ...this.withTokens(record, tokens), credentials: hashCredentials(this.credentialsFingerprint()) }));
    this.obtainedNow = true;
  }

  /** What identifies the configured credentials (never stored as such: only a salted hash of it). */
  private credentialsFingerprint(): string {
    const { clientId, clientSecret, signingAlgorithm } = this.settings;
    const key = this.addClientAuthentication ? this.privateKeyPem() : '';
    return JSON.stringify([clientId ?? '', clientSecret ?? '', key, key ? (signingAlgorithm ?? DEFAULT_SIGNING_ALGORITHM) : '']);
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
    if (scope === 'all' || scope === 'tokens') this.obtainedNow = false;
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

  /** The configured key as given (inline, or the file's text: a regular file, bounded), read once. */
  private privateKeyPem(): string | undefined {
    if (this.keyText !== undefined || (!this.settings.privateKey && !this.settings.privateKeyFile)) return this.keyText;
    let pem = this.settings.privateKey;
    if (!pem && this.settings.privateKeyFile) {
      try {
        pem = readRegularFile(this.settings.privateKeyFile, MAX_KEY_FILE_BYTES);
      } catch (error) {
        const why = error instanceof UnreadableFileError ? error.message : `cannot read ${this.settings.privateKeyFile}`;
        throw new AuthError('AUTH_FAILED', `cannot read oauth.privateKeyFile: ${why}`);
      }
    }
    registerSecret(pem);
    this.keyText = pem;
    return pem;
  }

  /** The configured key as PKCS#8 PEM (what the SDK's signer imports), whatever PEM flavour was given. */
  private privateKeyPkcs8(): string {
    const pem = this.privateKeyPem();
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
