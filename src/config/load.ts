import { loadConfig as loadConfigCore } from './load-core.js';
import type { LoadOptions } from './load-options.js';
import type { LoadedConfig } from './loaded.js';
import { checkOwnConfigWithZod } from './own-config-zod.js';

export { displayPath, findOwnConfig, OWN_CONFIG_NAME } from './load-core.js';
export type { LoadOptions } from './load-options.js';

/**
 * Load every configured source and merge them into one LoadedConfig (the library's loader). zod decides and words a
 * mcpns.config.json the precompiled validator rejects; the CLI calls load-core.ts instead and loads zod only then.
 */
export function loadConfig(options: LoadOptions): LoadedConfig {
  return loadConfigCore(options, checkOwnConfigWithZod);
}
