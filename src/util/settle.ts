/**
 * Resolve when `promise` settles or after `ms`, whichever comes first; never rejects. `unref`: the timer alone does not
 * keep the process alive (leave it off while something must still happen, such as a SIGKILL after a grace).
 */
export function settledOrAfter(promise: Promise<unknown>, ms: number, options: { unref?: boolean } = {}): Promise<void> {
  return new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    if (options.unref) timer.unref();
    const done = (): void => {
      clearTimeout(timer);
      resolve();
    };
    promise.then(done, done);
  });
}
