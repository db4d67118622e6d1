import { readConfig, type OwnConfigCheck } from '../../config/load-core.js';
import type { LoadOptions } from '../../config/load-options.js';
import type { LoadedConfig } from '../../config/loaded.js';

/**
 * Read the config without zod; only when the reading says it needs zod's check (a config the precompiled validator
 * rejects) load it and finish (the catalog reader answers the same way, read-core.ts). Valid input never loads zod
 * (about 100 modules).
 */
export async function loadConfigLazily(options: LoadOptions): Promise<LoadedConfig> {
  const reading = readConfig(options);
  return reading.config ?? reading.finish(await loadOwnConfigCheck());
}

async function loadOwnConfigCheck(): Promise<OwnConfigCheck> {
  return (await import('../../config/own-config-zod.js')).checkOwnConfigWithZod;
}
