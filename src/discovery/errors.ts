import {
  ProtocolError,
  ProtocolErrorCode,
  SdkError,
  SdkErrorCode,
  SdkHttpError,
  SseError,
  SUPPORTED_PROTOCOL_VERSIONS,
  UnauthorizedError,
} from '@modelcontextprotocol/client';
import { AuthError } from './auth-error.js';
import type { DiscoveryErrorCode } from '../catalog/types.js';
import { McpnsError } from '../errors.js';
import { DeadlineError, InterruptedError } from './deadline.js';
import { SpawnError } from './stdio-transport.js';
import { formatBytes } from '../util/json-walk.js';
import { SPOKEN_REVISIONS } from '../util/protocol-revisions.js';

/** Where a server was when it failed; decides the code of otherwise unspecific errors. */
export type Stage = 'spawn' | 'connect' | 'initialize' | 'list';

/**
 * A server could not be reached or listed. `reason` is the stable discovery code; the message never contains
 * env or header values. An McpnsError (code TRANSPORT) so commands that open a session can let it propagate.
 */
export class DiscoveryError extends McpnsError {
  constructor(
    readonly reason: DiscoveryErrorCode,
    message: string,
    options: { cause?: unknown; hint?: string; serverCode?: number; supported?: string[] } = {},
  ) {
    super('TRANSPORT', message, {
      cause: options.cause,
      ...(options.hint !== undefined ? { hint: options.hint } : {}),
      details: {
        reason,
        ...(options.serverCode !== undefined ? { serverCode: options.serverCode } : {}),
        ...(options.supported ? { supported: options.supported } : {}),
      },
    });
    this.name = 'DiscoveryError';
    this.serverCode = options.serverCode;
    this.supported = options.supported;
  }

  /** The JSON-RPC error code the server sent, when the failure is the server's own error answer. */
  readonly serverCode: number | undefined;
  /** PROTOCOL_VERSION_UNSUPPORTED: the protocol versions the server said it supports. */
  readonly supported: string[] | undefined;
  /** What the server wrote to stderr before it failed (secrets redacted), when a session was being opened. */
  stderr: string | undefined;
}

/** A response (HTTP body, SSE stream or stdout line) grew past the configured cap; reading it was stopped. */
export class ResponseTooLargeError extends Error {
  constructor(readonly limitBytes: number) {
    super(`a response from the server was larger than ${limitBytes} bytes`);
    this.name = 'ResponseTooLargeError';
  }
}

/** A JSON-RPC error response as the server sent it. */
export interface ServerRpcError {
  code: number;
  message: string;
  data?: unknown;
}

/** JSON-RPC -32022 (2026-07-28): the server supports none of the protocol versions the request named. */
export const UNSUPPORTED_PROTOCOL_VERSION_CODE = ProtocolErrorCode.UnsupportedProtocolVersion;

/** The SDK's `server/discover` probe requests have string ids with this prefix (its own requests are numbered). */
const PROBE_ID_PREFIX = 'server-discover-probe-';

/**
 * What the session saw on the wire that the SDK's errors do not carry: the protocolVersion an initialize result
 * named (the SDK rejects a version it does not know with a plain Error), a response cut off at the size cap, and
 * how the server answered the `server/discover` probe (the SDK decides the era from it without saying why).
 */
export class WireLog {
  /** The protocolVersion the server's initialize result named. */
  offeredVersion: string | undefined;
  /** Set when a response was cut off at the size cap. */
  tooLarge: ResponseTooLargeError | undefined;
  /** The server answered a `server/discover` probe (with a result or an error), in time or late. */
  probeAnswered = false;
  /** The `supportedVersions` of a `server/discover` result, when one came. */
  discoverVersions: string[] | undefined;
  /** `notifications/progress` messages received (the SDK also reports its own multi-round-trip rounds as progress). */
  progressNotifications = 0;
  /** `notifications/tools/list_changed` messages received: a cached listing is stale after one. */
  toolListChanges = 0;

  observe(message: unknown): void {
    if (message === null || typeof message !== 'object') return;
    const { id, result, method } = message as { id?: unknown; result?: unknown; method?: unknown };
    if (method === 'notifications/progress') this.progressNotifications++;
    else if (method === 'notifications/tools/list_changed') this.toolListChanges++;
    if (typeof id === 'string' && id.startsWith(PROBE_ID_PREFIX) && ('result' in message || 'error' in message)) {
      this.probeAnswered = true;
      const supported = result !== null && typeof result === 'object' ? (result as { supportedVersions?: unknown }).supportedVersions : undefined;
      if (Array.isArray(supported)) this.discoverVersions = supported.filter((version): version is string => typeof version === 'string').slice(0, 32);
      return;
    }
    if (this.offeredVersion !== undefined || result === null || typeof result !== 'object') return;
    const version = (result as { protocolVersion?: unknown }).protocolVersion;
    if (typeof version === 'string') this.offeredVersion = version;
  }
}

