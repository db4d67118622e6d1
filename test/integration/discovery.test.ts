import { getEventListeners } from 'node:events';
import { chmodSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerSpec } from '../../src/config/model.js';
import { discoverServers } from '../../src/discovery/discover.js';
import { DiscoveryError } from '../../src/discovery/errors.js';
import { openSession } from '../../src/discovery/session.js';
import type { ServerDiscovery } from '../../src/catalog/types.js';
import { tempFile, type TempConfig } from '../helpers/config.js';
import { fixturePath, httpSpec, startHttpFixture, stdioSpec, type HttpFixture } from '../helpers/fixtures.js';
import { settlesWithin } from '../helpers/assertions.js';
import { expectProcessesGone, readPids } from '../helpers/processes.js';

const GENEROUS = 60_000;
const DEADLINE = 1500;

const byName = (results: ServerDiscovery[], name: string): ServerDiscovery => {
  const found = results.find((result) => result.server.name === name);
  if (!found) throw new Error(`no result for ${name}`);
  return found;
};
const toolNames = (result: ServerDiscovery): string[] => result.tools.map((tool) => tool.name);

let pidLog: TempConfig;
beforeAll(() => {
  pidLog = tempFile('pids.txt');
});
afterAll(() => pidLog.cleanup());

/** Every stdio spec records its PIDs in the shared file. */
const withPids = (spec: ServerSpec): ServerSpec => ({ ...spec, env: { ...spec.env, MCPNS_PID_FILE: pidLog.file } });

describe('discoverServers: the demo set over stdio', () => {
  it('lists every demo server concurrently with server info, protocol version and tools', async () => {
    const names = ['calculator', 'math-service', 'files', 'memory', 'atlassian', 'weather'];
    const results = await discoverServers(
      names.map((name) => withPids(stdioSpec(name))),
      { timeoutMs: GENEROUS, concurrency: 8 },
    );
    expect(results.map((result) => result.server.name)).toEqual(names); // input order
    for (const result of results) expect(result.server).toMatchObject({ status: 'ok', pages: 1, transport: 'stdio' });

    expect(toolNames(byName(results, 'calculator'))).toEqual(['add', 'subtract', 'multiply']);
    expect(toolNames(byName(results, 'math-service'))).toEqual(['add', 'integrate']);
    expect(toolNames(byName(results, 'files'))).toEqual(['file_read_file', 'file_write_file', 'file_list_directory']);
    expect(toolNames(byName(results, 'memory'))).toEqual(['memory_store_conversation', 'memory_search_memory', 'memory_get_session_context']);
    expect(toolNames(byName(results, 'atlassian'))).toEqual(['atlassian_get_issue', 'atlassian_create_page', 'search_confluence', 'search']);
    expect(toolNames(byName(results, 'weather'))).toEqual(['getCurrentWeather', 'search']);

    const calculator = byName(results, 'calculator');
    expect(calculator.server).toMatchObject({
      serverInfo: { name: 'calculator', version: '1.0.0' },
      protocolVersion: '2025-11-25',
      capabilities: { tools: expect.any(Object) },
      instructions: expect.stringContaining('arithmetic'),
      toolCount: 3,
      source: 'test.mcpns.json',
      client: 'mcpns',
    });
    expect(calculator.server.durationMs).toBeGreaterThan(0);
    const add = calculator.tools[0];
    expect(add).toMatchObject({ server: 'calculator', name: 'add', title: 'Add', annotations: { readOnlyHint: true } });
    expect(add?.inputSchema).toMatchObject({ type: 'object', properties: { a: { type: 'number' }, b: { type: 'number' } } });
    expect(add?.outputSchema).toMatchObject({ type: 'object', properties: { sum: { type: 'number' } } });
    expect(byName(results, 'files').tools[1]?.annotations).toMatchObject({ destructiveHint: true });

    const pids = readPids(pidLog.file);
    expect(pids.length).toBeGreaterThanOrEqual(6);
    await expectProcessesGone(pids);
  });
});

