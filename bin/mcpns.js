#!/usr/bin/env node
// Thin launcher: the CLI entry is dist/cli-bundle/index.js, src/cli/index.ts bundled by `npm run build` (run by
// `prepare`; see scripts/build-cli.mjs).
import module from 'node:module';

// Node ≥ 22.8 keeps V8's compiled code of the modules between runs: start-up then skips most compiling. The cache
// lives where Node puts it (NODE_COMPILE_CACHE, else node-compile-cache/ in the OS temp folder), never in the
// project; NODE_DISABLE_COMPILE_CACHE=1 turns it off. It is only an optimisation: a folder that cannot be written
// (read-only, full) leaves it off, and nothing here may stop the CLI.
try {
  module.enableCompileCache?.();
} catch {
  // no cache
}

import('../dist/cli-bundle/index.js').catch((error) => {
  process.stderr.write(`mcpns: error: cannot start (${error && error.message}); run "npm run build" first\n`);
  process.exitCode = 2;
});
