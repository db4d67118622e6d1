/** Helpers to prove that no process of a run survives it. */
import { existsSync, readFileSync } from 'node:fs';
import { expect } from 'vitest';
import { waitUntil } from './assertions.js';

/** PIDs the fixtures appended to $MCPNS_PID_FILE. */
export function readPids(file: string): number[] {
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim())
    .map(Number);
}

/** True while the process exists and is not a zombie (an unreaped zombie is dead: it runs nothing, holds no pipe). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const state = stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
    return state !== 'Z' && state !== 'X';
  } catch {
    return false;
  }
}

/**
 * Wait until every PID is gone (returning as soon as they are), bounded by `timeoutMs` — generous, since a process
 * ending on a loaded machine can take seconds to be scheduled; fails the test listing the survivors, after killing them.
 */
export async function expectProcessesGone(pids: number[], timeoutMs = 30_000): Promise<void> {
  const gone = await waitUntil(() => !pids.some(isAlive), 'processes still alive', { timeoutMs, intervalMs: 50 }).catch(() => false);
  const alive = gone ? [] : pids.filter(isAlive);
  // Don't leave survivors behind for the next test.
  for (const pid of alive) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      /* already gone */
    }
  }
  expect(alive, `processes still alive ${timeoutMs} ms after the run`).toEqual([]);
}
