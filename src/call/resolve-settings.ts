import { clientPresets } from '../config/client-presets.js';
import type { LoadedConfig } from '../config/loaded.js';
import { DEFAULT_STYLE } from '../naming/index.js';
import { namespacePrefixes } from '../naming/prefixes.js';
import { priorityFunction } from './priority.js';
import type { ResolveOptions } from './resolve.js';

/** The flags that decide how a name resolves (call, route and plan validate spell them the same). */
export interface ResolveFlags {
  style?: string | undefined;
  profile?: string | undefined;
  /** `--preset`: presets whose names are accepted and shown. */
  preset?: readonly string[] | undefined;
  pick?: 'priority' | undefined;
  /** `--namespace`: the server a short name is meant on. */
  namespace?: string | undefined;
}

/**
 * How names resolve, from flags ?? config ?? defaults: the one builder behind every command that resolves a name.
 * Names as the clients whose files were read render them resolve without `--preset` (`mcp__memory__read_graph` from
 * Claude Code's files).
 */
export function resolveSettings(flags: ResolveFlags, config: LoadedConfig | undefined): ResolveOptions {
  return {
    style: flags.style ?? config?.naming.style ?? DEFAULT_STYLE,
    presets: [...new Set([...(flags.preset ?? []), ...(config ? clientPresets(config.servers) : [])])],
    ...(flags.pick ? { pick: flags.pick } : {}),
    priority: priorityFunction(config, flags.profile),
    ...(flags.namespace ? { namespaceHint: flags.namespace } : {}),
    prefixes: config ? namespacePrefixes(config) : {},
    ...(config ? { serverOrder: config.servers.map((server) => server.name) } : {}),
  };
}
