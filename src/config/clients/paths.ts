import { basename, dirname, isAbsolute, join, relative, resolve } from 'node:path';
import type { LoadOptions } from '../load.js';

/** Shown path: relative to cwd when inside it, so output is stable across machines. */
export function shownPath(file: string, cwd: string): string {
  const rel = relative(cwd, file);
  return rel && !rel.startsWith('..') && !isAbsolute(rel) ? rel : file;
}

/** `$XDG_CONFIG_HOME` or `~/.config` (what Linux clients and opencode use on every OS). */
export function xdgConfigHome(options: LoadOptions): string {
  const xdg = options.env['XDG_CONFIG_HOME'];
  return xdg && isAbsolute(xdg) ? xdg : join(options.home, '.config');
}

/** Per-user application data directories to probe: Linux XDG, macOS Application Support, Windows %APPDATA%. */
export function appConfigDirs(options: LoadOptions): string[] {
  const dirs = [xdgConfigHome(options), join(options.home, 'Library', 'Application Support')];
  const appData = options.env['APPDATA'];
  if (appData) dirs.push(appData);
  return [...new Set(dirs)];
}

const PROJECT_DOT_DIRS = new Set(['.vscode', '.cursor', '.gemini', '.codex', '.zed', '.continue', '.claude', '.opencode']);

/**
 * The workspace folder a project file belongs to: the parent of `.vscode/`, `.cursor/`…,
 * else the file's own directory for project files, else cwd.
 */
export function projectRootOf(file: string, options: LoadOptions, projectScoped: boolean): string {
  let directory = dirname(file);
  if (basename(directory) === 'mcpServers' && basename(dirname(directory)) === '.continue') directory = dirname(directory);
  if (PROJECT_DOT_DIRS.has(basename(directory))) return dirname(directory);
  return projectScoped ? directory : resolve(options.cwd);
}

/** Expand a leading `~/`. */
export function expandTilde(path: string, home: string): string {
  return path === '~' ? home : path.startsWith('~/') ? join(home, path.slice(2)) : path;
}
