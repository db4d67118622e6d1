// Bundles the command-line tool (dist/cli/index.js, compiled by tsc) into dist/cli-bundle/ with esbuild, so a run
// loads a few dozen files instead of ~200 modules (commander, chalk and mcpns's own): module loading was most of the
// start-up time of commands that start no server. Code splitting keeps every dynamic import lazy (the MCP SDK, ajv,
// each command's module). The library entry (dist/index.js, its declaration files) stays tsc's output.
// bin/mcpns.js runs dist/cli-bundle/index.js; `npm run build` runs this after tsc. MCPNS_BUNDLE_META=<file> writes
// esbuild's metafile there (which sources went into which chunk, and their sizes).
import { build } from 'esbuild';
import { rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const outdir = 'dist/cli-bundle';
rmSync(new URL(`../${outdir}`, import.meta.url), { recursive: true, force: true });
const result = await build({
  absWorkingDir: root,
  entryPoints: ['dist/cli/index.js'],
  // The entry sits at the depth of dist/cli/index.js, so paths to shipped files (`../../schema/…`) hold in both.
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  // jsonc-parser's "main" is a UMD build a bundler cannot follow; its "module" build is plain ESM.
  mainFields: ['module', 'main'],
  // Loaded with createRequire where they are used (lazily); kept external so the SDK shares that one copy.
  external: ['ajv', 'ajv/*', 'ajv-formats'],
  // CommonJS dependencies call require(): give every chunk one.
  banner: { js: "import { createRequire as __mcpnsCreateRequire } from 'node:module'; const require = __mcpnsCreateRequire(import.meta.url);" },
  minifyWhitespace: true,
  minifySyntax: true,
  logLevel: 'warning',
  metafile: process.env.MCPNS_BUNDLE_META !== undefined,
});
if (result.metafile) writeFileSync(process.env.MCPNS_BUNDLE_META, JSON.stringify(result.metafile));
