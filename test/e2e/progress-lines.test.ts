/**
 * Issue 25 §4.11: without a terminal, a cold run said nothing for many seconds and a server that failed at once was
 * reported only after the slowest one. Now (the built bin, stderr a pipe): a failure is reported when it happens,
 * a server slower than the interval gets a plain progress line (then one per interval at most while servers finish),
 * --quiet and --json print no such line, stdout stays the results; --scan names every file it read.
 * The slow server waits for a file this test creates once it has seen what it waits for: no durations are bet on.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT, fixturePath } from '../helpers/fixtures.js';
import { makeTempDir, removeTempDirs } from '../helpers/temp.js';
import { runBin } from '../helpers/cli.js';
import { WAIT_MS, waitUntil } from '../helpers/assertions.js';

afterAll(() => removeTempDirs());

interface Run {
  stdout: () => string;
  stderr: () => string;
  /** Resolves once stderr matches (bounded, with what was printed when it does not come). */
  waitForStderr: (pattern: RegExp, what: string) => Promise<void>;
  exit: Promise<number>;
}

function start(args: string[], env: Record<string, string>): Run {
  const child = spawn(process.execPath, [join(REPO_ROOT, 'bin', 'mcpns.js'), ...args], {
    env: { ...process.env, NO_COLOR: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  const waiters: Array<() => void> = [];
  child.stdout.on('data', (chunk: Buffer) => void (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
    for (const waiter of [...waiters]) waiter();
  });
  const exit = new Promise<number>((done) => child.once('close', (code) => done(code ?? 2)));
  return {
    stdout: () => stdout,
    stderr: () => stderr,
    exit,
    waitForStderr: (pattern, what) =>
      new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`${what} did not happen within ${WAIT_MS / 1000} s; stderr so far:\n${stderr}`)), WAIT_MS);
        const check = (): void => {
          if (!pattern.test(stderr)) return;
          clearTimeout(timer);
          waiters.splice(waiters.indexOf(check), 1);
          resolve();
        };
        waiters.push(check);
        void exit.then(() => {
          if (!pattern.test(stderr)) {
            clearTimeout(timer);
            reject(new Error(`the run ended before ${what}; stderr:\n${stderr}`));
          }
        });
        check();
      }),
  };
}

/** A config with a server that waits for `gate`, one that fails at once, and the calculator. */
function project(): { dir: string; config: string; gate: string; pids: string } {
  const dir = makeTempDir('mcpns-progress-');
  const gate = join(dir, 'open');
  const pids = join(dir, 'pids');
  const config = join(dir, 'test.mcpns.json');
  writeFileSync(
    config,
    JSON.stringify({
      servers: {
        slow: { command: process.execPath, args: [fixturePath('slow-start')], env: { SLOW_START_UNTIL_FILE: gate, MCPNS_PID_FILE: pids } },
        crash: { command: process.execPath, args: [fixturePath('crash-on-start')] },
        calculator: { command: process.execPath, args: [fixturePath('calculator')] },
      },
    }),
  );
  return { dir, config, gate, pids };
}

const progressLine = /^mcpns: discovering: /m;

