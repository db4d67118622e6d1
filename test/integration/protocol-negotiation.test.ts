/**
 * Negotiation of the protocol revision (docs/protocol.md) against real servers: the v2 SDK fixture in its three eras
 * over stdio and HTTP, 2025 servers that answer, ignore or exit on the `server/discover` probe, a server that refuses
 * every revision mcpns speaks, and the revision memory that makes the next run skip the probe. What a server received
 * is read from its event log ($MCPNS_EVENT_LOG), never from timings.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerSpec } from '../../src/config/model.js';
import { discoverServers } from '../../src/discovery/discover.js';
import { DiscoveryError } from '../../src/discovery/errors.js';
import { RevisionStore } from '../../src/discovery/revision-memory.js';
import { openSession } from '../../src/discovery/session.js';
import type { ServerDiscovery } from '../../src/catalog/types.js';
import { httpSpec, startHttpFixture, stdioSpec, type HttpFixture } from '../helpers/fixtures.js';
import { makeTempDir } from '../helpers/temp.js';

const GENEROUS = 60_000;

/** A fresh memory (its own state directory) and an event log per test. */
function setup(): { revisions: RevisionStore; events: string; read: () => Array<Record<string, unknown>> } {
  const dir = makeTempDir('mcpns-negotiation-');
  const events = join(dir, 'events.jsonl');
  return {
    revisions: new RevisionStore(join(dir, 'state')),
    events,
    read: () => {
      try {
        return readFileSync(events, 'utf8')
          .split('\n')
          .filter(Boolean)
          .map((line) => JSON.parse(line) as Record<string, unknown>);
      } catch {
        return [];
      }
    },
  };
}

const v2 = (era: string, events: string, extra: string[] = []): ServerSpec =>
  stdioSpec('v2-server', { name: `v2-${era}`, extraArgs: ['--era', era, ...extra], env: { MCPNS_EVENT_LOG: events } });

/**
 * One discovery. The probe wait defaults to the whole deadline here: how long a server takes to start under load must
 * not decide what the tests see (the short wait is given where a test is about it).
 */
async function discover(spec: ServerSpec, revisions: RevisionStore, probeWaitMs = GENEROUS): Promise<ServerDiscovery> {
  const [result] = await discoverServers([spec], { timeoutMs: GENEROUS, concurrency: 1, revisions, probeWaitMs });
  return result!;
}

const methods = (events: Array<Record<string, unknown>>): unknown[] => events.map((event) => event['method']).filter((method) => method !== undefined);