describe('discoverServers: the fault set', () => {
  it('reports every fault with its code, keeps the others, and leaves no process behind', async () => {
    const notExecutable = join(pidLog.dir, 'not-executable.sh');
    writeFileSync(notExecutable, '#!/bin/sh\necho hi\n');
    chmodSync(notExecutable, 0o644);
    const specs: ServerSpec[] = [
      stdioSpec('calculator'),
      stdioSpec('crash-on-start'),
      stdioSpec('stdout-noise'),
      stdioSpec('stderr-flood'),
      stdioSpec('paginated', { env: { PAGES: '3', PAGE_SIZE: '2' } }),
      stdioSpec('paginated', { name: 'paginated-repeat', env: { REPEAT_CURSOR: '1', PAGE_SIZE: '2' } }),
      stdioSpec('paginated', { name: 'paginated-runaway', env: { PAGES: '10', PAGE_SIZE: '1' } }),
      stdioSpec('malformed-tool'),
      stdioSpec('duplicate-tool'),
      stdioSpec('close-mid-list'),
      stdioSpec('invalid-utf8'),
      stdioSpec('no-tools'),
      stdioSpec('wrapper-grandchild'),
      {
        ...stdioSpec('wrapper-grandchild', { name: 'sh-wrapper' }),
        command: 'sh',
        args: ['-c', `"${process.execPath}" "${fixturePath('wrapper-grandchild')}" --direct; echo wrapper done >&2`],
      },
      { ...stdioSpec('calculator', { name: 'missing-command' }), command: 'mcpns-no-such-command-xyz', args: [] },
      { ...stdioSpec('calculator', { name: 'not-executable' }), command: notExecutable, args: [] },
      { ...stdioSpec('calculator', { name: 'unlaunchable' }), transport: 'unlaunchable' as const, unlaunchableReason: 'url without type' },
    ].map(withPids);

    const results = await discoverServers(specs, { timeoutMs: GENEROUS, concurrency: 8, maxPages: 4 });
    expect(results.map((result) => result.server.name)).toEqual(specs.map((spec) => spec.name));
    const status = Object.fromEntries(results.map((result) => [result.server.name, result.server.error?.code ?? result.server.status]));
    expect(status).toEqual({
      calculator: 'ok',
      'crash-on-start': 'CONNECTION_CLOSED',
      'stdout-noise': 'ok',
      'stderr-flood': 'ok',
      paginated: 'ok',
      'paginated-repeat': 'ok',
      'paginated-runaway': 'ok',
      'malformed-tool': 'ok',
      'duplicate-tool': 'ok',
      'close-mid-list': 'CONNECTION_CLOSED',
      'invalid-utf8': 'ok',
      'no-tools': 'ok',
      'wrapper-grandchild': 'ok',
      'sh-wrapper': 'ok',
      'missing-command': 'SPAWN_FAILED',
      'not-executable': 'SPAWN_FAILED',
      unlaunchable: 'UNLAUNCHABLE',
    });

    expect(toolNames(byName(results, 'calculator'))).toEqual(['add', 'subtract', 'multiply']);

    const crash = byName(results, 'crash-on-start');
    expect(crash.stderr).toContain('DEMO_API_KEY is not set');
    expect(crash.server.toolCount).toBe(0);
    expect(crash.tools).toEqual([]);

    const noisy = byName(results, 'stdout-noise');
    expect(toolNames(noisy)).toEqual(['echo']);
    expect(noisy.stderr).toContain('non-JSON line on stdout ignored: Starting noisy server');

    const flood = byName(results, 'stderr-flood');
    expect(toolNames(flood)).toEqual(['quiet']);
    expect(flood.stderr).toContain('stderr-flood: LAST LINE'); // the tail is kept
    expect(flood.stderr).toContain('earlier bytes of stderr dropped');
    expect(Buffer.byteLength(flood.stderr)).toBeLessThan(64 * 1024 + 200);

    const paginated = byName(results, 'paginated');
    expect(paginated.server.pages).toBe(3);
    expect(toolNames(paginated)).toEqual(['tool_00000', 'tool_00001', 'tool_00002', 'tool_00003', 'tool_00004', 'tool_00005']);
    expect(paginated.server.notes).toBeUndefined();

    const repeat = byName(results, 'paginated-repeat');
    expect(repeat.server.pages).toBe(2);
    expect(repeat.server.notes?.join()).toContain('twice');
    expect(repeat.tools).toHaveLength(4); // both pages kept as returned

    const runaway = byName(results, 'paginated-runaway');
    expect(runaway.server.pages).toBe(4);
    expect(runaway.tools).toHaveLength(4);
    expect(runaway.server.notes?.join()).toContain('page guard');

    const malformed = byName(results, 'malformed-tool');
    expect(toolNames(malformed)).toEqual(['good_first', 'good_second']);
    expect(malformed.server.toolCount).toBe(2);
    expect(malformed.server.malformedTools?.map((entry) => [entry.index, entry.name])).toEqual([
      [1, 'bad_input'],
      [2, 'bad_output'],
    ]);
    expect(malformed.server.malformedTools?.[0]?.problems.join()).toContain('inputSchema.type');
    expect(malformed.server.malformedTools?.[1]?.problems.join()).toContain('outputSchema.type');

    expect(toolNames(byName(results, 'duplicate-tool'))).toEqual(['lookup', 'lookup', 'other']);

    const closed = byName(results, 'close-mid-list');
    expect(closed.server.error?.message).toContain('tools/list');
    expect(closed.stderr).toContain('segfault (simulated)');

    const utf8 = byName(results, 'invalid-utf8');
    expect(utf8.tools[0]?.description).toBe('Before\uFFFD\uFFFD\uFFFDAFTER');

    const noTools = byName(results, 'no-tools');
    expect(noTools.server).toMatchObject({ status: 'ok', toolCount: 0, pages: 0 });
    expect(noTools.server.notes?.join()).toContain('tools capability');

    expect(toolNames(byName(results, 'wrapper-grandchild'))).toEqual(['stubborn']);
    expect(toolNames(byName(results, 'sh-wrapper'))).toEqual(['stubborn']);

    expect(byName(results, 'missing-command').server.error?.message).toContain('command not found');
    expect(byName(results, 'not-executable').server.error?.message).toContain('permission denied');
    expect(byName(results, 'unlaunchable').server.error?.message).toBe('url without type');

    // Wrapper + grandchild + sh + its grandchild: 4 PIDs among the rest, all gone.
    await expectProcessesGone(readPids(pidLog.file));
  });

  it("handles a single 10 000-tool page above the SDK's 10 MB message limit", async () => {
    const [result] = await discoverServers([withPids(stdioSpec('paginated', { env: { TOOL_COUNT: '10000', PAGES: '1', DESCRIPTION_BYTES: '1100' } }))], {
      timeoutMs: 60_000,
      concurrency: 1,
    });
    expect(result?.server).toMatchObject({ status: 'ok', toolCount: 10_000, pages: 1 });
    expect(result?.tools[9999]?.name).toBe('tool_09999');
  });
});

