import type { LoadedConfig } from '../config/loaded.js';
import type { Namespace } from '../config/schema.js';

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

const compiled = new Map<string, RegExp>();

/**
 * A namespace pattern compiled once, with the `u` flag (the same flags config loading validated
 * it with, so an invalid pattern never gets this far).
 */
export function namespacePattern(pattern: string): RegExp {
  let regex = compiled.get(pattern);
  if (!regex) {
    regex = new RegExp(pattern, 'u');
    compiled.set(pattern, regex);
  }
  return regex;
}