describe('over stdio', () => {
  it.each([
    ['dual', '2026-07-28', 'modern'],
    ['modern', '2026-07-28', 'modern'],
    ['legacy', '2025-11-25', 'legacy'],
  ])('a v2 server (%s) is listed at %s and remembered', async (era, revision, remembered) => {
    const { revisions, events } = setup();
    const spec = v2(era, events);
    const result = await discover(spec, revisions);
    expect(result.server.status, JSON.stringify(result.server.error)).toBe('ok');
    expect(result.server.protocolVersion).toBe(revision);
    expect(result.tools.map((tool) => tool.name)).toEqual(['add', 'deploy', 'route', 'whoami']);
    expect(revisions.recall(spec)).toMatchObject({ revision, era: remembered, probe: 'answered' });
  });

  it('a 2026-only server remembered as such is asked server/discover only (no initialize, no probe wait)', async () => {
    const { revisions, events, read } = setup();
    const spec = v2('modern', events);
    await discover(spec, revisions);
    const second = await discover(spec, revisions);
    expect(second.server.protocolVersion).toBe('2026-07-28');
    expect(revisions.recall(spec)?.probe).toBe('answered');
    // Tools record the revision of every call; no initialize reached the server on either run.
    expect(JSON.stringify(read())).not.toContain('initialize');
  });

  it('a 2025 server that ignores requests before initialize costs the probe wait once: the next run sends initialize straight away', async () => {
    const { revisions, events, read } = setup();
    const spec = v2('legacy', events, ['--before-initialize', 'ignore']);
    const first = await discover(spec, revisions, 300);
    expect(first.server.status).toBe('ok');
    expect(first.server.protocolVersion).toBe('2025-11-25');
    expect(revisions.recall(spec)).toMatchObject({ era: 'legacy', probe: 'silent' });
    expect(methods(read())).toEqual(['server/discover', 'initialize', 'notifications/initialized', 'tools/list']);
    const before = read().length;
    const second = await discover(spec, revisions, 300);
    expect(second.server.status).toBe('ok');
    expect(methods(read().slice(before))).toEqual(['initialize', 'notifications/initialized', 'tools/list']);
  });

  it('a 2025 server that exits on the probe is started again with initialize, and later runs do not probe', async () => {
    const { revisions, events, read } = setup();
    const spec = v2('legacy', events, ['--before-initialize', 'exit']);
    const first = await discover(spec, revisions);
    expect(first.server.status, JSON.stringify(first.server.error)).toBe('ok');
    expect(first.server.notes).toContain('the server exited without answering the server/discover probe; started again with initialize');
    expect(revisions.recall(spec)).toMatchObject({ era: 'legacy', probe: 'exited' });
    const before = read().length;
    const second = await discover(spec, revisions);
    expect(second.server.status).toBe('ok');
    expect(second.server.notes ?? []).toEqual([]);
    expect(methods(read().slice(before))[0]).toBe('initialize');
  });

  it('a dual server slower to start than the probe wait is reached with initialize, and with server/discover the next run', async () => {
    const { revisions, events, read } = setup();
    const spec = v2('dual', events, ['--start-delay-ms', '1500']);
    const first = await discover(spec, revisions, 100);
    expect(first.server.status, JSON.stringify(first.server.error)).toBe('ok');
    expect(first.server.protocolVersion).toBe('2025-11-25');
    // It answered the probe after the wait: remembered as speaking 2026-07-28.
    expect(revisions.recall(spec)).toMatchObject({ revision: '2026-07-28', era: 'modern', probe: 'answered' });
    const before = read().length;
    const second = await discover(spec, revisions, 100);
    expect(second.server.protocolVersion).toBe('2026-07-28');
    expect(methods(read().slice(before))).toEqual(['server/discover', 'tools/list']);
  });

  it('a server that exits at start (not on the probe) fails as before; later runs start it once, without a probe', async () => {
    const { revisions } = setup();
    const spec = stdioSpec('crash-on-start', { extraArgs: [] });
    const first = await discover(spec, revisions);
    expect(first.server.error?.code).toBe('CONNECTION_CLOSED');
    expect(revisions.recall(spec)).toMatchObject({ era: 'legacy', probe: 'exited' });
    expect(revisions.recall(spec)?.revision).toBeUndefined();
    const second = await discover(spec, revisions);
    expect(second.server.error?.code).toBe('CONNECTION_CLOSED');
    expect(second.server.notes ?? []).toEqual([]);
  });

  it('a 1.x SDK server answers the probe with an error and is reached with initialize', async () => {
    const { revisions } = setup();
    const spec = stdioSpec('calculator');
    const result = await discover(spec, revisions);
    expect(result.server.status).toBe('ok');
    expect(result.server.protocolVersion).toBe('2025-11-25');
    expect(revisions.recall(spec)).toMatchObject({ era: 'legacy', probe: 'answered' });
  });

  it('a server remembered as 2025-only that now speaks only 2026-07-28 is connected again in the new revision', async () => {
    const { revisions, events } = setup();
    const spec = v2('modern', events);
    revisions.remember(spec, { revision: '2025-11-25', era: 'legacy', probe: 'answered' });
    const result = await discover(spec, revisions);
    expect(result.server.status, JSON.stringify(result.server.error)).toBe('ok');
    expect(result.server.protocolVersion).toBe('2026-07-28');
    expect(result.server.notes).toContain('the server refused initialize and supports 2026-07-28; connected again with server/discover');
    expect(revisions.recall(spec)).toMatchObject({ revision: '2026-07-28', era: 'modern', probe: 'refused' });
  });

  it('a server remembered as 2026-07-28 that no longer speaks it is negotiated again', async () => {
    const { revisions, events } = setup();
    const spec = v2('legacy', events);
    revisions.remember(spec, { revision: '2026-07-28', era: 'modern', probe: 'answered' });
    const result = await discover(spec, revisions);
    expect(result.server.status, JSON.stringify(result.server.error)).toBe('ok');
    expect(result.server.protocolVersion).toBe('2025-11-25');
    expect(revisions.recall(spec)).toMatchObject({ revision: '2025-11-25', era: 'legacy' });
  });

  it('a server that speaks none of our revisions is PROTOCOL_VERSION_UNSUPPORTED with its supported list', async () => {
    const { revisions } = setup();
    for (const supported of ['2099-01-01', '2024-01-01']) {
      const result = await discover(stdioSpec('version-refused', { extraArgs: ['--supported', supported] }), revisions);
      expect(result.server.error).toMatchObject({ code: 'PROTOCOL_VERSION_UNSUPPORTED', serverCode: -32022, supported: [supported] });
      expect(result.server.error?.message).toContain(`it supports: ${supported}`);
    }
  });
});

