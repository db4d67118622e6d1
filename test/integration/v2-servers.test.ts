/**
 * Every command against servers built on the v2 SDK, in each era (dual, 2026-07-28 only, 2025 only) over stdio and
 * Streamable HTTP, beside a 1.x SDK server: list, call --execute (with two rounds of elicitation, answered with
 * --answers and with --yes), lint, snapshot and diff, servers; and OAuth sign-in to a 2026-07-28 server.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login } from '../../src/auth/login.js';
import { createAuthResolver } from '../../src/auth/server-auth.js';
import { TokenStore } from '../../src/auth/store.js';
import { loadConfig } from '../../src/config/load.js';
import { discoverServers } from '../../src/discovery/discover.js';
import { RevisionStore } from '../../src/discovery/revision-memory.js';
import { openSession } from '../../src/discovery/session.js';
import { runCli } from '../helpers/cli.js';
import { fixtureEntry } from '../helpers/config.js';
import { fixturePath, httpSpec, startHttpFixture, type HttpFixture } from '../helpers/fixtures.js';
import { clickAllow, startOAuthFixture, type OAuthFixture } from '../helpers/oauth.js';
import { makeTempDir } from '../helpers/temp.js';

const ERAS = ['dual', 'modern', 'legacy'] as const;
const REVISION = { dual: '2026-07-28', modern: '2026-07-28', legacy: '2025-11-25' } as const;

let project: string;
let env: Record<string, string>;
const http: Partial<Record<(typeof ERAS)[number], HttpFixture>> = {};

beforeAll(async () => {
  project = makeTempDir('mcpns-v2-');
  env = { MCPNS_STATE_DIR: join(project, 'state') };
  await Promise.all(ERAS.map(async (era) => (http[era] = await startHttpFixture('v2-server', ['--era', era, '--http', '0']))));
  const servers: Record<string, unknown> = { calculator: fixtureEntry('calculator') };
  for (const era of ERAS) {
    servers[`stdio-${era}`] = { command: process.execPath, args: [fixturePath('v2-server'), '--era', era] };
    servers[`http-${era}`] = { type: 'http', url: `${http[era]!.origin}/mcp` };
  }
  writeFileSync(join(project, 'mcpns.config.json'), JSON.stringify({ servers }, null, 2));
  // What the stdio servers speak is remembered as after a first run: how long a server takes to start under load
  // must not decide the revision these tests see (first contact is protocol-negotiation.test.ts's subject).
  const memory = new RevisionStore(env['MCPNS_STATE_DIR']!);
  for (const spec of loadConfig({ cwd: project, env: {}, home: project }).servers) {
    const era = ERAS.find((name) => spec.name === `stdio-${name}`);
    if (era) memory.remember(spec, { revision: REVISION[era], era: era === 'legacy' ? 'legacy' : 'modern', probe: 'answered' });
  }
});
afterAll(async () => {
  await Promise.all(Object.values(http).map((fixture) => fixture.stop()));
});

const run = (argv: string[]) => runCli(argv, { cwd: project, env });

describe('list', () => {
  it('lists every server, each at the revision it speaks; servers then shows what each spoke', async () => {
    const result = await run(['list', '--json']);
    expect(result.code, result.stderr).toBe(0);
    const catalog = JSON.parse(result.stdout) as {
      servers: Array<{ name: string; status: string; protocolVersion?: string }>;
      tools: Array<{ qualifiedName: string }>;
    };
    const revisions = Object.fromEntries(catalog.servers.map((server) => [server.name, [server.status, server.protocolVersion]]));
    expect(revisions).toEqual({
      calculator: ['ok', '2025-11-25'],
      ...Object.fromEntries(
        ERAS.flatMap((era) => [
          [`stdio-${era}`, ['ok', REVISION[era]]],
          [`http-${era}`, ['ok', REVISION[era]]],
        ]),
      ),
    });
    expect(catalog.tools.map((tool) => tool.qualifiedName)).toContain('http-modern/deploy');

    const servers = await run(['servers', '--json']);
    const shown = JSON.parse(servers.stdout) as { servers: Array<{ name: string; protocol?: { revision: string; era: string } }> };
    expect(shown.servers.find((server) => server.name === 'stdio-modern')?.protocol).toMatchObject({ revision: '2026-07-28', era: 'modern' });
    expect(shown.servers.find((server) => server.name === 'http-legacy')?.protocol).toMatchObject({ revision: '2025-11-25', era: 'legacy' });
    const table = await run(['servers', '--wide']);
    expect(table.stdout).toMatch(/stdio-dual .*MCP 2026-07-28 \(\d{4}-\d{2}-\d{2}\)/);
  });
});

describe('call --execute', () => {
  it.each(['calculator', ...ERAS.flatMap((era) => [`stdio-${era}`, `http-${era}`])])('%s/add returns its structured result', async (server) => {
    const result = await run(['call', `${server}/add`, 'a=2', 'b=3', '--execute', '--yes', '--json']);
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout).result).toMatchObject({ structuredContent: { sum: 5 } });
  });

  // 2026-07-28: multi-round-trip results; 2025 over stdio: the server's SDK sends the same questions as
  // elicitation/create. (2025 over stateless HTTP has no way back to the client, so that server refuses.)
  it.each(['stdio-dual', 'stdio-modern', 'stdio-legacy', 'http-dual', 'http-modern'])('%s/deploy asks twice; --answers answers both rounds', async (server) => {
    const result = await run(['call', `${server}/deploy`, 'env=prod', '--execute', '--yes', '--answers', '[{"confirm":true},{"replicas":3}]', '--json']);
    expect(result.code, result.stderr).toBe(0);
    const document = JSON.parse(result.stdout);
    expect(document.result.content).toEqual([{ type: 'text', text: 'Deployed to prod with 3 replicas' }]);
    expect(document.elicitations.map((entry: { message: string; action: string }) => [entry.message, entry.action])).toEqual([
      ['Deploy to prod?', 'accept'],
      ['How many replicas?', 'accept'],
    ]);
  });

  it.each(['http-dual', 'http-modern'])('%s/route carries its x-mcp-header parameter as Mcp-Param-Region (the server requires it)', async (server) => {
    const result = await run(['call', `${server}/route`, 'region=eu-west', 'note=hello', '--execute', '--yes', '--json']);
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout).result.structuredContent).toEqual({ region: 'eu-west', header: 'eu-west' });
  });

  it('--yes accepts the defaults of both rounds; a decline ends the call with the server answer', async () => {
    const yes = await run(['call', 'stdio-modern/deploy', 'env=staging', '--execute', '--yes']);
    expect(yes.code, yes.stderr).toBe(0);
    expect(yes.stdout).toContain('Deployed to staging with 1 replicas');
    expect(yes.stderr).toContain('server "stdio-modern" asked: Deploy to staging? — answered with the defaults (--yes)');
    expect(yes.stderr).toContain('server "stdio-modern" asked: How many replicas? — answered with the defaults (--yes)');
    const declined = await run(['call', 'http-modern/deploy', 'env=prod', '--execute', '--yes', '--answers', '{"confirm":false}', '--json']);
    expect(declined.code, declined.stderr).toBe(1);
    expect(JSON.parse(declined.stdout).result).toMatchObject({ isError: true, content: [{ type: 'text', text: 'Deployment to prod not confirmed' }] });
  });
});

describe('lint, snapshot and diff', () => {
  it('lint passes on every v2 server; a server on a 2024 revision is PROTOCOL_REVISION_OUTDATED (info)', async () => {
    const lint = await run(['lint', '--server', 'stdio-dual,stdio-modern,stdio-legacy,http-dual,http-modern,http-legacy', '--json']);
    expect(lint.code, lint.stderr).toBe(0);
    expect(JSON.parse(lint.stdout).findings.map((finding: { code: string }) => finding.code)).not.toContain('PROTOCOL_REVISION_OUTDATED');
    const listed = JSON.parse((await run(['list', '--json', '--server', 'calculator'])).stdout);
    listed.servers[0].protocolVersion = '2024-11-05';
    const catalog = join(project, 'old.catalog.json');
    writeFileSync(catalog, JSON.stringify(listed));
    const old = await run(['lint', '--catalog', catalog, '--json']);
    expect(old.code, old.stderr).toBe(0);
    expect(JSON.parse(old.stdout).findings).toContainEqual(
      expect.objectContaining({
        code: 'PROTOCOL_REVISION_OUTDATED',
        severity: 'info',
        server: 'calculator',
        args: { revision: '2024-11-05', current: '2025-11-25' },
      }),
    );
  });

  it('a snapshot records each revision; diff reports a revision change (a move back is a warning)', async () => {
    const lock = join(project, 'v2.lock.json');
    const snapshot = await run(['snapshot', '-o', lock]);
    expect(snapshot.code, snapshot.stderr).toBe(0);
    const pinned = JSON.parse(readFileSync(lock, 'utf8')) as { servers: Array<{ name: string; protocolVersion?: string }> };
    expect(pinned.servers.find((server) => server.name === 'http-modern')?.protocolVersion).toBe('2026-07-28');
    expect(pinned.servers.find((server) => server.name === 'stdio-legacy')?.protocolVersion).toBe('2025-11-25');

    const same = await run(['diff', lock, '--json']);
    expect(same.code, same.stderr).toBe(0);
    expect(JSON.parse(same.stdout).findings).toEqual([]);

    for (const server of pinned.servers) {
      if (server.name === 'stdio-dual') server.protocolVersion = '2025-06-18';
      if (server.name === 'http-legacy') server.protocolVersion = '2026-07-28';
    }
    writeFileSync(lock, JSON.stringify(pinned));
    const changed = await run(['diff', lock, '--json', '--server', 'stdio-dual,http-legacy']);
    const findings = JSON.parse(changed.stdout).findings as Array<{ code: string; server: string; severity: string; args: unknown }>;
    expect(findings.filter((finding) => finding.code === 'PROTOCOL_REVISION_CHANGED')).toEqual([
      expect.objectContaining({ server: 'http-legacy', severity: 'warning', args: { before: '2026-07-28', after: '2025-11-25', direction: 'downgrade' } }),
      expect.objectContaining({ server: 'stdio-dual', severity: 'info', args: { before: '2025-06-18', after: '2026-07-28', direction: 'upgrade' } }),
    ]);
    const text = await run(['diff', lock, '--server', 'stdio-dual,http-legacy']);
    expect(text.stdout).toContain('server "http-legacy" went back from MCP 2026-07-28 to 2025-11-25');
  });
});

describe('OAuth to a 2026-07-28 server', () => {
  const fixtures: OAuthFixture[] = [];
  afterAll(async () => {
    await Promise.all(fixtures.map((fixture) => fixture.stop()));
  });

  it.each(['modern', 'dual'])('%s: a 401 on server/discover is AUTH_REQUIRED, not an era; after login, list and call work at 2026-07-28', async (era) => {
    const fixture = await startOAuthFixture(['--era', era]);
    fixtures.push(fixture);
    const store = new TokenStore(join(makeTempDir('mcpns-v2-oauth-'), 'state'));
    const spec = httpSpec('s', fixture.url);
    const [before] = await discoverServers([spec], { timeoutMs: 10_000, concurrency: 1, auth: createAuthResolver({ store }) });
    expect(before!.server.error?.code).toBe('AUTH_REQUIRED');

    const visits: Array<Promise<unknown>> = [];
    const signedIn = await login(spec, { store, timeoutMs: 15_000, connectTimeoutMs: 10_000, handOff: (url) => void visits.push(clickAllow(url.href)) });
    await Promise.allSettled(visits);
    expect(signedIn.tools).toBe(2);

    const [after] = await discoverServers([spec], { timeoutMs: 10_000, concurrency: 1, auth: createAuthResolver({ store }) });
    expect(after!.server).toMatchObject({ status: 'ok', protocolVersion: '2026-07-28' });
    const session = await openSession(spec, { timeoutMs: 10_000, auth: createAuthResolver({ store }) });
    try {
      expect(await session.client.callTool({ name: 'era', arguments: {} })).toMatchObject({ content: [{ type: 'text', text: '2026-07-28' }] });
    } finally {
      await session.close();
    }
  });
});
