import { UnauthorizedError } from '@modelcontextprotocol/sdk/client/auth.js';
import { SseError } from '@modelcontextprotocol/sdk/client/sse.js';
import { StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { AuthError } from '../auth/errors.js';
import type { DiscoveryErrorCode } from '../catalog/types.js';
import { McpnsError } from '../errors.js';
import { DeadlineError, InterruptedError } from './deadline.js';
import { SpawnError } from './stdio-transport.js';

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
    options: { cause?: unknown; hint?: string } = {},
  ) {
    super('TRANSPORT', message, { ...options, details: { reason } });
    this.name = 'DiscoveryError';
  }
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
 * Map an error to a stable code by its type, code or status (never by its message text).
 * `hasExited` tells whether a stdio server's process already ended (then it is a closed connection).
 */
export function classifyError(error: unknown, stage: Stage, hasExited = false): DiscoveryErrorCode {
  if (error instanceof DiscoveryError) return error.reason;
  if (error instanceof InterruptedError) return 'INTERRUPTED';
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
export function describeError(error: unknown, code: DiscoveryErrorCode, context: { stage: Stage; url?: string }): string {
  const during = context.stage === 'list' ? 'during tools/list' : context.stage === 'spawn' ? 'while starting' : 'during initialize';
  switch (code) {
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
