import { existsSync, realpathSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { LoadOptions } from '../load-options.js';
import type { ServerGate } from '../model.js';
import { MAX_CONFIG_BYTES, readRegularFile } from '../../util/read-file.js';
import { toml } from './doc.js';
import { isRecord } from './entry.js';
import { shownPath } from './paths.js';

/** `$CODEX_HOME` or `~/.codex`: Codex's own folder (its config.toml is the user layer). */
export const codexHome = (options: Pick<LoadOptions, 'env' | 'home'>): string => options.env['CODEX_HOME'] || join(options.home, '.codex');

/** The git repository root above `dir` (the folder holding `.git`), or undefined outside a repository. */
export function repositoryRoot(dir: string): string | undefined {
  for (let directory = resolve(dir); ; directory = dirname(directory)) {
    if (existsSync(join(directory, '.git'))) return directory;
    if (dirname(directory) === directory) return undefined;
  }
}

/**
 * The folders whose `.codex/config.toml` are project layers for `cwd`: each folder from the repository root down to
 * `cwd` (only `cwd` outside a repository), the deepest first. Codex's own folder is never one.
 */
export function codexProjectDirs(options: Pick<LoadOptions, 'cwd' | 'env' | 'home'>): string[] {
  const cwd = resolve(options.cwd);
  const root = repositoryRoot(cwd) ?? cwd;
  const dirs: string[] = [];
  for (let directory = cwd; ; directory = dirname(directory)) {
    if (join(directory, '.codex') !== resolve(codexHome(options))) dirs.push(directory);
    if (directory === root || dirname(directory) === directory) break;
  }
  return dirs;
}

const canonical = (path: string): string => {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
};

/** `[projects."<dir>"] trust_level` of the user config, looked up as Codex does: the exact key, then any case. */
function trustLevel(projects: Record<string, unknown>, dir: string): string | undefined {
  for (const key of [canonical(dir), dir]) {
    const exact = projects[key];
    if (isRecord(exact) && typeof exact['trust_level'] === 'string') return exact['trust_level'];
  }
  const lower = canonical(dir).toLowerCase();
  for (const [key, value] of Object.entries(projects)) {
    if (key.toLowerCase() === lower && isRecord(value) && typeof value['trust_level'] === 'string') return value['trust_level'];
  }
  return undefined;
}

/**
 * Whether Codex loads the project layer in `layerDir` (`<layerDir>/.codex/config.toml`): only in a trusted project.
 * The layer's own folder decides when the user config names it, else the repository root does (observed with Codex
 * 0.169.0: a trusted root covers every layer below it; a trusted subfolder covers only its own layer). Undefined when
 * trusted; else the NOT_TRUSTED gate for its servers. Codex's warning: "Untrusted project-local configuration is
 * disabled. Run `codex exec --trust` to allow project configuration and MCP servers…".
 */
export function codexProjectGate(layerDir: string, options: LoadOptions): ServerGate | undefined {
  const userFile = join(codexHome(options), 'config.toml');
  const shownUser = shownPath(userFile, options.cwd);
  let projects: Record<string, unknown> = {};
  try {
    const value: unknown = toml().parse(readRegularFile(userFile, MAX_CONFIG_BYTES));
    if (isRecord(value) && isRecord(value['projects'])) projects = value['projects'];
  } catch {
    // No user config (or one Codex could not read either): no project is trusted.
  }
  const root = repositoryRoot(layerDir) ?? layerDir;
  const own = trustLevel(projects, layerDir);
  const decided = own !== undefined ? { level: own, dir: layerDir } : { level: trustLevel(projects, root), dir: root };
  if (decided.level === 'trusted') return undefined;
  const layer = shownPath(join(layerDir, '.codex', 'config.toml'), options.cwd);
  const key = `[projects."${canonical(decided.dir)}"]`;
  return {
    code: 'NOT_TRUSTED',
    client: 'codex',
    reason:
      decided.level === undefined
        ? `Codex does not load ${layer} of a project it has not trusted (no ${key} trust_level = "trusted" in ${shownUser})`
        : `Codex does not load ${layer}: ${key} trust_level = "${decided.level}" in ${shownUser}`,
    fix:
      decided.level === undefined
        ? `trust the project once with \`codex exec --trust\` in ${canonical(root)}, or add ${key} trust_level = "trusted" to ${shownUser}`
        : `set trust_level = "trusted" under ${key} in ${shownUser} (Codex: explicitly untrusted projects must have their trust setting updated first)`,
    file: shownUser,
  };
}
