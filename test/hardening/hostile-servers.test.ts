/**
 * Issue 18, round two of the red-team pass: hand-written hostile MCP servers (fixtures/servers/hostile/, stdio and
 * HTTP) beside a healthy one. Each reproduction of the issue is an assertion here:
 * - §1 a `user:pass@` URL's Basic header echoed by the server never reaches list --json, the warnings, the failed-
 *   server table, the HTTP-500 stderr dump or a lock file;
 * - §2 escapes in a server's stderr, its stdout noise and a JSON-RPC error message (stdio and HTTP) arrive escaped;
 * - §4 a 10 000-deep inputSchema (with a secret configured) makes that tool MALFORMED_TOOL, not the run exit 2;
 *   an endless HTTP body or stdout line fails only that server with RESPONSE_TOO_LARGE;
 * - §6 a 6-character secret echoed by a server keeps `snapshot` from writing it;
 * - §7 no fragment of a secret survives the 200-character note cut or the 64 KiB stderr tail;
 * - §10 server-sent errors keep their code (SERVER_ERROR with -32000/-32001, PROTOCOL_VERSION_UNSUPPORTED);
 *   servers named __proto__/constructor/prototype are listed; a __proto__ key in --args is kept;
 * - "not a promise yet": `--api-key=…` arguments and secret URL path segments are shown as *** with a note.
 * Throughout, the healthy server's tools are listed and the exit code is 1 (a server failed), never 2.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Catalog } from '../../src/catalog/types.js';
import { runCli, type CliResult } from '../helpers/cli.js';
import { fixtureEntry, tempFile, writeTempConfig, type TempConfig } from '../helpers/config.js';
import { fixturePath, startHttpFixture, type HttpFixture } from '../helpers/fixtures.js';
import { expectProcessesGone, readPids } from '../helpers/processes.js';
import { unsafeCharacters } from './support/hostile.js';

const PASSWORD = 'pw-9d41e7-SECRET';
const BASIC = Buffer.from(`user:${PASSWORD}`).toString('base64');
const ENV_SECRET = 'envsec-5b2c-SECRET';
const ARG_KEY = 'sk-live-7QmZp2Xw9Lk4Rt6Yb1Nc';
const PATH_KEY = 'a3f9c0d1e2b4a6c8e0f1a2b3c4d5e6f7';

/** Every 6-character piece of each secret: a cut secret is still a leak. */
function leaks(text: string): string[] {
  const found = new Set<string>();
  for (const secret of [PASSWORD, BASIC, ENV_SECRET, ARG_KEY, PATH_KEY]) {
    for (let start = 0; start + 6 <= secret.length; start++) {
      const piece = secret.slice(start, start + 6);
      // "SECRET" and "-SECRE" are the shared tails of the sentinels, not identifying pieces.
      if (!/SECRE|ECRET/.test(piece) && text.includes(piece)) found.add(piece);
    }
  }
  return [...found];
}

function expectClean(label: string, result: CliResult): void {
  expect(leaks(result.stdout), `${label}: stdout leaks`).toEqual([]);
  expect(leaks(result.stderr), `${label}: stderr leaks`).toEqual([]);
  expect(unsafeCharacters(result.stdout + result.stderr), `${label}: raw control characters`).toEqual([]);
  expect(result.stderr, label).not.toContain('internal error');
}

const https: HttpFixture[] = [];
const temps: TempConfig[] = [];
let config: TempConfig;
let pids: TempConfig;
const run = (argv: string[]): Promise<CliResult> => runCli(argv, { cwd: config.dir });

const stdio = (mode: string, env: Record<string, string> = {}): Record<string, unknown> => ({
  command: process.execPath,
  args: [fixturePath('hostile/stdio'), '--mode', mode],
  env: { MCPNS_PID_FILE: pids.file, ...env },
});

