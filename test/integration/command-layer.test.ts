/**
 * The shared command layer as a user meets it: option groups that behave the same in every command, one file writer,
 * one console (quiet, colour, JSON lines on stderr).
 */
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { REPO_ROOT } from '../helpers/fixtures.js';
import { makeTempDir } from '../helpers/temp.js';

const DEMO_CATALOG = join(REPO_ROOT, 'fixtures', 'catalogs', 'demo.json');
const DEMO_CONFIG = join(REPO_ROOT, 'mcpns.config.json');
const offline = ['--catalog', DEMO_CATALOG, '--config', DEMO_CONFIG];

interface CatalogDocument {
  servers: { name: string }[];
  tools: { server: string; name: string; hidden?: { by: string; reason: string } }[];
}

/** A catalog document with the given servers, each with one tool named "t". */
function catalogWith(servers: string[]): string {
  return JSON.stringify({
    schemaVersion: 1,
    generatedAt: '2026-01-01T00:00:00.000Z',
    style: 'slash',
    servers: servers.map((name) => ({ name, transport: 'stdio', source: 'x.json', status: 'ok', toolCount: 1 })),
    tools: servers.map((server) => ({ server, name: 't', qualifiedName: `${server}/t`, inputSchema: { type: 'object' } })),
  });
}

describe('list --json and hidden tools', () => {
  it('leaves out the tools a profile hides unless --all, which marks them hidden', async () => {
    const plain = await runCli(['list', ...offline, '--profile', 'single', '--json']);
    expect(plain.code, plain.stderr).toBe(0);
    const visible = JSON.parse(plain.stdout) as CatalogDocument;
    expect(visible.tools.some((tool) => tool.server === 'atlassian')).toBe(false);
    expect(visible.tools.length).toBe(13);

    const all = JSON.parse((await runCli(['list', ...offline, '--profile', 'single', '--json', '--all'])).stdout) as CatalogDocument;
    const atlassian = all.tools.filter((tool) => tool.server === 'atlassian');
    expect(atlassian.map((tool) => tool.name)).toEqual(['atlassian_create_page', 'atlassian_get_issue', 'search', 'search_confluence']);
    expect(atlassian.every((tool) => tool.hidden?.by === 'profile single')).toBe(true);
  });
});

describe('--quiet, --no-color and NO_COLOR', () => {
  const configWithWarning = (): string => {
    const dir = makeTempDir();
    const file = join(dir, 'mcpns.config.json');
    writeFileSync(file, JSON.stringify({ servers: { s: { command: 'node', env: { TOKEN: '${MCPNS_TEST_SURELY_UNSET_VARIABLE}' } } } }));
    return file;
  };

  it('a config warning is printed, and --quiet silences it', async () => {
    const file = configWithWarning();
    const loud = await runCli(['servers', '-c', file]);
    expect(loud.stderr).toMatch(/^mcpns: warning: .*MCPNS_TEST_SURELY_UNSET_VARIABLE.*\[UNRESOLVED_VARIABLE\]$/m);
    const quiet = await runCli(['servers', '-c', file, '--quiet']);
    expect(quiet.code).toBe(0);
    expect(quiet.stderr).toBe('');
  });

  it('colour on a TTY; none with --no-color or NO_COLOR', async () => {
    const tty = { isTTY: true, env: { NO_COLOR: undefined } };
    const coloured = await runCli(['list', ...offline], tty);
    expect(coloured.stdout).toContain('\u001b[');
    const flag = await runCli(['list', ...offline, '--no-color'], tty);
    expect(flag.stdout).not.toContain('\u001b[');
    const env = await runCli(['list', ...offline], { isTTY: true, env: { NO_COLOR: '1' } });
    expect(env.stdout).not.toContain('\u001b[');
    expect(env.stdout.split('\n')[0]).toMatch(/^SERVER\s+NAME \(slash\)\s+DESCRIPTION\s+FLAGS$/);
  });

  it('under --json every stderr line is one JSON object (warnings, diagnostics, server stderr)', async () => {
    const file = configWithWarning();
    const run = await runCli(['list', '-c', file, '--json', '--timeout', '5000']);
    expect(run.code).toBe(1);
    const lines = run.stderr.trim().split('\n');
    expect(lines.length).toBeGreaterThanOrEqual(2);
    const parsed = lines.map((line) => JSON.parse(line) as Record<string, { message?: string; code?: string }>);
    expect(parsed.map((entry) => Object.keys(entry)[0])).toContain('warning');
    expect(parsed.some((entry) => entry['warning']?.code === 'UNRESOLVED_VARIABLE')).toBe(true);
  });
});

describe('diff --server narrows both sides', () => {
  it('servers outside the selection are reported neither as added nor as removed', async () => {
    const dir = makeTempDir();
    writeFileSync(join(dir, 'old.json'), catalogWith(['a', 'b']));
    writeFileSync(join(dir, 'new.json'), catalogWith(['a', 'c']));
    const whole = await runCli(['diff', 'old.json', 'new.json', '--json'], { cwd: dir });
    const codes = (JSON.parse(whole.stdout) as { findings: { code: string; server?: string }[] }).findings.map((f) => `${f.code} ${f.server}`);
    expect(codes).toEqual(['SERVER_ADDED c', 'SERVER_REMOVED b']);

    const narrowed = await runCli(['diff', 'old.json', 'new.json', '--server', 'a', '--json'], { cwd: dir });
    expect(narrowed.code, narrowed.stderr).toBe(0);
    expect((JSON.parse(narrowed.stdout) as { findings: unknown[] }).findings).toEqual([]);

    const unknown = await runCli(['diff', 'old.json', 'new.json', '--server', 'zzz'], { cwd: dir });
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('unknown server "zzz"');
    expect(unknown.stderr).toContain('known servers: a, b, c');
  });
});

