/**
 * The fuzz suites' guard (support/guard.ts) tells a parser that hangs from a machine that is merely busy, and a
 * parser that takes its worker down from one that hangs; after either, the next input gets a working worker.
 */
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { makeTempDir } from '../helpers/temp.js';
import { GuardedParser } from './support/guard.js';

const guard = new GuardedParser();
afterAll(() => guard.close());

/** Short: these parsers either spin for ever or answer at once. */
const DEADLINE_MS = 500;

describe('the fuzz guard', () => {
  it('calls a parser that misses its deadline twice, each time in a fresh worker, a hang', async () => {
    const outcome = await guard.run('spin', {}, DEADLINE_MS);
    expect(outcome).toMatchObject({ outcome: 'hang', message: `no answer within ${DEADLINE_MS} ms, twice (each in a fresh worker)` });
  });

  it('does not call an input that missed its deadline once (a busy moment) a hang: the second answer counts', async () => {
    const marker = join(makeTempDir('mcpns-guard-'), 'seen');
    // A longer deadline here: the second answer must come in time even on a loaded machine.
    const outcome = await guard.run('slowFirstTime', { marker }, 4 * DEADLINE_MS);
    expect(outcome).toMatchObject({ outcome: 'ok', detail: 'fast the second time' });
  });

  it('reports a worker that dies as a crash, and serves the next input from a new worker', async () => {
    expect(await guard.run('die', {}, 60_000)).toMatchObject({ outcome: 'crash', message: 'the parser worker exited with code 3' });
    expect(await guard.run('argsJson', { text: '{"a":1}' })).toMatchObject({ outcome: 'ok', detail: 'object' });
  });
});
