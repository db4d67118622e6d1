import { toPointer } from './json-text.js';
import type { LoadedConfig } from './loaded.js';
import type { Diagnostic } from './model.js';

/**
 * Config diagnostics for namespaces: a namespace naming a server that no config source declares.
 * A warning, not an error: namespaces are often shared between machines and client setups where
 * not every server is installed, and `--server`/`--client` legitimately narrow what is loaded.
 */
export function namespaceDiagnostics(config: LoadedConfig): Diagnostic[] {
  const known = new Set(config.servers.map((server) => server.name));
  const diagnostics: Diagnostic[] = [];
  for (const name of Object.keys(config.namespaces).sort()) {
    for (const server of config.namespaces[name]!.servers) {
      if (known.has(server)) continue;
      diagnostics.push({
        level: 'warning',
        code: 'NAMESPACE_UNKNOWN_SERVER',
        message: `namespace "${name}" lists server "${server}", which no config source declares${
          known.size ? ` (known: ${[...known].sort().join(', ')})` : ''
        }`,
        pointer: toPointer(['namespaces', name, 'servers']),
      });
    }
  }
  return diagnostics;
}
