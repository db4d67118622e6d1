import { defineConfig } from 'vitest/config';

/**
 * The real-client suite (`npm run test:clients`): test/clients/ only. Each client run is bounded by the harness (a
 * stalled run is retried once), so the test timeout only has to cover two runs plus mcpns.
 */
export default defineConfig({
  test: {
    include: ['test/clients/**/*.test.ts'],
    setupFiles: ['test/setup/each-file.ts'],
    testTimeout: 400_000,
    hookTimeout: 60_000,
    pool: 'forks',
    maxWorkers: 2,
  },
});
