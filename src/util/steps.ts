/**
 * Long synchronous work written as slices: a generator that yields between slices (every few thousand items) and
 * returns its result. `drain` runs it at once; `drive` gives a pace function the chance of a break between slices,
 * so the caller (the CLI) can let signal handlers run during a million-tool run without the work knowing about it.
 */
export type Steps<T> = Generator<void, T, void>;

/** Where a run may take a break: a promise when it wants one (it rejects to stop the work), nothing otherwise. */
export type Pause = () => Promise<void> | void;

/** Run slices to the end without a break. */
export function drain<T>(steps: Steps<T>): T {
  for (;;) {
    const next = steps.next();
    if (next.done) return next.value;
  }
}

/** Run slices, asking `pause` between them. */
export async function drive<T>(steps: Steps<T>, pause: Pause): Promise<T> {
  for (;;) {
    const next = steps.next();
    if (next.done) return next.value;
    const waiting = pause();
    try {
      if (waiting) await waiting;
    } catch (error) {
      // The run is stopped: the work's own clean-up (`finally`: an open file) runs now, not at exit.
      steps.return(undefined as T);
      throw error;
    }
  }
}
