/**
 * The gateway over its own stdin/stdout: one downstream client, either protocol revision (the SDK's serveStdio picks
 * the era from the client's opening message). Resolves when the client closes stdin (or `signal` aborts).
 *
 * On a 2025-era connection, `tools/call` takes the engine's fast path: the request is handed to the upstream as raw
 * JSON-RPC and the answer written back as it came, so a call costs what a hand-written proxy costs. Everything else
 * (and a call the fast path declines) goes through the SDK server.
 */
import { PassThrough, Writable } from 'node:stream';
import type { Server } from '@modelcontextprotocol/server';
import { serveStdio, StdioServerTransport } from '@modelcontextprotocol/server/stdio';
import { coalescingWriter, type CoalescingWriter, type TextSink } from './coalesce.js';
import { createSessionServer } from './downstream.js';
import { isResponseTo, type EarlyInput } from './early-initialize.js';
import { jsonObject } from './json.js';
import { clientAsk } from './sdk-shapes.js';
import type { Gateway } from './engine.js';
import type { DownstreamSession, FastDownstream } from './types.js';
import type { JsonObject } from './upstream.js';

/** The SDK transport's own cap on one line; past it the bytes go to the SDK unread, which refuses them. */
const MAX_LINE_BYTES = 64 * 1024 * 1024;

export async function serveGatewayStdio(
  gateway: Gateway,
  streams: { stdin: NodeJS.ReadableStream; stdout: TextSink; signal?: AbortSignal; early?: EarlyInput | undefined },
): Promise<void> {
  // The SDK transport reads from `forwarded`: every line the fast path does not take, in order.
  const forwarded = new PassThrough();
  // Everything sent (fast-path replies and the SDK's messages, in order) leaves in one write per turn of the loop.
  const out = coalescingWriter(streams.stdout);
  const write = out.write;
  const early = streams.early;
  const transport = new StdioServerTransport(forwarded, early?.answered !== undefined ? withoutAnswerTo(out, early.answered) : out.stream, {
    maxBufferSize: MAX_LINE_BYTES,
  });
  const fast: { session?: DownstreamSession; server?: Server; ready: boolean } = { ready: false };
  const downstream: FastDownstream = {
    reply: (message) => write(`${JSON.stringify(message)}\n`),
    // A line from a stdio upstream, or a message an HTTP one sent with line breaks in it: only one line goes as it is.
    replyText: (text) => {
      if (text.includes('\n')) return false;
      write(`${text}\n`);
      return true;
    },
    notify: async (method, params) => write(`${JSON.stringify({ jsonrpc: '2.0', method, ...(params ? { params } : {}) })}\n`),
    request: async (method, params, signal) => {
      if (!fast.server) throw new Error('no session');
      return jsonObject(await fast.server.request(clientAsk(method, params), { signal, timeout: 2_147_483_647 }), `the client's answer to ${method}`);
    },
  };
  /** True when the fast path took the line (only lines naming a method it handles are parsed here). */
  const intercept = (line: Buffer): boolean => {
    if (!fast.ready || !fast.session) return false;
    const call = line.includes('"tools/call"');
    if (!call && !line.includes('"notifications/cancelled"')) return false;
    let candidate: { jsonrpc?: unknown; id?: string | number; method?: unknown; params?: JsonObject };
    try {
      candidate = JSON.parse(line.toString('utf8')) as typeof candidate;
    } catch {
      return false;
    }
    if (!candidate || typeof candidate !== 'object' || candidate.jsonrpc !== '2.0') return false;
    const params = candidate.params && typeof candidate.params === 'object' && !Array.isArray(candidate.params) ? candidate.params : undefined;
    if (candidate.method === 'tools/call' && (typeof candidate.id === 'string' || typeof candidate.id === 'number')) {
      // The SDK drops a request its schema refuses without a word; the client would wait forever.
      if (!params) {
        downstream.reply({ jsonrpc: '2.0', id: candidate.id, error: { code: -32602, message: 'Invalid params: tools/call takes an object' } });
        return true;
      }
      return gateway.fastToolCall(candidate.id, params, fast.session, downstream);
    }
    if (candidate.method === 'notifications/cancelled' && candidate.id === undefined && params) {
      return gateway.fastCancel(fast.session, params['requestId'], String(params['reason'] ?? 'cancelled by the client'));
    }
    return false;
  };
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let overlong = false;
  const onData = (chunk: Buffer): void => {
    let start = 0;
    let newline: number;
    let passOn: Buffer[] = [];
    while ((newline = chunk.indexOf(0x0a, start)) !== -1) {
      const part = chunk.subarray(start, newline + 1);
      start = newline + 1;
      if (overlong) {
        overlong = false;
        passOn.push(part);
        continue;
      }
      const line = pending.length ? Buffer.concat([...pending, part]) : part;
      pending = [];
      pendingBytes = 0;
      if (!intercept(line)) passOn.push(line);
    }
    if (start < chunk.length) {
      const rest = chunk.subarray(start);
      if (overlong) passOn.push(rest);
      else {
        pending.push(rest);
        pendingBytes += rest.length;
        // A line this long is the SDK's to refuse: it gets the bytes as they come.
        if (pendingBytes > MAX_LINE_BYTES) {
          passOn = passOn.concat(pending);
          pending = [];
          pendingBytes = 0;
          overlong = true;
        }
      }
    }
    if (passOn.length) forwarded.write(passOn.length === 1 ? passOn[0] : Buffer.concat(passOn));
  };
  // What the entry point read before the gateway was loaded comes first (its `initialize` may be answered already).
  for (const chunk of early?.chunks ?? []) onData(chunk);
  let ended: () => void = () => {};
  const done = new Promise<void>((resolve) => (ended = resolve));
  if (early?.ended) {
    forwarded.end();
    ended();
  } else {
    streams.stdin.on('data', onData);
    streams.stdin.once('end', () => forwarded.end());
  }
  const handle = serveStdio(
    (context) => {
      const { server, session } = createSessionServer(gateway, 'stdio');
      // A 2026-07-28 opening is a session too (notifications reach it), served by the SDK only.
      if (context.era !== 'legacy') {
        gateway.addSession(session);
        return server;
      }
      fast.session = session;
      fast.server = server;
      const initialized = server.oninitialized;
      server.oninitialized = () => {
        initialized?.();
        fast.ready = true;
      };
      return server;
    },
    { transport, onerror: () => {} },
  );
  streams.stdin.once('end', ended);
  streams.stdin.once('close', ended);
  const onAbort = (): void => ended();
  streams.signal?.addEventListener('abort', onAbort, { once: true });
  await done;
  streams.signal?.removeEventListener('abort', onAbort);
  streams.stdin.off('data', onData);
  await handle.close().catch(() => {});
  out.flush();
}

/** The SDK server's messages, but for its own answer to the `initialize` the entry point answered already. */
function withoutAnswerTo(out: CoalescingWriter, id: string | number): Writable {
  let dropped = false;
  return new Writable({
    decodeStrings: false,
    write(chunk: Buffer | string, _encoding, callback) {
      const text = typeof chunk === 'string' ? chunk : chunk.toString('utf8');
      if (!dropped && isResponseTo(text, id)) dropped = true;
      else out.write(text);
      callback();
    },
    final(callback) {
      out.flush();
      callback();
    },
  });
}
