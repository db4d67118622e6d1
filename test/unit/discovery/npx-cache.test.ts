import { mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  abandonedNpxLock,
  inspectNpxFolder,
  npmCacheDir,
  npxFolderHash,
  npxPackages,
  npxWarmUpCommand,
  registryPackageName,
  removeFolderCommand,
} from '../../../src/discovery/npx-cache.js';
import { serverDeadlineMs } from '../../../src/discovery/package-runner.js';
import { makeTempDir } from '../../helpers/temp.js';

describe('npx install folders (issue 25 §4.1)', () => {
  it('finds the packages npx installs from its command line, as npx parses it', () => {
    expect(npxPackages(['-y', '@modelcontextprotocol/server-everything@2026.8.31', '--port', '1'])).toEqual([
      '@modelcontextprotocol/server-everything@2026.8.31',
    ]);
    expect(npxPackages(['--yes', '--package', 'a@1', '-p', 'b', 'cmd', '--flag'])).toEqual(['a@1', 'b']);
    expect(npxPackages(['--package=a@1', '--', 'cmd'])).toEqual(['a@1']);
    expect(npxPackages(['--registry', 'http://127.0.0.1:1', 'pkg'])).toEqual(['pkg']);
    expect(npxPackages(['-y', '--', 'pkg', '-y'])).toEqual(['pkg']);
    expect(npxPackages(['-c', 'echo hi'])).toBeUndefined();
    expect(npxPackages(['-y'])).toBeUndefined();
  });

  it('names the folder as npm 11 does (sha512 of the sorted specs, directories resolved)', () => {
    // Seen on this machine: `npx -y @modelcontextprotocol/server-everything@2026.8.31` installed into _npx/a705c79b42eea4c8.
    expect(npxFolderHash(['@modelcontextprotocol/server-everything@2026.8.31'], '/any', '/home/u')).toBe('a705c79b42eea4c8');
    expect(npxFolderHash(['b', 'a'], '/x', '/h')).toBe(npxFolderHash(['a', 'b'], '/y', '/h'));
    expect(npxFolderHash(['./pkg'], '/work/p', '/h')).toBe(npxFolderHash(['/work/p/pkg'], '/', '/h'));
    expect(npxFolderHash(['./pkg.tgz'], '/work/p', '/h')).not.toBe(npxFolderHash(['/work/p/pkg.tgz'], '/', '/h'));
  });

  it("finds npm's cache: npm_config_cache (any case), else cache= in the user's npmrc, else ~/.npm", () => {
    const home = makeTempDir('mcpns-npx-home-');
    expect(npmCacheDir({ HOME: home }, '/w', 'linux')).toBe(join(home, '.npm'));
    expect(npmCacheDir({ HOME: home, NPM_CONFIG_CACHE: '/c' }, '/w', 'linux')).toBe('/c');
    expect(npmCacheDir({ HOME: home, npm_config_cache: 'rel' }, '/w', 'linux')).toBe('/w/rel');
    writeFileSync(join(home, '.npmrc'), 'registry=https://r.example/\ncache = "~/npm-cache"\n');
    expect(npmCacheDir({ HOME: home }, '/w', 'linux')).toBe(join(home, 'npm-cache'));
    const rc = join(home, 'other.npmrc');
    writeFileSync(rc, 'cache=${SOMEWHERE}/c\n');
    expect(npmCacheDir({ HOME: home, npm_config_userconfig: rc, SOMEWHERE: '/s' }, '/w', 'linux')).toBe('/s/c');
    expect(npmCacheDir({ USERPROFILE: 'C:\\Users\\u', LOCALAPPDATA: 'C:\\Users\\u\\AppData\\Local' }, 'C:\\w', 'win32')).toContain('npm-cache');
  });

  it('tells a complete install, a live lock, an abandoned lock and a half-installed folder apart', async () => {
    const now = Date.now();
    const folder = (name: string): string => {
      const dir = join(makeTempDir('mcpns-npx-'), name);
      mkdirSync(join(dir, 'node_modules', 'pkg'), { recursive: true });
      return dir;
    };
    const lockAged = (dir: string, ageMs: number): void => {
      const lock = join(dir, 'concurrency.lock');
      mkdirSync(lock);
      const time = (now - ageMs) / 1000;
      utimesSync(lock, time, time);
    };
    const noWait = { now: () => now, wait: async () => {} };

    expect(await inspectNpxFolder(join(makeTempDir(), 'nothing'), ['pkg'], noWait)).toEqual({ kind: 'absent' });

    const complete = folder('complete');
    writeFileSync(join(complete, 'package.json'), JSON.stringify({ dependencies: { pkg: '^1' }, _npx: { packages: ['pkg'] } }));
    expect(await inspectNpxFolder(complete, ['pkg@1'], noWait)).toEqual({ kind: 'complete' });

    // What `kill -9` of npx late in its install left (npm 11.19): the package in node_modules, no package.json for
    // the folder. npx takes the package for installed and fails on the folder.
    const half = folder('half');
    writeFileSync(join(half, 'node_modules', 'pkg', 'package.json'), '{"name":"pkg","version":"1.0.0"}');
    expect(await inspectNpxFolder(half, ['pkg@1'], noWait)).toEqual({ kind: 'half-installed' });
    // Killed before the package itself was unpacked: npx installs over it next time.
    expect(await inspectNpxFolder(folder('partial'), ['pkg@1'], noWait)).toEqual({ kind: 'partial' });

    const abandoned = folder('abandoned');
    lockAged(abandoned, 20_000);
    expect(await inspectNpxFolder(abandoned, ['pkg'], noWait)).toEqual({ kind: 'abandoned-lock', ageMs: expect.closeTo(20_000, -1) });

    // A lock over a complete install still makes the next npx wait: it was killed while loading the folder.
    lockAged(complete, 30_000);
    expect((await inspectNpxFolder(complete, ['pkg'], noWait)).kind).toBe('abandoned-lock');

    // A lock touched a moment ago: looked at again after the touch interval. Touched meanwhile: a live install.
    const live = folder('live');
    lockAged(live, 500);
    const touch = async (): Promise<void> => {
      const time = now / 1000 + 1;
      utimesSync(join(live, 'concurrency.lock'), time, time);
    };
    expect(await inspectNpxFolder(live, ['pkg'], { now: () => now, wait: touch })).toEqual({ kind: 'installing-elsewhere' });
    // Not touched again: the dead npx's last touch.
    const dead = folder('dead');
    lockAged(dead, 500);
    expect((await inspectNpxFolder(dead, ['pkg'], noWait)).kind).toBe('abandoned-lock');
  });

  it('reads the package name of a registry spec, and none of a path or URL', () => {
    expect(['@scope/pkg@^1.2', 'pkg@1.2.3', 'pkg', 'pkg@latest', './pkg', '/abs/p.tgz', 'github:u/r', 'npm:x@1'].map(registryPackageName)).toEqual([
      '@scope/pkg',
      'pkg',
      'pkg',
      'pkg',
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
  });

  it('gives a remedy that can be pasted into a shell', () => {
    expect(removeFolderCommand('/home/u/.npm/_npx/a705c79b42eea4c8', 'linux')).toBe('rm -rf /home/u/.npm/_npx/a705c79b42eea4c8');
    expect(removeFolderCommand("/home/o'brien/my cache/_npx/x", 'linux')).toBe(`rm -rf '/home/o'\\''brien/my cache/_npx/x'`);
    expect(npxWarmUpCommand(['@scope/pkg@1.2.3'])).toBe('npx --yes --package @scope/pkg@1.2.3 -- node --version');
  });

  it('sees, as npx starts, a lock it will wait for: untouched for a few seconds and not yet stale', () => {
    const home = makeTempDir('mcpns-npx-home-');
    const cache = join(home, 'cache');
    const request = { args: ['-y', 'pkg@1'], env: { HOME: home, npm_config_cache: cache }, cwd: home };
    const dir = join(cache, '_npx', npxFolderHash(['pkg@1'], home, home));
    expect(abandonedNpxLock(request)).toBeUndefined();
    mkdirSync(join(dir, 'concurrency.lock'), { recursive: true });
    const mtime = Date.now();
    const at = (ageMs: number) => ({ now: () => mtime + ageMs });
    expect(abandonedNpxLock(request, at(1000))).toBeUndefined(); // a holder may be touching it
    expect(abandonedNpxLock(request, at(20_000))).toEqual({ dir, waitMs: expect.closeTo(40_000, -3) });
    expect(abandonedNpxLock(request, at(61_000))).toBeUndefined(); // stale: npx takes it over at once
  });

  it("gives a package runner more time than npx's 60 s wait for an abandoned lock", () => {
    const runner = { transport: 'stdio' as const, command: 'npx', args: ['-y', 'pkg'] };
    expect(serverDeadlineMs(runner, {})).toBeGreaterThan(60_000);
  });
});
