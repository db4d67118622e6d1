import {
  extractWWWAuthenticateParams,
  IssuerMismatchError,
  OAuthError,
  RegistrationRejectedError,
  UnauthorizedError,
  type OAuthClientProvider,
  type FetchLike,
} from '@modelcontextprotocol/client';
import type { ServerSpec } from '../config/model.js';
import { httpStatus, ResponseTooLargeError } from '../discovery/errors.js';
import { cappedFetch } from '../discovery/capped-fetch.js';
import { formatBytes } from '../util/json-walk.js';
import { redactUrl, SecretSet } from '../util/redact.js';
import { AuthorizationCodeProvider } from './authorization-code.js';
import { assertSecureEndpoint } from './browser.js';
import { ClientCredentialsGrantProvider } from './client-credentials.js';
import { AuthError, authHint, signInRequired, usesStaticAuthorization } from '../discovery/auth-error.js';
import { storeKey, type TokenStore } from './store.js';
import type { StoreBackedProvider } from './stored-provider.js';
import type { AuthResolver, ServerAuth } from '../discovery/auth-port.js';

/**
 * Largest answer read from an authorization server or a metadata document (real ones are a few kilobytes): a
 * 400 MiB or endless token answer is cut off here.
 */
export const MAX_OAUTH_RESPONSE_BYTES = 1024 * 1024;

/**
 * OAuth for everyday commands: stored tokens, refreshed when expired or refused, never a browser. Servers with a
 * configured `Authorization` header keep using it unchanged; `oauth.grantType: "client_credentials"` gets tokens on
 * demand.
 */
export function createAuthResolver(options: { store: TokenStore; now?: () => Date }): AuthResolver {
  return (spec) => {
    if ((spec.transport !== 'http' && spec.transport !== 'sse') || !spec.url || usesStaticAuthorization(spec)) return undefined;
    const settings = spec.oauth ?? {};
    const common = {
      server: { name: spec.name, url: spec.url, key: storeKey(spec) },
      settings,
      store: options.store,
      ...(options.now ? { now: options.now } : {}),
    };
    const provider =
      settings.grantType === 'client_credentials' ? new ClientCredentialsGrantProvider(common) : new AuthorizationCodeProvider({ ...common, mode: 'stored' });
    return serverAuth(spec, provider);
  };
}

/** Bind a provider to one server's connection attempt. */
export function serverAuth(spec: ServerSpec, provider: OAuthClientProvider & StoreBackedProvider): ServerAuth {
  const endpoint = endpointOf(spec.url ?? '');
  const challenge: ServerAuth['challenge'] = {};
  /** True from a 401/403 of the MCP endpoint until it answers a request successfully again. */
  let challenged = false;
  /** Last URL of an authorization-side request (discovery, registration, token): names the document that failed. */
  let lastAuthUrl: string | undefined;
  let tokenEndpointFailure: string | undefined;

  return {
    provider,
    challenge,
    wrapFetch(base, options = {}) {
      const wrapped: FetchLike = async (input, init) => {
        const url = typeof input === 'string' ? input : input.href;
        const isEndpoint = endpointOf(url) === endpoint;
        if (!isEndpoint) {
          lastAuthUrl = url;
          // Registrations and token requests (codes, verifiers, refresh tokens, client secrets) go over https only.
          if (init?.method === 'POST') assertSecureEndpoint(url, isTokenRequest(init) ? 'token endpoint' : 'authorization server endpoint');
        }
        const signal = options.signal && init?.signal ? AbortSignal.any([options.signal, init.signal]) : (options.signal ?? init?.signal);
        const cutOff = (): void => {
          // The SDK gives up on a failed refresh quietly: the reason is kept for the AUTH_REQUIRED message.
          if (!isTokenRequest(init)) return;
          tokenEndpointFailure = `the answer of ${redactUrl(url)} was larger than ${formatBytes(MAX_OAUTH_RESPONSE_BYTES)}; reading stopped there`;
          if (provider instanceof AuthorizationCodeProvider) provider.refreshFailure = tokenEndpointFailure;
        };
        const response = isEndpoint
          ? await base(input, init)
          : await cappedFetch(MAX_OAUTH_RESPONSE_BYTES, cutOff, base)(input, { ...init, ...(signal ? { signal } : {}) });
        if (isEndpoint) {
          if (response.status === 401 || response.status === 403) {
            challenged = true;
            const params = extractWWWAuthenticateParams(response);
            if (params.resourceMetadataUrl) challenge.resourceMetadataUrl = params.resourceMetadataUrl;
            if (response.status === 401) {
              challenge.scope = params.scope;
              provider.noteChallenge(params.scope);
              if (provider instanceof AuthorizationCodeProvider) await provider.prepareSignIn(spec.url ?? url, params.resourceMetadataUrl, wrapped);
            } else if (params.error === 'insufficient_scope') {
              if (params.scope) challenge.scope = params.scope;
              provider.noteStepUp(params.scope);
            }
          } else if (response.ok) challenged = false;
        } else if (!response.ok && isTokenRequest(init)) {
          tokenEndpointFailure = `the token endpoint answered HTTP ${response.status}`;
          if (provider instanceof AuthorizationCodeProvider) provider.refreshFailure = tokenEndpointFailure;
        }
        return response;
      };
      return wrapped;
    },
    explain(error) {
      if (error instanceof AuthError) return error;
      if (!challenged) return error;
      const name = spec.name;
      const credentials = provider instanceof ClientCredentialsGrantProvider;
      const status = httpStatus(error);
      if (error instanceof UnauthorizedError || status === 401) {
        const why = status === 401 ? `"${name}" refuses the token even after a new one was obtained` : `"${name}" refused the sign-in`;
        return credentials
          ? new AuthError('AUTH_FAILED', `${why}${tokenEndpointFailure ? ` (${tokenEndpointFailure})` : ''}`, { hint: authHint(spec) })
          : signInRequired(name, why);
      }
      if (status === 403) {
        const scope = challenge.scope ? ` (scope ${challenge.scope})` : '';
        return credentials
          ? new AuthError('AUTH_FAILED', `"${name}" asks for more access${scope} than the client credentials are granted`, { hint: authHint(spec) })
          : signInRequired(name, `"${name}" asks for more access${scope} than the sign-in granted`);
      }
      if (status !== undefined) return error;
      return new AuthError('AUTH_FAILED', `OAuth sign-in to "${name}" failed: ${describeAuthFailure(error, lastAuthUrl)}`, {
        hint: authHint(spec),
        cause: error,
      });
    },
  };
}

