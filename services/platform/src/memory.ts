// Start-up leaves a service holding memory it never needs again: the bytecode of code that ran once
// (migrations, schema compilation, demo seeding, route registration) and old-generation pages sized
// for start-up's garbage. V8's regular collections keep both. One "last resort" collection shortly
// after the service listens drops that bytecode (V8 compiles a function again if it ever runs) and
// hands the freed pages back to the system: an idle service holds 11–36 MB less (decision 0007),
// with no flag that slows requests for good.
import { getHeapStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/** How long after listening the one collection runs: after start-up's own work has settled. */
export const SETTLE_MEMORY_AFTER_MS = 5_000;

type GcOptions = { type: 'major'; execution: 'sync'; flavor?: 'last-resort' };
let collect: ((options: GcOptions) => void) | undefined;

function gcFunction(): (options: GcOptions) => void {
  if (!collect) {
    setFlagsFromString('--expose-gc');
    collect = runInNewContext('gc') as (options: GcOptions) => void;
  }
  return collect;
}

/**
 * Runs V8's last-resort full collection now (a synchronous pause of roughly 50–100 ms on a service).
 * `gc` is exposed only inside a throwaway context, never on this process's global object.
 */
export function settleMemory(): void {
  gcFunction()({ type: 'major', execution: 'sync', flavor: 'last-resort' });
}

/**
 * A regular full collection now (tens of milliseconds), for a long batch job whose batches' garbage is
 * promoted while it waits on PostgreSQL or the disk: collected every so many batches, the old generation
 * stays near what is alive instead of growing by that garbage until V8 decides to collect it.
 */
export function collectGarbage(): void {
  gcFunction()({ type: 'major', execution: 'sync' });
}

/**
 * A bound on a long batch job's heap, whatever the size of its input: call the answer after each batch; it runs
 * a regular full collection (`collectGarbage`) once the heap in use has grown `headroomBytes` past what the
 * last collection left. Left to itself V8 lets the old generation grow to a multiple of what is alive before
 * collecting it (300 MB and more for an import of 20,000 rows with some 60 MB alive); a collection every so
 * many batches either runs too often for a small working set or too seldom for a large one. Answers whether
 * it collected.
 */
export function heapBound(headroomBytes: number): () => boolean {
  let floor = getHeapStatistics().used_heap_size;
  return () => {
    if (getHeapStatistics().used_heap_size < floor + headroomBytes) return false;
    collectGarbage();
    floor = getHeapStatistics().used_heap_size;
    return true;
  };
}

/** Schedules `settleMemory` once, `delayMs` from now; the timer does not keep the process alive. */
export function settleMemoryAfterStartup(delayMs: number = SETTLE_MEMORY_AFTER_MS): void {
  setTimeout(settleMemory, delayMs).unref();
}
