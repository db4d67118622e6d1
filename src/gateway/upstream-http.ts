/**
 * The fast path's HTTP leg: a request POSTed to a Streamable HTTP upstream with node:http on a keep-alive agent, and
 * its answer (JSON or an SSE stream) read back message by message. The SDK's transport does the same through fetch
 * and web streams, which cost the gateway several times what the upstream spends on a call: here the request goes out
 * in one write, the headers are the transport's own (session, protocol version, configured headers, the current
 * OAuth token), and every message read is handed to the session's message handler as the transport would hand it.
 * Used by upstream.ts only.
 */
import { Agent as HttpAgent, request as httpRequest, type ClientRequest, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { urlToHttpOptions } from 'node:url';
import { jsonBodyMessages } from './json.js';
import { httpTransportView } from './sdk-http-transport.js';

export interface PostHandlers {
  /** One JSON-RPC message of the answer (in order). */
  onMessage(message: Record<string, unknown>): void;
  /**
   * A message of the answer as text, before it is parsed (an SSE event's data, or a JSON body that is one message):
   * true when it was the answer and the caller passed it on as it is; false, and it is parsed and handed to onMessage.
   */
  onText?(text: string): boolean;
  /** The request failed before its answer was complete (only this call is affected). */
  onFailed(reason: string): void;
  /** The upstream wants what only the SDK transport does (authorization): send the message through it instead. */
  onFallback(): void;
  /** HTTP 404 to a request in a session: the server no longer knows the session (it restarted or dropped it). */
  onSessionGone(): void;
  /** The answer comes on an SSE stream whose events carry ids (SEP-1699): the server made it resumable. */
  onResumable?(): void;
}

export interface RawPoster {
  post(message: Record<string, unknown>, handlers: PostHandlers): { abort(): void };
  close(): void;
}

/** SSE resumption: the wait before a GET with Last-Event-ID when the server named none, its cap, and how many. */
const DEFAULT_RETRY_MS = 1000;
const MAX_RETRY_MS = 5000;
const MAX_RESUMPTIONS = 3;

/** Statuses the SDK transport answers with its authorization flow (a token refresh, step-up). */
const AUTH_STATUSES = new Set([401, 403]);

/**
 * A poster for `transport`, or undefined when the transport is not a Streamable HTTP client transport as this file
 * knows it (another SDK version, SSE, a custom fetch mcpns did not install).
 */
export function rawPoster(transport: unknown, maxResponseBytes: number): RawPoster | undefined {
  const view = httpTransportView(transport);
  if (!view) return undefined;
  const url = view.url;
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  const secure = url.protocol === 'https:';
  // noDelay is the agent's default already; said here so that no request has to set it (a listener per call).
  const agentOptions = { keepAlive: true, noDelay: true, scheduling: 'lifo' } as const;
  const agent = secure ? new HttpsAgent(agentOptions) : new HttpAgent(agentOptions);
  const send = secure ? httpsRequest : httpRequest;
  // What node:http makes of the URL on every request, made once.
  const target = urlToHttpOptions(url);
  // The headers change only with the session and, with an auth provider, its token: built once per both (the
  // SDK's `_commonHeaders()` builds a Headers object every time).
  const cacheable = view.staticHeaders || view.token !== undefined;
  let cached: { key: string; token: string | undefined; headers: Record<string, string> } | undefined;
  const headersFor = async (): Promise<Record<string, string>> => {
    const token = view.token ? await view.token() : undefined;
    const key = view.sessionKey();
    if (cacheable && cached?.key === key && cached.token === token) return cached.headers;
    const headers = await view.headers();
    headers['content-type'] = 'application/json';
    headers['accept'] = 'application/json, text/event-stream';
    // Kept only when they carry the token just read (the SDK's own read may have met a newer one).
    if (cacheable && (view.staticHeaders || headers['authorization'] === (token ? `Bearer ${token}` : undefined))) cached = { key, token, headers };
    return headers;
  };

  return {
    post(message, handlers) {
      let request: ClientRequest | undefined;
      let aborted = false;
      let settled = false;
      // SSE resumption (SEP-1699): a server may end the stream before the answer and expect a GET with Last-Event-ID.
      let responded = false;
      let lastEventId: string | undefined;
      let retryMs = DEFAULT_RETRY_MS;
      let resumptions = 0;
      const fail = (reason: string): void => {
        if (settled || aborted) return;
        settled = true;
        handlers.onFailed(reason);
      };
      const readHandlers = (inSession: boolean): ReadHandlers => ({
        onMessage: (value) => {
          if (aborted) return;
          if (value['method'] === undefined && value['id'] === message['id']) responded = true;
          handlers.onMessage(value);
        },
        onText: (text) => {
          if (aborted || responded || !handlers.onText?.(text)) return false;
          responded = true;
          return true;
        },
        onEventId: (id) => {
          if (lastEventId === undefined) handlers.onResumable?.();
          lastEventId = id;
        },
        onRetry: (ms) => (retryMs = ms),
        onEnd: () => {
          if (settled || aborted) return;
          if (responded) return void (settled = true);
          if (lastEventId === undefined || resumptions >= MAX_RESUMPTIONS) return fail('ended its answer stream before the answer');
          // The first resumption goes at once: a server that closes the stream mid-call may send the answer before a
          // client that waits `retry` comes back, and a server whose store keeps only events written to an open
          // stream (the 1.x SDK's) then has nothing to replay. Later ones wait as the server asked (capped).
          const delay = resumptions === 0 ? 0 : Math.min(retryMs, MAX_RETRY_MS);
          resumptions++;
          setTimeout(() => void resume(), delay).unref();
        },
        onFailed: fail,
        onFallback: () => {
          if (settled || aborted) return;
          settled = true;
          handlers.onFallback();
        },
        onSessionGone: () => {
          if (settled || aborted) return;
          settled = true;
          if (inSession) handlers.onSessionGone();
          else handlers.onFailed('answered HTTP 404');
        },
      });
      const resume = async (): Promise<void> => {
        if (aborted || settled) return;
        const { 'content-type': _type, ...common } = await headersFor().catch(() => ({}) as Record<string, string>);
        if (aborted || settled) return;
        request = send({ ...target, method: 'GET', agent, headers: { ...common, accept: 'text/event-stream', 'last-event-id': lastEventId! } }, (response) =>
          read(response, maxResponseBytes, readHandlers(common['mcp-session-id'] !== undefined)),
        );
        request.on('error', (error) => fail(`could not be reached to resume its answer: ${error.message}`));
        request.end();
      };
      const body = JSON.stringify(message);
      const start = (common: Record<string, string>): void => {
        if (aborted) return;
        const inSession = common['mcp-session-id'] !== undefined;
        const attempt = (retried: boolean): void => {
          let answered = false;
          const sent = send({ ...target, method: 'POST', agent, headers: { ...common, 'content-length': Buffer.byteLength(body) } }, (response) => {
            answered = true;
            read(response, maxResponseBytes, readHandlers(inSession));
          });
          request = sent;
          sent.on('error', (error) => {
            // A kept-alive connection the server closed as idle just as the request went out: the server never read
            // it (it closes only idle connections), so it is sent once more on a new connection — as Node's docs
            // advise. Anything else fails the call.
            if (!retried && !answered && !aborted && !settled && sent.reusedSocket && isConnectionReset(error)) return attempt(true);
            fail(`could not be reached: ${error.message}`);
          });
          sent.end(body);
        };
        attempt(false);
      };
      // Known without waiting (cached, no auth provider to ask): sent now, without a promise per call.
      const ready = view.staticHeaders && cached?.key === view.sessionKey() ? cached.headers : undefined;
      if (ready) start(ready);
      else
        headersFor().then(start, () => {
          // The auth provider could not give a token: the SDK transport reports that in its own words.
          if (!aborted && !settled) {
            settled = true;
            handlers.onFallback();
          }
        });
      return {
        abort() {
          aborted = true;
          request?.destroy();
        },
      };
    },
    close() {
      agent.destroy();
    },
  };
}

/** The errors of a connection the other side closed (ECONNRESET, or Node's "socket hang up"). */
function isConnectionReset(error: NodeJS.ErrnoException): boolean {
  return error.code === 'ECONNRESET' || error.code === 'EPIPE' || error.message === 'socket hang up';
}

interface ReadHandlers {
  onMessage(message: Record<string, unknown>): void;
  onText(text: string): boolean;
  /** An SSE event's id (where a resumed stream continues) and a retry interval the server asked for. */
  onEventId(id: string): void;
  onRetry(ms: number): void;
  onEnd(): void;
  onFailed(reason: string): void;
  onFallback(): void;
  onSessionGone(): void;
}

/** Read one answer: a JSON body or an SSE stream of messages, bounded at `maxBytes`. */
function read(response: IncomingMessage, maxBytes: number, handlers: ReadHandlers): void {
  const status = response.statusCode ?? 0;
  if (status < 200 || status > 299) {
    response.resume();
    if (AUTH_STATUSES.has(status)) return handlers.onFallback();
    if (status === 404) return handlers.onSessionGone();
    return handlers.onFailed(`answered HTTP ${status}${response.statusMessage ? ` ${response.statusMessage}` : ''}`);
  }
  const type = (response.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  const sse = type === 'text/event-stream';
  if (!sse && type !== 'application/json') {
    response.resume();
    return handlers.onFailed(`answered with unexpected content type "${type.slice(0, 100)}"`);
  }
  // An SSE stream is read as text as it comes (the decoder keeps a character split between chunks whole); a JSON
  // body is decoded once, at its end.
  if (sse) response.setEncoding('utf8');
  let size = 0;
  const chunks: Buffer[] = [];
  const events = sse ? sseReader(handlers) : undefined;
  response.on('data', (chunk: string | Buffer) => {
    size += typeof chunk === 'string' ? Buffer.byteLength(chunk) : chunk.length;
    if (size > maxBytes) {
      handlers.onFailed(`sent a response over ${maxBytes} bytes (RESPONSE_TOO_LARGE)`);
      return void response.destroy();
    }
    if (events) events(chunk as string);
    else chunks.push(chunk as Buffer);
  });
  response.on('end', () => {
    if (events) {
      events('\n\n');
      return handlers.onEnd();
    }
    const text = chunks.length === 1 ? chunks[0]!.toString('utf8') : Buffer.concat(chunks).toString('utf8');
    if (handlers.onText(text)) return handlers.onEnd();
    const values = jsonBodyMessages(text);
    if (!values) return handlers.onFailed('answered with a body that is not JSON');
    for (const item of values) if (item && typeof item === 'object') handlers.onMessage(item as Record<string, unknown>);
    handlers.onEnd();
  });
  response.on('error', (error) => handlers.onFailed(`stream broke: ${error.message}`));
  response.on('aborted', () => handlers.onFailed('stream broke'));
}

/** A minimal SSE reader (what the spec's event stream format needs here: data lines, event names, blank-line ends). */
function sseReader(handlers: ReadHandlers): (chunk: string) => void {
  let buffer = '';
  let data: string[] = [];
  let event = '';
  const dispatch = (): void => {
    if (data.length && (event === '' || event === 'message')) {
      const text = data.length === 1 ? data[0]! : data.join('\n');
      if (!handlers.onText(text)) {
        try {
          const value = JSON.parse(text) as unknown;
          if (value && typeof value === 'object' && !Array.isArray(value)) handlers.onMessage(value as Record<string, unknown>);
        } catch {
          // Not JSON: the SDK transport ignores such an event too.
        }
      }
    }
    data = [];
    event = '';
  };
  return (chunk) => {
    buffer += chunk;
    let start = 0;
    for (;;) {
      const newline = buffer.indexOf('\n', start);
      if (newline === -1) break;
      let line = buffer.slice(start, newline);
      start = newline + 1;
      if (line.endsWith('\r')) line = line.slice(0, -1);
      if (line === '') dispatch();
      else if (line.startsWith('data:')) data.push(line.charCodeAt(5) === 32 ? line.slice(6) : line.slice(5));
      else if (line.startsWith('event:')) event = line.slice(line.charCodeAt(6) === 32 ? 7 : 6);
      else if (line.startsWith('id:')) handlers.onEventId(line.slice(line.charCodeAt(3) === 32 ? 4 : 3));
      else if (line.startsWith('retry:')) {
        const ms = Number(line.slice(6).trim());
        if (Number.isInteger(ms) && ms >= 0) handlers.onRetry(ms);
      }
    }
    buffer = buffer.slice(start);
  };
}
