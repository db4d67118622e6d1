import { afterAll, describe, expect, it } from 'vitest';
import type { Catalog } from '../../src/catalog/types.js';
import { runBin, runCli } from '../helpers/cli.js';
import { fixtureEntry, writeTempConfig, type TempConfig } from '../helpers/config.js';

// `mcpns list` in-process (main(argv, io)) over real fixture servers.
describe('list in-process over real servers', () => {
  const temps: TempConfig[] = [];
  afterAll(() => temps.forEach((temp) => temp.cleanup()));

  it('keeps env secrets out of messages and shown stderr', async () => {
    const temp = writeTempConfig({
      servers: {
        calculator: fixtureEntry('calculator'),
        leaky: { command: 'sh', args: ['-c', 'echo "using key $API_KEY" >&2; exit 1'], env: { API_KEY: 'sk-very-secret-value' } },
      },
    });
    temps.push(temp);
    const result = await runCli(['list', '--json'], { cwd: temp.dir });
    expect(result.code).toBe(1);
    const catalog = JSON.parse(result.stdout) as Catalog;
    expect(catalog.servers.map((server) => [server.name, server.status])).toEqual([
      ['calculator', 'ok'],
      ['leaky', 'error'],
    ]);
    expect(result.stderr).toContain('using key ***');
    expect(result.stdout + result.stderr).not.toContain('sk-very-secret-value');
  });

  it('applies --timeout to every server', async () => {
    const temp = writeTempConfig({ servers: { hung: fixtureEntry('never-initialize') } });
    temps.push(temp);
    const result = await runCli(['list', '--json', '--timeout', '500'], { cwd: temp.dir });
    expect(result.code).toBe(1);
    const catalog = JSON.parse(result.stdout) as Catalog;
    expect(catalog.servers[0]?.error).toMatchObject({ code: 'CONNECT_TIMEOUT', message: expect.stringContaining('500 ms') });
  });

  it('takes the deadline from MCPNS_TIMEOUT when --timeout is absent; the flag wins; a bad value is a usage error', async () => {
    const temp = writeTempConfig({ servers: { hung: fixtureEntry('never-initialize') } });
    temps.push(temp);
    const fromEnv = await runBin(['list', '--json'], { cwd: temp.dir, env: { MCPNS_TIMEOUT: '400' } });
    expect(fromEnv.code).toBe(1);
    expect((JSON.parse(fromEnv.stdout) as Catalog).servers[0]?.error?.message).toContain('400 ms');
    const flagWins = await runBin(['list', '--json', '--timeout', '300'], { cwd: temp.dir, env: { MCPNS_TIMEOUT: '400' } });
    expect((JSON.parse(flagWins.stdout) as Catalog).servers[0]?.error?.message).toContain('300 ms');
    const bad = await runBin(['list'], { cwd: temp.dir, env: { MCPNS_TIMEOUT: 'soon' } });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("from env 'MCPNS_TIMEOUT' is invalid");
  });
});
