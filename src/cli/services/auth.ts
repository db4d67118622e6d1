import type { AuthResolver } from '../../discovery/auth-port.js';
import { stateDirectory } from '../../auth/state-dir.js';
import { TokenStore } from '../../auth/store.js';
import type { ServerSpec } from '../../config/model.js';
import type { Runtime } from './command.js';

/** The OAuth token store of this run: `<state dir>/oauth` (MCPNS_STATE_DIR, XDG_STATE_HOME, or the platform's place). */
export function tokenStore(runtime: Runtime): TokenStore {
  return new TokenStore(stateDirectory({ env: runtime.io.env, home: runtime.io.home }));
}

/**
 * OAuth for everyday commands (stored tokens, refreshed when needed, never a browser), loaded only when an HTTP or SSE
 * server is among those a command may start.
 */
export async function authResolverFor(runtime: Runtime, servers: readonly ServerSpec[]): Promise<AuthResolver | undefined> {
  if (!servers.some((server) => server.transport === 'http' || server.transport === 'sse')) return undefined;
  const { createAuthResolver } = await import('../../auth/server-auth.js');
  return createAuthResolver({ store: tokenStore(runtime), now: () => runtime.io.now() });
}
