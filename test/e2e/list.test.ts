import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Catalog } from '../../src/catalog/types.js';
import { runBin } from '../helpers/cli.js';
import { fixtureEntry, tempFile, writeTempConfig, type TempConfig } from '../helpers/config.js';
import { expectProcessesGone, readPids } from '../helpers/processes.js';

// Runs the built bin/mcpns.js (`npm test` builds first in pretest).
describe('mcpns list (built bin)', () => {
  let json: { code: number; stdout: string; stderr: string };
  let table: { code: number; stdout: string; stderr: string };
  beforeAll(async () => {
    [json, table] = await Promise.all([runBin(['list', '--json']), runBin(['list'])]);
  });

  it('prints the demo catalog as a table', () => {
    expect(table.code).toBe(0);
    for (const name of ['calculator/add', 'math-service/add', 'weather/search', 'atlassian/search', 'files/file_write_file', 'memory/memory_search_memory']) {
      expect(table.stdout).toContain(name);
    }
    expect(table.stdout).toContain('17 tools from 6 of 6 servers');
    expect(table.stdout).not.toMatch(/\u001b\[/); // not a TTY: no colour
  });

  it('emits the contract catalog document with --json', () => {
    expect(json.code).toBe(0);
    const catalog = JSON.parse(json.stdout) as Catalog;
    expect(catalog).toMatchObject({ schemaVersion: 1, style: 'slash', generatedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) });
    expect(catalog.servers.map((server) => server.name)).toEqual(['atlassian', 'calculator', 'files', 'math-service', 'memory', 'weather']);
    for (const server of catalog.servers) {
      expect(server).toMatchObject({
        transport: 'stdio',
        source: 'mcpns.config.json',
        status: 'ok',
        durationMs: expect.any(Number),
        serverInfo: { name: server.name, version: expect.any(String) },
        protocolVersion: '2025-11-25',
        toolCount: expect.any(Number),
      });
    }
    const names = catalog.tools.map((tool) => tool.qualifiedName);
    expect(names).toEqual([...names].sort());
    expect(names).toHaveLength(17);
    expect(names).toEqual(expect.arrayContaining(['calculator/add', 'math-service/add', 'weather/search', 'atlassian/search']));
    const add = catalog.tools.find((tool) => tool.qualifiedName === 'calculator/add');
    expect(add).toMatchObject({
      server: 'calculator',
      name: 'add',
      title: 'Add',
      description: expect.any(String),
      inputSchema: { type: 'object' },
      annotations: { readOnlyHint: true },
    });
  });
});

describe('mcpns list: failures and bad input (built bin)', () => {
  const temps: TempConfig[] = [];
  afterAll(() => temps.forEach((temp) => temp.cleanup()));
  const config = (content: Record<string, unknown> | string, name?: string): TempConfig => {
    const temp = writeTempConfig(content, name);
    temps.push(temp);
    return temp;
  };

  it('exits 1 and lists the failed server with its code; the others are listed and no process survives', async () => {
    const pids = tempFile('pids.txt');
    temps.push(pids);
    const env = { MCPNS_PID_FILE: pids.file };
    const temp = config({
      servers: {
        calculator: fixtureEntry('calculator', { env }),
        broken: fixtureEntry('crash-on-start', { env }),
        missing: { command: 'mcpns-no-such-command-xyz' },
      },
    });
    const result = await runBin(['list'], { cwd: temp.dir });
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('calculator/add');
    // Each failure is reported once, on stderr, with the last lines the server wrote there; stdout only counts them.
    expect(result.stderr.match(/server "broken" failed: CONNECTION_CLOSED/g)).toHaveLength(1);
    expect(result.stderr.match(/server "missing" failed: SPAWN_FAILED/g)).toHaveLength(1);
    expect(result.stderr).toContain('DEMO_API_KEY is not set'); // the failed server's stderr is shown
    expect(result.stderr).toMatch(/lines? broken wrote to stderr/);
    expect(result.stdout).not.toContain('CONNECTION_CLOSED');
    expect(result.stdout).toContain('2 failed: broken, missing');

    const asJson = await runBin(['list', '--json'], { cwd: temp.dir });
    expect(asJson.code).toBe(1);
    const catalog = JSON.parse(asJson.stdout) as Catalog;
    const broken = catalog.servers.find((server) => server.name === 'broken');
    expect(broken).toMatchObject({ status: 'error', error: { code: 'CONNECTION_CLOSED' }, toolCount: 0 });
    await expectProcessesGone(readPids(pids.file));
  });

  it('exits 2 for an unknown --server, listing the known ones', async () => {
    const result = await runBin(['list', '--server', 'nope']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('unknown server "nope"');
    expect(result.stderr).toContain('calculator');
    expect(result.stdout).toBe('');
  });

  it('exits 2 with file:line:column for a JSON syntax error', async () => {
    const temp = config('{\n  "servers": {\n    "a": { "command": "node", }\n  }\n', 'broken.mcpns.json');
    const result = await runBin(['list', '--config', temp.file]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/broken\.mcpns\.json:3:\d+/);
  });

  it('exits 2 naming the field path for a schema violation', async () => {
    const temp = config({ servers: { calc: { command: 'node', timeoutMs: 'soon' } } }, 'invalid.mcpns.json');
    const result = await runBin(['list', '--config', temp.file, '--json']);
    expect(result.code).toBe(2);
    const error = JSON.parse(result.stderr.trim().split('\n').pop() as string) as { error: { code: string; path?: string; message: string } };
    expect(error.error.code).toBe('CONFIG_INVALID');
    expect(`${error.error.path} ${error.error.message}`).toContain('servers.calc');
  });
});
