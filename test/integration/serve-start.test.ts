/**
 * `mcpns serve` answers at once: initialize is answered while upstreams still start (one never answers, one waits on
 * a gate the test opens, one floods log notifications), a first tools/list waits a bounded time and answers with the
 * servers that are ready, late servers are announced with list_changed; over HTTP the port is bound before any server
 * starts, and a busy port fails with nothing started. No test here depends on how fast the machine is: each ordering
 * is forced by a gate or a server that never answers.
 */
import { spawn } from 'node:child_process';
import { createServer, type Server } from 'node:net';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { waitUntil } from '../helpers/assertions.js';
import { fixturePath, REPO_ROOT } from '../helpers/fixtures.js';
import { expectProcessesGone, readPids } from '../helpers/processes.js';
import { startAndWait } from '../helpers/start-and-wait.js';
import { makeTempDir } from '../helpers/temp.js';

const BIN = join(REPO_ROOT, 'bin', 'mcpns.js');
/** Long enough that the never-answering server is still starting when every test here is over. */
const PENDING_MS = 600_000;

/** calculator (ready soon), never (never answers initialize), gated (serves once `gate` exists). */
function startConfig(dir: string): { file: string; gate: string } {
  const gate = join(dir, 'gate');
  const file = join(dir, 'mcpns.config.json');
  writeFileSync(
    file,
    JSON.stringify({
      servers: {
        calc: { command: process.execPath, args: [fixturePath('calculator')] },
        never: { command: process.execPath, args: [fixturePath('never-initialize')], timeoutMs: PENDING_MS },
        gated: { command: process.execPath, args: [fixturePath('slow-start')], env: { SLOW_START_UNTIL_FILE: gate }, timeoutMs: PENDING_MS },
      },
    }),
  );
  return { file, gate };
}

async function connectStdio(args: string[], dir: string) {
  let stderr = '';
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [BIN, 'serve', ...args],
    env: { ...(process.env as Record<string, string>), NO_COLOR: '1', MCPNS_PID_FILE: join(dir, 'pids') },
    stderr: 'pipe',
    cwd: dir,
  });
  transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const client = new Client({ name: 'test', version: '1' }, { capabilities: {} });
  let changed = 0;
  client.setNotificationHandler(ToolListChangedNotificationSchema, async () => void changed++);
  await client.connect(transport, { timeout: 60_000 });
  return { client, stderr: () => stderr, changed: () => changed };
}

const names = async (client: Client): Promise<string[]> => (await client.listTools(undefined, { timeout: 60_000 })).tools.map((tool) => tool.name).sort();

