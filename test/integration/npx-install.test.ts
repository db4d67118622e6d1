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
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { fixturePath } from '../helpers/fixtures.js';
import { startTestRegistry, type TestRegistry } from '../helpers/npm-registry.js';
import { makeTempDir } from '../helpers/temp.js';

const PACKAGE = 'mcpns-npx-probe';
let registry: TestRegistry;
let project: string;
let env: Record<string, string>;

/** The install folder npx uses for the probe package (the only one in the private cache). */
function installFolder(): string {
  const folders = readdirSync(join(env['npm_config_cache'] as string, '_npx'));
  expect(folders).toHaveLength(1);
  return join(env['npm_config_cache'] as string, '_npx', folders[0] as string);
}

beforeAll(async () => {
  // The probe's bin is the calculator fixture.
  registry = await startTestRegistry(
    {
      name: PACKAGE,
      version: '1.0.0',
      files: { 'server.js': `#!/usr/bin/env node\nimport(${JSON.stringify(pathToFileURL(fixturePath('calculator')).href)});\n` },
    },
    { holdTarball: true },
  );
  const root = makeTempDir('mcpns-npx-');
  project = join(root, 'project');
  mkdirSync(join(project, '.git'), { recursive: true });
  writeFileSync(join(project, 'mcpns.config.json'), JSON.stringify({ servers: { probe: { command: 'npx', args: ['-y', `${PACKAGE}@1.0.0`] } } }));
  // Inherited by npx from mcpns's environment (a configured env value would be redacted as a secret in messages).
  env = {
    npm_config_cache: join(root, 'npm-cache'),
    npm_config_registry: registry.url,
    npm_config_audit: 'false',
    npm_config_fund: 'false',
    npm_config_update_notifier: 'false',
  };
});
afterAll(() => registry.close());

describe('npx install folders left by an interrupted install', () => {
  it('an npx killed mid-install leaves a lock: the next run says npx waits for it, and the deadline error says what to do', async () => {
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
    // As if the kill was 20 s ago: npx would wait 40 s more before taking the lock over.
    const then = (Date.now() - 20_000) / 1000;
    utimesSync(lock, then, then);

    const waited = await runCli(['list', '--timeout', '4000'], { cwd: project, env });
    expect(waited.code).toBe(1);
    expect(waited.stderr).toMatch(
      new RegExp(`note: npx is waiting for a lock that an interrupted install left in ${folder}: it takes the lock over in [34][0-9] s, then installs probe`),
    );
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
    if (!existsSync(join(env['npm_config_cache'] as string, '_npx'))) expect((await runCli(['list'], { cwd: project, env })).code).toBe(0);
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
