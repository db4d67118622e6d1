import type { Catalog } from '../catalog/types.js';
import type { LoadedConfig } from '../config/loaded.js';

/**
 * Client tool filters (Gemini includeTools/excludeTools, Codex enabled_tools/disabled_tools…) and
 * profiles mark tools as hidden; hidden tools are not part of the catalog a client or profile exposes.
 * Placeholder: the client readers and profiles fill these in.
 */
export function applyClientToolFilters(catalog: Catalog, _config: LoadedConfig): Catalog {
  return catalog;
}

export function applyProfile(catalog: Catalog, _config: LoadedConfig, _profile: string | undefined): Catalog {
  return catalog;
}
