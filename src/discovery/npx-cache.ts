/**
 * npx's install folders, read after an npx server failed to start: npx installs a package it does not find into
 * `<npm cache>/_npx/<hash>/` under a lock (`concurrency.lock`, a folder whose mtime the holder touches every second),
 * and writes `package.json` (with an `_npx` field) only once the install is complete. npm does not roll an
 * interrupted install back: a folder left by a killed install either still holds the lock (npx then waits until the
 * lock is 60 s old before it takes it over) or holds a partial `node_modules` that npx takes for installed and fails
 * on (ENOENT on its package.json, ERR_MODULE_NOT_FOUND) on every later run until the folder is removed. Reproduced
 * with npm 11.19; the folder's name and lock follow libnpmexec (`lib/index.js`, `lib/with-lock.js`).
 */

import { createHash } from 'node:crypto';
import { statSync } from 'node:fs';
import { homedir } from 'node:os';
import { isAbsolute, join, resolve } from 'node:path';
import { readRegularFile } from '../util/read-file.js';

/** npx treats a lock as stale (taken over) once its mtime is this old (`staleThreshold` in libnpmexec). */
export const NPX_STALE_LOCK_MS = 60_000;

/** A holder touches its lock every second; one untouched for this long has no live holder (timers lag under load). */
const LIVE_LOCK_MS = 3_000;

/** The largest `.npmrc` or install-folder `package.json` read (real ones are a few hundred bytes). */
const MAX_SMALL_FILE_BYTES = 1024 * 1024;

/** Options of npx (and `npm exec`) that take the next argument as their value. */
const VALUE_OPTIONS = new Set([
  'package',
  'p',
  'call',
  'c',
  'cache',
  'userconfig',
  'shell',
  'registry',
  'loglevel',
  'prefix',
  'workspace',
  'w',
  'script-shell',
  'node-options',
]);

/**
 * The packages npx installs for a command line (`npx -y pkg@1 args`, `npx --package a -p b cmd`, `npm exec -- pkg`):
 * the `--package` values, else the first positional argument; undefined when nothing would be installed (`--call`
 * without `--package`).
 */
export function npxPackages(args: readonly string[]): string[] | undefined {
  const packages: string[] = [];
  let positional: string | undefined;
  let call = false;
  for (let index = 0; index < args.length; index++) {
    const arg = args[index] as string;
    if (arg === '--') {
      positional = args[index + 1];
      break;
    }
    if (!arg.startsWith('-') || arg === '-') {
      positional = arg;
      break;
    }
    const [key = '', ...rest] = arg.replace(/^-+/, '').split('=');
    const inline = rest.length ? rest.join('=') : undefined;
    const value = inline ?? (VALUE_OPTIONS.has(key) ? args[++index] : undefined);
    if (key === 'package' || key === 'p') {
      if (value !== undefined) packages.push(value);
    } else if (key === 'call' || key === 'c') {
      call = true;
    }
  }
  if (packages.length) return packages;
  if (call || positional === undefined) return undefined;
  return [positional];
}

/** A directory spec (`./pkg`, `../x`, `/abs`, `~/x`, `file:dir`) as npa sees it; tarballs are files, not directories. */
function directorySpec(spec: string): string | undefined {
  const path = spec.startsWith('file:') ? spec.slice('file:'.length) : spec;
  if (!/^(\.{1,2}([/\\]|$)|[/\\]|~[/\\]|[A-Za-z]:[/\\])/.test(path)) return undefined;
  if (/\.(tgz|tar\.gz|tar)$/i.test(path)) return undefined;
  return path;
}

/** The folder name npx derives from its packages: sha512 of the sorted specs (directories resolved), 16 hex digits. */
export function npxFolderHash(packages: readonly string[], cwd: string, home: string): string {
  const keys = packages.map((spec) => {
    const dir = directorySpec(spec);
    if (dir === undefined) return spec;
    return dir.startsWith('~') ? join(home, dir.slice(2)) : resolve(cwd, dir);
  });
  return createHash('sha512')
    .update([...keys].sort((a, b) => a.localeCompare(b, 'en')).join('\n'))
    .digest('hex')
    .slice(0, 16);
}

/** An environment variable as npm reads its config from the environment (the name in any case). */
function npmEnv(env: Readonly<Record<string, string | undefined>>, key: string): string | undefined {
  const wanted = `npm_config_${key}`;
  for (const [name, value] of Object.entries(env)) if (name.toLowerCase() === wanted && value) return value;
  return undefined;
}

