/** The per-server deadline passed (spawn, initialize and tools/list pages share one budget). */
export class DeadlineError extends Error {
  constructor(readonly timeoutMs: number) {
    super(`deadline of ${timeoutMs} ms passed`);
    this.name = 'DeadlineError';
  }
}

/** The run was interrupted (options.signal aborted, usually SIGINT). */
export class InterruptedError extends Error {
  constructor() {
    super('interrupted');
    this.name = 'InterruptedError';
  }
}

/**
 * One deadline for everything a server does, enforced by mcpns itself: the SDK's request timeouts do not cover
 * every stage (an SSE stream that never sends its endpoint event waits forever). `race()` rejects as soon as the
 * deadline passes or the signal aborts; `onExpire` callbacks run first so they can kill the server.
 */
export class Deadline {
  private readonly end: number;
  private readonly expired: Promise<never>;
  private timer: NodeJS.Timeout | undefined;
  private failure: Error | undefined;
  private readonly callbacks: Array<(error: Error) => void> = [];
  private readonly onAbort = (): void => this.fail(new InterruptedError());

  constructor(
    readonly timeoutMs: number,
    private readonly signal?: AbortSignal,
  ) {
    this.end = Date.now() + timeoutMs;
    let reject: (error: Error) => void = () => {};
    this.expired = new Promise<never>((_, rejectPromise) => {
      reject = rejectPromise;
    });
    this.expired.catch(() => {});
    this.rejectExpired = reject;
    this.timer = setTimeout(() => this.fail(new DeadlineError(timeoutMs)), timeoutMs);
    if (signal?.aborted) this.fail(new InterruptedError());
    else signal?.addEventListener('abort', this.onAbort, { once: true });
  }

  private readonly rejectExpired: (error: Error) => void;

  /** Milliseconds left (at least 1, so it can be passed as an SDK timeout). */
  remaining(): number {
    return Math.max(1, this.end - Date.now());
  }

  /** Why the deadline fired, if it has. */
  get error(): Error | undefined {
    return this.failure;
  }

  /** Run `callback` when the deadline passes or the signal aborts (at once if that already happened). */
  onExpire(callback: (error: Error) => void): void {
    if (this.failure) callback(this.failure);
    else this.callbacks.push(callback);
  }

  /** Settle with `promise`, or reject with DeadlineError/InterruptedError first. */
  race<T>(promise: Promise<T>): Promise<T> {
    promise.catch(() => {}); // the loser of the race must not become an unhandled rejection
    return Promise.race([promise, this.expired]);
  }

  /** End it now with `error` (e.g. a response grew past its cap): race() rejects with it, onExpire callbacks run. */
  abort(error: Error): void {
    this.fail(error);
  }

  /** Stop the timer and the abort listener (the work finished in time). */
  dispose(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.signal?.removeEventListener('abort', this.onAbort);
  }

  private fail(error: Error): void {
    if (this.failure) return;
    this.failure = error;
    this.dispose();
    for (const callback of this.callbacks.splice(0)) callback(error);
    this.rejectExpired(error);
  }
}
