/**
 * Issue 31 §5, "contain every fault", over HTTP: a request cannot crash the gateway (a Bearer value whose bytes differ
 * in length from its characters), a Host with anything after `]` but a port is refused, and the gateway still ends
 * every upstream at the end.
 */
import { writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { describe, expect, it } from 'vitest';
import { fixturePath, REPO_ROOT } from '../helpers/fixtures.js';
import { expectProcessesGone, readPids } from '../helpers/processes.js';
import { startAndWait } from '../helpers/start-and-wait.js';
import { makeTempDir } from '../helpers/temp.js';

const BIN = join(REPO_ROOT, 'bin', 'mcpns.js');

/** A raw HTTP request (headers fetch() would not let us forge: Host, latin-1 bytes). */
function raw(url: string, init: { method?: string; headers?: Record<string, string>; body?: string }): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const target = new URL(url);
    const req = httpRequest(
      { host: target.hostname, port: target.port, path: target.pathname, method: init.method ?? 'POST', headers: init.headers ?? {} },
      (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on('error', reject);
    if (init.body !== undefined) req.write(init.body);
    req.end();
  });
}

const INIT = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '1' } },
});
const JSON_HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };

describe('mcpns serve --http contains faults', () => {
  it('a Bearer value of 24 bytes 0xE9 against a 24-character token is refused (401) and the gateway serves on', async () => {
    const dir = makeTempDir();
    const config = join(dir, 'c.json');
    writeFileSync(config, JSON.stringify({ servers: { local: { command: process.execPath, args: [fixturePath('gateway-upstream'), '--name', 'local'] } } }));
    const token = 'abcdefghijklmnopqrstuvwx';
    writeFileSync(join(dir, 'token'), token);
    const served = await startAndWait(
      [BIN, 'serve', '--http', '0', '--token-file', join(dir, 'token'), '--config', config],
      /at (http:\/\/127\.0\.0\.1:\d+\/mcp)/,
      { MCPNS_PID_FILE: join(dir, 'pids') },
    );
    const url = served.match[1]!;
    const exited = new Promise<number | null>((resolve) => served.child.once('exit', (code) => resolve(code)));
    try {
      const host = `127.0.0.1:${new URL(url).port}`;
      const forged = await raw(url, { headers: { ...JSON_HEADERS, host, authorization: `Bearer ${'\u00e9'.repeat(24)}` }, body: INIT });
      expect(forged.status).toBe(401);
      const shorter = await raw(url, { headers: { ...JSON_HEADERS, host, authorization: 'Bearer abc' }, body: INIT });
      expect(shorter.status).toBe(401);
      // Anything after `]` but a port is refused (it is not the loopback address it starts with).
      const auth = { authorization: `Bearer ${token}` };
      for (const evil of ['[::1].evil.example', '[::1]evil', '[::1]:80.evil.example', 'localhost:x'])
        expect((await raw(url, { headers: { ...JSON_HEADERS, ...auth, host: evil }, body: INIT })).status, evil).toBe(403);
      expect((await raw(url, { headers: { ...JSON_HEADERS, ...auth, host: '[::1]:8765' }, body: INIT })).status).toBe(200);
      const client = new Client({ name: 't', version: '1' });
      await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers: auth } }));
      expect(await client.callTool({ name: 'local__whoami', arguments: {} })).toEqual({ content: [{ type: 'text', text: 'local' }] });
      await client.close();
      expect(served.output()).not.toMatch(/internal error/i);
    } finally {
      served.child.kill('SIGTERM');
    }
    expect(await exited).toBe(143);
    await expectProcessesGone(readPids(join(dir, 'pids')), 5000);
  });
});
