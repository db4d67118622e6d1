import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Command } from '@commander-js/extra-typings';
import { COMMANDS } from '../../src/cli/commands/index.js';
import { spawnEarly } from '../../src/cli/early-spawn.js';
import { OPTIONS } from '../../src/cli/options/table.js';
import type { CommandHost } from '../../src/cli/services/command.js';
import { discardPrespawned, prespawn, prespawnedCount } from '../../src/discovery/prespawn.js';
import { ALL_ENV, spawnEnvironment } from '../../src/config/spawn-env.js';
import { runCli } from '../helpers/cli.js';
import { waitUntil } from '../helpers/assertions.js';
import { fixtureEntry } from '../helpers/config.js';
import { expectProcessesGone, readPids } from '../helpers/processes.js';
import { makeTempDir } from '../helpers/temp.js';

/** A project folder with an mcpns.config.json (and a .git so the lookup stops there); servers log their PIDs. */
function project(config: Record<string, unknown>, name = 'mcpns.config.json'): { dir: string; pids: string } {
  const dir = makeTempDir('mcpns-early-');
  const pids = join(dir, 'pids.txt');
  writeFileSync(join(dir, '.git'), '');
  const withPids = JSON.parse(JSON.stringify(config).replaceAll('$PIDS', pids));
  writeFileSync(join(dir, name), JSON.stringify(withPids, null, 2));
  return { dir, pids };
}
const calculator = (extra: Record<string, unknown> = {}) => fixtureEntry('calculator', { env: { MCPNS_PID_FILE: '$PIDS' }, ...extra });
const TWO = { servers: { a: calculator(), b: calculator() } };
/** What spawnEarly needs of the entry point; `written` collects what it printed on stderr. */
function context(dir: string, env: Record<string, string | undefined> = process.env) {
  const written: string[] = [];
  return { cwd: dir, home: join(dir, 'no-home'), env, stderr: { write: (text: string) => void written.push(text) }, written };
}
const started = async (argv: string[], dir: string, env?: Record<string, string | undefined>): Promise<number> =>
  (await spawnEarly(argv, context(dir, env))).started;

afterEach(async () => {
  await discardPrespawned();
});

describe('spawnEarly: which command lines start servers ahead', () => {
  it.each([
    [['list'], 2],
    [['list', '--json', '-q'], 2],
    [['check', '--format', 'sarif', '-o', 'x.sarif', '--fail-on', 'warning'], 2],
    [['snapshot', '-o', '-'], 2],
    [['list', '--server', 'b'], 1],
    [['list', '--server=a,b', '--concurrency', '1'], 1],
    // Options spawn first learns from their declarations (options/table.ts), with no list of its own to keep in step.
    [['list', '--max-response-size', '1m', '--approval-mode', 'yolo', '--timeout', '5000'], 2],
    [['check', '--ignore', 'SHADOWED_TOOL', 'NEAR_COLLISION', '--write-baseline', 'b.json', '--style', 'slash'], 2],
    [['check', '--report', 'sarif=x.sarif', '--report', 'junit=x.xml'], 2],
    [['list', '--include-disabled'], 0],
    [['list', '--concurrency', '0'], 0],
    [['list', '--catalog', 'c.json'], 0],
    [['list', '--profile', 'p'], 0],
    [['list', '--all'], 0],
    [['list', '--client', 'cursor'], 0],
    [['list', '--server', 'nope'], 0],
    [['list', '--help'], 0],
    [['servers'], 0],
    [['call', 'a/add'], 0],
    [['serve'], 2],
    [['serve', '--for', 'claude-code', '--as', 'x', '--log-file', 'l.jsonl', '--log-args', '--no-watch'], 2],
    // The port is bound before any server starts: a busy one fails with nothing started.
    [['serve', '--http', '127.0.0.1:0'], 0],
    [['serve', '--dry-run', '--style', 'hybrid', '--json'], 2],
    [['serve', '--lazy'], 0],
  ])('%j starts %i', async (argv, expected) => {
    const { dir } = project(TWO);
    expect(await started(argv, dir)).toBe(expected);
    expect(prespawnedCount()).toBe(expected);
  });

  it.each([
    ['a namespace that hides servers', { ...TWO, namespaces: { n: { servers: ['a'], enabled: false } } }],
    ['an invalid config (unknown key)', { ...TWO, nmaing: {} }],
    ['a route that does not compile', { ...TWO, routes: [{ name: 'r', pattern: '(', tool: 'a/add' }] }],
  ])('a config with %s starts nothing', async (_, config) => {
    const { dir } = project(config);
    expect(await started(['list'], dir)).toBe(0);
  });

  it('an include is followed as the command follows it (the same config core reads it)', async () => {
    const { dir } = project({ ...TWO, include: ['.mcp.json'] });
    writeFileSync(join(dir, '.mcp.json'), JSON.stringify({ mcpServers: { c: calculator() } }));
    expect(await started(['list', '--concurrency', '3'], dir)).toBe(3);
  });

  it("a client's config named with --config starts its servers too (read by the same config core as the command)", async () => {
    const { dir } = project({ mcpServers: { a: calculator() } }, '.mcp.json');
    expect(await started(['list', '--config', '.mcp.json'], dir)).toBe(1);
  });

  it('disabled servers are skipped and only the first --concurrency slots (HTTP servers included) are taken', async () => {
    const { dir } = project({
      servers: { off: calculator({ enabled: false }), web: { type: 'http', url: 'http://127.0.0.1:9/mcp' }, a: calculator(), b: calculator() },
    });
    expect(await started(['list', '--concurrency', '2'], dir)).toBe(1);
  });
});

