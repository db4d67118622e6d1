import { UnauthorizedError } from '@modelcontextprotocol/sdk/client/auth.js';
import { SseError } from '@modelcontextprotocol/sdk/client/sse.js';
import { StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ErrorCode, McpError, SUPPORTED_PROTOCOL_VERSIONS } from '@modelcontextprotocol/sdk/types.js';
import { AuthError } from '../auth/errors.js';
import type { DiscoveryErrorCode } from '../catalog/types.js';
import { McpnsError } from '../errors.js';
import { DeadlineError, InterruptedError } from './deadline.js';
import { SpawnError } from './stdio-transport.js';
import { formatBytes } from '../util/json-walk.js';

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
    options: { cause?: unknown; hint?: string; serverCode?: number } = {},
  ) {
    super('TRANSPORT', message, {
      cause: options.cause,
      ...(options.hint !== undefined ? { hint: options.hint } : {}),
      details: { reason, ...(options.serverCode !== undefined ? { serverCode: options.serverCode } : {}) },
    });
    this.name = 'DiscoveryError';
    this.serverCode = options.serverCode;
  }

  /** The JSON-RPC error code the server sent, when the failure is the server's own error answer. */
  readonly serverCode: number | undefined;
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

/**
 * What the session saw on the wire, so a failure is classified by what the server really did: the SDK turns a
 * server's JSON-RPC error into an McpError that looks like its own local errors (a server may send -32000, the
 * SDK's "connection closed", or -32001, its "request timed out"), and rejects a protocol version it does not know
 * with a plain Error.
 */
export class WireLog {
  /** JSON-RPC error responses received (the last few). */
  readonly serverErrors: ServerRpcError[] = [];
  /** The protocolVersion the server's initialize result named. */
  offeredVersion: string | undefined;
  /** Set when a response was cut off at the size cap. */
  tooLarge: ResponseTooLargeError | undefined;

  observe(message: unknown): void {
    if (message === null || typeof message !== 'object') return;
    const { error, result } = message as { error?: unknown; result?: unknown };
    if (error !== null && typeof error === 'object') {
      const { code, message: text, data } = error as { code?: unknown; message?: unknown; data?: unknown };
      if (typeof code === 'number') {
        this.serverErrors.push({ code, message: typeof text === 'string' ? text : '', ...(data !== undefined ? { data } : {}) });
        if (this.serverErrors.length > 8) this.serverErrors.shift();
      }
    } else if (result !== null && typeof result === 'object' && this.offeredVersion === undefined) {
      const version = (result as { protocolVersion?: unknown }).protocolVersion;
      if (typeof version === 'string') this.offeredVersion = version;
    }
  }

  /** The server error an McpError was made from (same code and message), if the server sent it. */
  serverErrorOf(error: unknown): ServerRpcError | undefined {
    if (!(error instanceof McpError)) return undefined;
    return this.serverErrors.find((sent) => sent.code === error.code && error.message === `MCP error ${sent.code}: ${sent.message}`);
  }
}

/** The outcome of classifying a failure: the stable code, and the server's own JSON-RPC error when there was one. */
export interface Classified {
  code: DiscoveryErrorCode;
  serverError?: ServerRpcError;
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

function networkCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current instanceof Error; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && NETWORK_CODES.has(code)) return code;
    current = current.cause;
  }
  return undefined;
}

/** HTTP status carried by the SDK's HTTP transport errors, if any. */
export function httpStatus(error: unknown): number | undefined {
  if (error instanceof StreamableHTTPError || error instanceof SseError) {
    return typeof error.code === 'number' && error.code > 0 ? error.code : undefined;
  }
  return undefined;
}

/**
 * Map an error to a stable code by its type, code or status (never by its message text). Call it before killing
 * the server: `hasExited` tells whether a stdio server's process had already ended on its own (then it is a closed
 * connection), and `wire` what the server sent (its own JSON-RPC errors are SERVER_ERROR, whatever their code).
 */
export function classifyFailure(error: unknown, stage: Stage, hasExited = false, wire?: WireLog): Classified {
  if (error instanceof DiscoveryError) return { code: error.reason };
  if (error instanceof InterruptedError) return { code: 'INTERRUPTED' };
  if (error instanceof ResponseTooLargeError || wire?.tooLarge) return { code: 'RESPONSE_TOO_LARGE' };
  const serverError = wire?.serverErrorOf(error);
  if (serverError) {
    const supported = (serverError.data as { supported?: unknown } | undefined)?.supported;
    return { code: stage !== 'list' && Array.isArray(supported) ? 'PROTOCOL_VERSION_UNSUPPORTED' : 'SERVER_ERROR', serverError };
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
  if (error instanceof StreamableHTTPError || error instanceof SseError) {
    const status = httpStatus(error);
    return status === 401 || status === 403 ? 'AUTH_REQUIRED' : 'HTTP_ERROR';
  }
  if (error instanceof McpError) {
    if (error.code === ErrorCode.ConnectionClosed) return 'CONNECTION_CLOSED';
    if (error.code === ErrorCode.RequestTimeout) return 'CONNECT_TIMEOUT';
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
      const supported = (sent?.data as { supported?: unknown } | undefined)?.supported;
      if (sent) {
        const list = Array.isArray(supported) ? supported.map(String).join(', ') : 'unknown';
        return `the server does not support the protocol versions mcpns offers (it supports: ${list}): error ${sent.code}: ${sent.message}`;
      }
      return `the server answered with protocol version ${context.wire?.offeredVersion ?? '?'}, which mcpns does not support (it supports: ${SUPPORTED_PROTOCOL_VERSIONS.join(', ')})`;
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
