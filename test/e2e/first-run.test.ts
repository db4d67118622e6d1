/**
 * The README's first command in a checkout, `npm install && npx mcpns list` (issue 25 §4.2): npx finds the checkout's
 * own bin, links the checkout into its cache and runs its `prepare` there. That prepare built everything a second time
 * (11–16 s on a quiet machine, 34 s under load); it now builds only a missing or stale dist/.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, readlinkSync, realpathSync, statSync, writeFileSync } from 'node:fs';
import { delimiter, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixturePath, REPO_ROOT } from '../helpers/fixtures.js';
import { makeTempDir } from '../helpers/temp.js';

function sh(command: string, cwd: string, env: Record<string, string>): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((done) => {
    execFile('sh', ['-c', command], { cwd, env: { ...process.env, NO_COLOR: '1', ...env }, timeout: 120_000 }, (error, stdout, stderr) =>
      done({ code: error ? (typeof error.code === 'number' ? error.code : 2) : 0, stdout, stderr }),
    );
  });
}

function npx(args: string[], env: Record<string, string>): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((done) => {
    execFile('npx', args, { cwd: REPO_ROOT, env: { ...process.env, NO_COLOR: '1', ...env }, timeout: 120_000 }, (error, stdout, stderr) =>
      done({ code: error ? (typeof error.code === 'number' ? error.code : 2) : 0, stdout, stderr }),
    );
  });
}

describe("the README's first command", () => {
  it('npx mcpns in the checkout runs the built bin without building it again', async () => {
    const bundle = join(REPO_ROOT, 'dist', 'cli-bundle', 'index.js');
    const builtAt = statSync(bundle).mtimeMs;
    // A cache of its own: npx has never linked this checkout before (the first run after npm install).
    const cache = makeTempDir('mcpns-npx-cache-');
    const result = await npx(['mcpns', '--version'], { npm_config_cache: cache, npm_config_update_notifier: 'false' });
    expect(result.stderr).not.toContain('building');
    expect(result.code).toBe(0);
    expect(result.stdout.trim()).toBe(JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')).version);
    // npx took the path that runs prepare: the checkout linked into its cache…
    const [folder] = readdirSync(join(cache, '_npx'));
    const link = join(cache, '_npx', folder as string, 'node_modules', 'mcpns');
    expect(realpathSync(resolve(join(link, '..'), readlinkSync(link)))).toBe(realpathSync(REPO_ROOT));
    // …and the bundle was not rebuilt.
    expect(statSync(bundle).mtimeMs).toBe(builtAt);
  }, 240_000);

  it("the checkout route in the README puts this checkout's mcpns on the PATH of another project (issue 25 §4.3)", async () => {
    const readme = readFileSync(join(REPO_ROOT, 'README.md'), 'utf8');
    const block = /<!-- checkout-route:start -->\n```sh\n([\s\S]*?)```\n<!-- checkout-route:end -->/.exec(readme)?.[1];
    expect(block).toBeDefined();
    const [link, run] = (block as string).split('\n').filter((line) => line && !line.startsWith('#'));
    // npm's global folder of its own, so the machine's is not touched.
    const prefix = makeTempDir('mcpns-global-');
    const env = { npm_config_prefix: prefix, npm_config_update_notifier: 'false', npm_config_audit: 'false', npm_config_fund: 'false' };
    const linked = await sh(link as string, REPO_ROOT, env);
    expect(linked.stderr).not.toContain('install-scripts');
    expect(linked.code).toBe(0);
    const project = makeTempDir('mcpns-own-');
    mkdirSync(join(project, '.git'));
    writeFileSync(join(project, '.mcp.json'), JSON.stringify({ mcpServers: { calculator: { command: process.execPath, args: [fixturePath('calculator')] } } }));
    const listed = await sh(run as string, project, { ...env, PATH: `${join(prefix, 'bin')}${delimiter}${process.env['PATH']}` });
    expect(listed.stderr).toContain('reading .mcp.json (claude-code)');
    expect(listed.stdout).toContain('calculator/add');
    expect(listed.code).toBe(0);
  }, 240_000);
});
