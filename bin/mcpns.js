#!/usr/bin/env node
// Thin launcher: the CLI entry lives in dist/cli/index.js (built by `npm run build`, run by `prepare`).
import('../dist/cli/index.js').catch((error) => {
  process.stderr.write(`mcpns: error: cannot start (${error && error.message}); run "npm run build" first\n`);
  process.exitCode = 2;
});
