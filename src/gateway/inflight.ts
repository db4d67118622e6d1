/**
 * The calls in flight on one server, on whichever of its upstream sessions each went to. A call is never left
 * unanswered: when its session is retired (a reload removed or restarted the server, the server dropped the session)
 * the calls on it get a bounded time to finish on their own, then each is ended with an answer saying why.
 */
import { ProtocolError, ProtocolErrorCode } from '@modelcontextprotocol/server';
import type { DownstreamCall } from './types.js';
import type { Upstream } from './upstream.js';

/** How long calls in flight on a retired session may take to finish before they are failed (`GatewayOptions.drainMs`). */
export const DRAIN_MS = 10_000;

/** One call in flight on an upstream session. */
export interface InFlight {
  readonly call: DownstreamCall;
  /** The upstream session it was sent on. */
  readonly upstream: Upstream;
  /** Answer the call now with -32603 and `message` (cancelled upstream); nothing it answers later is passed on. */
  end(message: string): void;
}

/** A call of the SDK path: ended by aborting its request, which then rejects with the reason it was ended for. */
export class ForwardedCall implements InFlight {
  private readonly controller = new AbortController();
  /** Why it was ended (undefined while it runs on its own). */
  ended: ProtocolError | undefined;
  readonly signal: AbortSignal;

  constructor(
    readonly call: DownstreamCall,
    readonly upstream: Upstream,
  ) {
    this.signal = AbortSignal.any([call.signal, this.controller.signal]);
  }

  end(message: string): void {
    if (this.ended) return;
    this.ended = new ProtocolError(ProtocolErrorCode.InternalError, message);
    this.controller.abort(this.ended);
  }
}

/** The calls in flight on one server; `drain` waits (bounded) for some of them to finish. */
export class CallsInFlight {
  private readonly calls = new Set<InFlight>();
  private readonly watchers = new Set<() => void>();

  get size(): number {
    return this.calls.size;
  }

  [Symbol.iterator](): IterableIterator<InFlight> {
    return this.calls.values();
  }

  add(entry: InFlight): void {
    this.calls.add(entry);
  }

  delete(entry: InFlight): void {
    if (!this.calls.delete(entry) || !this.watchers.size) return;
    for (const watcher of [...this.watchers]) watcher();
  }

  /**
   * Wait until no call `which` picks is in flight, at most `boundMs`; then end each one still in flight with
   * `message`. Resolves once every picked call has been answered.
   */
  async drain(which: (entry: InFlight) => boolean, boundMs: number, message: string): Promise<void> {
    const pending = (): InFlight[] => [...this.calls].filter(which);
    if (pending().length && boundMs > 0) {
      await new Promise<void>((resolve) => {
        const done = (): void => {
          clearTimeout(timer);
          this.watchers.delete(check);
          resolve();
        };
        const check = (): void => {
          if (!pending().length) done();
        };
        const timer = setTimeout(done, boundMs);
        timer.unref();
        this.watchers.add(check);
      });
    }
    for (const entry of pending()) entry.end(message);
  }
}
