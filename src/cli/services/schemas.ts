import type { OwnConfigCheck } from '../../config/load-core.js';
import { SchemaNeeded } from '../../util/schema-needed.js';

/**
 * Run the zod-free config reader; only when its fast path cannot decide (a config the precompiled validator
 * rejects) load zod's check and read again with it (the catalog reader says so by its result instead, read-core.ts). Readers are pure, so
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
