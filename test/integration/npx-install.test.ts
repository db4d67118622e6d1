/**
 * Issue 25 §4.1 with the real npx against a registry on 127.0.0.1 (test/helpers/npm-registry.ts): an install that was
 * interrupted leaves npx's install folder broken, and every later run waited 60 s (a lock nobody holds) or failed with
 * npm's ENOENT (a package without the folder's package.json). mcpns names the folder, says what happened and gives the
 * command that removes it.
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { fixturePath } from '../helpers/fixtures.js';
import { startTestRegistry, type TestRegistry } from '../helpers/npm-registry.js';
import { makeTempDir } from '../helpers/temp.js';

const PACKAGE = 'mcpns-npx-probe';
/** How far under npx's stale threshold the lock is set: npx takes it over only once it is 60 s old. */
const LOCK_AGE_MS = 5_000;

interface Probe {
  registry: TestRegistry;
  project: string;
  env: Record<string, string>;
  /** The install folder npx uses for the probe package (the only one in the test's own cache). */
  installFolder(): string;
}

const registries: TestRegistry[] = [];
afterEach(async () => {
  await Promise.all(registries.splice(0).map((registry) => registry.close()));
});

/** A registry serving the probe package and a project using it through npx, with an npm cache of the test's own. */
async function probe(options: { holdTarball?: boolean } = {}): Promise<Probe> {
  // The probe's bin is the calculator fixture.
  const registry = await startTestRegistry(
    {
      name: PACKAGE,
      version: '1.0.0',
      files: { 'server.js': `#!/usr/bin/env node\nimport(${JSON.stringify(pathToFileURL(fixturePath('calculator')).href)});\n` },
    },
    options,
  );
  registries.push(registry);
  const root = makeTempDir('mcpns-npx-');
  const project = join(root, 'project');
  mkdirSync(join(project, '.git'), { recursive: true });
  writeFileSync(join(project, 'mcpns.config.json'), JSON.stringify({ servers: { probe: { command: 'npx', args: ['-y', `${PACKAGE}@1.0.0`] } } }));
  // Inherited by npx from mcpns's environment (a configured env value would be redacted as a secret in messages).
  const cache = join(root, 'npm-cache');
  const env = {
    npm_config_cache: cache,
    npm_config_registry: registry.url,
    npm_config_audit: 'false',
    npm_config_fund: 'false',
    npm_config_update_notifier: 'false',
  };
  const installFolder = (): string => {
    const folders = readdirSync(join(cache, '_npx'));
    expect(folders).toHaveLength(1);
    return join(cache, '_npx', folders[0] as string);
  };
  return { registry, project, env, installFolder };
}

describe('npx install folders left by an interrupted install', () => {
  it('an npx killed mid-install leaves a lock: the next run says npx waits for it, and the deadline error says what to do', async () => {
    const { registry, project, env, installFolder } = await probe({ holdTarball: true });
    // The install hangs on the tarball; `kill -9` (a closed terminal, a second Ctrl-C) leaves npx's lock behind.
    const npx = spawn('npx', ['-y', `${PACKAGE}@1.0.0`], { env: { ...process.env, ...env }, stdio: 'ignore' });
    const exited = new Promise((resolve) => npx.once('exit', resolve));
    await Promise.race([registry.tarballRequested, exited.then(() => Promise.reject(new Error('npx exited before it requested the tarball')))]);
    npx.kill('SIGKILL');
    await exited;
    registry.releaseTarballs();
    const folder = installFolder();
    const lock = join(folder, 'concurrency.lock');
    expect(existsSync(lock)).toBe(true);
    // As if the kill was a few seconds ago (longer than a live holder leaves its lock untouched): npx waits until the
    // lock is 60 s old. The run's deadline (4 s) ends it long before, however slow the machine.
    const then = (Date.now() - LOCK_AGE_MS) / 1000;
    utimesSync(lock, then, then);

    const before = Date.now();
    const waited = await runCli(['list', '--timeout', '4000'], { cwd: project, env });
    const after = Date.now();
    expect(waited.code).toBe(1);
    const note = new RegExp(
      `note: npx is waiting for a lock that an interrupted install left in ${folder}: it takes the lock over in (\\d+) s, then installs probe`,
    ).exec(waited.stderr);
    expect(note, waited.stderr).not.toBeNull();
    // The wait it names is what was left of npx's 60 s when mcpns started npx, at some instant between `before` and
    // `after` (give or take a second for the file system's time stamps): measured, not assumed.
    const lockTime = then * 1000;
    const seconds = Number(note![1]);
    expect(seconds).toBeGreaterThanOrEqual(Math.ceil((60_000 - (after - lockTime)) / 1000) - 1);
    expect(seconds).toBeLessThanOrEqual(Math.ceil((60_000 - (before - lockTime)) / 1000) + 1);
    expect(waited.stderr).toContain('CONNECT_TIMEOUT');
    expect(waited.stderr).toContain(`npx's install folder for ${PACKAGE}@1.0.0 (${folder}) holds a lock that an interrupted install left behind`);
    expect(waited.stderr).toContain(`(remove the folder (rm -rf ${folder}) and run again; npx then installs ${PACKAGE}@1.0.0 afresh)`);

    // The remedy as printed, then the same run works.
    execFileSync('sh', ['-c', `rm -rf ${folder}`]);
    const fixed = await runCli(['list'], { cwd: project, env });
    expect(fixed.stderr).toBe('mcpns: reading mcpns.config.json\n');
    expect(fixed.stdout).toContain('probe/add');
  });

  it("a package without the folder's package.json (killed after unpacking): npm fails on it every time; mcpns says why and what to do", async () => {
    const { project, env, installFolder } = await probe();
    // A complete install first, in this test's own cache.
    const installed = await runCli(['list'], { cwd: project, env });
    expect(installed.code, installed.stderr).toBe(0);
    const folder = installFolder();
    // npx writes the folder's package.json after the packages are in place: a kill in between leaves this.
    rmSync(join(folder, 'package.json'));
    rmSync(join(folder, 'package-lock.json'), { force: true });
    const broken = await runCli(['list'], { cwd: project, env });
    expect(broken.code).toBe(1);
    expect(broken.stderr).toContain('CONNECTION_CLOSED');
    expect(broken.stderr).toContain(
      `npx's install folder for ${PACKAGE}@1.0.0 (${folder}) is half-installed: an earlier install was interrupted, and npm does not roll one back`,
    );
    expect(broken.stderr).toContain(`(remove the folder (rm -rf ${folder}) and run again;`);
    // npm's own error, as the server's stderr.
    expect(broken.stderr).toContain('npm error');

    execFileSync('sh', ['-c', `rm -rf ${folder}`]);
    const fixed = await runCli(['list'], { cwd: project, env });
    expect(fixed.stderr).toBe('mcpns: reading mcpns.config.json\n');
    expect(fixed.stdout).toContain('probe/add');
  });
});