describe('--server is comma-separated in every command', () => {
  it.each([
    ['list', ['list', ...offline, '--json']],
    ['check', ['check', ...offline, '--format', 'markdown', '--fail-on', 'never']],
    ['export', ['export', '--provider', 'openai', ...offline, '--json']],
    ['route', ['route', 'what is 2 plus 3', ...offline, '--json']],
  ])('%s', async (_name, argv) => {
    const run = await runCli([...argv, '--server', 'calculator,weather']);
    expect(run.code, run.stderr).toBeLessThan(2);
    expect(run.stdout).not.toContain('atlassian');
    expect(run.stdout).toMatch(/calculator|0 errors/);
  });

  it('and repeatable; a space-separated list still works where nothing follows', async () => {
    const repeated = JSON.parse((await runCli(['list', ...offline, '--json', '--server', 'calculator', '--server', 'weather'])).stdout) as CatalogDocument;
    const spaced = JSON.parse((await runCli(['list', ...offline, '--json', '--server', 'calculator', 'weather'])).stdout) as CatalogDocument;
    expect(repeated.servers.map((server) => server.name)).toEqual(['calculator', 'weather']);
    expect(spaced).toEqual(repeated);
  });
});

describe('--style takes only styles', () => {
  it('a preset passed to --style is a usage error pointing at --preset', async () => {
    const run = await runCli(['list', ...offline, '--style', 'claude-code']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('"claude-code" is a preset, not a naming style');
    expect(run.stderr).toContain('hint: pass it to --preset claude-code');
  });
});

describe('files mcpns writes', () => {
  it('creates missing folders for every output option', async () => {
    const dir = makeTempDir();
    const check = await runCli(['check', ...offline, '--profile', 'single', '-o', 'a/b/report.txt'], { cwd: dir });
    expect(check.code).toBe(0);
    const snapshot = await runCli(['snapshot', ...offline, '-o', 'c/d/lock.json'], { cwd: dir });
    expect(snapshot.code, snapshot.stderr).toBe(0);
    const exported = await runCli(['export', '--provider', 'openai', ...offline, '--map-out', 'e/f/map.json'], { cwd: dir });
    expect(exported.code, exported.stderr).toBe(0);
    const baseline = await runCli(['check', ...offline, '--profile', 'single', '--write-baseline', 'g/h/baseline.json', '-q'], { cwd: dir });
    expect(baseline.code).toBe(0);
    for (const file of ['a/b/report.txt', 'c/d/lock.json', 'e/f/map.json', 'g/h/baseline.json']) expect(existsSync(join(dir, file)), file).toBe(true);
    expect(JSON.parse(readFileSync(join(dir, 'e/f/map.json'), 'utf8'))).toHaveProperty(['calculator__add']);
  });

  it('a directory or a device as target is a usage error, checked before anything runs', async () => {
    const dir = makeTempDir();
    mkdirSync(join(dir, 'out'));
    const directory = await runCli(['snapshot', ...offline, '-o', 'out'], { cwd: dir });
    expect(directory.code).toBe(2);
    expect(directory.stderr).toContain('--output out is a directory');
    const device = await runCli(['check', ...offline, '-o', '/dev/full']);
    expect(device.code).toBe(2);
    expect(device.stderr).toContain('--output /dev/full is not a regular file');
    expect(device.stderr).toContain('use --output - to write to stdout');
  });

  it('a failed write leaves the previous file as it was (no truncation)', async () => {
    if (process.getuid?.() === 0) {
      // root ignores permissions: make the write fail another way (the target's folder is a file).
      const dir = makeTempDir();
      writeFileSync(join(dir, 'blocker'), 'x');
      const run = await runCli(['snapshot', ...offline, '-o', 'blocker/lock.json'], { cwd: dir });
      expect(run.code).toBe(2);
      expect(run.stderr).toMatch(/cannot write blocker\/lock\.json: (ENOTDIR|EEXIST)/);
      expect(readFileSync(join(dir, 'blocker'), 'utf8')).toBe('x');
      return;
    }
    const dir = makeTempDir();
    const lock = join(dir, 'lock.json');
    writeFileSync(lock, 'previous');
    chmodSync(dir, 0o500);
    try {
      const run = await runCli(['snapshot', ...offline, '-o', lock], { cwd: dir });
      expect(run.code).toBe(2);
      expect(readFileSync(lock, 'utf8')).toBe('previous');
    } finally {
      chmodSync(dir, 0o700);
    }
  });

  it('-o - prints the report on stdout', async () => {
    const run = await runCli(['check', ...offline, '--format', 'json', '-o', '-']);
    expect(JSON.parse(run.stdout)).toHaveProperty('findings');
  });
});
