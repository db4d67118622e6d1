/** Named assertion helpers shared by the tests: each says what it checks, and fails saying what did not happen. */
import { McpnsError } from '../../src/errors.js';

/** The McpnsError `fn` throws (anything else it throws is rethrown); fails when it throws nothing. */
export function mcpnsErrorOf(fn: () => unknown): McpnsError {
  try {
    fn();
  } catch (error) {
    if (error instanceof McpnsError) return error;
    throw error;
  }
  throw new Error('expected an McpnsError, but nothing was thrown');
}

/**
 * `promise`'s value, or a failure naming what did not happen when it has not settled after `ms`: a bound against
 * waiting forever (a hang), never a speed measurement (speed belongs in npm run bench).
 */
export async function settlesWithin<T>(promise: Promise<T>, ms: number, whatDidNotHappen: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const bound = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${whatDidNotHappen} (still waiting after ${ms} ms)`)), ms);
  });
  try {
    return await Promise.race([promise, bound]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * How long a test waits for something another process does on its own schedule before calling it a hang. Generous on
 * purpose: on a 2-core machine at load 10, a process start that takes 0.2 s idle can take many seconds. A bound, never
 * a speed measurement.
 */
export const WAIT_MS = 60_000;

/**
 * Wait until `condition()` (sync or async) gives a truthy value, polling every `intervalMs`, and return that value;
 * fails naming what did not happen once `timeoutMs` has passed (for events a test can only observe, such as a PID
 * file being written). The condition is asked once more after the deadline, so a slow poll never fails a wait that
 * has succeeded.
 */
export async function waitUntil<T>(
  condition: () => T | Promise<T>,
  whatDidNotHappen: string,
  { timeoutMs = WAIT_MS, intervalMs = 20 } = {},
): Promise<Exclude<T, false | 0 | '' | null | undefined>> {
  type Truthy = Exclude<T, false | 0 | '' | null | undefined>;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const past = Date.now() > deadline;
    const value = await condition();
    if (value) return value as Truthy;
    if (past) throw new Error(`${whatDidNotHappen} (waited ${timeoutMs} ms)`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
