/**
 * `mcpns serve --http` through a real SDK client over Streamable HTTP, in front of a stdio upstream and an HTTP
 * upstream that share names; then every guard of the endpoint attacked: foreign Host and Origin, missing token,
 * huge and malformed bodies, 100 sessions at once, a 2026-07-28 (stateless) request on the same endpoint.
 */
import type { ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { fixturePath, REPO_ROOT } from '../helpers/fixtures.js';
import { expectProcessesGone, readPids } from '../helpers/processes.js';
import { startAndWait } from '../helpers/start-and-wait.js';
import { INIT, raw } from '../helpers/raw-http.js';
import { makeTempDir } from '../helpers/temp.js';

const BIN = join(REPO_ROOT, 'bin', 'mcpns.js');

const JSON_HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };

describe('mcpns serve --http', () => {
  let dir: string;
  let upstreamHttp: ChildProcess;
  let gateway: ChildProcess;
  let url: string;
  let gatewayOutput: () => string;

  beforeAll(async () => {
    dir = makeTempDir();
    const started = await startAndWait([fixturePath('gateway-upstream'), '--name', 'remote', '--http', '0'], /PORT=(\d+)/);
    upstreamHttp = started.child;
    const config = join(dir, 'mcpns.config.json');
    writeFileSync(
      config,
      JSON.stringify({
        servers: {
          local: { command: process.execPath, args: [fixturePath('gateway-upstream'), '--name', 'local'] },
          remote: { type: 'http', url: `http://127.0.0.1:${started.match[1]}/mcp` },
        },
      }),
    );
    const served = await startAndWait([BIN, 'serve', '--http', '127.0.0.1:0', '--config', config], /serving .* at (http:\/\/127\.0\.0\.1:\d+\/mcp)/, {
      MCPNS_PID_FILE: join(dir, 'pids'),
    });
    gateway = served.child;
    url = served.match[1]!;
    gatewayOutput = served.output;
  });

  afterAll(() => {
    upstreamHttp?.kill();
    gateway?.kill('SIGKILL');
  });

  it('serves a stdio and an HTTP upstream with shared names through a real SDK client', async () => {
    const client = new Client({ name: 'test', version: '1' });
    await client.connect(new StreamableHTTPClientTransport(new URL(url)));
    const names = (await client.listTools()).tools.map((tool) => tool.name);
    expect(names).toContain('local__whoami');
    expect(names).toContain('remote__whoami');
    expect(await client.callTool({ name: 'remote__whoami', arguments: {} })).toEqual({ content: [{ type: 'text', text: 'remote' }] });
    expect(await client.callTool({ name: 'local__whoami', arguments: {} })).toEqual({ content: [{ type: 'text', text: 'local' }] });
    const progress: number[] = [];
    await client.callTool({ name: 'remote__progress', arguments: { steps: 2 } }, undefined, { onprogress: (event) => progress.push(event.progress) });
    // A progress notification read together with the result is dropped by the SDK client itself (it dispatches
    // notifications a tick after responses); what arrives is in order and carries the client's token.
    expect(progress).toEqual([1, 2].slice(0, progress.length));
    await client.close();
  });

  it('refuses a foreign Host and a foreign Origin (DNS rebinding) and accepts loopback ones', async () => {
    const port = new URL(url).port;
    const evilHost = await raw(url, { headers: { ...JSON_HEADERS, host: 'evil.example.com' }, body: INIT });
    expect(evilHost.status).toBe(403);
    const evilOrigin = await raw(url, { headers: { ...JSON_HEADERS, host: `127.0.0.1:${port}`, origin: 'http://evil.example.com' }, body: INIT });
    expect(evilOrigin.status).toBe(403);
    const good = await raw(url, { headers: { ...JSON_HEADERS, host: `localhost:${port}`, origin: `http://localhost:${port}` }, body: INIT });
    expect(good.status).toBe(200);
  });

  it('answers huge, malformed and unknown requests without falling over', async () => {
    const port = new URL(url).port;
    const headers = { ...JSON_HEADERS, host: `127.0.0.1:${port}` };
    expect((await raw(url, { headers, body: Buffer.alloc(5 * 1024 * 1024, 0x20) })).status).toBe(413);
    expect((await raw(url, { headers, body: '{"jsonrpc":' })).status).toBe(400);
    expect((await raw(url, { headers, body: '['.repeat(100_000) })).status).toBe(400);
    const deep = `{"jsonrpc":"2.0","id":9,"method":"tools/call","params":{"name":"local__echo","arguments":{"text":${'['.repeat(10_000)}${']'.repeat(10_000)}}}}`;
    const refused = await raw(url, { headers, body: deep });
    expect(refused.status).toBe(400);
    expect(refused.body).toContain('nested deeper than 256 levels');
    expect((await raw(url.replace('/mcp', '/nope'), { headers, method: 'GET' })).status).toBe(404);
    expect((await raw(url, { headers: { ...headers, 'mcp-session-id': 'no-such-session' }, body: INIT })).status).toBe(404);
    expect((await raw(url, { headers, method: 'PUT', body: '{}' })).status).toBe(405);
  });

  it('/health reports every upstream', async () => {
    const health = JSON.parse((await raw(url.replace('/mcp', '/health'), { method: 'GET', headers: { host: `127.0.0.1:${new URL(url).port}` } })).body) as {
      status: string;
      upstreams: Array<{ server: string; status: string }>;
    };
    expect(health.status).toBe('ok');
    expect(health.upstreams.map((entry) => [entry.server, entry.status])).toEqual([
      ['local', 'up'],
      ['remote', 'up'],
    ]);
  });

  it('serves a 2026-07-28 client (server/discover, stateless tools/call) on the same endpoint', async () => {
    const meta = {
      'io.modelcontextprotocol/protocolVersion': '2026-07-28',
      'io.modelcontextprotocol/clientInfo': { name: 't', version: '1' },
      'io.modelcontextprotocol/clientCapabilities': {},
    };
    const headers = { ...JSON_HEADERS, 'mcp-protocol-version': '2026-07-28' };
    const discover = await fetch(url, {
      method: 'POST',
      headers: { ...headers, 'mcp-method': 'server/discover' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'server/discover', params: { _meta: meta } }),
    });
    expect(discover.status).toBe(200);
    const discovered = (await discover.json()) as { result: { supportedVersions: string[]; capabilities: Record<string, unknown> } };
    expect(discovered.result.supportedVersions).toContain('2026-07-28');
    expect(discovered.result.capabilities).toHaveProperty('tools');
    const call = await fetch(url, {
      method: 'POST',
      headers: { ...headers, 'mcp-method': 'tools/call', 'mcp-name': 'remote__whoami' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'remote__whoami', arguments: {}, _meta: meta } }),
    });
    const text = await call.text();
    expect(call.status, text).toBe(200);
    expect(text).toContain('"text":"remote"');
  });

  it('100 downstream sessions at once', async () => {
    const clients = await Promise.all(
      Array.from({ length: 100 }, async (_, index) => {
        const client = new Client({ name: `c${index}`, version: '1' });
        await client.connect(new StreamableHTTPClientTransport(new URL(url)));
        return client;
      }),
    );
    const results = await Promise.all(clients.map((client, index) => client.callTool({ name: 'local__echo', arguments: { text: `n${index}` } })));
    expect(results.map((result) => (result.content as Array<{ text: string }>)[0]!.text)).toEqual(Array.from({ length: 100 }, (_, index) => `n${index}`));
    await Promise.all(clients.map((client) => client.close()));
  });

  it('SIGTERM ends every upstream process before the gateway exits (143)', async () => {
    const pids = readPids(join(dir, 'pids'));
    expect(pids.length).toBeGreaterThanOrEqual(1);
    const exited = new Promise<number | null>((resolve) => gateway.once('exit', (code) => resolve(code)));
    gateway.kill('SIGTERM');
    expect(await exited).toBe(143);
    await expectProcessesGone(pids);
    expect(gatewayOutput()).not.toMatch(/internal error/i);
  });
});

