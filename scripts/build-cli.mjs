// Bundles the command-line tool (dist/cli/index.js, compiled by tsc) into dist/cli-bundle/, so a run loads a dozen
// files instead of ~200 modules (commander, chalk and mcpns's own): module loading was most of the start-up time of
// commands that start no server. The library entry (dist/index.js, its declaration files) stays tsc's output.
// bin/mcpns.js runs dist/cli-bundle/index.js; `npm run build` runs this after tsc.
//
// Two steps. esbuild bundles (CommonJS dependencies, JSON, minifying) with code splitting, which keeps every dynamic
// import lazy (the MCP SDK, ajv, zod, each command's module) — but splits what the commands share into one chunk per
// set of importers: `mcpns list` loaded ~45 files of a few hundred bytes to a few KB, and Node resolves, reads,
// compiles and links each on its own (~20 ms of its start-up). rolldown then regroups esbuild's chunks, nothing else
// changed: what spawn first loads before the first server starts (the config reader) is one chunk
// (before-first-spawn.js), what the commands that start no server load after it (commander, the services, naming,
// the catalog reader) another (cli-core.js); the entry's own few small modules, every command's module and everything
// loaded lazily stay as esbuild split them.
// MCPNS_BUNDLE_META=<file> writes esbuild's metafile there (which sources went into which chunk, and their sizes).
import { build } from 'esbuild';
import { rolldown } from 'rolldown';
import { rmSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const outdir = join(root, 'dist', 'cli-bundle');
const staging = join(root, 'dist', '.cli-chunks');
for (const folder of [outdir, staging]) rmSync(folder, { recursive: true, force: true });
const { metafile } = await build({
  absWorkingDir: root,
  entryPoints: ['dist/cli/index.js'],
  // The entry sits at the depth of dist/cli/index.js, so paths to shipped files (`../../schema/…`) hold in both.
  outdir: staging,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  // jsonc-parser's "main" is a UMD build a bundler cannot follow; its "module" build is plain ESM.
  mainFields: ['module', 'main'],
  // Loaded with createRequire where they are used (lazily); kept external so the SDK shares that one copy.
  external: ['ajv', 'ajv/*', 'ajv-formats'],
  // CommonJS dependencies call require(): give every chunk one, made on its first call (most chunks never call it).
  banner: {
    js: "import { createRequire as __mcpnsCreateRequire } from 'node:module'; let __mcpnsRequire; function require(id) { return (__mcpnsRequire ??= __mcpnsCreateRequire(import.meta.url))(id); }",
  },
  minifyWhitespace: true,
  minifySyntax: true,
  logLevel: 'warning',
  metafile: true,
});
if (process.env.MCPNS_BUNDLE_META) writeFileSync(process.env.MCPNS_BUNDLE_META, JSON.stringify(metafile));

// esbuild's chunks, by the entry (a source that is imported dynamically, or the CLI's entry) they belong to.
const outputs = metafile.outputs;
const entryChunk = Object.fromEntries(
  Object.entries(outputs)
    .filter(([, output]) => output.entryPoint)
    .map(([file, output]) => [output.entryPoint.replace(/^dist\//, ''), file]),
);
/** The chunks `entries` import statically, without the entries themselves. */
function staticImports(entries) {
  const seen = new Set();
  const visit = (file) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const imported of outputs[file].imports) if (imported.kind === 'import-statement' && outputs[imported.path]) visit(imported.path);
  };
  for (const entry of entries) visit(entryChunk[entry]);
  for (const entry of Object.values(entryChunk)) seen.delete(entry);
  return new Set([...seen].map((file) => basename(file)));
}
const without = (chunks, ...others) => new Set([...chunks].filter((chunk) => !others.some((other) => other.has(chunk))));
const entryOwn = staticImports(['cli/index.js']);
const beforeFirstSpawn = without(staticImports(['cli/early-spawn.js', 'cli/services/spawn-first.js']), entryOwn);
const cliCore = without(staticImports(['cli/main.js', 'cli/commands/list.js', 'cli/commands/servers.js']), entryOwn, beforeFirstSpawn);

const bundle = await rolldown({
  input: { index: join(staging, 'index.js') },
  cwd: staging,
  platform: 'node',
  external: [/^node:/],
  // esbuild has tree-shaken and minified: this step only regroups (its chunks keep their exports).
  treeshake: false,
  preserveEntrySignatures: 'allow-extension',
  logLevel: 'warn',
});
await bundle.write({
  dir: outdir,
  format: 'esm',
  entryFileNames: '[name].js',
  chunkFileNames: '[name].js',
  // Printed again without whitespace, as esbuild wrote it; names are not mangled (stack traces stay readable).
  minify: { compress: false, mangle: false, codegen: { removeWhitespace: true } },
  codeSplitting: {
    includeDependenciesRecursively: false,
    groups: [
      { name: 'before-first-spawn', test: (id) => beforeFirstSpawn.has(basename(id)) },
      { name: 'cli-core', test: (id) => cliCore.has(basename(id)) },
    ],
  },
});
await bundle.close();
rmSync(staging, { recursive: true, force: true });
