/**
 * The gateway over Streamable HTTP at `/mcp`: 2025-era clients get sessions (one downstream session per client, so
 * server→client requests and notifications reach it), 2026-07-28 clients are served statelessly on the same
 * endpoint (the SDK's per-request handler; `subscriptions/listen` streams carry list changes). Every request passes
 * the guards first: Host and Origin (DNS rebinding), the bearer token when one is required, a bounded body.
 * `/health` reports the upstreams.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server as HttpServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createMcpHandler, isLegacyRequest, WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/server';
import { McpnsError } from '../errors.js';
import { createDownstreamServer, createSessionServer } from './downstream.js';
import type { Gateway } from './engine.js';
import { BoundedEventStore, type EventStoreLimits } from './event-store.js';
import { bearerMatches, hostnameOf, tokenDigest } from './http-guards.js';
import { fastPath, resumeFast, RETRY_MS, type LegacySession } from './serve-http-fast.js';
import { isLoopback } from '../util/loopback.js';
import type { StatusPage } from './status/handler.js';

export interface HttpServeOptions {
  host: string;
  port: number;
  /** Required `Authorization: Bearer <token>` (none: loopback only, unauthenticated). */
  token?: string | undefined;
  /** Extra Host names accepted besides the loopback names and the bind address. */
  allowedHosts?: readonly string[] | undefined;
  /** Extra Origins accepted besides loopback origins (e.g. `https://app.example`). */
  allowedOrigins?: readonly string[] | undefined;
  /** Cap on one request body (default 4 MiB). */
  maxBodyBytes?: number | undefined;
  /** Cap on concurrent 2025-era sessions (default 1000); past it a new initialize is answered 503. */
  maxSessions?: number | undefined;
  /** Sessions idle this long are closed (default 30 min). */
  sessionIdleMs?: number | undefined;
  /**
   * A session whose client has not sent notifications/initialized this long after its initialize is closed (default
   * INIT_TIMEOUT_MS): sessions opened and abandoned must not fill `maxSessions` for the idle timeout's 30 minutes.
   */
  sessionInitMs?: number | undefined;
  /** Bounds on the events kept for resumable SSE streams (SEP-1699), across all sessions. */
  eventStore?: EventStoreLimits | undefined;
  /**
   * How long a call whose resumable stream broke waits for its client to reconnect with Last-Event-ID before it is
   * cancelled upstream (default 30 s).
   */
  resumeGraceMs?: number | undefined;
  /** A request whose handling failed (answered 500): told here, so the failure is logged, not lost. */
  onError?: ((error: unknown) => void) | undefined;
  /** The status page at `/` (src/gateway/status/): its paths, and the cookie that opens them to a browser. */
  status?: StatusPage | undefined;
}

export interface HttpGateway {
  /** Where it listens (the port chosen when 0 was asked). */
  url: string;
  address: AddressInfo;
  close(): Promise<void>;
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);
const DEFAULT_MAX_BODY = 4 * 1024 * 1024;
const DEFAULT_RESUME_GRACE_MS = 30_000;
/** How long a new session may wait for the client's notifications/initialized before it is reaped. */
export const INIT_TIMEOUT_MS = 60_000;
/** Deeper values are refused before any validator walks them (recursive validators overflow the stack). */
const MAX_DEPTH = 256;

/** Whether `value` nests objects or arrays more than `max` levels deep (iterative: no recursion on hostile input). */
function deeperThan(value: unknown, max: number): boolean {
  const stack: Array<[unknown, number]> = [[value, 1]];
  while (stack.length) {
    const [node, depth] = stack.pop()!;
    if (node === null || typeof node !== 'object') continue;
    if (depth > max) return true;
    for (const child of Array.isArray(node) ? node : Object.values(node)) if (child !== null && typeof child === 'object') stack.push([child, depth + 1]);
  }
  return false;
}

