/**
 * The ceiling on one call to an upstream: a server that never answers (hung, deadlocked, lost the request) must not
 * hold the client's call forever. Each progress notification the call gets starts the wait again (the server is
 * working); a 2025-era client's input rounds are not counted (each request to the upstream has its own wait).
 */
import { ProtocolError } from '@modelcontextprotocol/server';

/** Default ceiling (`GatewayOptions.callTimeoutMs`, `serve --call-timeout`): generous, tools may run for minutes. */
export const CALL_TIMEOUT_MS = 10 * 60 * 1000;
/** The JSON-RPC code of a request that timed out (the SDKs' RequestTimeout). */
export const REQUEST_TIMEOUT_CODE = -32001;

/** The downstream answer to a call the ceiling ended. */
export function ceilingError(server: string, ms: number): ProtocolError {
  const bound = ms % 1000 === 0 ? `${ms / 1000} s` : `${ms} ms`;
  return new ProtocolError(
    REQUEST_TIMEOUT_CODE,
    `upstream server "${server}" did not answer within ${bound} (mcpns's ceiling on one call, serve --call-timeout); the request was cancelled there`,
    { server, timeoutMs: ms },
  );
}

/** One request's ceiling: `signal` aborts when it is reached; `touch()` starts the wait again. */
export class Ceiling {
  private readonly controller = new AbortController();
  private readonly timer: NodeJS.Timeout;
  fired = false;

  constructor(
    readonly server: string,
    readonly ms: number,
  ) {
    this.timer = setTimeout(() => {
      this.fired = true;
      this.controller.abort(ceilingError(server, ms));
    }, ms);
    this.timer.unref();
  }

  /** The call's own signal, aborted too when the ceiling is reached. */
  with(signal: AbortSignal): AbortSignal {
    return AbortSignal.any([signal, this.controller.signal]);
  }

  touch(): void {
    if (!this.fired) this.timer.refresh();
  }

  clear(): void {
    clearTimeout(this.timer);
  }
}
