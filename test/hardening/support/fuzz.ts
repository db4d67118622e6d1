/**
 * How the fuzz suites run a property: a number of runs (FUZZ_RUNS overrides it, for long searches) within a time
 * budget below the test's timeout. On a machine slower than ours the property stops early and says how far it got,
 * instead of the test timing out with no word of what it was doing; a counterexample found within the budget
 * (even one interrupted while shrinking) still fails the test, with fast-check's report naming the input.
 */
import fc from '../../helpers/fast-check.js';

/** A long search (FUZZ_RUNS=100000 npm run …) runs every input it asked for, however long that takes. */
const SEARCH = process.env.FUZZ_RUNS !== undefined;

/** The budget of one property; the suites' tests get FUZZ_TEST_TIMEOUT_MS, room for a last run that hangs twice. */
export const FUZZ_TIME_LIMIT_MS = 20_000;
export const FUZZ_TEST_TIMEOUT_MS = SEARCH ? 24 * 3600_000 : 60_000;

export const fuzzRuns = (count: number): number => Number(process.env.FUZZ_RUNS ?? count);

export async function assertFuzz<Ts extends [unknown, ...unknown[]]>(property: fc.IAsyncPropertyWithHooks<Ts>, runs: number, seed?: number): Promise<void> {
  const details = await fc.check(property, {
    numRuns: fuzzRuns(runs),
    ...(SEARCH ? {} : { interruptAfterTimeLimit: FUZZ_TIME_LIMIT_MS, markInterruptAsFailure: false }),
    ...(seed === undefined ? {} : { seed }),
  });
  if (details.failed) throw new Error(fc.defaultReportMessage(details) ?? `property failed (seed ${details.seed})`);
  if (details.interrupted) {
    // Not a failure (nothing was found), but worth a line in the log: this machine ran fewer inputs than asked.
    process.stderr.write(`fuzz: stopped after ${details.numRuns} of ${fuzzRuns(runs)} runs (time budget ${FUZZ_TIME_LIMIT_MS} ms, seed ${details.seed})\n`);
  }
}