describe('discovery without a terminal', () => {
  it('reports a failure when it happens, then progress while a server is slow, and what finished; stdout is the results', async () => {
    const { config, gate } = project();
    const run = start(['list', '--config', config], { MCPNS_PROGRESS_INTERVAL_MS: '50' });
    // The slow server is still waiting for the gate: the failure is reported now, not after it.
    await run.waitForStderr(/^mcpns: warning: server "crash" failed: /m, 'the failure of "crash" being reported');
    // Only the slow server left (the calculator may start after "slow" on a loaded machine: wait for it, not a clock).
    await run.waitForStderr(/^mcpns: discovering: 2\/3 servers done; .*waiting for slow \(\d+ s\)$/m, 'a progress line naming only the slow server');
    expect(existsSync(gate)).toBe(false);
    writeFileSync(gate, '');
    expect(await run.exit).toBe(1);
    const stderr = run.stderr();
    // What finished since the last line: "crash" too when its failure came after that line (a loaded machine).
    expect(stderr).toMatch(/^mcpns: discovering: 3\/3 servers done; finished: (crash \(failed\), )?slow$/m);
    expect(stderr.match(/server "crash" failed/g)).toHaveLength(1);
    expect(run.stdout()).not.toContain('discovering');
    expect(run.stdout()).toContain('4 tools from 2 of 3 servers; 1 failed: crash');
  });

  it('prints no progress line under --quiet or --json (--json stderr stays JSON objects), nor with the interval 0', async () => {
    const { config, gate, pids } = project();
    // These runs check every millisecond; the gate opens only after the reference run below, started once their slow
    // servers are up, has printed its line (50 ms).
    const quiet = start(['list', '--config', config, '--quiet'], { MCPNS_PROGRESS_INTERVAL_MS: '1' });
    const json = start(['list', '--config', config, '--json'], { MCPNS_PROGRESS_INTERVAL_MS: '1' });
    const off = start(['list', '--config', config], { MCPNS_PROGRESS_INTERVAL_MS: '0' });
    await json.waitForStderr(/"server":"crash"/, 'the --json run reporting "crash"');
    await off.waitForStderr(/server "crash" failed/, 'the run without progress lines reporting "crash"');
    const started = (): number => (existsSync(pids) ? readPidCount(pids) : 0);
    await waitUntil(() => started() >= 3, 'the three slow servers did not start');
    const reference = start(['list', '--config', config], { MCPNS_PROGRESS_INTERVAL_MS: '50' });
    await reference.waitForStderr(progressLine, 'the reference run printing a progress line');
    writeFileSync(gate, '');
    expect(await quiet.exit).toBe(1);
    expect(await json.exit).toBe(1);
    expect(await off.exit).toBe(1);
    expect(await reference.exit).toBe(1);
    expect(quiet.stderr()).toBe('');
    expect(off.stderr()).not.toMatch(progressLine);
    for (const line of json.stderr().trim().split('\n')) expect(() => JSON.parse(line) as unknown, line).not.toThrow();
    expect(json.stderr()).not.toContain('discovering');
    expect(JSON.parse(json.stdout())).toMatchObject({ schemaVersion: 1 });
  });
});

function readPidCount(file: string): number {
  return readFileSync(file, 'utf8').split('\n').filter(Boolean).length;
}

describe('--scan', () => {
  it('names every file it read, on stderr (a status line under --json), and nothing under --quiet', async () => {
    const home = makeTempDir('mcpns-scan-home-');
    const dir = makeTempDir('mcpns-scan-project-');
    mkdirSync(join(dir, '.cursor'));
    writeFileSync(join(dir, '.mcp.json'), JSON.stringify({ mcpServers: { calculator: { command: process.execPath, args: [fixturePath('calculator')] } } }));
    writeFileSync(join(dir, '.cursor', 'mcp.json'), JSON.stringify({ mcpServers: { memory: { command: process.execPath, args: [fixturePath('memory')] } } }));
    const env = { HOME: home, XDG_CONFIG_HOME: join(home, '.config') };
    const human = await runBin(['servers', '--scan'], { cwd: dir, env });
    expect(human.code, human.stderr).toBe(0);
    expect(human.stderr).toContain('mcpns: reading .mcp.json (claude-code)\n');
    expect(human.stderr).toContain('mcpns: reading .cursor/mcp.json (cursor)\n');
    expect(human.stdout).not.toContain('mcpns: reading');
    const json = await runBin(['servers', '--scan', '--json'], { cwd: dir, env });
    const statuses = json.stderr
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { status?: { file: string; client: string } })
      .filter((line) => line.status)
      .map((line) => line.status);
    expect(statuses).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ file: '.mcp.json', client: 'claude-code' }),
        expect.objectContaining({ file: '.cursor/mcp.json', client: 'cursor' }),
      ]),
    );
    expect((await runBin(['servers', '--scan', '--quiet'], { cwd: dir, env })).stderr).toBe('');
  });
});
