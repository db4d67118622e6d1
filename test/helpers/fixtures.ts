/**
 * Test helpers for the fixture servers in fixtures/servers: absolute paths, ServerSpec builders, and starting the
 * HTTP fixtures on a random port.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dirname, join, resolve } from 'node:path';
import type { ServerSpec } from '../../src/config/model.js';

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const FIXTURES_DIR = join(REPO_ROOT, 'fixtures', 'servers');

/** Absolute path of a fixture server, e.g. fixturePath('calculator'). */
export function fixturePath(name: string): string {
  return join(FIXTURES_DIR, name.endsWith('.js') ? name : `${name}.js`);
}

/** A minimal ServerSpec named "s" (stdio, enabled, no diagnostics) with `overrides`, for unit tests of spec handling. */
export function serverSpec(overrides: Partial<ServerSpec> = {}): ServerSpec {
  return {
    name: 's',
    transport: 'stdio',
    enabled: true,
    source: { client: 'mcpns', file: 'x.json', pointer: '/servers/s' },
    diagnostics: [],
    ...overrides,
  };
}

/** A stdio ServerSpec running `node fixtures/servers/<fixture>.js` (name defaults to the fixture name). */
export function stdioSpec(fixture: string, overrides: Partial<ServerSpec> & { extraArgs?: string[] } = {}): ServerSpec {
  const { extraArgs = [], ...rest } = overrides;
  return {
    name: fixture,
    transport: 'stdio',
    command: process.execPath,
    args: [fixturePath(fixture), ...extraArgs],
    cwd: REPO_ROOT,
    enabled: true,
    source: { client: 'mcpns', file: 'test.mcpns.json', pointer: `/servers/${overrides.name ?? fixture}` },
    diagnostics: [],
    ...rest,
  };
}

/** An http/sse ServerSpec for a URL. */
export function httpSpec(name: string, url: string, overrides: Partial<ServerSpec> = {}): ServerSpec {
  return {
    name,
    transport: 'http',
    url,
    enabled: true,
    source: { client: 'mcpns', file: 'test.mcpns.json', pointer: `/servers/${name}` },
    diagnostics: [],
    ...overrides,
  };
}

/** A bound on an HTTP fixture's start (node, its imports, listen): generous, for a loaded 2-core machine. */
const PORT_WAIT_MS = 60_000;

export interface HttpFixture {
  port: number;
  /** http://127.0.0.1:<port> (append /mcp or /sse). */
  origin: string;
  process: ChildProcess;
  stop(): Promise<void>;
}

/** The stop of every HTTP fixture started and not yet stopped in this test file. */
const running = new Set<() => Promise<void>>();

/**
 * Stop every HTTP fixture still running (test/setup/each-file.ts, after each file): a fixture whose test or hook
 * failed or timed out before its own cleanup ran (a `Promise.all` of starts that rejected on one of them, a hook's
 * timeout while a start was under way) is ended all the same.
 */
export async function stopHttpFixtures(): Promise<void> {
  await Promise.all([...running].map((stop) => stop()));
}

/**
 * Start an HTTP fixture (`http-server.js --mode …`, or any demo fixture with `--http 0`) and wait for the
 * `PORT=<n>` line it prints on stdout.
 */
export function startHttpFixture(fixture: string, args: string[], env: Record<string, string> = {}): Promise<HttpFixture> {
  const child = spawn(process.execPath, [fixturePath(fixture), ...args], {
    cwd: REPO_ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stderr?.resume();
  const stop = async (): Promise<void> => {
    running.delete(stop);
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((done) => child.once('exit', () => done()));
    child.kill('SIGKILL');
    await exited;
  };
  running.add(stop);
  return new Promise((resolvePromise, reject) => {
    let out = '';
    const timer = setTimeout(() => {
      void stop();
      reject(new Error(`${fixture} did not print its port within ${PORT_WAIT_MS / 1000} s`));
    }, PORT_WAIT_MS);
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /PORT=(\d+)/.exec(out);
      if (match) {
        clearTimeout(timer);
        const port = Number(match[1]);
        resolvePromise({ port, origin: `http://127.0.0.1:${port}`, process: child, stop });
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${fixture} exited with ${code} before printing its port`));
    });
  });
}

/** A finding's arguments as a plain record, for tests that read one argument of any code. */
export function argsOf(finding: { args?: object } | undefined): Record<string, unknown> {
  return { ...finding?.args };
}

/** The demo set of the repository's mcpns.config.json. */
export const DEMO_SERVERS = ['calculator', 'math-service', 'files', 'memory', 'atlassian', 'weather'] as const;

export interface DemoOverHttp {
  /** The repository's mcpns.config.json (naming, namespaces, profiles, routes) with each demo server as an HTTP entry. */
  config: Record<string, unknown>;
  stop(): Promise<void>;
}

/**
 * The demo set started once over HTTP, for a test file that discovers it many times and is not about stdio: one
 * start-up per server for the whole file instead of one per command.
 */
export async function startDemoOverHttp(): Promise<DemoOverHttp> {
  const started = await Promise.allSettled(DEMO_SERVERS.map((name) => startHttpFixture(name, ['--http', '0'])));
  const fixtures = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  const stop = async (): Promise<void> => void (await Promise.all(fixtures.map((fixture) => fixture.stop())));
  const failed = started.find((result) => result.status === 'rejected');
  if (failed) {
    await stop();
    throw failed.reason;
  }
  const config = JSON.parse(readFileSync(join(REPO_ROOT, 'mcpns.config.json'), 'utf8')) as Record<string, unknown>;
  delete config['$schema'];
  config['servers'] = Object.fromEntries(DEMO_SERVERS.map((name, index) => [name, { type: 'http', url: `${fixtures[index]!.origin}/mcp` }]));
  return { config, stop };
}
