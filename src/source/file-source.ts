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
      // The document's own tool objects, not copies (a million tools are not copied once more): buildCatalog makes
      // the catalog's entries from them and gives each its slash-style qualifiedName again.
      const byServer = new Map<string, DiscoveredTool[]>();
      for (const tool of catalog.tools) {
        if (wanted && !wanted.has(tool.server)) continue;
        const list = byServer.get(tool.server);
        if (list) list.push(tool);
        else byServer.set(tool.server, [tool]);
      }
      return catalog.servers
        .filter((server) => !wanted || wanted.has(server.name))
        .map((server): ServerDiscovery => ({ server, tools: byServer.get(server.name) ?? [], stderr: '' }));
    },
  };
}
