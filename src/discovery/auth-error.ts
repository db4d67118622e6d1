import { McpnsError } from '../errors.js';
import type { ServerSpec } from '../config/model.js';

/**
 * Why a server's OAuth sign-in is not usable. `AUTH_REQUIRED`: a person must sign in (`mcpns auth login <server>`);
 * everyday commands never open a browser, so they stop here. `AUTH_FAILED`: the flow itself failed (metadata missing
 * or invalid, a `resource` that is not this server, the authorization server refusing, a denied consent…).
 * `AUTH_STORE_INVALID`: a token file is corrupt or from another version. `AUTH_IN_PROGRESS`: another login holds the
 * server's lock. Messages never contain token, secret, code or verifier values.
 */
export class AuthError extends McpnsError {
  constructor(
    code: 'AUTH_REQUIRED' | 'AUTH_FAILED' | 'AUTH_STORE_INVALID' | 'AUTH_IN_PROGRESS',
    message: string,
    options: { hint?: string; cause?: unknown; details?: Record<string, unknown>; file?: string } = {},
  ) {
    super(code, message, {
      ...(options.hint ? { hint: options.hint } : {}),
      ...(options.cause !== undefined ? { cause: options.cause } : {}),
      ...(options.details ? { details: options.details } : {}),
      ...(options.file ? { location: { file: options.file } } : {}),
    });
    this.name = 'AuthError';
  }
}

/** The command a person runs to sign in to a server (the hint of every AUTH_REQUIRED). */
export function loginCommand(server: string): string {
  return `mcpns auth login ${/^[\w.@:-]+$/.test(server) ? server : `'${server.replace(/'/g, `'\\''`)}'`}`;
}

/** AUTH_REQUIRED with the login hint. */
export function signInRequired(server: string, reason: string, cause?: unknown): AuthError {
  return new AuthError('AUTH_REQUIRED', reason, { hint: `sign in with: ${loginCommand(server)}`, ...(cause !== undefined ? { cause } : {}) });
}

/** A configured `Authorization` header is the server's authentication: OAuth is not used for it. */
export function usesStaticAuthorization(spec: Pick<ServerSpec, 'headers'>): boolean {
  return Object.keys(spec.headers ?? {}).some((name) => name.toLowerCase() === 'authorization');
}

/** What to do about a server that refuses access, by how it authenticates. */
export function authHint(spec: Pick<ServerSpec, 'name' | 'headers' | 'oauth'>, cause?: unknown): string {
  if (cause instanceof McpnsError && cause.hint) return cause.hint;
  if (usesStaticAuthorization(spec)) return 'the configured Authorization header was refused; check its value';
  if (spec.oauth?.grantType === 'client_credentials')
    return `check the client credentials of "${spec.name}" (oauth.clientId, oauth.clientSecret or the private key)`;
  return `sign in with: ${loginCommand(spec.name)}`;
}
