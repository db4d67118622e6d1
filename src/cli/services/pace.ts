import { McpnsError } from '../../errors.js';
import type { Pause } from '../../util/steps.js';
import type { CliIo } from './io.js';
import { collectWhenGrown } from './heap.js';

/** How long sliced synchronous work runs at most before it gives the event loop a turn. */
const BREAK_EVERY_MS = 25;

const interrupted = (): McpnsError => new McpnsError('INTERRUPTED', 'interrupted');

/**
 * The pause for long synchronous work written as slices (`src/util/steps.ts`: reading a million-tool catalog, the
 * checks): a turn of the event loop once BREAK_EVERY_MS have passed since the last one — the signal handlers of the
 * entry point run there — and after a signal the work stops with INTERRUPTED (the entry point exits 130/143/129).
 * `onBreak` runs at each break (a progress line), and a large heap that has grown is collected there (heap.ts).
 */
export function signalPause<A extends unknown[] = []>(io: Pick<CliIo, 'signal'>, onBreak?: (...at: A) => void): (...at: A) => ReturnType<Pause> {
  let last = performance.now();
  return (...at) => {
    if (io.signal.aborted) throw interrupted();
    if (performance.now() - last < BREAK_EVERY_MS) return undefined;
    return new Promise<void>((resolve) => setImmediate(resolve)).then(() => {
      if (io.signal.aborted) throw interrupted();
      onBreak?.(...at);
      collectWhenGrown();
      last = performance.now();
    });
  };
}

/** One turn of the event loop now (before a result is written: a signal that came during the last slice wins). */
export async function breakNow(io: Pick<CliIo, 'signal'>): Promise<void> {
  await new Promise<void>((resolve) => setImmediate(resolve));
  if (io.signal.aborted) throw interrupted();
}