/** A bind that failed, said in the user's terms (a busy port is the common case: another gateway already runs). */
function listenError(error: NodeJS.ErrnoException, options: { host: string; port: number }): McpnsError {
  const where = `${options.host.includes(':') ? `[${options.host}]` : options.host}:${options.port}`;
  if (error.code === 'EADDRINUSE') {
    return new McpnsError('IO', `port ${options.port} is in use (${where})`, {
      hint: 'stop what listens there (another mcpns serve?), or pick another port with --http (0 picks a free one)',
    });
  }
  return new McpnsError('IO', `cannot listen on ${where}: ${error.code ?? error.message}`, {
    hint: error.code === 'EACCES' ? 'ports below 1024 need privileges: pick a higher port' : 'check the address given to --http',
  });
}

export async function serveGatewayHttp(gateway: Gateway, options: HttpServeOptions): Promise<HttpGateway> {
  const maxBody = options.maxBodyBytes ?? DEFAULT_MAX_BODY;
  const maxSessions = options.maxSessions ?? 1000;
  const idleMs = options.sessionIdleMs ?? 30 * 60 * 1000;
  const initMs = options.sessionInitMs ?? INIT_TIMEOUT_MS;
  const resumeGraceMs = options.resumeGraceMs ?? DEFAULT_RESUME_GRACE_MS;
  const eventStore = new BoundedEventStore(options.eventStore);
  const allowedHosts = new Set([...LOOPBACK_HOSTS, options.host.toLowerCase(), ...(options.allowedHosts ?? []).map((host) => host.toLowerCase())]);
  const allowedOrigins = new Set((options.allowedOrigins ?? []).map((origin) => origin.toLowerCase()));
  const token = options.token !== undefined ? tokenDigest(options.token) : undefined;
  // Bound to every address (0.0.0.0, ::) with a token required: any Host may reach it; the token is the guard there.
  const anyHost = token !== undefined && (options.host === '0.0.0.0' || options.host === '::');

  const sessions = new Map<string, LegacySession>();
  const modern = createMcpHandler(
    () => {
      return createDownstreamServer(gateway, undefined);
    },
    { legacy: 'reject', maxRequestBodySize: maxBody, onerror: () => {} },
  );
  const unlisten = gateway.onListChanged((kind) => {
    if (kind === 'tools') modern.notify.toolsChanged();
    else if (kind === 'prompts') modern.notify.promptsChanged();
    else modern.notify.resourcesChanged();
  });

  const idleTimer = setInterval(
    () => {
      const now = Date.now();
      for (const [id, session] of sessions) {
        const reap = now - session.lastSeen > idleMs || (!session.ready && now - session.createdAt > initMs);
        if (reap) void session.close().then(() => sessions.delete(id));
      }
    },
    // Often enough that a session is reaped within half its bound past it.
    Math.max(10, Math.min(idleMs, initMs, 120_000) / 2),
  );
  idleTimer.unref();

  async function newSession(): Promise<LegacySession> {
    const { server, session } = createSessionServer(gateway);
    const holder: { record?: LegacySession } = {};
    const events = eventStore.scoped(randomUUID());
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      maxRequestBodySize: maxBody,
      // Resumable streams (SEP-1699): a priming event with an id and `retry`, and replay after Last-Event-ID.
      eventStore: events,
      retryInterval: RETRY_MS,
      onsessioninitialized: (id) => void (holder.record && sessions.set(id, holder.record)),
      onsessionclosed: (id) => void sessions.delete(id),
    });
    const record: LegacySession = (holder.record = {
      transport,
      session,
      ready: false,
      asked: new Map(),
      events,
      fastStreams: new Map(),
      fastEnds: new Set(),
      lastSeen: Date.now(),
      createdAt: Date.now(),
      close: async () => {
        ended();
        await server.close().catch(() => {});
      },
    });
    /** The session is over (DELETE, idle, shutdown): nothing of it is kept, nothing of it waits. */
    const ended = (): void => {
      for (const pending of record.asked.values()) pending.reject(new Error('the session closed'));
      record.asked.clear();
      for (const end of [...record.fastEnds]) end();
      record.fastStreams.clear();
      events.dropAll();
    };
    const initialized = server.oninitialized;
    server.oninitialized = () => {
      initialized?.();
      record.ready = true;
    };
    transport.onclose = () => {
      if (transport.sessionId) sessions.delete(transport.sessionId);
      ended();
    };
    await server.connect(transport);
    return record;
  }

  const reject = (res: ServerResponse, status: number, message: string, headers: Record<string, string> = {}): void => {
    if (res.headersSent) return void res.destroy();
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message }, id: null }));
  };

  /** Host, Origin and token: the answer when the request must go no further. */
  function guard(req: IncomingMessage, res: ServerResponse): boolean {
    const host = req.headers.host;
    const hostname = host === undefined ? undefined : hostnameOf(host);
    if (hostname === undefined || (!anyHost && !allowedHosts.has(hostname))) {
      reject(res, 403, 'Forbidden: Host header not allowed (DNS rebinding protection)');
      return false;
    }
    const origin = req.headers.origin;
    if (origin !== undefined && origin !== 'null') {
      let allowed = allowedOrigins.has(origin.toLowerCase());
      try {
        const parsed = new URL(origin);
        if (!allowed) allowed = isLoopback(parsed.hostname) || allowedHosts.has(parsed.hostname.toLowerCase());
      } catch {
        allowed = false;
      }
      if (!allowed) {
        reject(res, 403, 'Forbidden: Origin not allowed (DNS rebinding protection)');
        return false;
      }
    } else if (origin === 'null') {
      reject(res, 403, 'Forbidden: Origin not allowed (DNS rebinding protection)');
      return false;
    }
    if (token) {
      if (!bearerMatches(req.headers.authorization, token) && !options.status?.authorizes(req)) {
        reject(res, 401, 'Unauthorized: a bearer token is required', { 'www-authenticate': 'Bearer realm="mcpns"' });
        return false;
      }
    }
    return true;
  }

  /** The body, read up to the cap (413 past it). */
  function readBody(req: IncomingMessage, res: ServerResponse): Promise<Buffer | undefined> {
    return new Promise((resolve) => {
      const declared = Number(req.headers['content-length'] ?? 0);
      if (declared > maxBody) {
        reject(res, 413, `Payload too large (over ${maxBody} bytes)`, { connection: 'close' });
        req.resume();
        return resolve(undefined);
      }
      const chunks: Buffer[] = [];
      let size = 0;
      req.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > maxBody) {
          reject(res, 413, `Payload too large (over ${maxBody} bytes)`, { connection: 'close' });
          req.destroy();
          return resolve(undefined);
        }
        chunks.push(chunk);
      });
      req.on('end', () => resolve(Buffer.concat(chunks)));
      req.on('error', () => resolve(undefined));
    });
  }

  function toWebRequest(req: IncomingMessage, body: Buffer | undefined, signal: AbortSignal): Request {
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) {
      if (value === undefined) continue;
      for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
    }
    const url = `http://${req.headers.host ?? 'localhost'}${req.url ?? '/'}`;
    const init: RequestInit = { method: req.method ?? 'GET', headers, signal };
    if (body !== undefined && req.method !== 'GET' && req.method !== 'HEAD') init.body = new Uint8Array(body);
    return new Request(url, init);
  }

  async function send(res: ServerResponse, response: Response): Promise<void> {
    const headers: Record<string, string> = {};
    response.headers.forEach((value, name) => (headers[name] = value));
    res.writeHead(response.status, headers);
    if (!response.body) return void res.end();
    const reader = response.body.getReader();
    res.on('close', () => void reader.cancel().catch(() => {}));
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        if (!res.write(value)) await new Promise((resolve) => res.once('drain', resolve));
      }
    } catch {
      // The client went away or the stream was cancelled.
    }
    res.end();
  }

  async function handleMcp(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const method = req.method ?? 'GET';
    if (!['GET', 'POST', 'DELETE'].includes(method)) return reject(res, 405, 'Method not allowed', { allow: 'GET, POST, DELETE' });
    const body = method === 'POST' ? await readBody(req, res) : undefined;
    if (method === 'POST' && body === undefined) return;
    let parsed: unknown;
    if (body !== undefined) {
      try {
        parsed = JSON.parse(body.toString('utf8'));
      } catch {
        return reject(res, 400, 'Parse error: the body is not JSON');
      }
      // Only a body this long can nest that deep (each level costs at least two characters): most calls skip the walk.
      if (body.length > 2 * MAX_DEPTH && deeperThan(parsed, MAX_DEPTH))
        return reject(res, 400, `Invalid request: values nested deeper than ${MAX_DEPTH} levels`);
    }
    const sessionId = req.headers['mcp-session-id'];
    const lastEventId = req.headers['last-event-id'];
    if (method === 'GET' && typeof sessionId === 'string' && typeof lastEventId === 'string') {
      const known = sessions.get(sessionId);
      if (known && resumeFast(known, lastEventId, res)) {
        known.lastSeen = Date.now();
        return;
      }
    }
    if (method === 'POST' && typeof sessionId === 'string') {
      const known = sessions.get(sessionId);
      if (known && fastPath(gateway, known, parsed, req, res, resumeGraceMs)) {
        known.lastSeen = Date.now();
        return;
      }
    }
    const controller = new AbortController();
    res.on('close', () => controller.abort());
    const request = toWebRequest(req, body, controller.signal);
    const legacy = typeof sessionId === 'string' || method !== 'POST' || (await isLegacyRequest(request, parsed, { maxRequestBodySize: maxBody }));
    if (!legacy) return send(res, await modern.fetch(request, { parsedBody: parsed }));
    let session = typeof sessionId === 'string' ? sessions.get(sessionId) : undefined;
    if (!session) {
      if (typeof sessionId === 'string') return reject(res, 404, 'Session not found');
      if (method !== 'POST') return reject(res, 400, 'Bad Request: no session');
      if (sessions.size >= maxSessions) return reject(res, 503, `Too many sessions (${maxSessions})`, { 'retry-after': '5' });
      session = await newSession();
    }
    session.lastSeen = Date.now();
    const response = await session.transport.handleRequest(request, { parsedBody: parsed });
    if (!session.transport.sessionId) await session.close();
    await send(res, response);
  }

  function health(res: ServerResponse): void {
    const upstreams = gateway.status();
    const ok = upstreams.every((entry) => entry.status === 'up');
    res.writeHead(ok ? 200 : 503, { 'content-type': 'application/json' });
    // Names the style gave several tools, kept apart by their pair's hash: the same finding as at start.
    const findings = gateway.exposure.collisions.map((collision) => ({
      code: 'NAME_COLLISION',
      kind: collision.kind,
      name: collision.name,
      members: collision.members.map((member) => `${member.server}/${member.tool}`),
      exposed: collision.exposed,
    }));
    res.end(
      JSON.stringify({
        status: ok ? 'ok' : 'degraded',
        sessions: sessions.size,
        tools: gateway.exposure.tools.length,
        upstreams,
        ...(findings.length ? { findings } : {}),
      }),
    );
  }

  /** A request's handling failed (a bug, never the client's doing): it alone is answered 500; the gateway serves on. */
  const failedRequest = (res: ServerResponse, error: unknown): void => {
    options.onError?.(error);
    reject(res, 500, 'Internal error');
  };
  const http: HttpServer = createServer((req, res) => {
    try {
      if (!guard(req, res)) return;
      const path = (req.url ?? '/').split('?')[0];
      if (path === '/health' && req.method === 'GET') return health(res);
      if (path !== undefined && options.status?.serves(path)) return options.status.handle(req, res);
      if (path !== '/mcp') return reject(res, 404, 'Not found: the MCP endpoint is /mcp');
      handleMcp(req, res).catch((error: unknown) => failedRequest(res, error));
    } catch (error) {
      failedRequest(res, error);
    }
  });
  http.headersTimeout = 30_000;
  // Receiving a request (headers and body) is bounded; responses (SSE streams) are not.
  http.requestTimeout = 60_000;
  http.keepAliveTimeout = 5_000;
  http.maxHeadersCount = 200;

  await new Promise<void>((resolve, rejectListen) => {
    http.once('error', (error: NodeJS.ErrnoException) => {
      clearInterval(idleTimer);
      unlisten();
      void modern.close().catch(() => {});
      rejectListen(listenError(error, options));
    });
    http.listen(options.port, options.host, () => resolve());
  });
  const address = http.address() as AddressInfo;
  const shownHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    url: `http://${shownHost}:${address.port}/mcp`,
    address,
    async close() {
      unlisten();
      clearInterval(idleTimer);
      await Promise.all([...sessions.values()].map((session) => session.close()));
      sessions.clear();
      await modern.close().catch(() => {});
      options.status?.close();
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}
