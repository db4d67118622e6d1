/**
 * `mcpns serve` lifecycle and hostile neighbours: reload on a config change and on SIGHUP, the request log, --lazy,
 * a client without sampling, an upstream that never answers a cancel, a 2026-07-28 client on stdio, and the process
 * tree after the downstream client crashes. (An upstream's notification flood: serve-log-flood.test.ts.)
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it, onTestFinished } from 'vitest';
import { fixturePath, REPO_ROOT } from '../helpers/fixtures.js';
import { waitUntil } from '../helpers/assertions.js';
import { expectProcessesGone, isAlive, readPids } from '../helpers/processes.js';
import { makeTempDir } from '../helpers/temp.js';

const BIN = join(REPO_ROOT, 'bin', 'mcpns.js');
const upstream = (name: string, extra?: unknown[]) => ({
  command: process.execPath,
  args: [fixturePath('gateway-upstream'), '--name', name],
  ...(extra ? { env: { GW_EXTRA_TOOLS: JSON.stringify(extra) } } : {}),
});

async function connect(args: string[], dir: string, capabilities: Record<string, unknown> = {}) {
  let stderr = '';
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [BIN, 'serve', ...args],
    env: { ...(process.env as Record<string, string>), NO_COLOR: '1', MCPNS_PID_FILE: join(dir, 'pids') },
    stderr: 'pipe',
    cwd: dir,
  });
  transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const client = new Client({ name: 'test', version: '1' }, { capabilities });
  await client.connect(transport, { timeout: 90_000 });
  return { client, transport, stderr: () => stderr };
}

describe('mcpns serve lifecycle', () => {
  it('reloads when the config file changes: new servers start, changed ones restart, clients hear list_changed', async () => {
    const dir = makeTempDir();
    const file = join(dir, 'mcpns.config.json');
    writeFileSync(file, JSON.stringify({ servers: { alpha: upstream('alpha') } }));
    const { client, stderr } = await connect(['--config', file], dir);
    let changed = 0;
    client.setNotificationHandler(ToolListChangedNotificationSchema, async () => void changed++);
    expect((await client.listTools()).tools.map((tool) => tool.name)).not.toContain('beta__whoami');
    writeFileSync(file, JSON.stringify({ servers: { alpha: upstream('alpha', [{ name: 'extra' }]), beta: upstream('beta') } }));
    await waitUntil(() => changed > 0, 'tools/list_changed after the config changed');
    await waitUntil(() => /reloaded: 1 added, 0 removed, 1 restarted \(\+beta ~alpha\)/.test(stderr()), 'the reload status line');
    // A server the reload added is started, not restarted; the changed one is restarted.
    expect(stderr()).toMatch(/upstream beta added by a config reload: \d+ tools/);
    expect(stderr()).toMatch(/upstream alpha restarted by a config reload: \d+ tools/);
    const names = (await client.listTools()).tools.map((tool) => tool.name);
    expect(names).toContain('beta__whoami');
    expect(names).toContain('alpha__extra');
    await client.close();
  });

  it('SIGHUP reloads instead of stopping; SIGTERM still stops with every upstream gone', async () => {
    const dir = makeTempDir();
    const file = join(dir, 'c.json');
    writeFileSync(file, JSON.stringify({ servers: { alpha: upstream('alpha') } }));
    const child = spawn(process.execPath, [BIN, 'serve', '--config', file, '--no-watch'], {
      env: { ...process.env, NO_COLOR: '1', MCPNS_PID_FILE: join(dir, 'pids') },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    await waitUntil(() => stderr.includes('serving 17 tools'), 'the gateway to serve');
    writeFileSync(file, JSON.stringify({ servers: { alpha: upstream('alpha'), beta: upstream('beta') } }));
    child.kill('SIGHUP');
    await waitUntil(() => stderr.includes('reloaded: 1 added'), 'the SIGHUP reload');
    expect(child.exitCode).toBeNull();
    const pids = readPids(join(dir, 'pids'));
    expect(pids).toHaveLength(2);
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    expect(await exited).toBe(143);
    await expectProcessesGone(pids);
  });

  it('--log-file: one JSON line per request, arguments only with --log-args and secret-looking keys redacted', async () => {
    const dir = makeTempDir();
    const file = join(dir, 'c.json');
    writeFileSync(file, JSON.stringify({ servers: { alpha: upstream('alpha') } }));
    const log = join(dir, 'requests.jsonl');
    const { client } = await connect(['--config', file, '--log-file', log, '--log-args'], dir);
    await client.callTool({ name: 'alpha__echo', arguments: { text: 'hi', api_key: 'sk-do-not-log-me' } });
    await client.callTool({ name: 'alpha__fail', arguments: {} });
    await expect(client.callTool({ name: 'alpha__rpc_error', arguments: {} })).rejects.toThrow();
    await client.close();
    const lines = readFileSync(log, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines.map((line) => [line['method'], line['server'], line['tool'], line['outcome']])).toEqual([
      ['tools/call', 'alpha', 'echo', 'ok'],
      ['tools/call', 'alpha', 'fail', 'isError'],
      ['tools/call', 'alpha', 'rpc_error', 'error'],
    ]);
    expect(lines[0]).toMatchObject({ session: 'stdio', args: { text: 'hi', api_key: '***' } });
    expect(typeof lines[0]!['durationMs']).toBe('number');
    expect(typeof lines[0]!['bytes']).toBe('number');
    expect(readFileSync(log, 'utf8')).not.toContain('sk-do-not-log-me');
  });

  it('--lazy starts no upstream until the first request', async () => {
    const dir = makeTempDir();
    const file = join(dir, 'c.json');
    writeFileSync(file, JSON.stringify({ servers: { alpha: upstream('alpha') } }));
    const { client } = await connect(['--config', file, '--lazy'], dir);
    expect(readPids(join(dir, 'pids'))).toEqual([]);
    // The first request starts it; the list answers within its bound, with the tools once the server has listed them.
    let count = (await client.listTools()).tools.length;
    const end = Date.now() + 60_000;
    while (count < 17 && Date.now() < end) count = (await client.listTools()).tools.length;
    expect(count).toBe(17);
    expect(readPids(join(dir, 'pids'))).toHaveLength(1);
    await client.close();
  });
});

describe('mcpns serve with hostile neighbours', () => {
  it('a sampling request to a client without sampling is refused with an error naming the capability', async () => {
    const dir = makeTempDir();
    const file = join(dir, 'c.json');
    writeFileSync(file, JSON.stringify({ servers: { alpha: upstream('alpha') } }));
    const { client } = await connect(['--config', file], dir);
    await expect(client.callTool({ name: 'alpha__sample', arguments: {} })).rejects.toThrow(/did not declare the "sampling" capability/);
    await expect(client.callTool({ name: 'alpha__elicit', arguments: {} })).rejects.toThrow(/did not declare the "elicitation" capability/);
    expect(await client.callTool({ name: 'alpha__whoami', arguments: {} })).toEqual({ content: [{ type: 'text', text: 'alpha' }] });
    await client.close();
  });

  it('an upstream that never answers a cancel does not hold the client', async () => {
    const dir = makeTempDir();
    const file = join(dir, 'c.json');
    writeFileSync(file, JSON.stringify({ servers: { beta: upstream('beta') } }));
    const { client } = await connect(['--config', file], dir);
    const controller = new AbortController();
    const stuck = client.callTool({ name: 'beta__stubborn', arguments: {} }, undefined, { signal: controller.signal });
    // The upstream writes its PID file when it starts; the call waits for that start.
    await waitUntil(() => existsSync(join(dir, 'pids')) && readFileSync(join(dir, 'pids'), 'utf8'), 'the upstream did not write its PID file');
    controller.abort();
    await expect(stuck).rejects.toThrow();
    expect(await client.callTool({ name: 'beta__whoami', arguments: {} })).toEqual({ content: [{ type: 'text', text: 'beta' }] });
    await client.close();
  });

  it('serves a 2026-07-28 client over stdio (server/discover, then a stateless tools/call)', async () => {
    const dir = makeTempDir();
    const file = join(dir, 'c.json');
    writeFileSync(file, JSON.stringify({ servers: { alpha: upstream('alpha') } }));
    const child = spawn(process.execPath, [BIN, 'serve', '--config', file], { env: { ...process.env, NO_COLOR: '1' }, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    const meta = {
      'io.modelcontextprotocol/protocolVersion': '2026-07-28',
      'io.modelcontextprotocol/clientInfo': { name: 't', version: '1' },
      'io.modelcontextprotocol/clientCapabilities': {},
    };
    child.stdin.write(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'server/discover', params: { _meta: meta } }) + '\n');
    await waitUntil(() => stdout.includes('"id":1'), 'the server/discover answer');
    expect(JSON.parse(stdout.trim().split('\n')[0]!)).toMatchObject({ id: 1, result: { supportedVersions: expect.arrayContaining(['2026-07-28']) } });
    child.stdin.write(JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'alpha__whoami', arguments: {}, _meta: meta } }) + '\n');
    await waitUntil(() => stdout.includes('"id":2'), 'the tools/call answer');
    expect(stdout).toContain('"text":"alpha"');
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.stdin.end();
    expect(await exited).toBe(0);
  });

  it('the downstream client crashing (its pipes close) ends the gateway and every upstream', async () => {
    const dir = makeTempDir();
    const file = join(dir, 'c.json');
    writeFileSync(file, JSON.stringify({ servers: { alpha: upstream('alpha'), beta: upstream('beta') } }));
    // A "client" that starts the gateway, waits until it serves, then dies without closing anything.
    const script = `
      const { spawn } = require('node:child_process');
      const gateway = spawn(process.execPath, ${JSON.stringify([BIN, 'serve', '--config', file])}, { stdio: ['pipe', 'pipe', 'pipe'] });
      console.log('GATEWAY=' + gateway.pid);
      gateway.stderr.on('data', (chunk) => { if (String(chunk).includes('serving')) console.log('READY'); });`;
    const client = spawn(process.execPath, ['-e', script], {
      env: { ...process.env, NO_COLOR: '1', MCPNS_PID_FILE: join(dir, 'pids') },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    // Killed however the test ends: its gateway then sees its pipes close and ends every upstream.
    onTestFinished(() => void client.kill('SIGKILL'));
    let out = '';
    client.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    await waitUntil(() => out.includes('READY'), 'the gateway to serve');
    const gatewayPid = Number(/GATEWAY=(\d+)/.exec(out)![1]);
    const pids = readPids(join(dir, 'pids'));
    expect(pids).toHaveLength(2);
    client.kill('SIGKILL');
    await expectProcessesGone([gatewayPid, ...pids]);
    expect(existsSync(join(dir, 'pids'))).toBe(true);
    expect(isAlive(gatewayPid)).toBe(false);
  });
});