/** The outcome of classifying a failure: the stable code, the server's own JSON-RPC error, the versions it supports. */
export interface Classified {
  code: DiscoveryErrorCode;
  serverError?: ServerRpcError;
  /** PROTOCOL_VERSION_UNSUPPORTED: the protocol versions the server said it supports, when it said. */
  supported?: string[];
}

/** Network-level failure codes of fetch (undici puts them on `error.cause.code`). */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ETIMEDOUT',
  'EPIPE',
  'UND_ERR_SOCKET',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
]);

/** The error and its causes, outermost first (bounded: a cause chain is the SDK's wrapping, never deep). */
function causeChain(error: unknown): unknown[] {
  const chain: unknown[] = [];
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current !== undefined && current !== null; depth++) {
    chain.push(current);
    current = current instanceof Error ? current.cause : undefined;
  }
  return chain;
}

function networkCode(error: unknown): string | undefined {
  for (const link of causeChain(error)) {
    const code = link instanceof Error ? (link as { code?: unknown }).code : undefined;
    if (typeof code === 'string' && NETWORK_CODES.has(code)) return code;
  }
  return undefined;
}

/** HTTP status carried by the SDK's HTTP transport errors (SdkHttpError.status, SseError.code), if any. */
export function httpStatus(error: unknown): number | undefined {
  for (const link of causeChain(error)) {
    if (link instanceof SdkHttpError) return typeof link.status === 'number' && link.status > 0 ? link.status : undefined;
    if (link instanceof SseError) return typeof link.code === 'number' && link.code > 0 ? link.code : undefined;
  }
  return undefined;
}

/** The JSON-RPC error in an HTTP error's body (a 2026-07-28 server answers a version it refuses with 400 and -32022). */
function rpcErrorInBody(error: SdkHttpError): ServerRpcError | undefined {
  const text = (error.data as { text?: unknown } | undefined)?.text;
  if (typeof text !== 'string' || !text.trimStart().startsWith('{')) return undefined;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return undefined;
  }
  const sent = body !== null && typeof body === 'object' ? (body as { error?: unknown }).error : undefined;
  return sent !== null && typeof sent === 'object' ? asRpcError(sent) : undefined;
}

function asRpcError(value: object): ServerRpcError | undefined {
  const { code, message, data } = value as { code?: unknown; message?: unknown; data?: unknown };
  if (typeof code !== 'number') return undefined;
  return { code, message: typeof message === 'string' ? message : '', ...(data !== undefined ? { data } : {}) };
}

/**
 * The server's own JSON-RPC error behind a failure: a ProtocolError is always one (the SDK's local failures are
 * SdkErrors), and an HTTP error may carry one in its body.
 */
export function serverRpcError(error: unknown): ServerRpcError | undefined {
  for (const link of causeChain(error)) {
    if (link instanceof ProtocolError) return { code: link.code, message: link.message, ...(link.data !== undefined ? { data: link.data } : {}) };
    if (link instanceof SdkHttpError) return rpcErrorInBody(link);
  }
  return undefined;
}

/** The `supported` list of a version refusal (-32022, or the 2025 revisions' -32602 with `data.supported`). */
function supportedVersions(sent: ServerRpcError): string[] | undefined {
  const supported = (sent.data as { supported?: unknown } | undefined)?.supported;
  if (!Array.isArray(supported)) return undefined;
  return supported.filter((version): version is string => typeof version === 'string').slice(0, 32);
}

/** A refusal of the protocol version: -32022 at any stage, or an error naming `supported` versions before tools/list. */
function isVersionRefusal(sent: ServerRpcError, stage: Stage): boolean {
  return sent.code === UNSUPPORTED_PROTOCOL_VERSION_CODE || (stage !== 'list' && supportedVersions(sent) !== undefined);
}

/**
 * Map an error to a stable code by its type, code or status (never by its message text). Call it before killing
 * the server: `hasExited` tells whether a stdio server's process had already ended on its own (then it is a closed
 * connection), and `wire` what the server sent. The server's own JSON-RPC errors are SERVER_ERROR whatever their
 * code, except a refusal of the protocol version: PROTOCOL_VERSION_UNSUPPORTED with the versions it supports, over
 * every transport (a 4xx whose body carries -32022 included).
 */
export function classifyFailure(error: unknown, stage: Stage, hasExited = false, wire?: WireLog): Classified {
  if (error instanceof DiscoveryError) return { code: error.reason };
  if (error instanceof InterruptedError) return { code: 'INTERRUPTED' };
  if (error instanceof ResponseTooLargeError || wire?.tooLarge) return { code: 'RESPONSE_TOO_LARGE' };
  const serverError = serverRpcError(error);
  if (serverError) {
    if (isVersionRefusal(serverError, stage)) {
      const supported = supportedVersions(serverError);
      return { code: 'PROTOCOL_VERSION_UNSUPPORTED', serverError, ...(supported ? { supported } : {}) };
    }
    // A 4xx whose body is a JSON-RPC error is still an HTTP failure of the transport (its status says which).
    if (!(error instanceof SdkHttpError)) return { code: 'SERVER_ERROR', serverError };
  }
  if (stage !== 'list' && wire?.offeredVersion !== undefined && !SUPPORTED_PROTOCOL_VERSIONS.includes(wire.offeredVersion)) {
    return { code: 'PROTOCOL_VERSION_UNSUPPORTED' };
  }
  return { code: classifyError(error, stage, hasExited) };
}

