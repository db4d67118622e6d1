import type { FetchLike, OAuthClientProvider } from '@modelcontextprotocol/client';
import type { ServerSpec } from '../config/model.js';

// The port discovery consumes for OAuth (src/auth implements it with the token store and its providers): discovery
// asks the resolver for each HTTP server's authorization and never imports src/auth.

/** OAuth for one connection attempt: the SDK provider, a fetch that watches the server's challenges, and error wording. */
export interface ServerAuth {
  readonly provider: OAuthClientProvider;
  /**
   * The transport's fetch: notes 401/403 challenges of the MCP endpoint (scope, resource_metadata, step-up). Every
   * authorization-side request (metadata, registration, token, refresh) is capped in size, ends when `signal`
   * aborts, and is refused before it is sent when it would carry anything over plain http elsewhere than this machine.
   */
  wrapFetch(base: FetchLike, options?: { signal?: AbortSignal }): FetchLike;
  /** An authorization failure as an AuthError with a clear message and hint; any other error as it is. */
  explain(error: unknown): unknown;
  /** What the last challenge said: a login exchanges its code with the same resource metadata URL and scope. */
  readonly challenge: { resourceMetadataUrl?: URL; scope?: string };
}

/** Which servers get OAuth, and how (undefined: none, e.g. a stdio server or a configured Authorization header). */
export type AuthResolver = (spec: ServerSpec) => ServerAuth | undefined;
