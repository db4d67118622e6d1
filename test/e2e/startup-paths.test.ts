import { execFile } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import module from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runBin, runCli, type CliResult } from '../helpers/cli.js';
import { REPO_ROOT } from '../helpers/fixtures.js';
import { makeTempDir } from '../helpers/temp.js';

// The bin runs the esbuild bundle (scripts/build-cli.mjs), whose config and catalog readers load zod only for input
// their fast path cannot decide; the in-process CLI runs the sources. Both must print the same bytes.
async function expectSameAsSources(args: string[]): Promise<CliResult> {
  // A state folder of their own: the revision memory other tests write meanwhile (with another clock) stays out.
  const env = { MCPNS_STATE_DIR: makeTempDir('startup-paths-state') };
  const [bin, sources] = await Promise.all([runBin(args, { env }), runCli(args, { env })]);
  expect({ code: bin.code, stdout: bin.stdout, stderr: bin.stderr }).toEqual({ code: sources.code, stdout: sources.stdout, stderr: sources.stderr });
  return bin;
}

describe('commands that start no server (built bin)', () => {
  it('servers prints the same table as the sources', async () => {
    const result = await expectSameAsSources(['servers', '--config', 'mcpns.config.json']);
    expect(result.code).toBe(0);
    expect(result.stdout.split('\n')[0]).toMatch(/^NAME +TRANSPORT +COMMAND \/ URL +SOURCE +VERDICT +NOTES$/);
    expect(result.stdout).toContain('calculator    stdio      node fixtures/servers/calculator.js');
  });

  it('list --catalog prints the same catalog as the sources (wide and escaped names included)', async () => {
    // tricky.json records a failed server: exit 1 from both.
    for (const [catalog, code] of [
      ['fixtures/catalogs/demo.json', 0],
      ['fixtures/catalogs/tricky.json', 1],
    ] as const) {
      const result = await expectSameAsSources(['list', '--catalog', catalog]);
      expect(result.code).toBe(code);
      expect(result.stdout.split('\n')[0]).toMatch(/^SERVER +NAME \(slash\) +DESCRIPTION +FLAGS$/);
    }
    const json = await expectSameAsSources(['list', '--catalog', 'fixtures/catalogs/demo.json', '--json']);
    expect(JSON.parse(json.stdout).tools.length).toBeGreaterThan(0);
  });

  it('an invalid config is worded by zod, exactly as before, and exits 2', async () => {
    const dir = makeTempDir();
    const config = join(dir, 'mcpns.config.json');
    writeFileSync(config, JSON.stringify({ servers: { calc: { command: 'node', args: ['x.js'], enviroment: {} } } }, null, 2));
    const result = await expectSameAsSources(['servers', '--config', config]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('servers.calc.enviroment: unknown key "enviroment"');
  });

  it('a config the precompiled validator rejects but zod accepts is read (a record key "__proto__" is dropped)', async () => {
    const dir = makeTempDir();
    const config = join(dir, 'mcpns.config.json');
    writeFileSync(config, '{ "servers": { "calc": { "command": "node" } }, "rules": { "__proto__": "loud", "MISSING_DESCRIPTION": "off" } }');
    const result = await expectSameAsSources(['servers', '--config', config]);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('calc');
  });

  it('an invalid catalog is worded by zod and exits 2', async () => {
    const dir = makeTempDir();
    const catalog = join(dir, 'catalog.json');
    writeFileSync(catalog, JSON.stringify({ schemaVersion: 1, servers: [], tools: [{ server: 'a', name: 5 }] }));
    const result = await expectSameAsSources(['list', '--catalog', catalog]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('tools.0.name');
  });
});

/**
 * The bundle files a run of the bin loads (scripts/build-cli.mjs regroups esbuild's chunks): a resolve hook, registered
 * before the bin starts, writes every file of dist/cli-bundle/ Node resolves to a log.
 */
async function bundleFilesLoaded(args: string[]): Promise<string[]> {
  const log = join(makeTempDir('startup-paths-loaded'), 'loaded.txt');
  const hooks = `import { appendFileSync } from 'node:fs';
    export async function resolve(specifier, context, next) {
      const result = await next(specifier, context);
      if (result.url.includes('/dist/cli-bundle/')) appendFileSync(process.env.MCPNS_LOADED_LOG, result.url + '\\n');
      return result;
    }`;
  const register = `import { register } from 'node:module'; register(${JSON.stringify(`data:text/javascript,${encodeURIComponent(hooks)}`)});`;
  const env = { ...process.env, MCPNS_LOADED_LOG: log, NO_COLOR: '1' };
  const code = await new Promise<number>((resolve, reject) => {
    execFile(
      process.execPath,
      ['--import', `data:text/javascript,${encodeURIComponent(register)}`, join(REPO_ROOT, 'bin', 'mcpns.js'), ...args],
      { cwd: REPO_ROOT, env, timeout: 90_000 },
      (error) => (error && typeof error.code !== 'number' ? reject(error) : resolve(error ? (error.code as number) : 0)),
    );
  });
  expect(code).toBe(0);
  return [...new Set(readFileSync(log, 'utf8').trim().split('\n'))];
}

describe('the bundle (issue 22 §6: Node pays for every file it loads)', () => {
  // esbuild alone split what the commands share into ~45 files for list; regrouped, a dozen.
  it.each([[['list', '--catalog', 'fixtures/catalogs/demo.json']], [['servers', '--config', 'mcpns.config.json']]])(
    '%j loads at most 15 of its files',
    async (args) => {
      const files = await bundleFilesLoaded(args);
      expect(files.some((file) => file.endsWith('/dist/cli-bundle/index.js'))).toBe(true);
      expect(files.length, files.join('\n')).toBeLessThanOrEqual(15);
    },
  );
});

/** The bin with TMPDIR set, and no compile-cache settings inherited from whoever runs the tests. */
function runBinWithTmp(tmp: string, args: string[]): Promise<CliResult> {
  const env: NodeJS.ProcessEnv = { ...process.env, TMPDIR: tmp, NO_COLOR: '1' };
  delete env['NODE_COMPILE_CACHE'];
  delete env['NODE_DISABLE_COMPILE_CACHE'];
  return new Promise((resolve, reject) => {
    execFile(process.execPath, [join(REPO_ROOT, 'bin', 'mcpns.js'), ...args], { cwd: REPO_ROOT, env, timeout: 90_000 }, (error, stdout, stderr) => {
      if (error && typeof error.code !== 'number') return reject(error);
      resolve({ code: error ? (error.code as number) : 0, stdout, stderr });
    });
  });
}

/** Every file under a folder (relative paths), for "nothing was written here". */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).sort();
}

