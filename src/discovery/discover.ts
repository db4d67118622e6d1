import type { ServerSpec } from '../config/model.js';
import type { DiscoveryOptions, ServerDiscovery } from './types.js';

/** Placeholder until the discovery engine lands. */
export async function discoverServers(servers: ServerSpec[], _options: DiscoveryOptions): Promise<ServerDiscovery[]> {
  return servers.map((server) => ({
    server: {
      name: server.name,
      transport: server.transport,
      source: server.source.file,
      client: server.source.client,
      status: 'error',
      error: { code: 'SPAWN_FAILED', message: 'discovery is not implemented yet' },
      toolCount: 0,
    },
    tools: [],
    stderr: '',
  }));
}
