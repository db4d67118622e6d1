import type { DiscoveredTool, ServerDiscovery } from '../catalog/types.js';
import type { ToolSource } from './types.js';
import type { Catalog } from '../catalog/types.js';

/** A saved catalog document (`list --json` output or a snapshot) as a source: no server is started. */
export function catalogSource(catalog: Catalog): ToolSource {
  return {
    serverNames: catalog.servers.map((server) => server.name),
    generatedAt: catalog.generatedAt || undefined,
    async discover(selected) {
      const wanted = selected ? new Set(selected) : undefined;
      const byServer = new Map<string, DiscoveredTool[]>();
      for (const tool of catalog.tools) {
        if (wanted && !wanted.has(tool.server)) continue;
        const { qualifiedName: _qualifiedName, ...discovered } = tool;
        const list = byServer.get(tool.server);
        if (list) list.push(discovered);
        else byServer.set(tool.server, [discovered]);
      }
      return catalog.servers
        .filter((server) => !wanted || wanted.has(server.name))
        .map((server): ServerDiscovery => ({ server, tools: byServer.get(server.name) ?? [], stderr: '' }));
    },
  };
}