beforeAll(async () => {
  pids = tempFile('pids.txt');
  temps.push(pids);
  // One process serves every HTTP mode: the first path segment names it.
  const http = await startHttpFixture('hostile/http', []);
  https.push(http);
  const at = (path: string): string => `http://127.0.0.1:${http.port}/${path}`;
  const withUser = (mode: string): string => `http://user:${PASSWORD}@127.0.0.1:${http.port}/${mode}/mcp`;
  config = writeTempConfig({
    servers: {
      calculator: fixtureEntry('calculator', { env: { MCPNS_PID_FILE: pids.file } }),
      deep: stdio('deep', { ECHO_VAR: ENV_SECRET }),
      escapes: stdio('escapes'),
      'init-32000': stdio('init-error', { HOSTILE_CODE: '-32000' }),
      'init-32001': stdio('init-error', { HOSTILE_CODE: '-32001' }),
      'version-error': stdio('version-error'),
      'bad-version': stdio('bad-version'),
      'huge-line': stdio('huge-line'),
      'leak-cut': stdio('leak-cut', { ECHO_VAR: ENV_SECRET }),
      'argv-echo': { ...stdio('argv-echo'), args: [fixturePath('hostile/stdio'), '--mode', 'argv-echo', `--api-key=${ARG_KEY}`] },
      'http-echo-auth': { type: 'http', url: withUser('echo-auth') },
      'http-echo-auth-error': { type: 'http', url: withUser('echo-auth-error') },
      'http-echo-auth-500': { type: 'http', url: withUser('echo-auth-500') },
      'http-rpc-escape': { type: 'http', url: at('rpc-escape/mcp') },
      'http-huge-body': { type: 'http', url: at('huge-body/mcp') },
      'http-deep': { type: 'http', url: at(`deep/v1/${PATH_KEY}/mcp`), headers: { 'X-Env': ENV_SECRET } },
    },
  });
  temps.push(config);
});

afterAll(async () => {
  await Promise.all(https.map((fixture) => fixture.stop()));
  temps.forEach((temp) => temp.cleanup());
});

/** Deadlines are generous (a loaded machine): every hostile server here fails or answers on its own, fast. */
const LIMITS = ['--timeout', '30000', '--concurrency', '16', '--max-response-size', '2MiB'];

