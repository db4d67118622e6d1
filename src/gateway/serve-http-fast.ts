/**
 * The HTTP face's fast path on an initialized 2025-era session: a `tools/call` handed to the engine's raw forwarding
 * and its answer written here (one JSON body, or an SSE stream — resumable when the upstream made its answer so), a
 * cancel of such a call, the client's answers to what it was asked on such a stream, and a reconnect with
 * Last-Event-ID to one of these streams. Anything else is the SDK transport's (serve-http.ts).
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { ProtocolError, type WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/server';
import type { Gateway } from './engine.js';
import type { SessionEventStore } from './event-store.js';
import { wireMessage } from './sdk-shapes.js';
import type { DownstreamSession, FastDownstream } from './types.js';
import type { JsonObject } from './upstream.js';

/** Protocol versions a 2025-era session may name in MCP-Protocol-Version on the fast path (others: the SDK decides). */
const SESSION_VERSIONS = new Set(['2024-11-05', '2025-03-26', '2025-06-18', '2025-11-25']);
/** The `retry` a resumable SSE stream announces (SEP-1699): how long a client waits before it reconnects. */
export const RETRY_MS = 1000;
/** Stream ids of the fast path's resumable answers (the SDK's are UUIDs). */
const FAST_STREAM_PREFIX = 'fast-';

/** A 2025-era HTTP session: the SDK transport that serves it, and what the fast path keeps of it. */
export interface LegacySession {
  transport: WebStandardStreamableHTTPServerTransport;
  close(): Promise<void>;
  lastSeen: number;
  readonly createdAt: number;
  /** The engine's view of this session (the fast path hands it calls). */
  session: DownstreamSession;
  /** The client has sent notifications/initialized. */
  ready: boolean;
  /** Requests the fast path sent this client on a call's stream (elicitation, sampling, roots), by our id. */
  asked: Map<string, { resolve(result: JsonObject): void; reject(error: Error): void }>;
  /** This session's resumable streams (the SDK's and the fast path's). */
  events: SessionEventStore;
  /** The fast path's resumable answers still in progress, by stream id: a reconnecting client is attached here. */
  fastStreams: Map<string, { attach(res: ServerResponse): void }>;
  /** The fast path's calls in flight: each ends its response (and its wait for a reconnect) when the session ends. */
  fastEnds: Set<() => void>;
}

/**
 * The fast path of an initialized 2025-era session: a tools/call goes to the engine's raw forwarding and its answer
 * is written here (one JSON body; an SSE stream once progress or a request to the client has to travel with it),
 * a cancel of such a call and the client's answers to what it was asked on such a stream are taken here. False:
 * the SDK transport answers (anything else, or a request it would refuse: wrong media types, unknown version).
 */
