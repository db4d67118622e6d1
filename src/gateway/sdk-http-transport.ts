/**
 * The one place mcpns reads the SDK's StreamableHTTPClientTransport beyond its public API. The fast path posts to an
 * HTTP upstream itself (node:http, keep-alive) and must send exactly the headers the SDK would: its URL and its
 * `_commonHeaders()` (configured headers, the session, the protocol version, the current OAuth token). Both are
 * private members, so they are checked at run time here and the fast path is left off when the shape differs; the
 * test of this file fails when an SDK update changes that shape, so the silent fallback never goes unnoticed.
 */
import { jsonBodyMessages } from './json.js';

/** What the fast path needs of an SDK HTTP client transport. */
export interface HttpTransportView {
  readonly url: URL;
  /** The headers the SDK sends with every request now (lower-case names). */
  headers(): Promise<Record<string, string>>;
  /** Whether the headers depend only on the session (no auth provider: they can be cached per `sessionKey()`). */
  readonly staticHeaders: boolean;
  /** Changes when the session or the negotiated protocol version does. */
  sessionKey(): string;
  /**
   * The token the SDK would send now, read from its auth provider as `_commonHeaders()` reads it (undefined: no
   * provider of the known shape). With it the headers can be cached per session and token.
   */
  readonly token: (() => Promise<string | undefined>) | undefined;
}

interface TransportInternals {
  _url?: unknown;
  _commonHeaders?: unknown;
  _authProvider?: unknown;
  sessionId?: string | undefined;
  protocolVersion?: string | undefined;
}

/** The view of `transport`, or undefined when it is not an SDK Streamable HTTP client transport of the known shape. */
export function httpTransportView(transport: unknown): HttpTransportView | undefined {
  const internals = transport as TransportInternals | undefined;
  if (!internals || typeof internals._commonHeaders !== 'function' || !(internals._url instanceof URL)) return undefined;
  const url = internals._url;
  const commonHeaders = (internals._commonHeaders as () => Promise<Headers>).bind(transport);
  const auth = internals._authProvider as { token?: unknown } | undefined;
  const token = auth && typeof auth.token === 'function' ? (auth.token as () => Promise<string | undefined>).bind(auth) : undefined;
  return {
    url,
    staticHeaders: internals._authProvider === undefined,
    sessionKey: () => `${internals.sessionId ?? ''}\0${internals.protocolVersion ?? ''}`,
    token,
    async headers() {
      const headers: Record<string, string> = {};
      (await commonHeaders()).forEach((value, name) => (headers[name] = value));
      return headers;
    },
  };
}

type FetchLike = (input: string | URL, init?: RequestInit) => Promise<Response>;

/**
 * Make the SDK transport read an `application/json` answer that holds one JSON-RPC message per line (the conformance
 * suite's reference server answers its streaming diagnostics so) as the batch it is, instead of failing the call with
 * JSON.parse's "Unexpected non-whitespace character". It wraps the transport's private `_fetch` (read at every send);
 * false when the transport is not of that shape (then such a body fails the call, as before).
 */
export function tolerateJsonLines(transport: unknown): boolean {
  const internals = transport as { _fetch?: unknown; _commonHeaders?: unknown } | undefined;
  if (!internals || typeof internals._fetch !== 'function' || typeof internals._commonHeaders !== 'function') return false;
  const base = internals._fetch as FetchLike;
  const wrapped: FetchLike = async (input, init) => {
    const response = await base(input, init);
    if (init?.method !== 'POST' || !response.ok || !response.body) return response;
    if ((response.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase() !== 'application/json') return response;
    const text = await response.text();
    const values = text.includes('\n') ? jsonBodyMessages(text) : undefined;
    const body = values && values.length > 1 ? JSON.stringify(values) : text;
    const headers = new Headers(response.headers);
    headers.delete('content-length');
    const copy = new Response(body, { status: response.status, statusText: response.statusText, headers });
    // What the SDK's redirect handling reads of the original response.
    for (const key of ['url', 'redirected', 'type'] as const) Object.defineProperty(copy, key, { value: response[key] });
    return copy;
  };
  internals._fetch = wrapped;
  return true;
}
