/**
 * Faults through the built CLI (`npm run build` first). test/integration/discovery.test.ts already proves each
 * fault's code at the engine level, and test/e2e/list-interrupt.test.ts covers SIGINT (exit 130, no child left);
 * this adds what only the real binary shows: one config mixing every fault with healthy servers gives each failed
 * server its code in `list --json`, lists the healthy ones, exits 1, returns within the deadline, and leaves no
 * process behind; a reader closing stdout early (`mcpns list | head -1`) is not a crash; a 5 MB description renders.
 */
import { spawn } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Catalog } from '../../src/catalog/types.js';
import { runBin } from '../helpers/cli.js';
import { fixtureEntry, tempFile, writeTempConfig, type TempConfig } from '../helpers/config.js';
import { fixturePath, REPO_ROOT, startHttpFixture, type HttpFixture } from '../helpers/fixtures.js';
import { settlesWithin } from '../helpers/assertions.js';
import { expectProcessesGone, readPids } from '../helpers/processes.js';
import { makeTempDir } from '../helpers/temp.js';

const BIN = join(REPO_ROOT, 'bin', 'mcpns.js');
const TIMEOUT_MS = 1500;

const temps: TempConfig[] = [];
const https: HttpFixture[] = [];
afterAll(async () => {
  await Promise.all(https.map((fixture) => fixture.stop()));
  temps.forEach((temp) => temp.cleanup());
});

async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return typeof address === 'object' && address ? address.port : 9;
}

