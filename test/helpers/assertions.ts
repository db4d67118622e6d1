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
 * Wait until `condition()` holds, polling every `intervalMs`; fails naming what did not happen once `timeoutMs` has
 * passed (for events a test can only observe, such as a PID file being written).
 */
export async function waitUntil(condition: () => boolean, whatDidNotHappen: string, { timeoutMs = 10_000, intervalMs = 20 } = {}): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`${whatDidNotHappen} (waited ${timeoutMs} ms)`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