describe('mcpns serve answers at once', () => {
  it('stdio: initialize is answered while upstreams start; tools/list answers with the ready ones; list_changed brings the rest', async () => {
    const dir = makeTempDir();
    const { file, gate } = startConfig(dir);
    const { client, stderr, changed } = await connectStdio(['--config', file], dir);
    // The gated server cannot have started (its gate is closed), and the first start is not over.
    expect(stderr()).not.toMatch(/upstream gated ready|serving \d+ tools/);
    await waitUntil(() => /upstream calc ready/.test(stderr()), 'calc to be ready', { timeoutMs: 60_000 });
    // Answered after its bound with what is ready: never and gated are still starting.
    expect(await names(client)).toEqual(['calc__add', 'calc__multiply', 'calc__subtract']);
    expect(stderr()).not.toMatch(/serving \d+ tools/);
    const before = changed();
    writeFileSync(gate, '');
    await waitUntil(() => changed() > before, 'tools/list_changed once the gated server is ready', { timeoutMs: 60_000 });
    expect(await names(client)).toEqual(['calc__add', 'calc__multiply', 'calc__subtract', 'gated__ping']);
    // A call reaches the late server.
    expect(await client.callTool({ name: 'gated__ping', arguments: {} })).toMatchObject({ content: [{ type: 'text', text: 'pong' }] });
    const pids = readPids(join(dir, 'pids'));
    await client.close();
    await expectProcessesGone(pids, 5000);
  });

  it('router mode: the first initialize, answered before the gateway is loaded, already says to search first', async () => {
    const dir = makeTempDir();
    const { file } = startConfig(dir);
    const { client } = await connectStdio(['--router', '--config', file], dir);
    expect(client.getInstructions()).toMatch(/^Most tools behind this gateway are not listed\. For a task, call search_tools first/);
    const pids = readPids(join(dir, 'pids'));
    await client.close();
    await expectProcessesGone(pids, 5000);
  });

  it('a call to a tool of a server still starting waits for that start instead of failing "not found"', async () => {
    const dir = makeTempDir();
    const { file, gate } = startConfig(dir);
    const { client, stderr } = await connectStdio(['--config', file], dir);
    const call = client.callTool({ name: 'gated__ping', arguments: {} }, undefined, { timeout: 60_000 });
    let settled = false;
    void call.finally(() => (settled = true)).catch(() => {});
    await waitUntil(() => /upstream calc ready/.test(stderr()), 'calc to be ready', { timeoutMs: 60_000 });
    expect(settled).toBe(false);
    writeFileSync(gate, '');
    // The never-answering server still holds the first start: the call is answered once its own server is up.
    expect(await call).toMatchObject({ content: [{ type: 'text', text: 'pong' }] });
    await client.close();
  });

  it('a server flooding 100 000 log notifications before tools/list: initialize is answered, and its tools appear once it answers', async () => {
    const dir = makeTempDir();
    const file = join(dir, 'mcpns.config.json');
    writeFileSync(
      file,
      JSON.stringify({
        servers: {
          calc: { command: process.execPath, args: [fixturePath('calculator')] },
          flood: { command: process.execPath, args: [fixturePath('log-flood')], timeoutMs: PENDING_MS },
        },
      }),
    );
    const { client, stderr, changed } = await connectStdio(['--config', file], dir);
    expect(stderr()).not.toMatch(/upstream flood ready/);
    await waitUntil(() => /upstream flood ready: 1 tools/.test(stderr()), 'the flooding server to be served', { timeoutMs: 120_000 });
    await waitUntil(() => changed() > 0, 'tools/list_changed', { timeoutMs: 60_000 });
    expect(await names(client)).toContain('flood__ping');
    expect(await client.callTool({ name: 'flood__ping', arguments: {} })).toMatchObject({ content: [{ type: 'text', text: 'pong' }] });
    await client.close();
  });

  it('HTTP: the port is open and initialize answered while a server never answers; /health says it is starting', async () => {
    const dir = makeTempDir();
    const { file, gate } = startConfig(dir);
    const served = await startAndWait([BIN, 'serve', '--http', '127.0.0.1:0', '--config', file], /listening at (http:\/\/127\.0\.0\.1:\d+\/mcp)/, {
      MCPNS_PID_FILE: join(dir, 'pids'),
    });
    try {
      const url = served.match[1]!;
      const client = new Client({ name: 'test', version: '1' }, { capabilities: {} });
      let changed = 0;
      client.setNotificationHandler(ToolListChangedNotificationSchema, async () => void changed++);
      await client.connect(new StreamableHTTPClientTransport(new URL(url)), { timeout: 60_000 });
      const health = (await (await fetch(url.replace('/mcp', '/health'))).json()) as { upstreams: Array<{ server: string; status: string }> };
      expect(health.upstreams.find((entry) => entry.server === 'never')?.status).toBe('starting');
      expect(health.upstreams.find((entry) => entry.server === 'gated')?.status).toBe('starting');
      await waitUntil(() => /upstream calc ready/.test(served.output()), 'calc to be ready', { timeoutMs: 60_000 });
      expect(await names(client)).toEqual(['calc__add', 'calc__multiply', 'calc__subtract']);
      const before = changed;
      writeFileSync(gate, '');
      await waitUntil(() => changed > before, 'tools/list_changed on the session once the gated server is ready', { timeoutMs: 60_000 });
      expect(await names(client)).toContain('gated__ping');
      await client.close();
    } finally {
      const exited = new Promise((resolve) => served.child.once('exit', resolve));
      served.child.kill('SIGTERM');
      await exited;
    }
    await expectProcessesGone(readPids(join(dir, 'pids')), 5000);
  });

  it('HTTP on a busy port: "port N is in use", exit 2, no server started', async () => {
    const dir = makeTempDir();
    const { file } = startConfig(dir);
    const busy: Server = createServer();
    await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve));
    const port = (busy.address() as { port: number }).port;
    try {
      const child = spawn(process.execPath, [BIN, 'serve', '--http', `127.0.0.1:${port}`, '--config', file], {
        env: { ...process.env, NO_COLOR: '1', MCPNS_PID_FILE: join(dir, 'pids') },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
      expect(stderr).toContain(`port ${port} is in use`);
      expect(code).toBe(2);
      expect(readPids(join(dir, 'pids'))).toEqual([]);
    } finally {
      await new Promise((resolve) => busy.close(resolve));
    }
  });
});