describe('discoverServers: deadlines', () => {
  let hang: HttpFixture;
  let sseHang: HttpFixture;
  beforeAll(async () => {
    [hang, sseHang] = await Promise.all([startHttpFixture('http-server', ['--mode', 'hang']), startHttpFixture('http-server', ['--mode', 'sse-hang'])]);
  });
  afterAll(async () => {
    await hang?.stop();
    await sseHang?.stop();
  });

  it('times out hung servers at their deadline and kills them', async () => {
    const specs: ServerSpec[] = [
      withPids(stdioSpec('never-initialize')),
      withPids(stdioSpec('slow-start', { env: { SLOW_START_MS: '60000' } })),
      httpSpec('http-hang', `${hang.origin}/mcp`),
      httpSpec('sse-hang', `${sseHang.origin}/sse`, { transport: 'sse' }),
    ];
    // Two of them would hang for a minute or forever: discovery must end at the deadline, not when they do.
    const results = await settlesWithin(
      discoverServers(specs, { timeoutMs: DEADLINE, concurrency: 8 }),
      20_000,
      'discovery waited for hung servers past the deadline',
    );
    expect(results.map((result) => result.server.error?.code)).toEqual(['CONNECT_TIMEOUT', 'CONNECT_TIMEOUT', 'CONNECT_TIMEOUT', 'CONNECT_TIMEOUT']);
    expect(results[0]?.server.error?.message).toContain(`${DEADLINE} ms`);
    await expectProcessesGone(readPids(pidLog.file));
  });

  it('uses the per-server timeoutMs over the default', async () => {
    const [slow] = await discoverServers([withPids(stdioSpec('slow-start', { env: { SLOW_START_MS: '300' }, timeoutMs: GENEROUS }))], {
      timeoutMs: 1,
      concurrency: 1,
    });
    expect(slow?.server.status).toBe('ok');
    expect(slow?.server.durationMs).toBeGreaterThanOrEqual(300);
  });

  it('stops everything on abort with INTERRUPTED and kills every child', async () => {
    const controller = new AbortController();
    const specs = [stdioSpec('never-initialize'), stdioSpec('never-initialize', { name: 'never-2' }), stdioSpec('calculator')].map(withPids);
    setTimeout(() => controller.abort(), 400);
    const results = await discoverServers(specs, { timeoutMs: GENEROUS, concurrency: 2, signal: controller.signal });
    expect(results.slice(0, 2).map((result) => result.server.error?.code)).toEqual(['INTERRUPTED', 'INTERRUPTED']);
    expect(results[2]?.server.error?.code).toBe('INTERRUPTED'); // never started: no slot was free before the abort
    await expectProcessesGone(readPids(pidLog.file));
  });
});

