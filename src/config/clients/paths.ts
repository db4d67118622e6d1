import { basename, dirname, isAbsolute, join, relative, resolve } from 'node:path';
import type { LoadOptions } from '../load-options.js';

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

/** Claude Code's file for user and local scopes: `$CLAUDE_CONFIG_DIR/.claude.json` or `~/.claude.json`. */
export function claudeJsonPath(options: { env: Record<string, string | undefined>; home: string }): string {
  return join(options.env['CLAUDE_CONFIG_DIR'] || options.home, '.claude.json');
}

/** Whether two paths name the same folder, compared as Claude Code compares its project keys. */
export const samePath = (a: string, b: string): boolean => {
  const norm = (path: string): string => resolve(path).replace(/[\\/]+$/, '');
  // Windows paths compare case- and slash-insensitively, as Claude Code does there.
  const windows = /^[A-Za-z]:/.test(a) || /^[A-Za-z]:/.test(b);
  return windows ? norm(a).replace(/\\/g, '/').toLowerCase() === norm(b).replace(/\\/g, '/').toLowerCase() : norm(a) === norm(b);
};
