import { defineConfig } from 'vitest/config';

/**
 * The browser suite (`npm run test:browser`): test/browser/ only, in headless Chromium ($CHROMIUM_PATH, else
 * /usr/bin/chromium) driven by playwright-core. Not part of `npm test`: a machine without Chromium cannot run it.
 */
export default defineConfig({
  test: {
    include: ['test/browser/**/*.test.ts'],
    setupFiles: ['test/setup/each-file.ts'],
    testTimeout: 180_000,
    hookTimeout: 120_000,
    pool: 'forks',
    maxWorkers: 1,
  },
});
