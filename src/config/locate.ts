import { existsSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, relative, resolve } from 'node:path';

/**
 * Where mcpns's own config file is and how it is recognised. Kept apart from the loader (which loads zod and every
 * client reader) so the CLI can find the config and start its servers first (src/cli/early-spawn.ts).
 */

export const OWN_CONFIG_NAME = 'mcpns.config.json';

/** Shown path: relative to cwd when inside it, so output is stable across machines. */
export function displayPath(file: string, cwd: string): string {
  const rel = relative(cwd, file);
  return rel && !rel.startsWith('..') && !isAbsolute(rel) ? rel : file;
}

/** Keys only mcpns's own format has: a file holding one of them is read as mcpns's config whatever its name. */
export const OWN_ONLY_KEYS = ['naming', 'namespaces', 'profiles', 'participant', 'rules', 'ignore', 'routes', 'include', 'call', 'envInherit'];

/**
 * The folders a project lookup searches, nearest first: `cwd`, then its parents up to the repository root (a folder
 * holding `.git`). The home folder is never one of them and ends the walk (Gemini CLI ignores project settings there;
 * `~/.gemini/settings.json` is a user file). Neither a repository root nor the home folder above `cwd` (a checkout
 * in /tmp without .git): `cwd` alone — a config another user planted in a shared parent folder must never be run.
 */
export function projectFolders(cwd: string, home: string): string[] {
  const start = resolve(cwd);
  const stop = resolve(home);
  const folders: string[] = [];
  for (let directory = start; ;) {
    if (directory === stop) return folders;
    folders.push(directory);
    if (existsSync(join(directory, '.git'))) return folders;
    const parent = dirname(directory);
    if (parent === directory) return [start];
    directory = parent;
  }
}

/** Where mcpns.config.json is looked for: the project folders, nearest first; run in the home folder, that folder. */
export function ownConfigCandidates(cwd: string, home: string): string[] {
  const folders = projectFolders(cwd, home);
  return (folders.length ? folders : [resolve(cwd)]).map((folder) => join(folder, OWN_CONFIG_NAME));
}

/** The first mcpns.config.json of ownConfigCandidates that exists. */
export function findOwnConfig(cwd: string, home: string): string | undefined {
  return ownConfigCandidates(cwd, home).find((candidate) => existsSync(candidate));
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
