/**
 * Runs once around the whole test run (vitest globalSetup):
 * - builds dist/ when it is missing or older than what it is built from (scripts/build-freshness.mjs, the rule
 *   `prepare` follows too), so end-to-end tests never run a stale bin;
 * - points TMPDIR at a root of its own, removed at the end, so the run leaves no temporary folders behind, and
 *   MCPNS_STATE_DIR (OAuth token stores) inside it, so no test reads or writes the user's real state directory;
 * - fails the run if any process started from this repository's fixtures is still alive at the end.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { staleBuildReason } from '../../scripts/build-freshness.mjs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));

function ensureFreshBuild(): void {
  const stale = staleBuildReason(ROOT);
  if (stale === undefined) return;
  process.stderr.write(`test setup: ${stale}; building it first\n`);
  const tsc = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
  for (const project of ['tsconfig.build.json', 'tsconfig.types.json']) execFileSync(process.execPath, [tsc, '-p', join(ROOT, project)], { stdio: 'inherit' });
  // The bin runs the bundle built from tsc's output (scripts/build-cli.mjs).
  execFileSync(process.execPath, [join(ROOT, 'scripts', 'build-cli.mjs')], { stdio: 'inherit' });
}

/** PIDs of live processes whose command line mentions this repository's fixtures (excluding ourselves). */
function fixtureSurvivors(): { pid: number; command: string }[] {
  const survivors: { pid: number; command: string }[] = [];
  for (const name of readdirSync('/proc')) {
    const pid = Number(name);
    if (!Number.isInteger(pid) || pid === process.pid) continue;
    try {
      const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ');
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const state = stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
      if (state !== 'Z' && command.includes(join(ROOT, 'fixtures'))) survivors.push({ pid, command });
    } catch {
      // gone meanwhile
    }
  }
  return survivors;
}

export default function setup(): () => Promise<void> {
  ensureFreshBuild();
  const previous = process.env['TMPDIR'];
  const root = mkdtempSync(join(tmpdir(), 'mcpns-test-run-'));
  process.env['TMPDIR'] = root;
  // OAuth token stores default to the user's state directory: a test never reaches the real one.
  const previousState = process.env['MCPNS_STATE_DIR'];
  process.env['MCPNS_STATE_DIR'] = join(root, 'state');
  // Discovery deadlines for every CLI run of the suite (in process and built bin): generous, because a 2-core machine
  // at load 10 can take many seconds to start a fixture server. A test about a deadline passes --timeout itself.
  const previousTimeout = process.env['MCPNS_TIMEOUT'];
  process.env['MCPNS_TIMEOUT'] = '60000';
  return async () => {
    if (previous === undefined) delete process.env['TMPDIR'];
    else process.env['TMPDIR'] = previous;
    if (previousState === undefined) delete process.env['MCPNS_STATE_DIR'];
    else process.env['MCPNS_STATE_DIR'] = previousState;
    if (previousTimeout === undefined) delete process.env['MCPNS_TIMEOUT'];
    else process.env['MCPNS_TIMEOUT'] = previousTimeout;
    rmSync(root, { recursive: true, force: true });
    if (process.platform !== 'linux') return;
    // Give just-killed process groups a moment to be reaped before calling anything a survivor.
    let survivors = fixtureSurvivors();
    for (let tries = 0; survivors.length && tries < 20; tries++) {
      await new Promise((done) => setTimeout(done, 100));
      survivors = fixtureSurvivors();
    }
    for (const { pid } of survivors) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
    if (survivors.length) throw new Error(`processes left running after the tests:\n${survivors.map((s) => `  ${s.pid} ${s.command}`).join('\n')}`);
  };
}
