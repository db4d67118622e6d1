/**
 * Resumable SSE answers (SEP-1699) through `mcpns serve --http`. When the upstream makes a call's answer resumable
 * (a priming event with an id), the gateway's answer is resumable too: a priming event with an id and `retry`, every
 * event kept (bounded), and a client whose connection broke mid-call reconnects with Last-Event-ID and receives what
 * it missed — the call is not cancelled meanwhile. An upstream that closes its own stream mid-call is resumed by the
 * gateway. A real SDK client does the reconnecting; a TCP relay in front of the gateway breaks its connection.
 */
import type { ChildProcess } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { createConnection, createServer, type Server, type Socket } from 'node:net';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitUntil } from '../helpers/assertions.js';
import { fixturePath, REPO_ROOT } from '../helpers/fixtures.js';
import { startAndWait } from '../helpers/start-and-wait.js';
import { makeTempDir } from '../helpers/temp.js';

const BIN = join(REPO_ROOT, 'bin', 'mcpns.js');

interface Connection {
  toServer: string;
  toClient: string;
}

/** A TCP relay to `port` that records what passes on each connection and can cut every connection open through it. */
async function relay(port: number): Promise<{ url: string; connections: Connection[]; cut(): void; close(): void }> {
  const sockets = new Set<Socket>();
  const connections: Connection[] = [];
  const server: Server = createServer((client) => {
    const upstream = createConnection({ host: '127.0.0.1', port });
    sockets.add(client).add(upstream);
    const connection: Connection = { toServer: '', toClient: '' };
    connections.push(connection);
    client.on('data', (chunk: Buffer) => void (connection.toServer += chunk.toString()));
    upstream.on('data', (chunk: Buffer) => void (connection.toClient += chunk.toString()));
    client.pipe(upstream).pipe(client);
    const end = (): void => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${address.port}/mcp`,
    connections,
    cut: () => {
      for (const socket of sockets) socket.destroy();
    },
    close: () => {
      for (const socket of sockets) socket.destroy();
      server.close();
    },
  };
}

describe('mcpns serve --http: resumable answers (SEP-1699)', () => {
  let dir: string;
  let upstream: ChildProcess;
  let gateway: ChildProcess;
  let url: string;
  let eventLog: string;
  const clients: Client[] = [];
  /** The priming event id of the first test's call (its session's stream). */
  let primingId: string | undefined;

  const connect = async (target: string): Promise<Client> => {
    const client = new Client({ name: 'resume-test', version: '1' });
    await client.connect(new StreamableHTTPClientTransport(new URL(target)));
    clients.push(client);
    return client;
  };
  const upstreamEvents = (): Array<{ event: string; tool?: string }> => {
    try {
      return readFileSync(eventLog, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as { event: string; tool?: string });
    } catch {
      return [];
    }
  };

  /** A session opened by hand (initialize, then initialized), as a client without the SDK would; its headers. */
  const rawSession = async (protocolVersion: string, name: string): Promise<{ headers: Record<string, string>; session: Record<string, string> }> => {
    const headers = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
    const init = await fetch(url, {
      method: 'POST',
      headers,
      body: JSON.stringify({ jsonrpc: '2.0', id: 0, method: 'initialize', params: { protocolVersion, capabilities: {}, clientInfo: { name, version: '1' } } }),
    });
    await init.text();
    const session = { 'mcp-session-id': init.headers.get('mcp-session-id')!, 'mcp-protocol-version': protocolVersion };
    const initialized = await fetch(url, {
      method: 'POST',
      headers: { ...headers, ...session },
      body: JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }),
    });
    await initialized.text();
    expect(initialized.status).toBe(202);
    return { headers, session };
  };

  beforeAll(async () => {
    dir = makeTempDir();
    eventLog = join(dir, 'events');
    const remote = await startAndWait([fixturePath('gateway-upstream'), '--name', 'up', '--http', '0', '--resumable'], /PORT=(\d+)/, {
      MCPNS_EVENT_LOG: eventLog,
    });
    upstream = remote.child;
    const config = join(dir, 'mcpns.config.json');
    writeFileSync(config, JSON.stringify({ servers: { up: { type: 'http', url: `http://127.0.0.1:${remote.match[1]}/mcp` } } }));
    const served = await startAndWait([BIN, 'serve', '--http', '127.0.0.1:0', '--config', config], /serving .* at (http:\/\/127\.0\.0\.1:\d+\/mcp)/);
    gateway = served.child;
    url = served.match[1]!;
  });

  afterAll(async () => {
    await Promise.all(clients.map((client) => client.close().catch(() => {})));
    upstream?.kill();
    gateway?.kill('SIGKILL');
  });

  it('a client whose stream broke mid-call reconnects with Last-Event-ID and gets the answer it missed; the call goes on', async () => {
    const port = Number(new URL(url).port);
    const through = await relay(port);
    try {
      const client = await connect(through.url);
      const releaser = await connect(url);
      const call = client.callTool({ name: 'up__hold', arguments: { key: 'broken-stream' } });
      // The gateway's answer is resumable: an event stream that opens with a priming event (an id and a retry interval).
      const callConnection = (): Connection | undefined => through.connections.find((connection) => connection.toServer.includes('"up__hold"'));
      await waitUntil(
        () => /content-type: text\/event-stream[\s\S]*?\r\n\r\n[0-9a-f]+\r\nid: [^\n]+\nretry: \d+\ndata: \n\n/i.test(callConnection()?.toClient ?? ''),
        'a priming event (id and retry) opening the stream of the call',
      );
      primingId = /\nid: ([^\n]+)\nretry: /.exec(callConnection()!.toClient)![1];
      through.cut();
      // The answer comes while the client is away: the gateway keeps it for the client's return.
      await releaser.callTool({ name: 'up__release', arguments: { key: 'broken-stream' } });
      const result = await call;
      expect(result.content).toEqual([{ type: 'text', text: 'released broken-stream on up' }]);
      expect(
        through.connections.some((connection) => /^GET \/mcp HTTP\/1\.1\r\n(?:[^\r\n]+\r\n)*last-event-id: [^\r\n]+\r\n/im.test(connection.toServer)),
      ).toBe(true);
      expect(upstreamEvents().filter((entry) => entry.event === 'cancelled')).toEqual([]);
    } finally {
      through.close();
    }
  });

  it('a client that leaves its resumable stream and ends its session (DELETE): the call is cancelled upstream then, without waiting for a reconnect', async () => {
    const { headers, session } = await rawSession('2025-11-25', 'leaver');
    const cancelledHolds = (): number => upstreamEvents().filter((entry) => entry.event === 'cancelled' && entry.tool === 'hold').length;
    const before = cancelledHolds();
    const leaving = new AbortController();
    const call = await fetch(url, {
      method: 'POST',
      headers: { ...headers, ...session },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'up__hold', arguments: { key: 'left-behind' } } }),
      signal: leaving.signal,
    });
    // Read up to the priming event: the answer is resumable, so closing the stream alone leaves the call running.
    const reader = call.body!.getReader();
    let seen = '';
    while (!/\nretry: \d+\n/.test(seen)) {
      const { value, done } = await reader.read();
      if (done) throw new Error(`the stream ended before its priming event: ${seen}`);
      seen += Buffer.from(value).toString();
    }
    const eventId = /id: ([^\n]+)\nretry:/.exec(seen)![1]!;
    leaving.abort();
    const deleted = await fetch(url, { method: 'DELETE', headers: session });
    expect(deleted.status).toBe(200);
    await waitUntil(() => cancelledHolds() > before, 'the held call cancelled upstream after the session was deleted');
    const resumed = await fetch(url, { headers: { accept: 'text/event-stream', ...session, 'last-event-id': eventId } });
    await resumed.text();
    expect(resumed.status).toBe(404);
  });

  it('an upstream that closes its stream mid-call is resumed by the gateway; the client gets the answer on its own stream', async () => {
    const client = await connect(url);
    const releaser = await connect(url);
    const holds = (): number => upstreamEvents().filter((entry) => entry.event === 'call' && entry.tool === 'hold').length;
    const before = holds();
    const call = client.callTool({ name: 'up__hold', arguments: { key: 'upstream-closed', close: true } });
    await waitUntil(() => holds() > before, 'the held call reaching the upstream');
    await releaser.callTool({ name: 'up__release', arguments: { key: 'upstream-closed' } });
    expect((await call).content).toEqual([{ type: 'text', text: 'released upstream-closed on up' }]);
  });

  it("a GET with a Last-Event-ID of another session's stream replays nothing of it", async () => {
    expect(primingId).toBeDefined();
    const other = new StreamableHTTPClientTransport(new URL(url));
    const client = new Client({ name: 'other', version: '1' });
    await client.connect(other);
    clients.push(client);
    const response = await fetch(url, {
      headers: { accept: 'text/event-stream', 'mcp-session-id': other.sessionId!, 'mcp-protocol-version': '2025-11-25', 'last-event-id': primingId! },
    });
    const body = await response.text();
    expect(response.status).toBe(400);
    expect(body).not.toContain('released broken-stream');
  });

  it('a client older than 2025-11-25 gets the answer without a priming event (an event with empty data is new in 2025-11-25)', async () => {
    const { headers, session } = await rawSession('2025-06-18', 'older');
    const call = await fetch(url, {
      method: 'POST',
      headers: { ...headers, ...session },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'up__release', arguments: { key: 'older-client' } } }),
    });
    const body = await call.text();
    expect(call.headers.get('content-type')).toBe('application/json');
    expect(JSON.parse(body)).toEqual({ jsonrpc: '2.0', id: 1, result: { content: [{ type: 'text', text: 'released' }] } });
  });
});