/**
 * Map an error to a stable code by its type, code or status (never by its message text).
 * `hasExited` tells whether a stdio server's process already ended (then it is a closed connection).
 */
export function classifyError(error: unknown, stage: Stage, hasExited = false): DiscoveryErrorCode {
  if (error instanceof DiscoveryError) return error.reason;
  if (error instanceof InterruptedError) return 'INTERRUPTED';
  if (error instanceof ResponseTooLargeError) return 'RESPONSE_TOO_LARGE';
  if (error instanceof DeadlineError) return 'CONNECT_TIMEOUT';
  if (error instanceof SpawnError) return 'SPAWN_FAILED';
  if (error instanceof UnauthorizedError || error instanceof AuthError) return 'AUTH_REQUIRED';
  const status = httpStatus(error);
  if (status !== undefined) return status === 401 || status === 403 ? 'AUTH_REQUIRED' : 'HTTP_ERROR';
  if (error instanceof SdkError) {
    if (error.code === SdkErrorCode.ConnectionClosed) return 'CONNECTION_CLOSED';
    if (error.code === SdkErrorCode.RequestTimeout) return 'CONNECT_TIMEOUT';
    if (error.code === SdkErrorCode.ClientHttpUnexpectedContent) return 'HTTP_ERROR';
  }
  if (hasExited && stage !== 'spawn') return 'CONNECTION_CLOSED';
  if (networkCode(error)) return 'HTTP_ERROR';
  if (stage === 'spawn') return 'SPAWN_FAILED';
  return stage === 'list' ? 'LIST_FAILED' : 'HANDSHAKE_FAILED';
}

/** Human detail for an error, built from structured properties where there are some. */
export function describeError(
  error: unknown,
  code: DiscoveryErrorCode,
  context: { stage: Stage; url?: string; serverError?: ServerRpcError; wire?: WireLog },
): string {
  const during = context.stage === 'list' ? 'during tools/list' : context.stage === 'spawn' ? 'while starting' : 'during initialize';
  const sent = context.serverError;
  switch (code) {
    case 'SERVER_ERROR':
      return sent ? `the server answered with error ${sent.code} ${during}: ${sent.message}` : `the server answered with an error ${during}`;
    case 'PROTOCOL_VERSION_UNSUPPORTED': {
      if (sent) {
        const supported = supportedVersions(sent);
        const list = supported?.length ? supported.join(', ') : 'unknown';
        return `the server does not support the protocol versions mcpns offers (it supports: ${list}): error ${sent.code}: ${sent.message}`;
      }
      return `the server answered with protocol version ${context.wire?.offeredVersion ?? '?'}, which mcpns does not speak (mcpns speaks: ${SPOKEN_REVISIONS.join(', ')})`;
    }
    case 'RESPONSE_TOO_LARGE': {
      const tooLarge = error instanceof ResponseTooLargeError ? error : context.wire?.tooLarge;
      return `a response ${during} was larger than ${tooLarge ? formatBytes(tooLarge.limitBytes) : 'the size cap'}; reading stopped there`;
    }
    case 'CONNECT_TIMEOUT':
      return error instanceof DeadlineError ? `no answer within ${error.timeoutMs} ms (${during})` : `request timed out (${during})`;
    case 'INTERRUPTED':
      return 'interrupted';
    case 'SPAWN_FAILED': {
      const errno = error instanceof SpawnError ? error.code : undefined;
      const why = errno === 'ENOENT' ? 'command not found' : errno === 'EACCES' ? 'permission denied' : errno;
      return error instanceof Error ? `${error.message.replace(/ \([A-Z0-9_]+\)$/, '')}${why ? `: ${why}` : ''}` : 'cannot start';
    }
    case 'AUTH_REQUIRED': {
      if (error instanceof AuthError) return error.message;
      const status = httpStatus(error);
      return `${status ? `HTTP ${status}: ` : ''}the server requires authentication${context.url ? ` (${context.url})` : ''}`;
    }
    case 'HTTP_ERROR': {
      const status = httpStatus(error);
      if (status) return `HTTP ${status} ${during}${context.url ? ` from ${context.url}` : ''}`;
      const network = networkCode(error);
      return `cannot reach ${context.url ?? 'the server'}${network ? ` (${network})` : ''}${error instanceof Error && !network ? `: ${error.message}` : ''}`;
    }
    case 'CONNECTION_CLOSED':
      return `connection closed ${during}`;
    default:
      return `${code === 'LIST_FAILED' ? 'tools/list failed' : 'initialize failed'}: ${error instanceof Error ? error.message : String(error)}`;
  }
}