describe("discoverServers: the caller's abort signal", () => {
  it('many servers at once add one listener to it (no MaxListenersExceededWarning), removed when discovery ends', async () => {
    // A port nothing listens on: each server fails fast, but its deadline exists (and listens) from the start.
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as { port: number };
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const warnings: Error[] = [];
    const onWarning = (warning: Error): void => void warnings.push(warning);
    process.on('warning', onWarning);
    try {
      const controller = new AbortController();
      const specs = Array.from({ length: 12 }, (_, index) => httpSpec(`refused-${index}`, `http://127.0.0.1:${port}/mcp`));
      const discovery = discoverServers(specs, { timeoutMs: GENEROUS, concurrency: 12, signal: controller.signal });
      // Every server's deadline was created synchronously, before the first connection attempt.
      const listenersDuring = getEventListeners(controller.signal, 'abort').length;
      const results = await discovery;
      // Warnings are emitted on a later tick.
      await new Promise((resolve) => setImmediate(resolve));
      expect(results.map((result) => result.server.error?.code)).toEqual(Array(12).fill('HTTP_ERROR'));
      expect(warnings.filter((warning) => warning.name === 'MaxListenersExceededWarning').map((warning) => warning.message)).toEqual([]);
      expect(listenersDuring).toBe(1);
      expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
    } finally {
      process.off('warning', onWarning);
    }
  });
});