/** A request to a token endpoint (a form body with `grant_type`). */
function isTokenRequest(init: RequestInit | undefined): boolean {
  if (init?.method !== 'POST' || !(init.body instanceof URLSearchParams || typeof init.body === 'string')) return false;
  return /(^|&)grant_type=/.test(String(init.body));
}

/** Scheme, host, port and path: what identifies the MCP endpoint among the requests a transport makes. */
function endpointOf(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.origin}${parsed.pathname}`;
  } catch {
    return url;
  }
}

/** One sentence for an error of the SDK's OAuth machinery (discovery, registration, token endpoint). */
export function describeAuthFailure(error: unknown, lastUrl: string | undefined): string {
  const where = lastUrl ? redactUrl(lastUrl) : undefined;
  if (error instanceof ResponseTooLargeError)
    return `the answer of ${where ?? 'the authorization server'} was larger than ${formatBytes(error.limitBytes)}; reading stopped there`;
  const issues = (error as { issues?: Array<{ path?: PropertyKey[]; message?: string }> } | undefined)?.issues;
  if (Array.isArray(issues) && issues.length) {
    const first = issues
      .slice(0, 3)
      .map((issue) => `${(issue.path ?? []).map(String).join('.') || '(root)'}: ${issue.message ?? 'invalid'}`)
      .join('; ');
    return `${where ? `the document at ${where}` : 'an OAuth document'} is invalid (${first})`;
  }
  if (error instanceof IssuerMismatchError) {
    // Values clipped: `received` comes from the browser's return, anyone's to forge.
    const received = error.received === undefined ? 'none' : `"${clip(error.received)}"`;
    return error.kind === 'authorization_response'
      ? `the browser came back with an issuer (iss) of ${received}, not the authorization server the sign-in went to ("${error.expected ?? ''}"); the code was not exchanged`
      : `the authorization server's metadata names the issuer ${received}, not the server it was read from ("${error.expected ?? ''}"); nothing was sent to it`;
  }
  if (error instanceof RegistrationRejectedError) {
    const answered = registrationErrorCode(error.body);
    return `the authorization server refused the client registration: HTTP ${error.status}${answered ? ` "${answered}"` : ''}${where ? ` (${where})` : ''}`;
  }
  // The OAuth error code the authorization server answered (an OAuthError's `code`, e.g. "invalid_grant").
  const oauthCode = error instanceof OAuthError ? error.code : undefined;
  const message = error instanceof Error ? clip(error.message) : clip(String(error));
  if (typeof oauthCode === 'string') return `the authorization server answered "${oauthCode}"${message ? `: ${message}` : ''}${where ? ` (${where})` : ''}`;
  if (error instanceof TypeError && where) {
    const code = (error.cause as { code?: unknown } | undefined)?.code;
    return `cannot reach ${where}${typeof code === 'string' ? ` (${code})` : ''}`;
  }
  return message;
}

/** The RFC 7591 `error` of a registration refusal's body, when it is one (a short token, never the raw body). */
function registrationErrorCode(body: unknown): string | undefined {
  if (typeof body !== 'string' || body.length > 64 * 1024) return undefined;
  try {
    const code = (JSON.parse(body) as { error?: unknown } | null)?.error;
    return typeof code === 'string' && /^[\w.-]{1,64}$/.test(code) ? code : undefined;
  } catch {
    return undefined;
  }
}

/** One line of at most 300 characters, redacted first (a secret cut in two would no longer be recognised). */
function clip(text: string): string {
  const line = new SecretSet().redact(text).replace(/\s+/g, ' ').trim();
  return line.length > 300 ? `${line.slice(0, 300)}…` : line;
}
