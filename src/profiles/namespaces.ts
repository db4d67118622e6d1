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
