import type { ServerDiscovery } from '../catalog/types.js';
import type { ToolSource } from './types.js';

/** Discoveries held in memory (tests, library users who list tools themselves) as a source. */
export function memorySource(discoveries: readonly ServerDiscovery[], generatedAt?: string): ToolSource {
  return {
    serverNames: discoveries.map((discovery) => discovery.server.name),
    generatedAt,
    async discover(selected) {
      const wanted = selected ? new Set(selected) : undefined;
      return discoveries.filter((discovery) => !wanted || wanted.has(discovery.server.name));
    },
  };
}
