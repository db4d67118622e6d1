/**
 * The ceiling on one call to an upstream: a server that never answers (hung, deadlocked, lost the request) must not
 * hold the client's call forever. Each progress notification the call gets starts the wait again (the server is
 * working); a 2025-era client's input rounds are not counted (each request to the upstream has its own wait).
 */
import { downstreamFailure } from './failure.js';

/** Default ceiling (`GatewayOptions.callTimeoutMs`, `serve --call-timeout`): generous, tools may run for minutes. */
export const CALL_TIMEOUT_MS = 10 * 60 * 1000;
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
      this.controller.abort(downstreamFailure(server, { kind: 'ceiling', ms }));
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
