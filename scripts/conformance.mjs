#!/usr/bin/env node
// `npm run conformance`: the official MCP client conformance suite (@modelcontextprotocol/conformance, pinned below)
// against the built bin, one scenario at a time, at each protocol revision: every client scenario the suite lists for
// 2025-11-25 and for 2026-07-28 (`conformance list --client --spec-version <revision>`). The suite and the Node 24 it
// needs (it uses fs.globSync) are installed into .cache/ by scripts/cache-install.mjs, never as dependencies; mcpns
// itself runs on this Node. The client under test is scripts/conformance-client.mjs (what a user types per scenario).
//   node scripts/conformance.mjs [--revision 2025-11-25|2026-07-28] [--scenario <name>]… [--skip-auth] [--verbose]
// Prints one line per scenario and a count per revision; exits 1 when a scenario failed. Results (checks.json, the
// client's output) are kept in .cache/conformance/<revision>/. The auth/* scenarios sign in with `mcpns auth login`
// and a headless browser (fixtures/browser/headless.js).
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cacheInstall } from './cache-install.mjs';

export const CONFORMANCE_VERSION = '0.2.0-alpha.12';
const NODE24_VERSION = process.env.NODE24_VERSION ?? '24.21.0';
const REVISIONS = ['2025-11-25', '2026-07-28'];

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const argv = process.argv.slice(2);
const option = (name) => argv.flatMap((arg, index) => (arg === name && argv[index + 1] ? [argv[index + 1]] : []));
const revisions = option('--revision').length ? option('--revision') : REVISIONS;
const only = option('--scenario');
const skipAuth = argv.includes('--skip-auth');
const verbose = argv.includes('--verbose');

const suite = join(cacheInstall('@modelcontextprotocol/conformance', CONFORMANCE_VERSION), 'dist', 'index.js');
const platform = process.platform === 'win32' ? 'win' : process.platform;
const node24 = join(cacheInstall(`node-${platform}-${process.arch}`, NODE24_VERSION), 'bin', process.platform === 'win32' ? 'node.exe' : 'node');
const client = `"${process.execPath}" "${join(root, 'scripts', 'conformance-client.mjs')}"`;

/** The client scenarios the suite runs at `revision` (its own list, so a new suite version brings its new scenarios). */
function scenariosAt(revision) {
  const listed = spawnSync(node24, [suite, 'list', '--client', '--spec-version', revision], { encoding: 'utf8' });
  if (listed.status !== 0) throw new Error(`conformance list failed: ${listed.stderr}`);
  return [...listed.stdout.matchAll(/^\s+- (\S+) \[/gm)].map((match) => match[1]);
}

let failed = 0;
for (const revision of revisions) {
  const out = join(root, '.cache', 'conformance', revision);
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  const scenarios = scenariosAt(revision).filter((name) => (!only.length || only.includes(name)) && !(skipAuth && name.startsWith('auth/')));
  let passed = 0;
  for (const scenario of scenarios) {
    const run = spawnSync(
      node24,
      [suite, 'client', '--command', client, '--scenario', scenario, '--spec-version', revision, '-o', out, ...(verbose ? ['--verbose'] : [])],
      {
        encoding: 'utf8',
        maxBuffer: 64 * 1024 * 1024,
      },
    );
    const ok = run.status === 0;
    if (ok) passed++;
    else failed++;
    // The suite writes its verdict to stderr.
    const summary = /Passed: \d+\/\d+[^\n]*/.exec(`${run.stdout}\n${run.stderr}`)?.[0] ?? `exit ${run.status}`;
    process.stdout.write(`${ok ? 'pass' : 'FAIL'}  ${revision}  ${scenario}  (${summary})\n`);
    if (!ok && verbose) process.stdout.write(`${run.stdout}\n${run.stderr}\n`);
  }
  process.stdout.write(`${revision}: ${passed}/${scenarios.length} client scenarios passed (conformance ${CONFORMANCE_VERSION}; results in ${out})\n`);
}
process.exit(failed ? 1 : 0);
