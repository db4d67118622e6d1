import { toPointer } from '../config/json-text.js';
import type { Diagnostic } from '../config/model.js';
import type { LoadedConfig } from '../config/loaded.js';
import type { Namespace } from '../config/schema.js';
import { linearRegExp, type LinearRegExp } from '../util/linear-regexp.js';

/** A configured namespace with its name (config key). */
export interface NamedNamespace extends Namespace {
  name: string;
}

/**
 * Server → the namespaces listing it, in namespace-name order. A server may belong to several
 * namespaces; every one of them applies (lint checks each, a disabled one hides the server).
 */
export function namespacesByServer(config: LoadedConfig): Map<string, NamedNamespace[]> {
  const byServer = new Map<string, NamedNamespace[]>();
  for (const name of Object.keys(config.namespaces).sort()) {
    const namespace = { ...config.namespaces[name]!, name };
    for (const server of new Set(namespace.servers)) {
      const list = byServer.get(server);
      if (list) list.push(namespace);
      else byServer.set(server, [namespace]);
    }
  }
  return byServer;
}

/**
 * A namespace pattern with the `u` flag, on the linear-time engine (tool names come from servers: a pattern such as
 * `^(a+)+$` must not hang `lint` on a crafted name). Config loading validated it the same way, so an invalid or
 * unsupported pattern never gets this far.
 */
export function namespacePattern(pattern: string): LinearRegExp {
  return linearRegExp(pattern, 'u');
}

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