describe('over Streamable HTTP', () => {
  const servers: Record<string, HttpFixture> = {};
  const eventLog = join(makeTempDir('mcpns-negotiation-http-'), 'events.jsonl');
  const refusedLog = join(makeTempDir('mcpns-negotiation-refused-'), 'events.jsonl');
  beforeAll(async () => {
    const started = await Promise.all([
      ...['dual', 'modern', 'legacy'].map(
        async (era) => [era, await startHttpFixture('v2-server', ['--era', era, '--http', '0'], { MCPNS_EVENT_LOG: eventLog })] as const,
      ),
      (async () =>
        ['refused-new', await startHttpFixture('version-refused', ['--http', '0', '--supported', '2099-01-01'], { MCPNS_EVENT_LOG: refusedLog })] as const)(),
      (async () =>
        ['refused-old', await startHttpFixture('version-refused', ['--http', '0', '--supported', '2024-01-01'], { MCPNS_EVENT_LOG: refusedLog })] as const)(),
      (async () => ['refused-sse', await startHttpFixture('version-refused', ['--http', '0', '--sse', '--supported', '2099-01-01'])] as const)(),
    ]);
    for (const [name, fixture] of started) servers[name] = fixture;
  }, GENEROUS);
  afterAll(async () => {
    await Promise.all(Object.values(servers).map((server) => server.stop()));
  });

  it.each([
    ['dual', '2026-07-28'],
    ['modern', '2026-07-28'],
    ['legacy', '2025-11-25'],
  ])('a v2 server (%s) read from a VS Code file (SSE fallback allowed) is listed at %s', async (era, revision) => {
    const { revisions } = setup();
    const spec = httpSpec(`http-${era}`, `${servers[era]!.origin}/mcp`, { sseFallback: true });
    const result = await discover(spec, revisions);
    expect(result.server.status, JSON.stringify(result.server.error)).toBe('ok');
    expect(result.server.protocolVersion).toBe(revision);
    expect(result.server.notes ?? []).toEqual([]);
    expect(result.tools.map((tool) => tool.name)).toEqual(['add', 'deploy', 'route', 'whoami']);
  });

  it('a 4xx carrying -32022 is PROTOCOL_VERSION_UNSUPPORTED with the supported list, and never falls back to SSE', async () => {
    const { revisions } = setup();
    for (const [name, supported] of [
      ['refused-new', '2099-01-01'],
      ['refused-old', '2024-01-01'],
    ] as const) {
      const spec = httpSpec(name, `${servers[name]!.origin}/mcp`, { sseFallback: true });
      const result = await discover(spec, revisions);
      expect(result.server.error).toMatchObject({ code: 'PROTOCOL_VERSION_UNSUPPORTED', serverCode: -32022, supported: [supported] });
      expect(result.server.notes ?? []).toEqual([]);
    }
    // An SSE fallback would have opened the stream with a GET.
    const seen = readFileSync(refusedLog, 'utf8');
    expect(seen).toContain('"server/discover"');
    expect(seen).not.toContain('"GET"');
  });

  it('over the legacy HTTP+SSE transport, -32022 on the event stream is PROTOCOL_VERSION_UNSUPPORTED with the supported list', async () => {
    const { revisions } = setup();
    const result = await discover(httpSpec('refused-sse', `${servers['refused-sse']!.origin}/sse`, { transport: 'sse' }), revisions);
    expect(result.server.status).toBe('error');
    expect(result.server.error).toMatchObject({ code: 'PROTOCOL_VERSION_UNSUPPORTED', serverCode: -32022, supported: ['2099-01-01'] });
  });

  it('openSession reports the refusal as a DiscoveryError with the server supported list', async () => {
    const error = await openSession(httpSpec('s', `${servers['refused-new']!.origin}/mcp`), { timeoutMs: GENEROUS }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(DiscoveryError);
    expect(error).toMatchObject({ reason: 'PROTOCOL_VERSION_UNSUPPORTED', supported: ['2099-01-01'], details: { supported: ['2099-01-01'] } });
  });

  it('2026-07-28 requests carry MCP-Protocol-Version, Mcp-Method and Mcp-Name (the server validates them) and the _meta envelope', async () => {
    const session = await openSession(httpSpec('s', `${servers['modern']!.origin}/mcp`), { timeoutMs: GENEROUS });
    try {
      const result = await session.client.callTool({ name: 'whoami', arguments: {} });
      expect(result.structuredContent).toEqual({
        revision: '2026-07-28',
        headers: { 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'tools/call', 'mcp-name': 'whoami' },
      });
    } finally {
      await session.close();
    }
  });

  it('a listing with a cache hint (ttlMs) is reused by the session until it expires; a 2025 listing is fetched again', async () => {
    const countLists = (): number =>
      readFileSync(eventLog, 'utf8')
        .split('\n')
        .filter((line) => line.includes('"mcp-method":"tools/list"')).length;
    const session = await openSession(httpSpec('s', `${servers['modern']!.origin}/mcp`), { timeoutMs: GENEROUS });
    try {
      const before = countLists();
      const first = await session.listTools();
      const second = await session.listTools();
      expect(first.cache).toEqual({ ttlMs: 60_000, scope: 'public' });
      expect(second).toBe(first);
      expect(countLists() - before).toBe(1);
    } finally {
      await session.close();
    }
    const { events, read } = setup();
    const legacy = await openSession(v2('legacy', events), { timeoutMs: GENEROUS });
    try {
      const first = await legacy.listTools();
      await legacy.listTools();
      expect(first.cache).toBeUndefined();
      expect(methods(read()).filter((method) => method === 'tools/list')).toHaveLength(2);
    } finally {
      await legacy.close();
    }
  });

  it('a tool whose x-mcp-header marks break SEP-2243 is set aside over 2026-07-28 HTTP, kept over stdio', async () => {
    const broken = await startHttpFixture('v2-server', ['--era', 'modern', '--http', '0', '--broken-marks']);
    try {
      const { revisions, events } = setup();
      const overHttp = await discover(httpSpec('h', `${broken.origin}/mcp`), revisions);
      expect(overHttp.tools.map((tool) => tool.name)).toEqual(['add', 'deploy', 'route', 'whoami']);
      expect(overHttp.server.malformedTools).toEqual([
        expect.objectContaining({ name: 'broken_marks', problems: [expect.stringContaining('data: x-mcp-header is allowed only on a string')] }),
      ]);
      const overStdio = await discover(v2('modern', events, ['--broken-marks']), revisions);
      expect(overStdio.tools.map((tool) => tool.name)).toContain('broken_marks');
    } finally {
      await broken.stop();
    }
  });
});
