import { resolve } from 'node:path';
import type { CatalogServer } from '../catalog/types.js';
import { displayPath } from '../config/load-core.js';
import type { ServerSpec } from '../config/model.js';
import { serverVerdict } from '../config/verdict.js';
import { withheldByGate } from '../profiles/client-filters.js';
import type { ServerDiscovery } from '../catalog/types.js';
import type { DiscoveryOptions } from '../discovery/types.js';
import type { ToolSource } from './types.js';

export interface LiveSourceOptions {
  /** Also start servers that are disabled in config (--include-disabled). */
  includeDisabled?: boolean;
  /** Servers a profile hides entirely, with the reason: never started, reported as disabled. */
  hiddenByProfile?: ReadonlyMap<string, string>;
  /** Directory config-relative source paths are shown against. */
  cwd: string;
  /**
   * Also start servers their client refuses, does not trust or does not offer (list --all), their tools marked hidden
   * with the client's reason.
   */
  includeRejected?: boolean;
  /**
   * Discovers the servers chosen to start (default: mcpns's own discovery, which loads the SDK). Tests and library
   * users may bring their own, e.g. to replay recorded tools without starting anything.
   */
  discover?: (servers: ServerSpec[], options: DiscoveryOptions) => Promise<ServerDiscovery[]>;
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
        server.enabled ||
        options.includeDisabled === true ||
        (options.includeRejected === true && (server.rejected !== undefined || server.gate !== undefined) && !server.duplicateOf);
      const toStart = chosen.filter((server) => startable(server) && !hidden.has(server.name));
      // Each catalog entry keeps its server's place in the config: a saved catalog re-rendered without the config still
      // numbers VS Code's shared prefixes in the order VS Code registers the servers.
      const place = new Map(servers.map((server, index) => [server, index]));
      const skipped = chosen
        .filter((server) => !toStart.includes(server))
        .map((server) => disabledDiscovery(server, options.cwd, hidden.get(server.name), place.get(server)!));
      if (!toStart.length) return skipped;
      const discover = options.discover ?? (await import('../discovery/discover.js')).discoverServers;
      const discovered = (await discover(toStart, discoveryOptions)).map((discovery, index) =>
        withVerdict(markRejected(discovery, toStart[index]!), toStart[index]!, place.get(toStart[index]!)!),
      );
      return [...discovered, ...skipped];
    },
  };
}

function disabledDiscovery(server: ServerSpec, cwd: string, profileReason: string | undefined, order: number): ServerDiscovery {
  const reason = profileReason ?? server.disabledReason;
  const verdict = serverVerdict(server);
  const kind: CatalogServer['disabledKind'] =
    profileReason !== undefined
      ? 'profile'
      : verdict.code === 'NOT_TRUSTED'
        ? 'not-trusted'
        : server.rejected
          ? 'rejected'
          : server.duplicateOf || server.shadowedBy
            ? 'duplicate'
            : verdict.code === 'NOT_APPROVED'
              ? 'not-approved'
              : 'disabled';
  const catalogServer: CatalogServer = {
    name: server.name,
    transport: server.transport,
    source: displayPath(resolve(cwd, server.source.file), cwd),
    client: server.source.client,
    order,
    status: 'disabled',
    disabledKind: kind,
    toolCount: 0,
    ...(reason ? { notes: [reason] } : {}),
    verdict,
  };
  return { server: catalogServer, tools: [], stderr: '' };
}

/**
 * The server's verdict on its catalog entry (what its client does with it, whatever mcpns's own discovery found). A
 * loaded server whose client withholds every tool it listed (a tool gate) is NOT_APPROVED after all.
 */
function withVerdict(discovery: ServerDiscovery, server: ServerSpec, order: number): ServerDiscovery {
  let verdict = serverVerdict(server);
  if (verdict.code === 'LOADED' && server.toolGate && discovery.tools.length) {
    const withheld = discovery.tools.map((tool) => withheldByGate(server, tool.name));
    if (withheld.every(Boolean)) verdict = { code: 'NOT_APPROVED', reason: `none of its tools is offered: ${withheld[0]!.reason}`, fix: withheld[0]!.fix };
  }
  return { ...discovery, server: { ...discovery.server, order, verdict } };
}

/**
 * A server its client refuses, does not trust or does not offer, discovered for `list --all`: its tools are not in
 * its client's catalog, so they are hidden with the client's reason.
 */
function markRejected(discovery: ServerDiscovery, server: ServerSpec): ServerDiscovery {
  if (server.enabled || (!server.rejected && !server.gate)) return discovery;
  const verdict = serverVerdict(server);
  const reason = server.rejected && verdict.code !== 'NOT_TRUSTED' ? server.rejected.reason : (server.gate?.reason ?? server.rejected!.reason);
  const hidden = { by: server.gate && verdict.code === server.gate.code ? `${server.source.client} ${server.gate.code}` : server.source.client, reason };
  return { ...discovery, tools: discovery.tools.map((tool) => ({ ...tool, hidden })) };
}
