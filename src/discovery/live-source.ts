import { resolve } from 'node:path';
import type { CatalogServer } from '../catalog/types.js';
import { displayPath } from '../config/load.js';
import type { ServerSpec } from '../config/model.js';
import type { ServerDiscovery, ToolSource } from './types.js';

export interface LiveSourceOptions {
  /** Also start servers that are disabled in config (--include-disabled). */
  includeDisabled?: boolean;
  /** Servers a profile hides entirely, with the reason: never started, reported as disabled. */
  hiddenByProfile?: ReadonlyMap<string, string>;
  /** Directory config-relative source paths are shown against. */
  cwd: string;
}

/**
 * Live servers from configuration. Enabled servers are started (concurrently, each under its deadline; the MCP SDK is
 * loaded only here); disabled ones, and the ones a profile hides entirely, are reported with status `disabled`.
 */
export function liveSource(servers: readonly ServerSpec[], options: LiveSourceOptions): ToolSource {
  return {
    serverNames: [...new Set(servers.map((server) => server.name))],
    async discover(selected, discoveryOptions) {
      const wanted = selected ? new Set(selected) : undefined;
      const chosen = wanted ? servers.filter((server) => wanted.has(server.name)) : servers;
      const hidden = options.hiddenByProfile ?? new Map<string, string>();
      const toStart = chosen.filter((server) => (server.enabled || options.includeDisabled === true) && !hidden.has(server.name));
      const skipped = chosen
        .filter((server) => !toStart.includes(server))
        .map((server) => disabledDiscovery(hidden.has(server.name) ? { ...server, disabledReason: hidden.get(server.name)! } : server, options.cwd));
      if (!toStart.length) return skipped;
      const { discoverServers } = await import('./discover.js');
      return [...(await discoverServers(toStart, discoveryOptions)), ...skipped];
    },
  };
}

function disabledDiscovery(server: ServerSpec, cwd: string): ServerDiscovery {
  const catalogServer: CatalogServer = {
    name: server.name,
    transport: server.transport,
    source: displayPath(resolve(cwd, server.source.file), cwd),
    client: server.source.client,
    status: 'disabled',
    toolCount: 0,
    ...(server.disabledReason ? { notes: [server.disabledReason] } : {}),
  };
  return { server: catalogServer, tools: [], stderr: '' };
}
