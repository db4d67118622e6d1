import { resolve } from 'node:path';
import type { CatalogServer } from '../catalog/types.js';
import { displayPath } from '../config/load-core.js';
import type { ServerSpec } from '../config/model.js';
import type { ServerDiscovery } from '../catalog/types.js';
import type { ToolSource } from './types.js';

export interface LiveSourceOptions {
  /** Also start servers that are disabled in config (--include-disabled). */
  includeDisabled?: boolean;
  /** Servers a profile hides entirely, with the reason: never started, reported as disabled. */
  hiddenByProfile?: ReadonlyMap<string, string>;
  /** Directory config-relative source paths are shown against. */
  cwd: string;
  /** Also start servers their client refuses (list --all), their tools marked hidden. */
  includeRejected?: boolean;
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
      const startable = (server: ServerSpec): boolean =>
        server.enabled || options.includeDisabled === true || (options.includeRejected === true && server.rejected !== undefined && !server.duplicateOf);
      const toStart = chosen.filter((server) => startable(server) && !hidden.has(server.name));
      const skipped = chosen.filter((server) => !toStart.includes(server)).map((server) => disabledDiscovery(server, options.cwd, hidden.get(server.name)));
      if (!toStart.length) return skipped;
      const { discoverServers } = await import('../discovery/discover.js');
      const discovered = (await discoverServers(toStart, discoveryOptions)).map((discovery, index) => markRejected(discovery, toStart[index]!));
      return [...discovered, ...skipped];
    },
  };
}

function disabledDiscovery(server: ServerSpec, cwd: string, profileReason: string | undefined): ServerDiscovery {
  const reason = profileReason ?? server.disabledReason;
  const kind: CatalogServer['disabledKind'] =
    profileReason !== undefined ? 'profile' : server.rejected ? 'rejected' : server.duplicateOf || server.shadowedBy ? 'duplicate' : 'disabled';
  const catalogServer: CatalogServer = {
    name: server.name,
    transport: server.transport,
    source: displayPath(resolve(cwd, server.source.file), cwd),
    client: server.source.client,
    status: 'disabled',
    disabledKind: kind,
    toolCount: 0,
    ...(reason ? { notes: [reason] } : {}),
  };
  return { server: catalogServer, tools: [], stderr: '' };
}

/** A refused server discovered for `list --all`: its tools are not in its client's catalog, so they are hidden. */
function markRejected(discovery: ServerDiscovery, server: ServerSpec): ServerDiscovery {
  if (!server.rejected || server.enabled) return discovery;
  const hidden = { by: server.source.client, reason: server.rejected.reason };
  return { ...discovery, tools: discovery.tools.map((tool) => ({ ...tool, hidden })) };
}
