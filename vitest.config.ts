import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * Workers: one per core, and at least 3. Most of this suite's time is spent waiting on other processes (fixture
 * servers, the built bin) and sockets, whose CPU is not the worker's; vitest's default (cores - 1) meant a single
 * worker on a 2-core machine, with one core idle while that worker waited. More than one per core only adds
 * contention (the suite is CPU-bound once both cores are busy).
 *
 * isolate: false: a worker runs its test files one after the other in one module graph instead of importing the CLI,
 * the SDK and their dependencies again for each file (about a quarter of a second of CPU per file). Tests share no
 * module state they rely on: no mocks, no fake timers, no global stubs; temp folders are removed after each file by
 * test/setup/each-file.ts.
 */
const workers = Math.max(3, availableParallelism());

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/setup/global.ts'],
    setupFiles: ['test/setup/each-file.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: 'forks',
    maxWorkers: workers,
    isolate: false,
  },
});
