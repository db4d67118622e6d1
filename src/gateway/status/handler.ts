/**
 * The status page's HTTP face on `serve --http`: `/` (the page), `/status.json` (the snapshot) and `/status/events`
 * (server-sent events, a snapshot on every change). The endpoint's own guards apply first (Host, Origin, bearer
 * token). A browser cannot send a bearer header when it opens a page, so when a token is required `/?token=<token>`
 * is exchanged for an HttpOnly, SameSite=Strict cookie (a random value, never the token) that opens these read-only
 * paths and nothing else (never `/mcp`). Bounded: at most `maxClients` streams, changes sent at most every 250 ms.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { tokenDigest } from '../http-guards.js';
import type { StatusFeed } from './feed.js';
import { createNamesView, type JudgeSettings, type ViewedGateway } from './judged.js';
import { renderPage, statusSnapshot, streamPayload } from './page.js';

export interface StatusPage {
  /** Whether this request may see a status path without a bearer header (a valid `?token=` on `/`, or the cookie). */
  authorizes(req: IncomingMessage): boolean;
  /** Whether `path` is one of the status paths. */
  serves(path: string): boolean;
  handle(req: IncomingMessage, res: ServerResponse): void;
  /** Ends every open stream. */
  close(): void;
}

export interface StatusPageOptions {
  /** The bearer token `/mcp` requires (the page then needs `?token=` once, or the cookie). */
  token?: string | undefined;
  maxClients?: number;
  redact?: (text: string) => string;
  /** Heartbeat of an open stream (default 15 s). */
  heartbeatMs?: number;
  /** How the gateway names tools (`--style`, `--for`, `--as`) and what it judges them by: the findings and each client's names. */
  judge?: JudgeSettings;
}

const COOKIE = 'mcpns_status';
const PATHS = new Set(['/', '/status.json', '/status/events']);
const THROTTLE_MS = 250;

const SECURITY_HEADERS = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'cache-control': 'no-store',
  'x-frame-options': 'DENY',
};

export function createStatusPage(gateway: ViewedGateway, feed: StatusFeed, options: StatusPageOptions = {}): StatusPage {
  const maxClients = options.maxClients ?? 16;
  const redact = options.redact ?? ((text: string) => text);
  const token = options.token !== undefined ? tokenDigest(options.token) : undefined;
  const session = randomBytes(32).toString('hex');
  const sessionDigest = tokenDigest(session);
  const streams = new Set<{ res: ServerResponse; stop: () => void }>();

  const pathOf = (req: IncomingMessage): string => (req.url ?? '/').split('?')[0]!;
  const queryToken = (req: IncomingMessage): string | undefined => {
    const query = (req.url ?? '').split('?')[1];
    return query === undefined ? undefined : (new URLSearchParams(query).get('token') ?? undefined);
  };
  const matches = (given: string | undefined, expected: Buffer | undefined): boolean =>
    given !== undefined && expected !== undefined && timingSafeEqual(tokenDigest(given), expected);
  const cookieOf = (req: IncomingMessage): string | undefined => {
    for (const part of (req.headers.cookie ?? '').split(';')) {
      const [name, ...value] = part.trim().split('=');
      if (name === COOKIE) return value.join('=');
    }
    return undefined;
  };

  const view = options.judge ? createNamesView(gateway, options.judge, redact) : undefined;
  const snapshot = () => statusSnapshot(gateway, feed, redact, new Date(), view);

  function page(req: IncomingMessage, res: ServerResponse): void {
    if (token && queryToken(req) !== undefined) {
      // The token leaves the address bar at once: a cookie for these paths, then the page without the query.
      res.writeHead(303, {
        ...SECURITY_HEADERS,
        location: '/',
        'set-cookie': `${COOKIE}=${session}; HttpOnly; SameSite=Strict; Path=/; Max-Age=43200`,
      });
      return void res.end();
    }
    const nonce = randomBytes(16).toString('base64');
    res.writeHead(200, {
      ...SECURITY_HEADERS,
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy': `default-src 'none'; script-src 'nonce-${nonce}'; style-src 'nonce-${nonce}'; connect-src 'self'; img-src data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
    });
    res.end(renderPage(snapshot(), nonce));
  }

  function events(req: IncomingMessage, res: ServerResponse): void {
    if (streams.size >= maxClients) {
      res.writeHead(503, { ...SECURITY_HEADERS, 'content-type': 'text/plain', 'retry-after': '5' });
      return void res.end(`at most ${maxClients} status pages at once\n`);
    }
    res.writeHead(200, { ...SECURITY_HEADERS, 'content-type': 'text/event-stream', connection: 'keep-alive' });
    res.write('retry: 2000\n\n');
    let timer: NodeJS.Timeout | undefined;
    let last = 0;
    // The tools table (the largest) is sent again only when the exposure changed since this stream's last event.
    let sentExposure: unknown;
    const send = (): void => {
      timer = undefined;
      last = Date.now();
      const tools = sentExposure !== gateway.exposure;
      sentExposure = gateway.exposure;
      res.write(`event: snapshot\ndata: ${streamPayload(snapshot(), { tools })}\n\n`);
    };
    const schedule = (): void => {
      if (timer) return;
      timer = setTimeout(send, Math.max(0, THROTTLE_MS - (Date.now() - last)));
      timer.unref();
    };
    const heartbeat = setInterval(() => res.write(': keep-alive\n\n'), options.heartbeatMs ?? 15_000);
    heartbeat.unref();
    const unsubscribe = feed.subscribe(schedule);
    const entry = {
      res,
      stop: () => {
        clearTimeout(timer);
        clearInterval(heartbeat);
        unsubscribe();
        streams.delete(entry);
      },
    };
    streams.add(entry);
    req.once('close', entry.stop);
    send();
  }

  return {
    authorizes(req) {
      const path = pathOf(req);
      if (!PATHS.has(path) || req.method !== 'GET') return false;
      if (path === '/' && matches(queryToken(req), token)) return true;
      return matches(cookieOf(req), sessionDigest);
    },
    serves: (path) => PATHS.has(path),
    handle(req, res) {
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        res.writeHead(405, { ...SECURITY_HEADERS, allow: 'GET' });
        return void res.end();
      }
      const path = pathOf(req);
      if (path === '/status/events') return events(req, res);
      if (path === '/status.json') {
        res.writeHead(200, { ...SECURITY_HEADERS, 'content-type': 'application/json' });
        return void res.end(JSON.stringify(snapshot()));
      }
      page(req, res);
    },
    close() {
      for (const stream of [...streams]) {
        stream.stop();
        stream.res.end();
      }
    },
  };
}
