import { getHeapStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/** Below this much heap nothing is collected here: V8's own schedule costs less, and small runs never get this far. */
const MIN_HEAP_BYTES = 256 * 2 ** 20;
/**
 * A collection once the heap holds this much more than the least it was seen holding since the last one. With one
 * more where the collision checks let go of their renderings (check-command.ts), a million-tool run peaked at 3.2×
 * its catalog at 15% and at 3.5× at 30% (each collection costs about 0.4 s there); 25% sits between.
 */
const GROWTH = 0.25;

/** The growth that triggers the next collection: doubled while collections find little garbage (a catalog being read). */
let growth = GROWTH;

let collect: (() => void) | null | undefined;
let floor = Number.POSITIVE_INFINITY;

/**
 * A full garbage collection when a large heap has grown by 25% (more while collections find little garbage) since it
 * was last seen at its least. A
 * million-tool `check --catalog` allocates about a gigabyte of short-lived maps and names after V8's last full
 * collection (the end of the read) and V8 collected none of it before the run ended: the peak RSS was twice the live
 * heap. Called at the breaks of paced work (signalPause), where the renderings are let go and before a report is
 * written; each collection takes about half a second at that size, and runs whose heap stays under 256 MiB never pay for one.
 */
export function collectWhenGrown(): void {
  const used = getHeapStatistics().used_heap_size;
  floor = Math.min(floor, used);
  if (used >= floor * (1 + growth)) collectLargeHeap(used);
}

/**
 * A full garbage collection now when the heap is large: where most of it just became garbage (the catalog and what
 * the checks built from it, once the report is all that is left).
 */
export function collectLargeHeap(used = getHeapStatistics().used_heap_size): void {
  if (used < MIN_HEAP_BYTES) return;
  collect ??= exposedGc();
  if (!collect) return;
  collect();
  const live = getHeapStatistics().used_heap_size;
  // Most of what grew was still alive: the heap is growing, not filling with garbage; wait longer next time.
  growth = live > floor && used - live < (used - floor) / 4 ? Math.min(growth * 2, 1) : GROWTH;
  floor = live;
}

/** V8's `gc()`, exposed on a fresh context (as jest's --logHeapUsage does); null where the flag cannot be set. */
function exposedGc(): (() => void) | null {
  try {
    setFlagsFromString('--expose-gc');
    const gc: unknown = runInNewContext('gc');
    return typeof gc === 'function' ? () => void gc() : null;
  } catch {
    return null;
  }
}
