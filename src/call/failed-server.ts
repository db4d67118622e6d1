import type { CatalogServer } from '../catalog/types.js';
import { McpnsError } from '../errors.js';

/**
 * A server that failed discovery, as the error a command reports when it needed that server: the real cause (e.g.
 * AUTH_REQUIRED with its `mcpns auth login` hint) instead of "no tool named …".
 */
export function serverFailedError(server: string, error: NonNullable<CatalogServer['error']>): McpnsError {
  return new McpnsError(error.code === 'AUTH_REQUIRED' ? 'AUTH_REQUIRED' : 'TRANSPORT', `server "${server}" failed: ${error.code}: ${error.message}`, {
    ...(error.hint ? { hint: error.hint } : {}),
    details: { server, reason: error.code },
  });
}

/** TOOL_NOT_FOUND while some servers failed: their tools are unknown, so the hint names them and why. */
export function withFailedServers(error: McpnsError, servers: readonly CatalogServer[]): McpnsError {
  const failed = servers.filter((server) => server.status === 'error');
  if (error.code !== 'TOOL_NOT_FOUND' || !failed.length) return error;
  const which = failed.map((server) => `"${server.name}" (${server.error?.code ?? 'ERROR'}${server.error?.hint ? `: ${server.error.hint}` : ''})`).join(', ');
  return new McpnsError(error.code, error.message, {
    hint: `${failed.length === 1 ? 'a server' : `${failed.length} servers`} failed, so ${failed.length === 1 ? 'its' : 'their'} tools are unknown: ${which}`,
    details: { ...error.details, failedServers: failed.map((server) => ({ server: server.name, reason: server.error?.code })) },
  });
}