/** `cache=` in an npmrc file, with `${VAR}` and a leading `~/` expanded as npm expands them. */
function npmrcCache(file: string, env: Readonly<Record<string, string | undefined>>, home: string): string | undefined {
  let text: string;
  try {
    text = readRegularFile(file, MAX_SMALL_FILE_BYTES);
  } catch {
    return undefined;
  }
  let found: string | undefined;
  for (const line of text.split(/\r?\n/)) {
    const match = /^\s*cache\s*=\s*(.*?)\s*$/.exec(line);
    if (match?.[1]) found = match[1].replace(/^(["'])(.*)\1$/, '$2');
  }
  if (found === undefined) return undefined;
  const expanded = found.replace(/\$\{([^}]+)\}/g, (_, name: string) => env[name] ?? '');
  return expanded.startsWith('~/') ? join(home, expanded.slice(2)) : expanded;
}

/**
 * npm's cache folder for a process started with `env`: `npm_config_cache`, else `cache=` in the user's npmrc
 * (`npm_config_userconfig`, else `~/.npmrc`), else npm's default (`~/.npm`; `%LocalAppData%\npm-cache` on Windows).
 * A project's own `.npmrc` and the global npmrc are not read (they rarely move the cache): then no folder is found
 * and nothing is diagnosed.
 */
export function npmCacheDir(env: Readonly<Record<string, string | undefined>>, cwd: string, platform: NodeJS.Platform = process.platform): string {
  const home = env['HOME'] ?? env['USERPROFILE'] ?? homedir();
  const fromEnv = npmEnv(env, 'cache');
  if (fromEnv) return resolve(cwd, fromEnv);
  const userconfig = npmEnv(env, 'userconfig') ?? join(home, '.npmrc');
  const fromRc = npmrcCache(isAbsolute(userconfig) ? userconfig : resolve(cwd, userconfig), env, home);
  if (fromRc) return resolve(cwd, fromRc);
  if (platform === 'win32') return join(env['LOCALAPPDATA'] ?? join(home, 'AppData', 'Local'), 'npm-cache');
  return join(home, '.npm');
}

/** What an npx install folder looks like now. */
export type NpxFolderState =
  /** No folder (npx never got that far, found the package elsewhere, or the cache lives where we did not look). */
  | { kind: 'absent' }
  /** Installed completely (`package.json` with `_npx`). */
  | { kind: 'complete' }
  /** Another npx holds the lock and is touching it: an install is in progress. */
  | { kind: 'installing-elsewhere' }
  /** A lock nobody touches any more: npx waits until it is 60 s old. */
  | { kind: 'abandoned-lock'; ageMs: number }
  /**
   * No completed `package.json`, but the package itself is in `node_modules`: npx takes it for installed and fails on
   * the folder (ENOENT, ERR_MODULE_NOT_FOUND) until it is removed.
   */
  | { kind: 'half-installed' }
  /** No completed `package.json` and the package not (yet) in `node_modules`: npx installs over it next time. */
  | { kind: 'partial' };

/** Wait used to tell a live lock (touched every second) from one left by a killed npx whose last touch was recent. */
export type Sleep = (ms: number) => Promise<void>;
const sleep: Sleep = (ms) => new Promise((done) => setTimeout(done, ms));

function mtimeMs(path: string): number | undefined {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return undefined;
  }
}

function isCompleteInstall(dir: string): boolean {
  try {
    const manifest: unknown = JSON.parse(readRegularFile(join(dir, 'package.json'), MAX_SMALL_FILE_BYTES));
    return typeof manifest === 'object' && manifest !== null && '_npx' in manifest;
  } catch {
    return false;
  }
}

/**
 * The state of one install folder, after the npx that used it is gone. A lock touched within the last few seconds
 * may be the dead npx's last touch or a live one's: it is looked at again after the touch interval.
 */
export async function inspectNpxFolder(dir: string, packages: readonly string[], options: { now?: () => number; wait?: Sleep } = {}): Promise<NpxFolderState> {
  const now = options.now ?? Date.now;
  const wait = options.wait ?? sleep;
  if (mtimeMs(dir) === undefined) return { kind: 'absent' };
  const lock = join(dir, 'concurrency.lock');
  let lockTime = mtimeMs(lock);
  if (lockTime !== undefined && now() - lockTime < LIVE_LOCK_MS) {
    await wait(LIVE_LOCK_MS - Math.max(0, now() - lockTime));
    const again = mtimeMs(lock);
    if (again !== undefined && again !== lockTime) return { kind: 'installing-elsewhere' };
    lockTime = again;
  }
  // A lock left by an npx killed while loading the folder makes the next one wait, even over a complete install.
  if (lockTime !== undefined) return { kind: 'abandoned-lock', ageMs: Math.max(0, now() - lockTime) };
  if (isCompleteInstall(dir)) return { kind: 'complete' };
  const names = packages.map(registryPackageName);
  if (names.some((name) => name !== undefined && mtimeMs(join(dir, 'node_modules', name, 'package.json')) !== undefined)) return { kind: 'half-installed' };
  return { kind: 'partial' };
}

/** The package name of a registry spec (`@scope/name@^1`, `name@1.2.3`, `name`); undefined for paths, URLs, aliases. */
export function registryPackageName(spec: string): string | undefined {
  const match = /^((?:@[a-z0-9][\w.-]*\/)?[a-z0-9][\w.-]*)(?:@[^/:]*)?$/i.exec(spec);
  return match?.[1];
}

/** A lock nobody holds any more, found as npx starts: npx waits `waitMs` more before it takes it over. */
export interface AbandonedLock {
  dir: string;
  waitMs: number;
}

/**
 * The install folder's lock when an interrupted install left it and npx is about to wait for it: untouched for longer
 * than a holder would leave it, and younger than npx's stale threshold. Checked as npx starts (one stat); a waiting
 * npx never touches the lock, only a holder does.
 */
export function abandonedNpxLock(
  request: { args: readonly string[]; env: Readonly<Record<string, string | undefined>>; cwd: string },
  options: { platform?: NodeJS.Platform; now?: () => number } = {},
): AbandonedLock | undefined {
  const packages = npxPackages(request.args);
  if (!packages) return undefined;
  const home = request.env['HOME'] ?? request.env['USERPROFILE'] ?? homedir();
  const dir = join(npmCacheDir(request.env, request.cwd, options.platform ?? process.platform), '_npx', npxFolderHash(packages, request.cwd, home));
  const lockTime = mtimeMs(join(dir, 'concurrency.lock'));
  if (lockTime === undefined) return undefined;
  const age = (options.now ?? Date.now)() - lockTime;
  return age > LIVE_LOCK_MS && age < NPX_STALE_LOCK_MS ? { dir, waitMs: NPX_STALE_LOCK_MS - age } : undefined;
}

/** A shell word for the remedy command (POSIX quoting; Windows paths need none for `rmdir`). */
function quoted(path: string): string {
  return /^[\w@%+=:,./\\-]+$/.test(path) ? path : `'${path.replace(/'/g, `'\\''`)}'`;
}

/** The command that removes an install folder, for the platform mcpns runs on. */
export function removeFolderCommand(dir: string, platform: NodeJS.Platform = process.platform): string {
  return platform === 'win32' ? `rmdir /s /q "${dir}"` : `rm -rf ${quoted(dir)}`;
}

/** The command that installs npx's packages into the same folder without starting the server. */
export function npxWarmUpCommand(packages: readonly string[]): string {
  return `npx --yes ${packages.map((spec) => `--package ${quoted(spec)}`).join(' ')} -- node --version`;
}

/** What went wrong with npx's install folder, and what to do about it: added to the failed server's error. */
export interface NpxDiagnosis {
  /** Appended to the error message: what happened. */
  message: string;
  /** The error's hint: what to do. */
  hint: string;
  /** The folder. */
  dir: string;
}

/** A stderr line showing a file missing inside the folder (a partial install that had written its package.json). */
function missingFileIn(dir: string, stderr: string): boolean {
  return stderr.includes(dir) && /ERR_MODULE_NOT_FOUND|Cannot find (module|package)|ENOENT/.test(stderr);
}

/**
 * After an npx server failed to start (its process group gone): whether its install folder explains the failure.
 * `stderr` is what the server wrote (npm's own error lines name the folder).
 */
export async function diagnoseNpxFolder(
  request: { args: readonly string[]; env: Readonly<Record<string, string | undefined>>; cwd: string; stderr: string },
  options: { platform?: NodeJS.Platform; now?: () => number; wait?: Sleep } = {},
): Promise<NpxDiagnosis | undefined> {
  const packages = npxPackages(request.args);
  if (!packages) return undefined;
  const platform = options.platform ?? process.platform;
  const home = request.env['HOME'] ?? request.env['USERPROFILE'] ?? homedir();
  const dir = join(npmCacheDir(request.env, request.cwd, platform), '_npx', npxFolderHash(packages, request.cwd, home));
  const state = await inspectNpxFolder(dir, packages, options);
  const what = packages.join(', ');
  const remove = `remove the folder (${removeFolderCommand(dir, platform)}) and run again; npx then installs ${what} afresh`;
  switch (state.kind) {
    case 'abandoned-lock':
      return {
        dir,
        message: `npx's install folder for ${what} (${dir}) holds a lock that an interrupted install left behind: npx waits until such a lock is ${NPX_STALE_LOCK_MS / 1000} s old before it takes it over, and the install under it may be partial`,
        hint: remove,
      };
    case 'half-installed':
      return {
        dir,
        message: `npx's install folder for ${what} (${dir}) is half-installed: an earlier install was interrupted, and npm does not roll one back, so npx fails on that folder until it is removed`,
        hint: remove,
      };
    case 'complete':
    case 'partial':
      return missingFileIn(dir, request.stderr)
        ? { dir, message: `files are missing from npx's install folder for ${what} (${dir}): an install into it was interrupted`, hint: remove }
        : undefined;
    case 'installing-elsewhere':
      return {
        dir,
        message: `another npx process is installing ${what} into ${dir} right now (it holds the folder's lock)`,
        hint: 'wait until it has finished, then run again',
      };
    case 'absent':
      return undefined;
  }
}
