#!/usr/bin/env node
// Thin launcher: the CLI entry is dist/cli-bundle/index.js, src/cli/index.ts bundled by `npm run build` (run by
// `prepare`; see scripts/build-cli.mjs).
import('../dist/cli-bundle/index.js').catch((error) => {
  process.stderr.write(`mcpns: error: cannot start (${error && error.message}); run "npm run build" first\n`);
  process.exitCode = 2;
});
