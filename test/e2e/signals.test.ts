import { spawn } from 'node:child_process';
import { chmodSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { runBin } from '../helpers/cli.js';
import { fixtureEntry, tempFile, writeTempConfig, type TempConfig } from '../helpers/config.js';
import { REPO_ROOT } from '../helpers/fixtures.js';
import { expectProcessesGone, isAlive, readPids } from '../helpers/processes.js';
import { waitUntil } from '../helpers/assertions.js';

/**
 * Signals to the built bin while servers are running: SIGINT (Ctrl-C), SIGTERM (`timeout`, `kill`, CI cancellation)
 * and SIGHUP (a closed terminal) all end every server's process group — SIGTERM, then SIGKILL after the grace — and
 * exit 130/143/129. A second signal shortens the grace but never skips the SIGKILL. Two servers ignore stdin EOF;
 * one of them (behind `sh -c`) also ignores SIGTERM, so only a SIGKILL of its group ends it.
 */
describe('mcpns list stopped by a signal (built bin)', () => {
  const temps: TempConfig[] = [];
  afterAll(() => temps.forEach((temp) => temp.cleanup()));

  /**
   * Start `mcpns list` on two hung servers and resolve once both have recorded their PIDs. `hung` ends on SIGTERM;
   * `stubborn` ignores it. With `runner`, the stubborn one is started through an executable named `npx`: a package
   * runner that has not answered gets a 5 s grace after SIGTERM, long enough to send a second signal inside it.
   */
  async function startList(options: { runner?: boolean } = {}) {
    const pids = tempFile('pids.txt');
    temps.push(pids);
    const env = { MCPNS_PID_FILE: pids.file };
    const stubbornCommand = `"${process.execPath}" "${join(REPO_ROOT, 'fixtures/servers/wrapper-grandchild.js')}" --direct; :`;
    let stubborn: Record<string, unknown> = { ...fixtureEntry('never-initialize', { env }), command: 'sh', args: ['-c', stubbornCommand] };
    if (options.runner) {
      const npx = join(pids.dir, 'npx');
      writeFileSync(
        npx,
        `#!/bin/sh
${stubbornCommand}
`,
      );
      chmodSync(npx, 0o755);
      stubborn = { ...stubborn, command: npx, args: ['-y', 'stubborn-server'] };
    }
    const temp = writeTempConfig({ servers: { hung: fixtureEntry('never-initialize', { env }), stubborn } });
    temps.push(temp);
    const child = spawn(process.execPath, [join(REPO_ROOT, 'bin', 'mcpns.js'), 'list', '--timeout', '60000'], {
      cwd: temp.dir,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.resume();
    child.stderr.resume();
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
      child.once('exit', (code, signal) => resolve({ code, signal })),
    );
    // Wait until both servers have started (each fixture records its PID first thing; no timing involved).
    await waitUntil(() => readPids(pids.file).length >= 2, 'the two servers did not start (no PIDs recorded)');
    const [hung] = readPids(pids.file).filter((pid) => readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('never-initialize'));
    return {
      send: (signal: NodeJS.Signals) => child.kill(signal),
      exited,
      pids: () => readPids(pids.file),
      /** Resolves once the first signal has been acted on: `hung` got its SIGTERM and is gone. */
      hungGone: () => waitUntil(() => hung === undefined || !isAlive(hung), 'the hung server outlived the first signal'),
    };
  }

  it.each([
    ['SIGINT', 130],
    ['SIGTERM', 143],
    ['SIGHUP', 129],
  ] as const)('%s: exits %i and leaves no server process behind', async (signal, code) => {
    const run = await startList();
    run.send(signal);
    expect(await run.exited).toEqual({ code, signal: null });
    await expectProcessesGone(run.pids());
  });

  it('a second SIGINT during the grace cuts it short and still SIGKILLs the group that ignores SIGTERM', async () => {
    const run = await startList({ runner: true });
    run.send('SIGINT');
    await run.hungGone(); // the first signal was handled; the runner is now inside its 5 s grace
    run.send('SIGINT');
    expect(await run.exited).toEqual({ code: 130, signal: null });
    await expectProcessesGone(run.pids()); // SIGKILLed by mcpns: nothing else ends a process that ignores SIGTERM
  });

  it('SIGTERM twice (CI cancellation escalating) exits 143 with every group gone', async () => {
    const run = await startList({ runner: true });
    run.send('SIGTERM');
    await run.hungGone();
    run.send('SIGTERM');
    expect(await run.exited).toEqual({ code: 143, signal: null });
    await expectProcessesGone(run.pids());
  });
});

describe('a daemon that left the process group (setsid) is out of reach', () => {
  it('mcpns still finishes although the daemon holds its stderr pipe; the daemon itself survives (documented limit)', async () => {
    const pids = tempFile('pids.txt');
    const temp = writeTempConfig({ servers: { daemonizing: fixtureEntry('setsid-daemon', { env: { MCPNS_PID_FILE: pids.file } }) } });
    try {
      const result = await runBin(['list', '--json'], { cwd: temp.dir });
      expect(result.code).toBe(0);
      expect(JSON.parse(result.stdout).tools.map((tool: { name: string }) => tool.name)).toEqual(['add', 'multiply', 'subtract']);
      // The daemon records its PID once its own Node has started, which may be after mcpns is done (under load).
      const daemon = await vi.waitFor(
        () => {
          const found = readPids(pids.file).filter((pid) => isAlive(pid) && readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('--daemon'));
          expect(found).toHaveLength(1);
          return found;
        },
        { timeout: 30_000, interval: 50 },
      );
      // Outside the group mcpns ends, in a session of its own: nothing mcpns does reaches it (see docs/limits.md, "Out of reach").
      expect(isAlive(daemon[0]!)).toBe(true);
      process.kill(daemon[0]!, 'SIGKILL');
      await expectProcessesGone(readPids(pids.file));
    } finally {
      temp.cleanup();
      pids.cleanup();
    }
  });
});

describe('many servers at once (built bin)', () => {
  it('discovers 12 servers concurrently without a listener warning on stderr (each one listens for the interrupt)', async () => {
    const temp = writeTempConfig({ servers: Object.fromEntries(Array.from({ length: 12 }, (_, index) => [`calc-${index}`, fixtureEntry('calculator')])) });
    try {
      const result = await runBin(['list', '--json', '--concurrency', '12'], { cwd: temp.dir });
      expect(result.code).toBe(0);
      expect(JSON.parse(result.stdout).tools).toHaveLength(36);
      expect(result.stderr).not.toContain('MaxListenersExceededWarning');
    } finally {
      temp.cleanup();
    }
  });
});