describe('discoverServers: HTTP and SSE', () => {
  const fixtures: HttpFixture[] = [];
  const start = async (fixture: string, args: string[], env?: Record<string, string>): Promise<HttpFixture> => {
    const started = await startHttpFixture(fixture, args, env);
    fixtures.push(started);
    return started;
  };
  afterAll(async () => {
    await Promise.all(fixtures.map((fixture) => fixture.stop()));
  });

  it('lists Streamable HTTP and SSE servers and classifies HTTP failures', async () => {
    const [ok, auth, s401, s404, s500, sse, weather, gone] = await Promise.all([
      start('http-server', ['--mode', 'ok']),
      start('http-server', ['--mode', 'auth'], { HTTP_TOKEN: 'right-token-123' }),
      start('http-server', ['--mode', '401']),
      start('http-server', ['--mode', '404']),
      start('http-server', ['--mode', '500']),
      start('http-server', ['--mode', 'sse']),
      start('weather', ['--http', '0']),
      start('http-server', ['--mode', 'ok']),
    ]);
    await gone!.stop(); // its port is now closed: connection refused
    const specs: ServerSpec[] = [
      httpSpec('ok', `${ok!.origin}/mcp`),
      httpSpec('auth-ok', `${auth!.origin}/mcp`, { headers: { Authorization: 'Bearer right-token-123' } }),
      httpSpec('auth-bad', `${auth!.origin}/mcp`, { headers: { Authorization: 'Bearer wrong-secret-456' } }),
      httpSpec('auth-in-url', `${auth!.origin.replace('://', '://user:right-token-123@')}/mcp`),
      httpSpec('s401', `${s401!.origin}/mcp`),
      httpSpec('s404', `${s404!.origin}/mcp`),
      httpSpec('s500', `${s500!.origin}/mcp`),
      httpSpec('sse', `${sse!.origin}/sse`, { transport: 'sse' }),
      httpSpec('fallback', `${sse!.origin}/sse`, { sseFallback: true }),
      httpSpec('weather', `${weather!.origin}/mcp`),
      httpSpec('refused', `${gone!.origin}/mcp`),
    ];
    const results = await discoverServers(specs, { timeoutMs: GENEROUS, concurrency: 8 });
    const status = Object.fromEntries(results.map((result) => [result.server.name, result.server.error?.code ?? result.server.status]));
    expect(status).toEqual({
      ok: 'ok',
      'auth-ok': 'ok',
      'auth-bad': 'AUTH_REQUIRED',
      'auth-in-url': 'ok',
      s401: 'AUTH_REQUIRED',
      s404: 'HTTP_ERROR',
      s500: 'HTTP_ERROR',
      sse: 'ok',
      fallback: 'ok',
      weather: 'ok',
      refused: 'HTTP_ERROR',
    });
    expect(toolNames(byName(results, 'ok'))).toEqual(['remote_echo', 'add']);
    expect(byName(results, 'ok').server).toMatchObject({ transport: 'http', protocolVersion: '2025-11-25', serverInfo: { name: 'remote' } });
    expect(toolNames(byName(results, 'sse'))).toEqual(['remote_echo', 'add']);
    expect(byName(results, 'fallback').server.notes?.join()).toContain('fell back to the legacy SSE transport');
    expect(toolNames(byName(results, 'weather'))).toEqual(['getCurrentWeather', 'search']);
    expect(byName(results, 's404').server.error?.message).toContain('HTTP 404');
    expect(byName(results, 's500').server.error?.message).toContain('HTTP 500');
    expect(byName(results, 'refused').server.error?.message).toContain('ECONNREFUSED');
    // Header values never reach a message.
    for (const result of results) expect(JSON.stringify(result)).not.toContain('wrong-secret-456');
  });
});

describe('openSession', () => {
  it('connects for tools/call and kills the process on close', async () => {
    const session = await openSession(withPids(stdioSpec('calculator')), { timeoutMs: GENEROUS });
    expect(session.serverInfo?.name).toBe('calculator');
    expect(session.protocolVersion).toBe('2025-11-25');
    const result = await session.client.callTool({ name: 'add', arguments: { a: 5, b: 3 } }, { timeout: GENEROUS });
    expect(result.structuredContent).toEqual({ sum: 8 });
    await session.close();
    await expectProcessesGone(readPids(pidLog.file));
  });

  it('throws a DiscoveryError with the stable reason', async () => {
    const error = await openSession(stdioSpec('crash-on-start'), { timeoutMs: GENEROUS }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(DiscoveryError);
    expect((error as DiscoveryError).reason).toBe('CONNECTION_CLOSED');
  });
});