export function fastPath(gateway: Gateway, record: LegacySession, parsed: unknown, req: IncomingMessage, res: ServerResponse, resumeGraceMs: number): boolean {
  if (!record.ready || !parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return false;
  const message = parsed as { jsonrpc?: unknown; id?: unknown; method?: unknown; params?: unknown; result?: unknown; error?: unknown };
  if (message.jsonrpc !== '2.0') return false;
  const version = req.headers['mcp-protocol-version'];
  if (version !== undefined && !SESSION_VERSIONS.has(String(version))) return false;
  if (!String(req.headers['content-type'] ?? '').includes('application/json')) return false;
  const params = message.params && typeof message.params === 'object' && !Array.isArray(message.params) ? (message.params as JsonObject) : undefined;
  if (message.method === undefined) {
    const asked = typeof message.id === 'string' ? record.asked.get(message.id) : undefined;
    if (!asked) return false;
    record.asked.delete(message.id as string);
    const error = message.error as { code?: unknown; message?: unknown; data?: unknown } | undefined;
    if (error && typeof error === 'object') asked.reject(new ProtocolError(Number(error.code) || -32603, String(error.message ?? 'error'), error.data));
    else asked.resolve((message.result ?? {}) as JsonObject);
    res.writeHead(202).end();
    return true;
  }
  if (message.method === 'notifications/cancelled' && message.id === undefined && params) {
    if (!gateway.fastCancel(record.session, params['requestId'], String(params['reason'] ?? 'cancelled by the client'))) return false;
    res.writeHead(202).end();
    return true;
  }
  if (message.method !== 'tools/call' || (typeof message.id !== 'string' && typeof message.id !== 'number') || !params) return false;
  const accept = String(req.headers.accept ?? '');
  if (!accept.includes('application/json') || !accept.includes('text/event-stream')) return false;
  const id = message.id;
  const sessionHeader = { 'mcp-session-id': String(req.headers['mcp-session-id']) };
  const primable = version !== undefined && String(version) >= '2025-11-25';
  let stream = false;
  let finished = false;
  // Resumable (the upstream made its answer resumable): every event has an id and is kept; `sink` is where the
  // client reads now (the POST's response, then a GET with Last-Event-ID after a break; none in between).
  let streamId: string | undefined;
  let sink: ServerResponse | undefined = res;
  let grace: NodeJS.Timeout | undefined;
  const frame = (value: JsonObject, eventId?: string): string =>
    `event: message\n${eventId !== undefined ? `id: ${eventId}\n` : ''}data: ${JSON.stringify(value)}\n\n`;
  const openStream = (): void => {
    if (stream || res.headersSent) return;
    stream = true;
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', ...sessionHeader });
  };
  /** One event on the stream: kept with an id when resumable, written where the client reads (if it does now). */
  const emit = (value: JsonObject): void => {
    openStream();
    if (streamId === undefined) return void res.write(frame(value));
    const eventId = record.events.append(streamId, wireMessage(value));
    sink?.write(frame(value, eventId));
  };
  const gone = (): boolean => finished || (streamId === undefined && res.destroyed);
  /** The session ended first: the engine cancels the call upstream; its stream (and any wait for a reconnect) ends now. */
  function end(): void {
    finished = true;
    record.fastEnds.delete(end);
    clearTimeout(grace);
    if (streamId !== undefined) record.fastStreams.delete(streamId);
    if (sink && !sink.writableEnded) {
      if (sink.headersSent) sink.end();
      else sink.destroy();
    }
  }
  const cancel = (reason: string): void => {
    if (finished) return;
    finished = true;
    record.fastEnds.delete(end);
    if (streamId !== undefined) record.fastStreams.delete(streamId);
    gateway.fastCancel(record.session, id, reason);
  };
  /** The client's connection to the stream closed: a resumable answer waits a while for it to reconnect. */
  const detached = (closed: ServerResponse): void => {
    if (sink === closed) sink = undefined;
    if (finished || sink) return;
    if (streamId === undefined) return cancel('the client closed the connection');
    clearTimeout(grace);
    grace = setTimeout(() => {
      if (!sink) cancel('the client closed the connection and did not reconnect');
    }, resumeGraceMs);
    grace.unref();
  };
  const downstream: FastDownstream = {
    reply: (value) => {
      if (gone()) return;
      finished = true;
      record.fastEnds.delete(end);
      clearTimeout(grace);
      if (streamId !== undefined) {
        emit(value);
        record.fastStreams.delete(streamId);
        return void sink?.end();
      }
      if (stream) return void res.end(frame(value));
      const text = JSON.stringify(value);
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text), ...sessionHeader });
      res.end(text);
    },
    replyText: (text) => {
      if (gone()) return true;
      // A resumable stream keeps its events as messages; an SSE event's data is one line here.
      if (streamId !== undefined || (stream && text.includes('\n'))) return false;
      finished = true;
      record.fastEnds.delete(end);
      clearTimeout(grace);
      if (stream) res.end(`event: message\ndata: ${text}\n\n`);
      else {
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text), ...sessionHeader });
        res.end(text);
      }
      return true;
    },
    notify: async (notifyMethod, notifyParams) => {
      if (gone()) return;
      emit({ jsonrpc: '2.0', method: notifyMethod, ...(notifyParams ? { params: notifyParams } : {}) });
    },
    request: (askMethod, askParams, signal) =>
      new Promise<JsonObject>((resolve, rejectAsk) => {
        if (gone()) return rejectAsk(new Error('the call is over'));
        const askId = `mcpns-ask-${randomUUID()}`;
        const onAbort = (): void => {
          record.asked.delete(askId);
          rejectAsk(signal.reason instanceof Error ? signal.reason : new Error('cancelled'));
        };
        signal.addEventListener('abort', onAbort, { once: true });
        record.asked.set(askId, {
          resolve: (result) => {
            signal.removeEventListener('abort', onAbort);
            resolve(result);
          },
          reject: (error) => {
            signal.removeEventListener('abort', onAbort);
            rejectAsk(error);
          },
        });
        emit({ jsonrpc: '2.0', id: askId, method: askMethod, ...(askParams ? { params: askParams } : {}) });
      }),
    resumable: () => {
      // Only for a client of 2025-11-25 or later: older ones do not expect an event with empty data (as the SDK).
      if (!primable || streamId !== undefined || stream || res.headersSent || gone()) return;
      streamId = `${FAST_STREAM_PREFIX}${randomUUID()}`;
      openStream();
      // The priming event: an id to resume from and how long to wait before reconnecting.
      res.write(`id: ${record.events.append(streamId, wireMessage({}))}\nretry: ${RETRY_MS}\ndata: \n\n`);
      record.fastStreams.set(streamId, {
        attach: (resumed) => {
          if (finished) return void resumed.end();
          clearTimeout(grace);
          sink?.end();
          sink = resumed;
          resumed.once('close', () => detached(resumed));
        },
      });
    },
  };
  if (!gateway.fastToolCall(id, params, record.session, downstream)) return false;
  // A client that goes away before the answer cancels the call upstream (after a grace when it may resume).
  res.once('close', () => detached(res));
  record.fastEnds.add(end);
  return true;
}

/**
 * A GET with Last-Event-ID for one of the fast path's resumable answers: what the client missed, then the rest as
 * it comes (or the end, when the answer was already sent). False for any other stream (the SDK transport's).
 */
export function resumeFast(record: LegacySession, lastEventId: string, res: ServerResponse): boolean {
  const found = record.events.eventsAfter(lastEventId);
  if (!found || !found.streamId.startsWith(FAST_STREAM_PREFIX)) return false;
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', 'mcp-session-id': String(record.transport.sessionId) });
  for (const event of found.events) res.write(`event: message\nid: ${event.id}\ndata: ${JSON.stringify(event.message)}\n\n`);
  const live = record.fastStreams.get(found.streamId);
  if (live) live.attach(res);
  else res.end();
  return true;
}
