/**
 * Issue 18 §9, hostile config inputs: an `include` cycle is a config error naming the chain (not an internal error);
 * only regular files are read, with a size limit (`/dev/zero` and a FIFO fail at once instead of growing without
 * end or hanging); loading is linear in the number of servers (20 000 servers took over a minute).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/load.js';
import { ConfigError } from '../../src/errors.js';
import { runCli } from '../helpers/cli.js';
import { makeTempDir } from '../helpers/temp.js';

function load(dir: string, file: string) {
  return loadConfig({ configFiles: [join(dir, file)], cwd: dir, env: {}, home: dir });
}

function loadError(dir: string, file: string): ConfigError {
  try {
    load(dir, file);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error('loaded without an error');
}

describe('include', () => {
  it('a file including itself is CONFIG_INVALID naming the cycle', () => {
    const dir = makeTempDir();
    writeFileSync(join(dir, 'a.mcpns.json'), JSON.stringify({ include: ['a.mcpns.json'], servers: {} }));
    const error = loadError(dir, 'a.mcpns.json');
    expect(error.code).toBe('CONFIG_INVALID');
    expect(error.message).toBe('a.mcpns.json: include cycle: a.mcpns.json → a.mcpns.json');
  });

  it('a mutual include is CONFIG_INVALID with the whole chain; the CLI exits 2 with it', async () => {
    const dir = makeTempDir();
    writeFileSync(join(dir, 'a.mcpns.json'), JSON.stringify({ include: ['b.mcpns.json'], servers: {} }));
    writeFileSync(join(dir, 'b.mcpns.json'), JSON.stringify({ include: ['./a.mcpns.json'], servers: {} }));
    expect(loadError(dir, 'a.mcpns.json').message).toBe('b.mcpns.json: include cycle: a.mcpns.json → b.mcpns.json → a.mcpns.json');
    const result = await runCli(['servers', '--config', 'a.mcpns.json'], { cwd: dir });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('include cycle: a.mcpns.json → b.mcpns.json → a.mcpns.json');
    expect(result.stderr).not.toContain('internal error');
  });

  it('the same file included twice (not a cycle) still loads', () => {
    const dir = makeTempDir();
    writeFileSync(join(dir, 'shared.mcpns.json'), JSON.stringify({ servers: { s: { command: 'node' } } }));
    writeFileSync(join(dir, 'main.mcpns.json'), JSON.stringify({ include: ['shared.mcpns.json', 'shared.mcpns.json'], servers: {} }));
    expect(load(dir, 'main.mcpns.json').servers.map((server) => server.name)).toEqual(['s', 's']);
  });
});

describe('only regular files, with a size limit', () => {
  it.skipIf(!existsSync('/dev/zero'))('including /dev/zero fails at once', () => {
    const dir = makeTempDir();
    writeFileSync(join(dir, 'a.mcpns.json'), JSON.stringify({ include: ['/dev/zero'], servers: {} }));
    const error = loadError(dir, 'a.mcpns.json');
    expect(error.code).toBe('CONFIG_INVALID');
    expect(error.message).toBe('/dev/zero is not a regular file (a device, FIFO or socket); a config file must be a regular file');
  });

  it.skipIf(process.platform === 'win32')('including a FIFO fails at once instead of waiting for a writer', () => {
    const dir = makeTempDir();
    execFileSync('mkfifo', [join(dir, 'pipe.json')]);
    writeFileSync(join(dir, 'a.mcpns.json'), JSON.stringify({ include: ['pipe.json'], servers: {} }));
    expect(loadError(dir, 'a.mcpns.json').message).toContain('pipe.json is not a regular file');
    // --config pointing at it directly, through the CLI.
    return runCli(['servers', '--config', 'pipe.json'], { cwd: dir }).then((result) => {
      expect(result.code).toBe(2);
      expect(result.stderr).toContain('is not a regular file');
    });
  });

  it('a config file over 32 MiB is refused before it is parsed', () => {
    const dir = makeTempDir();
    writeFileSync(join(dir, 'big.mcpns.json'), `{"servers": {}, "x": "${'x'.repeat(33 * 1024 * 1024)}"}`);
    const error = loadError(dir, 'big.mcpns.json');
    expect(error.code).toBe('CONFIG_INVALID');
    expect(error.message).toContain('is larger than 32 MiB');
  });

  it.skipIf(process.platform === 'win32')("a client's envFile that is a FIFO is a warning, not a hang", () => {
    const dir = makeTempDir();
    execFileSync('mkfifo', [join(dir, 'env.fifo')]);
    writeFileSync(join(dir, 'mcp.json'), JSON.stringify({ servers: { s: { type: 'stdio', command: 'node', envFile: join(dir, 'env.fifo') } } }));
    const config = loadConfig({ configFiles: [join(dir, 'mcp.json')], cwd: dir, env: {}, home: dir });
    const warning = config.servers[0]?.diagnostics.find((diagnostic) => diagnostic.code === 'ENV_FILE_NOT_FOUND');
    expect(warning?.message).toContain('is not a regular file');
  });
});

describe('loading is linear in the number of servers', () => {
  // 4 000 servers took 2.3 s and 20 000 more than 60 s (a rescan of the text per server); now about a second.
  // mcpns's own reader and the client readers (one JSON client stands for all: they share the locator).
  it.each([
    ['mcpns.config.json', 'servers'],
    ['claude_desktop_config.json', 'mcpServers'],
  ])('20 000 servers in %s', (file, key) => {
    const dir = makeTempDir();
    const servers: Record<string, unknown> = {};
    for (let index = 0; index < 20_000; index++)
      servers[`server-${index}`] = { command: 'node', args: ['server.js', `--port=${index}`], env: { TOKEN: '${HOME}' } };
    writeFileSync(join(dir, file), JSON.stringify({ [key]: servers }, null, 2));
    const config = loadConfig({ configFiles: [join(dir, file)], cwd: dir, env: { HOME: '/home/x' }, home: dir });
    expect(config.servers).toHaveLength(20_000);
    expect(config.servers[19_999]).toMatchObject({ name: 'server-19999', source: { line: 3 + 10 * 19_999 } });
  });
});

describe('config lookup without a repository (issue 25 §2.5)', () => {
  it('`list` in a/b/c does not run the command of ../../../.mcp.json; it exits 2 listing where it looked', async () => {
    const shared = makeTempDir();
    const cwd = join(shared, 'a', 'b', 'c');
    mkdirSync(cwd, { recursive: true });
    const marker = join(shared, 'ran');
    const script = `require('fs').writeFileSync(${JSON.stringify(marker)}, 'ran')`;
    writeFileSync(join(shared, '.mcp.json'), JSON.stringify({ mcpServers: { planted: { command: process.execPath, args: ['-e', script] } } }));
    writeFileSync(join(shared, 'mcpns.config.json'), JSON.stringify({ servers: { planted: { command: process.execPath, args: ['-e', script] } } }));
    const result = await runCli(['list'], { cwd, env: { HOME: join(shared, 'home') } });
    expect(result.stderr).toContain(`mcpns: error: no mcpns.config.json and no client config file in ${cwd}`);
    expect(result.code).toBe(2);
    expect(existsSync(marker)).toBe(false);
  });

  it('a mcpns.config.json found in a parent (up to the repository root) is named before its servers start', async () => {
    const root = makeTempDir();
    mkdirSync(join(root, '.git'));
    mkdirSync(join(root, 'sub'));
    writeFileSync(join(root, 'mcpns.config.json'), JSON.stringify({ servers: {} }));
    const result = await runCli(['list', '--json'], { cwd: join(root, 'sub'), env: { HOME: join(root, 'home') } });
    expect(result.stderr.split('\n')[0]).toBe(
      JSON.stringify({ status: { message: `reading ${join(root, 'mcpns.config.json')}`, file: join(root, 'mcpns.config.json'), client: 'mcpns' } }),
    );
  });
});
