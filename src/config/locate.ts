import { existsSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';

/**
 * Where mcpns's own config file is and how it is recognised. Kept apart from the loader (which loads zod and every
 * client reader) so the CLI can find the config and start its servers first (src/cli/early-spawn.ts).
 */

export const OWN_CONFIG_NAME = 'mcpns.config.json';

/** Keys only mcpns's own format has: a file holding one of them is read as mcpns's config whatever its name. */
export const OWN_ONLY_KEYS = ['naming', 'namespaces', 'profiles', 'participant', 'rules', 'ignore', 'routes', 'include'];

/** Find mcpns.config.json in cwd, then its parents up to the repository root (a directory holding .git). */
export function findOwnConfig(cwd: string): string | undefined {
  let directory = resolve(cwd);
  for (;;) {
    const candidate = join(directory, OWN_CONFIG_NAME);
    if (existsSync(candidate)) return candidate;
    if (existsSync(join(directory, '.git'))) return undefined;
    const parent = dirname(directory);
    if (parent === directory) return undefined;
    directory = parent;
  }
}

export function isOwnConfigFile(file: string, value: unknown): boolean {
  const name = basename(file);
  if (/^mcpns(\.[^.]+)*\.json$|\.mcpns\.json$/.test(name)) return true;
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { $schema?: unknown }).$schema === 'string' &&
    String((value as { $schema: string }).$schema).includes('mcpns.config')
  );
}
