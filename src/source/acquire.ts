import type { LoadedConfig } from '../config/loaded.js';
import type { ServerDiscovery } from '../catalog/types.js';
import type { DiscoveryOptions } from '../discovery/types.js';
import type { ToolSource } from './types.js';
import { McpnsError } from '../errors.js';
import { unknownServer } from '../config/select-servers.js';
import { applyClientToolFilters } from '../profiles/client-filters.js';
import { applyProfile } from '../profiles/profile.js';
import { redactDeep, type SecretSet } from '../util/redact.js';
import { buildCatalog } from '../catalog/build.js';
import type { Catalog } from '../catalog/types.js';

export interface AcquireRequest {
  /** Only these servers (`--server`); unknown names are exit 2 listing the known ones. */
  servers?: readonly string[] | undefined;
  /** Client tool filters and profiles come from here; without it no profile can be applied. */
  config?: LoadedConfig | undefined;
  profile?: string | undefined;
  discovery: DiscoveryOptions;
  /** Generation time when the source has none of its own. */
  now: Date;
  /** Secret values to replace by *** in everything the servers sent (none: the text stays exact). */
  secrets?: readonly string[] | SecretSet;
}

export interface AcquiredCatalog {
  catalog: Catalog;
  discoveries: ServerDiscovery[];
}

/**
 * The catalog a command works on, from any source: the selected servers' discoveries, sorted, with client tool
 * filters and the profile applied (hidden tools stay in the document, marked hidden) and secrets echoed by servers
 * redacted before any renderer can cut them.
 */
export async function acquireCatalog(source: ToolSource, request: AcquireRequest): Promise<AcquiredCatalog> {
  if (request.servers?.length) {
    for (const name of request.servers) if (!source.serverNames.includes(name)) throw unknownServer(name, source.serverNames);
  }
  if (request.profile && !request.config) {
    throw new McpnsError('UNKNOWN_PROFILE', `profile "${request.profile}" needs a config file that defines it`, {
      hint: 'pass --config <file> next to --catalog',
    });
  }
  const discoveries = await source.discover(request.servers?.length ? request.servers : undefined, request.discovery);
  let catalog = buildCatalog(discoveries, source.generatedAt ?? request.now);
  if (request.config) catalog = applyProfile(applyClientToolFilters(catalog, request.config), request.config, request.profile);
  if (request.secrets) catalog = redactDeep(catalog, request.secrets);
  return { catalog, discoveries };
}
