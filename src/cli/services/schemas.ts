import type { CatalogCheck } from '../../catalog/read-core.js';
import type { OwnConfigCheck } from '../../config/load-core.js';
import { SchemaNeeded } from '../../util/schema-needed.js';

/**
 * Run a zod-free reader (config, catalog); only when its fast path cannot decide (a config the precompiled validator
 * rejects, a catalog the fast reader cannot vouch for) load zod's check and read again with it. Readers are pure, so
 * reading twice changes nothing but the time; valid input never loads zod (about 100 modules).
 */
async function withSchema<Check, T>(read: (check?: Check) => T, loadCheck: () => Promise<Check>): Promise<T> {
  try {
    return read();
  } catch (error) {
    if (!(error instanceof SchemaNeeded)) throw error;
    return read(await loadCheck());
  }
}

export const withConfigSchema = <T>(read: (check?: OwnConfigCheck) => T): Promise<T> =>
  withSchema(read, async () => (await import('../../config/own-config-zod.js')).checkOwnConfigWithZod);

export const withCatalogSchema = <T>(read: (check?: CatalogCheck) => T): Promise<T> =>
  withSchema(read, async () => (await import('../../catalog/read.js')).checkCatalogWithZod);
