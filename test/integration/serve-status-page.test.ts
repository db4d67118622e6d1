/**
 * The status page's server side on `serve --http` (built bin): `/` is HTML under a strict CSP (nonce'd script and
 * style, nothing external) with every server-provided string escaped; `/status/events` streams a snapshot, and a new
 * one after a call; with a token the page and stream are 401 until `/?token=` is exchanged for an HttpOnly cookie,
 * which opens the status paths only (never /mcp); another Origin is refused.
 */
import { request } from 'node:http';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { describe, expect, it } from 'vitest';
import type { StatusSnapshot } from '../../src/gateway/status/page.js';
import { settlesWithin, waitUntil, WAIT_MS } from '../helpers/assertions.js';
import { INIT, raw } from '../helpers/raw-http.js';
import { HOSTILE_SERVER, startStatusGateway, upstreamEntry } from '../helpers/status-gateway.js';

/** The call's row in a snapshot's recent calls: time, exposed name, duration, outcome. */
const CALL_ROW = /"activity":\[\["[\d:.]+","docs__echo","[\d.]+ ms","ok"\]/;

/** Read an SSE stream until `done(text)` holds; then close it. */
function readStream(url: string, headers: Record<string, string>, done: (text: string) => boolean): { text: Promise<string>; status: Promise<number> } {
  let resolveStatus!: (status: number) => void;
  const status = new Promise<number>((resolve) => (resolveStatus = resolve));
  const text = new Promise<string>((resolve, reject) => {
    const target = new URL(url);
    const req = request({ host: target.hostname, port: target.port, path: target.pathname, headers }, (res) => {
      resolveStatus(res.statusCode ?? 0);
      let body = '';
      res.on('data', (chunk: Buffer) => {
        body += chunk.toString();
        if (done(body)) {
          req.destroy();
          resolve(body);
        }
      });
      res.on('end', () => resolve(body));
    });
    req.on('error', reject);
    req.end();
  });
  return { text, status };
}

describe('status page (serve --http)', () => {
  it('serves the page under a strict CSP, escapes server names, and streams a snapshot after a call', async () => {
    const gateway = await startStatusGateway();
    try {
      const page = await raw(`${gateway.base}/`, { method: 'GET' });
      expect(page.status).toBe(200);
      expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
      const csp = String(page.headers['content-security-policy']);
      expect(csp).toMatch(/default-src 'none'/);
      expect(csp).toMatch(/script-src 'nonce-[A-Za-z0-9+/=]+'/);
      expect(csp).not.toContain('unsafe-inline');
      expect(csp).toContain("frame-ancestors 'none'");
      const nonce = /'nonce-([^']+)'/.exec(csp)![1]!;
      // Every script carries the nonce; nothing is loaded from elsewhere.
      expect(page.body.match(/<script/g)).toHaveLength(1);
      expect(page.body).toContain(`<script nonce="${nonce}">`);
      expect(page.body).not.toMatch(/\b(src|href)="(?!data:)/);
      expect(page.body).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
      expect(page.body).not.toContain(HOSTILE_SERVER);
      expect(page.body).toMatch(/<td>docs<\/td><td class="s-up">up<\/td><td>17<\/td>/);

      const stream = readStream(`${gateway.base}/status/events`, {}, (text) => CALL_ROW.test(text));
      expect(await stream.status).toBe(200);
      const client = new Client({ name: 'status-test', version: '1' });
      await client.connect(new StreamableHTTPClientTransport(new URL(gateway.mcp)));
      await client.callTool({ name: 'docs__echo', arguments: { text: 'secret-argument-value' } });
      await client.close();
      const text = await settlesWithin(stream.text, WAIT_MS, 'no snapshot with the call came on the stream');
      expect(text).toMatch(/^event: snapshot$/m);
      expect(text).toMatch(CALL_ROW);
      expect(text).not.toContain('secret-argument-value');

      // /status.json: the findings judged through the gateway, worded by their rules, and each client's names.
      const json = await raw(`${gateway.base}/status.json`, { method: 'GET' });
      const status = JSON.parse(json.body) as {
        clients: string[];
        findings: Array<{ code: string; severity: string; message: string }>;
        tools: Array<{ name: string; names?: Record<string, string> }>;
      };
      expect(status.clients).toEqual(['claude-code', 'codex', 'gemini-cli', 'opencode', 'cursor', 'vscode']);
      const shadowed = status.findings.filter((finding) => finding.code === 'SHADOWED_TOOL');
      expect(shadowed).toHaveLength(1);
      expect(shadowed[0]!.message).toBe(`${HOSTILE_SERVER} and docs share 17 tools: add, crash, echo, elicit, fail, grow, link, log, … (9 more)`);
      expect(status.tools.find((tool) => tool.name === 'docs__echo')?.names).toMatchObject({
        'claude-code': 'mcp__mcpns__docs__echo',
        'gemini-cli': 'mcp_mcpns_docs__echo',
      });

      const evil = await raw(`${gateway.base}/`, { method: 'GET', headers: { origin: 'https://evil.example' } });
      expect(evil.status).toBe(403);
    } finally {
      await gateway.stop();
    }
  });

  it('with a token: 401 without it, ?token= gives an HttpOnly cookie that opens the status paths only', async () => {
    const token = 'status-page-token-0123456789abcdef';
    const gateway = await startStatusGateway({ token });
    try {
      expect((await raw(`${gateway.base}/`, { method: 'GET' })).status).toBe(401);
      expect((await raw(`${gateway.base}/status/events`, { method: 'GET' })).status).toBe(401);
      expect((await raw(`${gateway.base}/status.json`, { method: 'GET' })).status).toBe(401);
      const wrong = await rawPath(gateway.base, '/?token=not-the-token-at-all-000000');
      expect(wrong.status).toBe(401);
      const exchanged = await rawPath(gateway.base, `/?token=${token}`);
      expect(exchanged.status).toBe(303);
      expect(exchanged.headers['location']).toBe('/');
      const cookie = String((exchanged.headers['set-cookie'] as string[])[0]);
      expect(cookie).toMatch(/HttpOnly/);
      expect(cookie).toMatch(/SameSite=Strict/);
      expect(cookie).not.toContain(token);
      const pair = cookie.split(';')[0]!;
      const page = await raw(`${gateway.base}/`, { method: 'GET', headers: { cookie: pair } });
      expect(page.status).toBe(200);
      expect(page.body).toContain('docs');
      const json = await raw(`${gateway.base}/status.json`, { method: 'GET', headers: { cookie: pair } });
      expect(JSON.parse(json.body).servers.map((server: { name: string }) => server.name)).toContain('docs');
      // The cookie is no key to the MCP endpoint.
      const mcp = await raw(gateway.mcp, {
        headers: { cookie: pair, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        body: INIT,
      });
      expect(mcp.status).toBe(401);
      expect((await raw(`${gateway.base}/`, { method: 'GET', headers: { cookie: 'mcpns_status=forged' } })).status).toBe(401);
    } finally {
      await gateway.stop();
    }
  });

  it('a server a reload (SIGHUP) adds shows 0 restarts and the event says it was added', async () => {
    const gateway = await startStatusGateway();
    try {
      await waitUntil(async () => (await status(gateway.base)).servers.every((server) => server.status === 'up'), 'the servers to be up');
      gateway.reload({ beta: upstreamEntry('beta') });
      const after = await waitUntil(async () => {
        const snapshot = await status(gateway.base);
        return snapshot.events.some((event) => event.server === 'beta' && event.type === 'upstream-up') && snapshot;
      }, 'beta to be up after the reload');
      expect(after.servers.find((server) => server.name === 'beta')).toMatchObject({ status: 'up', restarts: 0 });
      expect(after.events.find((event) => event.server === 'beta' && event.type === 'upstream-up')).toMatchObject({
        reload: 'added',
        text: expect.stringMatching(/^added by a config reload: \d+ tools$/),
      });
    } finally {
      await gateway.stop();
    }
  });

  it('--router: the tools are the router listing with client names, the rest reachable through the router', async () => {
    const gateway = await startStatusGateway({ args: ['--router'] });
    try {
      const snapshot = await waitUntil(async () => {
        const current = await status(gateway.base);
        return current.tools.some((tool) => tool.name === 'docs__echo') && current;
      }, 'the upstream tools on the status page');
      expect(snapshot.tools.slice(0, 3).map((tool) => [tool.name, tool.via, tool.names?.['claude-code']])).toEqual([
        ['search_tools', undefined, 'mcp__mcpns__search_tools'],
        ['call_tool', undefined, 'mcp__mcpns__call_tool'],
        ['describe_tool', undefined, 'mcp__mcpns__describe_tool'],
      ]);
      expect(snapshot.tools.find((tool) => tool.name === 'docs__echo')).toMatchObject({ server: 'docs', via: 'router' });
      expect(snapshot.tools.find((tool) => tool.name === 'docs__echo')!.names).toBeUndefined();
      expect(snapshot.toolsListed).toBe(3);
    } finally {
      await gateway.stop();
    }
  });

  it('--no-status-page: / is not served (the MCP endpoint is)', async () => {
    const gateway = await startStatusGateway({ args: ['--no-status-page'] });
    try {
      expect((await raw(`${gateway.base}/`, { method: 'GET' })).status).toBe(404);
      expect((await raw(`${gateway.base}/status/events`, { method: 'GET' })).status).toBe(404);
      expect((await raw(`${gateway.base}/health`, { method: 'GET' })).status).toBe(200);
    } finally {
      await gateway.stop();
    }
  });
});

/** `/status.json`, parsed. */
async function status(base: string): Promise<StatusSnapshot> {
  const response = await raw(`${base}/status.json`, { method: 'GET' });
  expect(response.status).toBe(200);
  return JSON.parse(response.body) as StatusSnapshot;
}

/** A GET of a path with a query (raw() keeps only the pathname). */
function rawPath(base: string, path: string): Promise<{ status: number; headers: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    const target = new URL(base);
    const req = request({ host: target.hostname, port: target.port, path }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers }));
    });
    req.on('error', reject);
    req.end();
  });
}
