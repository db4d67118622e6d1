import type { Catalog } from '../catalog/types.js';
import type { LoadedConfig } from '../config/loaded.js';
import { applyClientToolFilters as applyClientFilters } from './client-filters.js';
import { applyProfileToCatalog } from './profile.js';

export { profilePriority, serversHiddenByProfile } from './profile.js';

/**
 * Client tool filters (Gemini includeTools/excludeTools, Codex enabled_tools/disabled_tools…) and
 * profiles mark tools as hidden; hidden tools are not part of the catalog a client or profile exposes.
 * Placeholder: the client readers and profiles fill these in.
 */
export function applyClientToolFilters(catalog: Catalog, config: LoadedConfig): Catalog {
  return applyClientFilters(catalog, config);
}

/**
 * Apply `--profile` (see src/profiles/profile.ts): hidden tools stay in the catalog with
 * `hidden: { by: 'profile <name>', reason }`. Unknown profile or a profile naming an unknown
 * server → exit 2.
 */
export function applyProfile(catalog: Catalog, config: LoadedConfig, profile: string | undefined): Catalog {
  return applyProfileToCatalog(catalog, config, profile);
}
