import type { LoadedConfig } from '../config/loaded.js';
import { defineOwn, own } from '../util/own.js';

/** Server → namespace prefix from config `namespaces` (used by the `prefix` style). */
export function namespacePrefixes(config: LoadedConfig): Record<string, string> {
  const prefixes: Record<string, string> = {};
  for (const namespace of Object.values(config.namespaces)) {
    if (namespace.prefix === undefined) continue;
    for (const server of namespace.servers) if (own(prefixes, server) === undefined) defineOwn(prefixes, server, namespace.prefix);
  }
  return prefixes;
}