describe('the compile cache (Node ≥ 22.8)', () => {
  const supported = typeof (module as { enableCompileCache?: unknown }).enableCompileCache === 'function';

  it(`is kept in the OS temp folder, never in the project (${supported ? 'this Node has it' : 'this Node has none: nothing is written'})`, async () => {
    const tmp = makeTempDir();
    const before = { root: readdirSync(REPO_ROOT).sort(), bundle: filesUnder(join(REPO_ROOT, 'dist', 'cli-bundle')) };
    const result = await runBinWithTmp(tmp, ['servers', '--config', 'mcpns.config.json']);
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('');
    const cache = join(tmp, 'node-compile-cache');
    expect(existsSync(cache)).toBe(supported);
    if (supported) expect(filesUnder(cache).length).toBeGreaterThan(0);
    expect({ root: readdirSync(REPO_ROOT).sort(), bundle: filesUnder(join(REPO_ROOT, 'dist', 'cli-bundle')) }).toEqual(before);
  });

  it('never stops the CLI when the temp folder cannot hold it', async () => {
    const notAFolder = join(makeTempDir(), 'file');
    writeFileSync(notAFolder, '');
    const [withCache, without] = await Promise.all([
      runBinWithTmp(notAFolder, ['servers', '--config', 'mcpns.config.json']),
      runBin(['servers', '--config', 'mcpns.config.json'], { env: { NODE_DISABLE_COMPILE_CACHE: '1' } }),
    ]);
    expect(withCache).toEqual(without);
    expect(withCache.code).toBe(0);
  });
});