describe('a config found by lookup is named before anything starts from it (issue 25 §2.5)', () => {
  it('human, --json and --quiet; a config named with --config is not announced', async () => {
    const { dir } = project(TWO);
    const human = context(dir);
    expect(await spawnEarly(['list'], human)).toEqual({ started: 2, announced: join(dir, 'mcpns.config.json') });
    expect(human.written).toEqual(['mcpns: reading mcpns.config.json\n']);
    await discardPrespawned();
    const json = context(dir);
    await spawnEarly(['list', '--format', 'json'], json);
    expect(json.written.map((line) => JSON.parse(line))).toEqual([
      { status: { message: 'reading mcpns.config.json', file: 'mcpns.config.json', client: 'mcpns' } },
    ]);
    await discardPrespawned();
    const quiet = context(dir);
    expect((await spawnEarly(['list', '-q'], quiet)).started).toBe(2);
    expect(quiet.written).toEqual([]);
    await discardPrespawned();
    const named = context(dir);
    expect(await spawnEarly(['list', '--config', 'mcpns.config.json'], named)).toEqual({ started: 2 });
    expect(named.written).toEqual([]);
  });

  it('in a sub-folder: the parent config is named with its path; the command itself does not name it again', async () => {
    const { dir } = project(TWO);
    const sub = join(dir, 'sub');
    mkdirSync(sub);
    const early = context(sub);
    const { announced } = await spawnEarly(['list'], early);
    expect(early.written).toEqual([`mcpns: reading ${join(dir, 'mcpns.config.json')}\n`]);
    const result = await runCli(['list'], { cwd: sub, env: { HOME: join(dir, 'no-home') }, ...(announced ? { announcedConfig: announced } : {}) });
    expect(result.code).toBe(0);
    expect(result.stderr).not.toContain('reading');
    const again = await runCli(['list'], { cwd: sub, env: { HOME: join(dir, 'no-home') } });
    expect(again.stderr).toContain(`mcpns: reading ${join(dir, 'mcpns.config.json')}\n`);
  });
});

describe('discovery adopts what was started ahead', () => {
  // The environment the in-process CLI will see (runCli adds NO_COLOR): servers inherit it, so both sides use it.
  const env = { ...process.env, NO_COLOR: '1' };

  it('one process per server, the same catalog, nothing left behind', async () => {
    const { dir, pids } = project(TWO);
    expect(await started(['list', '--json'], dir, env)).toBe(2);
    const result = await runCli(['list', '--json'], { cwd: dir, env });
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout).tools).toHaveLength(6);
    expect(prespawnedCount()).toBe(0);
    expect(readPids(pids)).toHaveLength(2); // adopted, not started twice
    await expectProcessesGone(readPids(pids));
  });

  it('serve adopts them too: one process per server, the catalog it would expose, nothing left behind', async () => {
    const { dir, pids } = project(TWO);
    expect(await started(['serve', '--dry-run', '--json'], dir, env)).toBe(2);
    const result = await runCli(['serve', '--dry-run', '--json'], { cwd: dir, env });
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout).tools).toHaveLength(6);
    expect(prespawnedCount()).toBe(0);
    expect(readPids(pids)).toHaveLength(2); // adopted, not started twice
    await expectProcessesGone(readPids(pids));
  });

  it('a process started from anything else (here: another environment) is never used, only ended', async () => {
    const { dir, pids } = project({ servers: { a: calculator() } });
    const entry = calculator();
    prespawn({
      command: entry['command'] as string,
      args: entry['args'] as string[],
      env: spawnEnvironment({ env: { MCPNS_PID_FILE: pids, OTHER: '1' }, envPolicy: ALL_ENV }, env),
      cwd: dir,
    });
    // Wait until the guess runs (it records its PID at start-up): ended before that, it would leave no trace to count.
    await waitUntil(() => readPids(pids).length > 0, 'the guessed server did not record its PID');
    expect(readPids(pids)).toHaveLength(1);
    const result = await runCli(['list', '--json'], { cwd: dir, env });
    expect(result.code).toBe(0);
    expect(prespawnedCount()).toBe(0);
    expect(readPids(pids)).toHaveLength(2); // the guess and the real one
    await expectProcessesGone(readPids(pids));
  });
});

describe('one option table: spawn first reads the declarations commander builds its options from', () => {
  it('every option of every command that spawns first is an entry of OPTIONS (same flags)', async () => {
    const declared = new Set<string>(Object.values(OPTIONS).map((spec) => spec.flags));
    for (const entry of COMMANDS.filter((command) => command.discovers)) {
      const program = new Command();
      (await entry.load())(program, {} as CommandHost);
      const flags = program.commands[0]!.options.map((option) => option.flags);
      expect(flags.length, entry.name).toBeGreaterThan(5);
      expect(
        flags.filter((flag) => !declared.has(flag)),
        `${entry.name}: options spawn first would not know (declare them in src/cli/options/table.ts)`,
      ).toEqual([]);
    }
  });
});