describe('mcpns serve --http refusals', () => {
  it('refuses a non-loopback address without a bearer token', async () => {
    const result = await runCli(['serve', '--http', '0.0.0.0:0', '--config', join(REPO_ROOT, 'mcpns.config.json'), '--server', 'calculator']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('refusing to listen on 0.0.0.0 without a bearer token');
  });

  it('requires the token when one is set: 401 without it, the session with it', async () => {
    const dir = makeTempDir();
    const config = join(dir, 'c.json');
    writeFileSync(config, JSON.stringify({ servers: { local: { command: process.execPath, args: [fixturePath('gateway-upstream'), '--name', 'local'] } } }));
    const token = 'a-long-enough-test-token-1234567890';
    const served = await startAndWait([BIN, 'serve', '--http', '0', '--config', config], /serving .* at (http:\/\/127\.0\.0\.1:\d+\/mcp)/, {
      MCPNS_SERVE_TOKEN: token,
    });
    try {
      const denied = await fetch(served.match[1]!, { method: 'POST', headers: JSON_HEADERS, body: INIT });
      expect(denied.status).toBe(401);
      expect(denied.headers.get('www-authenticate')).toContain('Bearer');
      const client = new Client({ name: 't', version: '1' });
      await client.connect(new StreamableHTTPClientTransport(new URL(served.match[1]!), { requestInit: { headers: { Authorization: `Bearer ${token}` } } }));
      expect((await client.listTools()).tools.length).toBe(17);
      await client.close();
      expect(served.output()).not.toContain(token);
    } finally {
      served.child.kill('SIGTERM');
    }
  });
});