describe('faults through the CLI', () => {
  let config: TempConfig;
  let pidFile: TempConfig;

  beforeAll(async () => {
    pidFile = tempFile('pids.txt');
    temps.push(pidFile);
    const env = { MCPNS_PID_FILE: pidFile.file };
    const [s401, s404, s500, hang] = await Promise.all(['401', '404', '500', 'hang'].map((mode) => startHttpFixture('http-server', ['--mode', mode])));
    https.push(s401!, s404!, s500!, hang!);
    const refused = await closedPort();
    // Servers expected to answer get a generous per-server deadline (20 processes starting at once on a loaded
    // 2-core machine can take seconds); the hung ones keep the short --timeout, which is what is under test.
    const entry = (fixture: string, extraEnv: Record<string, string> = {}): Record<string, unknown> =>
      fixtureEntry(fixture, { env: { ...env, ...extraEnv }, timeoutMs: 30_000 });
    const hung = (fixture: string, extraEnv: Record<string, string> = {}): Record<string, unknown> => fixtureEntry(fixture, { env: { ...env, ...extraEnv } });
    config = writeTempConfig({
      servers: {
        // healthy, and faults a server survives
        calculator: entry('calculator'),
        weather: entry('weather'),
        'stdout-noise': entry('stdout-noise'),
        'stderr-flood': entry('stderr-flood'),
        'repeated-cursor': entry('paginated', { REPEAT_CURSOR: '1', PAGE_SIZE: '2' }),
        'malformed-tool': entry('malformed-tool'),
        'invalid-utf8': entry('invalid-utf8'),
        'no-tools': entry('no-tools'),
        'wrapper-grandchild': {
          command: 'sh',
          args: ['-c', `"${process.execPath}" "${fixturePath('wrapper-grandchild')}"; echo wrapper done >&2`],
          env,
          timeoutMs: 30_000,
        },
        // failures
        'crash-on-start': entry('crash-on-start'),
        'never-initialize': hung('never-initialize'),
        'slow-start': hung('slow-start', { SLOW_START_MS: '60000' }),
        'close-mid-list': entry('close-mid-list'),
        'missing-command': { command: 'mcpns-no-such-command-xyz' },
        // The HTTP servers that answer (with an error) get the generous deadline too; only the hung one keeps --timeout.
        'http-401': { type: 'http', url: `${s401!.origin}/mcp`, timeoutMs: 30_000 },
        'http-404': { type: 'http', url: `${s404!.origin}/mcp`, timeoutMs: 30_000 },
        'http-500': { type: 'http', url: `${s500!.origin}/mcp`, timeoutMs: 30_000 },
        'http-hang': { type: 'http', url: `${hang!.origin}/mcp` },
        'http-refused': { type: 'http', url: `http://127.0.0.1:${refused}/mcp`, timeoutMs: 30_000 },
      },
    });
    temps.push(config);
  });

  it('gives every failed server its code, lists the healthy ones, exits 1 within the deadline, leaves no process', async () => {
    // All servers at once: one deadline, not one per wave of --concurrency; hung servers would hold the run for a minute.
    const result = await settlesWithin(
      runBin(['list', '--json', '--timeout', String(TIMEOUT_MS), '--concurrency', '32'], { cwd: config.dir, timeoutMs: 60_000 }),
      45_000,
      'mcpns list waited for hung servers past their deadline',
    );
    expect(result.code, result.stderr).toBe(1);
    const catalog = JSON.parse(result.stdout) as Catalog;
    const status = Object.fromEntries(catalog.servers.map((server) => [server.name, server.error?.code ?? server.status]));
    expect(status).toEqual({
      calculator: 'ok',
      weather: 'ok',
      'stdout-noise': 'ok',
      'stderr-flood': 'ok',
      'repeated-cursor': 'ok',
      'malformed-tool': 'ok',
      'invalid-utf8': 'ok',
      'no-tools': 'ok',
      'wrapper-grandchild': 'ok',
      'crash-on-start': 'CONNECTION_CLOSED',
      'never-initialize': 'CONNECT_TIMEOUT',
      'slow-start': 'CONNECT_TIMEOUT',
      'close-mid-list': 'CONNECTION_CLOSED',
      'missing-command': 'SPAWN_FAILED',
      'http-401': 'AUTH_REQUIRED',
      'http-404': 'HTTP_ERROR',
      'http-500': 'HTTP_ERROR',
      'http-hang': 'CONNECT_TIMEOUT',
      'http-refused': 'HTTP_ERROR',
    });
    const toolsOf = (server: string): string[] => catalog.tools.filter((tool) => tool.server === server).map((tool) => tool.name);
    expect(toolsOf('calculator')).toEqual(['add', 'multiply', 'subtract']);
    expect(toolsOf('weather')).toEqual(['getCurrentWeather', 'search']);
    expect(toolsOf('malformed-tool')).toEqual(['good_first', 'good_second']);
    expect(toolsOf('wrapper-grandchild')).toEqual(['stubborn']);
    expect(toolsOf('stdout-noise')).toEqual(['echo']);
    // Hung servers give up at their deadline, and say which.
    const timedOut = catalog.servers.filter((entry) => entry.error?.code === 'CONNECT_TIMEOUT');
    expect(timedOut.map((server) => server.name).sort()).toEqual(['http-hang', 'never-initialize', 'slow-start']);
    for (const server of timedOut) expect(server.error?.message).toContain(`${TIMEOUT_MS} ms`);
    // stderr explains the failures without a stack trace.
    expect(result.stderr).not.toMatch(/\n\s+at \S+ \(/);
    const pids = readPids(pidFile.file);
    expect(pids.length).toBeGreaterThanOrEqual(12);
    await expectProcessesGone(pids);
  });
});

describe('hung servers only', () => {
  it('each hung server gives up within the deadline plus 1 s, the run does not wait for them, and leaves no process', async () => {
    const pids = tempFile('pids.txt');
    temps.push(pids);
    const env = { MCPNS_PID_FILE: pids.file };
    const temp = writeTempConfig({
      servers: {
        'never-initialize': fixtureEntry('never-initialize', { env }),
        'slow-start': fixtureEntry('slow-start', { env: { ...env, SLOW_START_MS: '60000' } }),
        stubborn: { command: 'sh', args: ['-c', `"${process.execPath}" "${fixturePath('wrapper-grandchild')}" --direct; :`], env },
      },
    });
    temps.push(temp);
    // The stubborn server (behind a shell) answers but ignores stdin EOF and SIGTERM: it must be killed too.
    // The hung servers would take 60 s, and forever: the run must end at their deadline instead.
    const result = await settlesWithin(
      runBin(['list', '--json', '--timeout', String(TIMEOUT_MS)], { cwd: temp.dir, timeoutMs: 30_000 }),
      25_000,
      'mcpns list waited for hung servers past their deadline',
    );
    expect(result.code, result.stderr).toBe(1);
    const timedOut = (JSON.parse(result.stdout) as Catalog).servers.filter((server) => server.error?.code === 'CONNECT_TIMEOUT');
    expect(timedOut.map((server) => server.name).sort()).toEqual(['never-initialize', 'slow-start']);
    for (const server of timedOut) expect(server.error?.message).toContain(`${TIMEOUT_MS} ms`);
    expect(readPids(pids.file).length).toBeGreaterThanOrEqual(2);
    await expectProcessesGone(readPids(pids.file));
  });
});

describe('hostile output sizes and readers', () => {
  let dir: string;
  let big: string;
  let huge: string;
  beforeAll(() => {
    dir = makeTempDir('mcpns-faults-');
    const server = (name: string): Record<string, unknown> => ({ name, transport: 'stdio', source: 'mcpns.config.json', status: 'ok' });
    const tools = Array.from({ length: 3000 }, (_, index) => ({
      server: 'many',
      name: `tool_${String(index).padStart(5, '0')}`,
      description: `Tool number ${index}: ${'lorem ipsum '.repeat(8)}`,
      inputSchema: { type: 'object', properties: { value: { type: 'string' } } },
    }));
    big = join(dir, 'big.json');
    writeFileSync(big, JSON.stringify({ schemaVersion: 1, generatedAt: '2026-01-01T00:00:00.000Z', style: 'slash', servers: [server('many')], tools }));
    huge = join(dir, 'huge.json');
    const description = `${'A very long description. '.repeat(200_000)}\u001b[31m and the end`.slice(-5 * 1024 * 1024);
    writeFileSync(
      huge,
      JSON.stringify({
        schemaVersion: 1,
        generatedAt: '2026-01-01T00:00:00.000Z',
        style: 'slash',
        servers: [server('huge')],
        tools: [{ server: 'huge', name: 'verbose', description, inputSchema: { type: 'object' } }],
      }),
    );
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('`mcpns list | head -1`: a reader closing stdout early is exit 0 without a stack trace', async () => {
    for (const args of [
      ['list', '--catalog', big],
      ['list', '--catalog', big, '--json'],
    ]) {
      const child = spawn(process.execPath, [BIN, ...args], { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NO_COLOR: '1' } });
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      // Read the first chunk (like head -1), then close the pipe while mcpns is still writing.
      child.stdout.once('data', () => child.stdout.destroy());
      const code = await new Promise<number | null>((resolve) => child.once('close', (exitCode) => resolve(exitCode)));
      expect(code, stderr).toBe(0);
      expect(stderr).not.toMatch(/EPIPE|Error:|\n\s+at /);
    }
  });

  it('a catalog with a 5 MB description renders in text output (list, lint, check) without error', async () => {
    const list = await runBin(['list', '--catalog', huge]);
    expect(list.code, list.stderr).toBe(0);
    expect(list.stdout).toContain('huge/verbose');
    expect(list.stdout.length).toBeLessThan(10_000); // the table cell is shortened, not 5 MB wide
    expect(list.stderr).toBe('');
    for (const command of ['lint', 'check']) {
      const result = await runBin([command, '--catalog', huge]);
      expect([0, 1], `${command}: ${result.stderr}`).toContain(result.code);
      expect(result.stderr).not.toContain('internal error');
      expect(result.stdout + result.stderr).not.toContain('\u001b');
      expect(result.stdout).toContain('CONTROL_CHARACTERS'); // the escape at the very end was still found
    }
  });
});
