/**
 * The request log's one builder: every call's line (the SDK path, the fast path, a local tool) is made here from
 * where it started and how it ended, so the two paths cannot drift apart. `time` is when the request arrived.
 */
import type { RequestLogEntry } from './types.js';

/** Which call: its session (the gateway's own id), method, and the server (or provider) and tool it went to. */
export interface LoggedCall {
  session: string | undefined;
  method: string;
  server: string;
  tool?: string | undefined;
}

/** The line of a call that started at `startedAt` (performance.now()) and ended now with `outcome`. */
export function requestLogLine(
  call: LoggedCall,
  startedAt: number,
  outcome: RequestLogEntry['outcome'],
  end: { bytes?: number | undefined; error?: string | undefined } = {},
): RequestLogEntry {
  const durationMs = performance.now() - startedAt;
  return {
    time: new Date(Date.now() - durationMs).toISOString(),
    session: call.session,
    method: call.method,
    server: call.server,
    tool: call.tool,
    durationMs: Math.round(durationMs * 1000) / 1000,
    outcome,
    ...(end.bytes !== undefined ? { bytes: end.bytes } : {}),
    ...(end.error !== undefined ? { error: end.error } : {}),
  };
}