describe('hostile servers beside a healthy one', () => {
  let catalog: Catalog;
  let json: CliResult;

  beforeAll(async () => {
    json = await run(['list', '--json', ...LIMITS]);
    catalog = JSON.parse(json.stdout) as Catalog;
  });

  it('list --json: every hostile server gets its own code, the healthy tools are listed, exit 1 (never 2)', () => {
    expect(json.code, json.stderr).toBe(1);
    const status = Object.fromEntries(catalog.servers.map((server) => [server.name, server.error?.code ?? server.status]));
    expect(status).toEqual({
      calculator: 'ok',
      deep: 'ok',
      escapes: 'SERVER_ERROR',
      'init-32000': 'SERVER_ERROR',
      'init-32001': 'SERVER_ERROR',
      'version-error': 'PROTOCOL_VERSION_UNSUPPORTED',
      'bad-version': 'PROTOCOL_VERSION_UNSUPPORTED',
      'huge-line': 'RESPONSE_TOO_LARGE',
      'leak-cut': 'ok',
      'argv-echo': 'ok',
      'http-echo-auth': 'ok',
      'http-echo-auth-error': 'SERVER_ERROR',
      'http-echo-auth-500': 'HTTP_ERROR',
      'http-rpc-escape': 'SERVER_ERROR',
      'http-huge-body': 'RESPONSE_TOO_LARGE',
      'http-deep': 'ok',
    });
    const toolsOf = (server: string): string[] => catalog.tools.filter((tool) => tool.server === server).map((tool) => tool.name);
    expect(toolsOf('calculator')).toEqual(['add', 'multiply', 'subtract']);
    expect(toolsOf('deep')).toEqual(['fine']);
    expect(toolsOf('http-deep')).toEqual(['fine']);
    expectClean('list --json', json);
  });

  it('server-sent JSON-RPC errors keep their code and message (-32000/-32001 are not CONNECTION_CLOSED/CONNECT_TIMEOUT)', () => {
    const error = (name: string) => catalog.servers.find((server) => server.name === name)?.error;
    expect(error('init-32000')).toMatchObject({ code: 'SERVER_ERROR', serverCode: -32000 });
    expect(error('init-32000')?.message).toContain('server says no');
    expect(error('init-32001')).toMatchObject({ code: 'SERVER_ERROR', serverCode: -32001 });
    expect(error('version-error')).toMatchObject({ code: 'PROTOCOL_VERSION_UNSUPPORTED', serverCode: -32602 });
    expect(error('version-error')?.message).toContain('1999-01-01');
    expect(error('bad-version')?.message).toContain('1999-01-01');
    expect(error('escapes')).toMatchObject({ code: 'SERVER_ERROR', serverCode: -32603 });
    expect(error('huge-line')?.message).toContain('2 MiB');
  });

  it('a 10 000-deep schema is MALFORMED_TOOL with the reason; deep capabilities are left out with a note', () => {
    for (const name of ['deep', 'http-deep']) {
      const server = catalog.servers.find((entry) => entry.name === name)!;
      expect(server.malformedTools).toEqual([{ index: 1, name: 'deep_tool', problems: ['the definition is nested more than 256 levels deep'] }]);
    }
    expect(catalog.servers.find((server) => server.name === 'deep')?.notes).toContain('capabilities left out: it is nested more than 256 levels deep');
  });

  it('the Basic header derived from URL userinfo is redacted where the server echoes it', () => {
    const echo = catalog.tools.find((tool) => tool.name === 'echo_auth');
    expect(echo?.description).toBe('You sent authorization ***.');
    const refused = catalog.servers.find((server) => server.name === 'http-echo-auth-error');
    expect(refused?.error?.message).toContain('refusing authorization ***');
  });

  it('text list -v: the failed-server table, warnings, notes and stderr dumps are escaped and hold no secret', async () => {
    const text = await run(['list', '-v', ...LIMITS]);
    expect(text.code, text.stderr).toBe(1);
    expect(text.stdout).toContain('calculator/add');
    expectClean('list -v', text);
    // The hostile text is there, made visible.
    expect(text.stderr).toContain('escapes wrote to stderr:');
    expect(text.stderr).toContain('\\u{1b}]8;;http://evil.example/');
    expect(text.stderr).toMatch(/non-JSON line on stdout ignored: noise \\u\{1b\}/);
    expect(text.stderr).toMatch(/server "http-rpc-escape" failed: SERVER_ERROR: .*denied \\u\{1b\}\[31mRED/);
    // The HTTP 500 body quoting the Authorization header shows redacted in the transport note.
    expect(text.stderr).toContain('cannot serve a request with authorization ***');
    // The stdout-noise note of leak-cut was cut after redaction.
    expect(text.stderr).toMatch(/non-JSON line on stdout ignored: n{190}\*\*\* traili…/);
  });

  it('--api-key=… and a random URL path segment are masked in `servers`, with a note; never printed by list', async () => {
    const servers = await run(['servers']);
    expect(servers.code).toBe(0);
    expect(servers.stdout).toContain('--api-key=***');
    expect(servers.stdout).toContain('/deep/v1/***/mcp');
    expect(servers.stderr).toContain('look like credentials');
    expectClean('servers', servers);
    const serversJson = await run(['servers', '--json']);
    const summaries = (JSON.parse(serversJson.stdout) as { servers: Array<{ name: string; maskedSecrets?: boolean }> }).servers;
    expect(summaries.filter((server) => server.maskedSecrets).map((server) => server.name)).toEqual(['argv-echo', 'http-deep']);
    expectClean('servers --json', serversJson);
    // argv-echo puts its argv in a tool description: list redacts the key there.
    expect(catalog.tools.find((tool) => tool.name === 'argv')?.description).toContain('--api-key=***');
  });

  it('leaves no process behind', async () => {
    await expectProcessesGone(readPids(pids.file));
  });
});

describe('lock files never record a secret', () => {
  it('snapshot refuses when a server echoes the derived Basic header, and writes nothing', async () => {
    const lock = join(config.dir, 'echo.lock.json');
    const result = await run(['snapshot', '-o', lock, '--server', 'http-echo-auth,calculator']);
    expect(result.code, result.stderr).toBe(2);
    expect(result.stderr).toContain('tool "http-echo-auth/echo_auth" contains a configured secret');
    expect(existsSync(lock)).toBe(false);
    expectClean('snapshot', result);
  });

  it('snapshot refuses a 6-character env secret echoed by the server (one threshold with output redaction)', async () => {
    const temp = writeTempConfig({ servers: { echo: fixtureEntry('env-echo', { env: { ECHO_VAR: 'k9x2q7' } }) } });
    temps.push(temp);
    const lock = join(temp.dir, 'mcpns.lock.json');
    const result = await runCli(['snapshot', '-o', lock], { cwd: temp.dir });
    expect(result.code, result.stderr).toBe(2);
    expect(existsSync(lock)).toBe(false);
    expect(result.stdout + result.stderr).not.toContain('k9x2q7');
  });

  it('a snapshot of the deep servers is written (their deep tools recorded as malformed), without the secret', async () => {
    const lock = join(config.dir, 'deep.lock.json');
    const result = await run(['snapshot', '-o', lock, '--server', 'http-deep,calculator']);
    expect(result.code, result.stderr).toBe(0);
    const text = readFileSync(lock, 'utf8');
    expect(leaks(text)).toEqual([]);
    expect(JSON.parse(text)).toMatchObject({ servers: [{ name: 'calculator' }, { name: 'http-deep', malformedTools: [{ name: 'deep_tool' }] }] });
  });
});

describe('a deep schema does not crash the commands that walk schemas', () => {
  it.each([
    ['check', ['check', '--server', 'deep,calculator'], 1],
    ['lint', ['lint', '--server', 'http-deep,calculator'], 1],
    ['export --provider gemini', ['export', '--provider', 'gemini', '--server', 'deep,calculator'], 0],
    ['call (dry run)', ['call', 'deep/fine', 'a=1'], 0],
  ])('%s', async (_label, argv, code) => {
    const result = await run(argv);
    expect(result.code, result.stderr).toBe(code);
    expectClean(argv.join(' '), result);
    if (argv[0] === 'check' || argv[0] === 'lint') expect(result.stdout).toContain('MALFORMED_TOOL');
  });
});

describe('call --execute on a server that answers with a 10 000-deep result', () => {
  it('is an error naming the problem, not a crash', async () => {
    const result = await run(['call', 'deep/fine', 'a=1', '--execute', '--yes']);
    expect(result.code, result.stderr).toBe(2);
    expect(result.stderr).toContain('tools/call deep/fine: the result is nested more than 256 levels deep');
    expectClean('call --execute', result);
  });
});

describe('__proto__, constructor and prototype are ordinary names', () => {
  it('servers with those names are discovered and listed; check runs', async () => {
    const temp = writeTempConfig(
      `{"servers": {"__proto__": ${JSON.stringify(fixtureEntry('calculator'))}, "constructor": ${JSON.stringify(fixtureEntry('weather'))}, "prototype": ${JSON.stringify(fixtureEntry('no-tools'))}}}`,
    );
    temps.push(temp);
    const list = await runCli(['list', '--json'], { cwd: temp.dir });
    expect(list.code, list.stderr).toBe(0);
    const listed = JSON.parse(list.stdout) as Catalog;
    expect(listed.servers.map((server) => server.name)).toEqual(['__proto__', 'constructor', 'prototype']);
    expect(listed.tools.map((tool) => tool.qualifiedName)).toEqual([
      '__proto__/add',
      '__proto__/multiply',
      '__proto__/subtract',
      'constructor/getCurrentWeather',
      'constructor/search',
    ]);
    const check = await runCli(['check', '--catalog', join(temp.dir, 'none.json')], { cwd: temp.dir });
    expect(check.stderr).not.toContain('internal error');
    const servers = await runCli(['servers', '--json'], { cwd: temp.dir });
    expect((JSON.parse(servers.stdout) as { servers: Array<{ name: string }> }).servers.map((server) => server.name)).toEqual([
      '__proto__',
      'constructor',
      'prototype',
    ]);
  });

  it('a __proto__ key in --args and in key=value pairs is sent as an argument', async () => {
    const args = '{"a":1,"b":2,"__proto__":{"polluted":true},"constructor":3}';
    const result = await run(['call', 'calculator/add', '--args', args, '--no-validate', '--json']);
    expect(result.code, result.stderr).toBe(0);
    const document = JSON.parse(result.stdout) as { arguments: Record<string, unknown> };
    expect(Object.keys(document.arguments)).toEqual(['a', 'b', '__proto__', 'constructor']);
    expect(Object.getOwnPropertyDescriptor(document.arguments, '__proto__')?.value).toEqual({ polluted: true });
    const pairs = await run(['call', 'calculator/add', 'a=1', 'b=2', '__proto__=x', '--no-validate', '--json']);
    expect(Object.keys((JSON.parse(pairs.stdout) as { arguments: object }).arguments)).toEqual(['a', 'b', '__proto__']);
  });
});
