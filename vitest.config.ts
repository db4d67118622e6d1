import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * Workers: one per core, and at least 3. Most of this suite's time is spent waiting on other processes (fixture
 * servers, the built bin) and sockets, whose CPU is not the worker's; vitest's default (cores - 1) meant a single
 * worker on a 2-core machine, with one core idle while that worker waited. More than one per core only adds
 * contention (the suite is CPU-bound once both cores are busy).
 */
const workers = Math.max(3, availableParallelism());

/**
 * Pure tests (unit, fidelity) run without per-file isolation: a worker runs its files one after the other in one
 * module graph instead of importing the core and its dependencies again for each (about a quarter of a second of CPU
 * per file). They share no module state they rely on: no mocks, fake timers or global stubs; temp folders are removed
 * after each file by test/setup/each-file.ts. Tests that run the CLI against servers keep isolation: the CLI keeps
 * process-wide state by design (credentials learned at run time are redacted for the rest of the process,
 * src/util/redact.ts), which must not carry from one file to the next.
 */
const PURE = ['test/unit/**/*.test.ts', 'test/fidelity/**/*.test.ts'];

/**
 * What both projects share (the root's globalSetup runs once for the whole run; a project inheriting it would run it
 * again). The timeouts are bounds against a hang, never speed checks: at load 20 on 2 cores a test that takes 3 s idle
 * took over 30 s (the runs of the bin, the fixtures' starts); the waits inside a test (test/helpers: WAIT_MS, the
 * fixtures' start, runBin) stay below them so a stuck wait fails with its own message.
 */
const shared = { setupFiles: ['test/setup/each-file.ts'], testTimeout: 120_000, hookTimeout: 120_000, pool: 'forks' as const };

export default defineConfig({
  test: {
    globalSetup: ['test/setup/global.ts'],
    maxWorkers: workers,
    projects: [
      { test: { ...shared, name: 'pure', include: PURE, isolate: false } },
      // test/clients/ needs the real clients: `npm run test:clients` (vitest.clients.config.ts); test/browser/ needs
      // Chromium: `npm run test:browser` (vitest.browser.config.ts).
      { test: { ...shared, name: 'processes', include: ['test/**/*.test.ts'], exclude: [...PURE, 'test/clients/**', 'test/browser/**'] } },
    ],
  },
});
