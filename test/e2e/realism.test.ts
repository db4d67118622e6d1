/**
 * Behaving like the user's own client (issue 15). What depends on the process (zero-config start and init, the
 * environment servers inherit, a failed server's stderr with spawn first) runs the built bin; what is about reading the
 * client's files and rendering its names runs the same `main()` in-process (`cli`), sparing a node start-up each.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Catalog } from '../../src/catalog/types.js';
import { runBin, runCli } from '../helpers/cli.js';
import { fixturePath, REPO_ROOT } from '../helpers/fixtures.js';
import { makeTempDir } from '../helpers/temp.js';

const node = process.execPath;
const entry = (fixture: string, extra: Record<string, unknown> = {}): Record<string, unknown> => ({ command: node, args: [fixturePath(fixture)], ...extra });

/** A temp project (a git repository root) with these files; HOME points at an empty folder so no user file leaks in. */
function project(files: Record<string, unknown>): { dir: string; env: Record<string, string> } {
  const dir = makeTempDir('mcpns-project-');
  mkdirSync(join(dir, '.git'));
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(join(dir, name, '..'), { recursive: true });
    writeFileSync(join(dir, name), typeof content === 'string' ? content : JSON.stringify(content, null, 2) + '\n');
  }
  return { dir, env: { HOME: makeTempDir('mcpns-home-') } };
}

const names = (stdout: string): string[] => (JSON.parse(stdout) as Catalog).tools.map((tool) => tool.qualifiedName);

describe('zero-config start and mcpns init', () => {
  it('reads .mcp.json with no flags, names it on stderr, and init writes a config giving the same catalog', async () => {
    const { dir, env } = project({ '.mcp.json': { mcpServers: { calculator: entry('calculator') } } });
    const listed = await runBin(['list'], { cwd: dir, env });
    expect(listed.code).toBe(0);
    expect(listed.stderr).toContain('mcpns: reading .mcp.json (claude-code)');
    expect(listed.stdout).toContain('calculator/add');
    const before = await runBin(['list', '--json'], { cwd: dir, env });

    const init = await runBin(['init'], { cwd: dir, env });
    expect(init.code).toBe(0);
    const written = JSON.parse(readFileSync(join(dir, 'mcpns.config.json'), 'utf8')) as Record<string, unknown>;
    expect(written).toMatchObject({ include: ['.mcp.json'], naming: { targets: ['slash', 'claude-code'] } });
    // This checkout's mcpns runs from outside the project: no path that holds only on this machine (issue 25 §4.10).
    expect(written['$schema']).toBeUndefined();
    expect(readFileSync(join(dir, 'mcpns.config.json'), 'utf8')).not.toContain(REPO_ROOT);
    expect(init.stderr).toContain('note: $schema left out: this mcpns runs from outside the project');
    const after = await runBin(['list', '--json'], { cwd: dir, env });
    expect(after.stderr).not.toContain('reading .mcp.json');
    expect(names(after.stdout)).toEqual(names(before.stdout));

    const again = await runBin(['init'], { cwd: dir, env });
    expect(again.code).toBe(2);
    expect(again.stderr).toContain('already exists');
    expect((await runBin(['init', '--force'], { cwd: dir, env })).code).toBe(0);
  });

  it('with nothing to read: exit 2 listing the places searched, suggesting --scan and mcpns init (also for --scan)', async () => {
    const { dir, env } = project({});
    const result = await runBin(['check'], { cwd: dir, env });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('.vscode/mcp.json');
    expect(result.stderr).toContain('--scan');
    expect(result.stderr).toContain('mcpns init');
    const scan = await runBin(['check', '--scan'], { cwd: dir, env });
    expect(scan.code).toBe(2);
    expect(scan.stderr).toContain('no client config file found');
    expect(scan.stdout).not.toContain('no findings');
  });
});

describe('the client environment', () => {
  it('a server sees an inherited variable under the default and not under envInherit "minimal"; servers says which', async () => {
    const all = project({ 'mcpns.config.json': { servers: { echo: entry('env-echo') } } });
    const minimal = project({ 'mcpns.config.json': { envInherit: 'minimal', servers: { echo: entry('env-echo') } } });
    const env = (dir: { env: Record<string, string> }): Record<string, string> => ({ ...dir.env, ECHO_VAR: 'inherited-value-42' });
    const seen = await runBin(['list', '--json'], { cwd: all.dir, env: env(all) });
    expect((JSON.parse(seen.stdout) as Catalog).tools[0]!.description).toContain('token=inherited-value-42');
    const unseen = await runBin(['list', '--json'], { cwd: minimal.dir, env: env(minimal) });
    expect((JSON.parse(unseen.stdout) as Catalog).tools[0]!.description).toContain('token= (');

    const servers = await runBin(['servers', '--wide'], { cwd: minimal.dir, env: env(minimal) });
    expect(servers.stdout).toContain('inherits: minimal (envInherit in mcpns.config.json)');
    expect(servers.stdout).toContain('cwd: .');
    const asJson = JSON.parse((await runBin(['servers', '--json'], { cwd: all.dir, env: env(all) })).stdout) as { servers: Array<Record<string, unknown>> };
    expect(asJson.servers[0]).toMatchObject({ cwd: all.dir, environment: { inherit: 'all', label: 'all (default)' } });
  });

  it('Claude Code servers get CLAUDE_PROJECT_DIR; a secret-looking inherited variable a server echoes is redacted', async () => {
    const wrapped = { command: 'sh', args: ['-c', `ECHO_VAR="$MY_API_TOKEN" exec "${node}" "${fixturePath('env-echo')}"`] };
    const { dir, env } = project({ '.mcp.json': { mcpServers: { echo: wrapped } } });
    const result = await runBin(['list', '--json', '--verbose'], { cwd: dir, env: { ...env, MY_API_TOKEN: 'tok-secret-9876' } });
    expect(result.code).toBe(0);
    expect(result.stdout + result.stderr).not.toContain('tok-secret-9876');
    expect((JSON.parse(result.stdout) as Catalog).tools[0]!.description).toContain('token=***');
    const servers = await runBin(['servers', '--json'], { cwd: dir, env });
    expect(JSON.parse(servers.stdout)).toMatchObject({ servers: [{ cwd: dir, environment: { inherit: 'all', set: ['CLAUDE_PROJECT_DIR'] } }] });
  });
});

describe("Claude Code's approval lists", () => {
  it('disabledMcpjsonServers hides the server (a rejection wins over enabledMcpjsonServers); servers and list --all say why', async () => {
    const { dir, env } = project({
      '.mcp.json': { mcpServers: { calculator: entry('calculator'), memory: entry('memory') } },
      '.claude/settings.json': { disabledMcpjsonServers: ['memory'] },
      '.claude/settings.local.json': { enabledMcpjsonServers: ['memory', 'calculator'] },
    });
    const listed = await runCli(['list'], { cwd: dir, env });
    expect(listed.code).toBe(0);
    expect(listed.stdout).not.toContain('memory/');
    expect(listed.stdout).toContain('1 disabled: memory');
    const servers = await runCli(['servers', '--wide'], { cwd: dir, env });
    expect(servers.stdout).toMatch(/memory .*DISABLED \(rejected: listed in disabledMcpjsonServers in \.claude\/settings\.json\)/);
    expect(servers.stdout).toContain('confirmed in enabledMcpjsonServers (.claude/settings.local.json)');
    const all = JSON.parse((await runCli(['list', '--json', '--all'], { cwd: dir, env })).stdout) as Catalog;
    expect(all.servers.find((server) => server.name === 'memory')).toMatchObject({
      status: 'disabled',
      disabledKind: 'disabled',
      notes: [expect.stringContaining('disabledMcpjsonServers')],
    });
  });
});

describe('configs the client would refuse', () => {
  const trailing = `{\n  "mcpServers": {\n    "calculator": { "command": ${JSON.stringify(node)}, "args": [${JSON.stringify(fixturePath('calculator'))}], }\n  }\n}\n`;

  it('a trailing comma in .mcp.json: check --format github exits 1 with an annotation at its line; list does not load it, list --all shows it', async () => {
    const { dir, env } = project({ '.mcp.json': trailing });
    const check = await runCli(['check', '--format', 'github'], { cwd: dir, env });
    expect(check.code).toBe(1);
    expect(check.stdout).toMatch(/^::error file=\.mcp\.json,line=3,col=\d+,title=mcpns CONFIG_REJECTED::/m);
    const listed = await runCli(['list'], { cwd: dir, env });
    expect(listed.code).toBe(0);
    expect(listed.stdout).toContain('0 tools from 0 of 0 servers; 1 not loaded by its client (CONFIG_REJECTED): calculator');
    const all = await runCli(['list', '--all'], { cwd: dir, env });
    expect(all.stdout).toMatch(/calculator\/add .*hidden by claude-code: Claude Code would not load it/);
  });
});

describe('malformed tools', () => {
  it('list warns and counts them, list --all shows them, and diff against a lock does not call them added or removed', async () => {
    const { dir, env } = project({ 'mcpns.config.json': { servers: { bad: entry('malformed-tool') } } });
    const listed = await runCli(['list'], { cwd: dir, env });
    expect(listed.code).toBe(0);
    expect(listed.stderr).toContain('server "bad" sent 2 tools failing the MCP Tool schema, set aside [MALFORMED_TOOL]');
    expect(listed.stdout).toContain('2 tools from 1 of 1 servers; 2 malformed tools set aside (--all shows them)');
    const all = await runCli(['list', '--all'], { cwd: dir, env });
    expect(all.stdout).toMatch(/bad +bad_input +\(malformed, set aside: inputSchema/);

    expect((await runCli(['snapshot', '-o', 'mcpns.lock.json'], { cwd: dir, env })).code).toBe(0);
    const lock = JSON.parse(readFileSync(join(dir, 'mcpns.lock.json'), 'utf8')) as Catalog;
    expect(lock.servers[0]!.malformedTools?.map((tool) => tool.name)).toEqual(['bad_input', 'bad_output']);
    // An older lock in which bad_input was still a valid tool: now it is malformed, not removed.
    const older = structuredClone(lock);
    older.tools.push({ server: 'bad', name: 'bad_input', qualifiedName: 'bad/bad_input', inputSchema: { type: 'object' } });
    older.servers[0]!.malformedTools = older.servers[0]!.malformedTools!.filter((tool) => tool.name !== 'bad_input');
    writeFileSync(join(dir, 'older.lock.json'), JSON.stringify(older));
    const diff = await runCli(['diff', 'older.lock.json', '--format', 'json'], { cwd: dir, env });
    const codes = (JSON.parse(diff.stdout) as { findings: Array<{ code: string }> }).findings.map((finding) => finding.code);
    expect(codes).not.toContain('TOOL_REMOVED');
    expect(codes).not.toContain('TOOL_ADDED');
  });
});

describe('output a user can read', () => {
  it('the stderr excerpt of a failed server shows its last lines and keeps mcpns notes apart', async () => {
    const noisy = `for (let i = 0; i < 40; i++) console.error('noise line ' + i); console.log('not json'); console.error('FATAL: the real error'); setTimeout(() => process.exit(3), 200);`;
    const { dir, env } = project({ 'mcpns.config.json': { servers: { noisy: { command: node, args: ['-e', noisy] } } } });
    const result = await runBin(['list'], { cwd: dir, env });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('FATAL: the real error');
    expect(result.stderr).not.toContain('noise line 0\n');
    expect(result.stderr).toMatch(/last 10 lines noisy wrote to stderr \(31 earlier lines not shown\)/);
    expect(result.stderr).not.toMatch(/\| \[mcpns\]/); // mcpns's own notes are never shown as the server's stderr
    expect(result.stderr).toContain('mcpns: non-JSON line on stdout ignored: not json');
  });

  it('hints carry the real server name', async () => {
    const { dir, env } = project({ 'mcpns.config.json': { servers: { calculator: entry('calculator') } } });
    expect((await runCli(['snapshot', '-o', 'mcpns.lock.json'], { cwd: dir, env })).code).toBe(0);
    writeFileSync(join(dir, 'mcpns.config.json'), JSON.stringify({ servers: { calculator: { command: 'mcpns-no-such-command-xyz' } } }));
    const diff = await runCli(['diff', 'mcpns.lock.json'], { cwd: dir, env });
    expect(diff.code).toBe(1);
    expect(diff.stdout).toContain('mcpns list --server calculator --verbose');
    expect(diff.stdout).not.toContain('<name>');
  });

  it('the footer tells disabled servers from skipped duplicates', async () => {
    const { dir, env } = project({
      '.mcp.json': { mcpServers: { calculator: entry('calculator'), memory: entry('memory') } },
      'mcpns.config.json': { include: ['.mcp.json'], servers: { calculator: entry('calculator'), weather: { ...entry('weather'), enabled: false } } },
    });
    const result = await runCli(['list'], { cwd: dir, env });
    expect(result.stdout).toContain('; 1 disabled: weather; 1 duplicate skipped: calculator');
  });

  it('JUnit marks only findings at --fail-on as <failure>', async () => {
    const { dir, env } = project({ 'mcpns.config.json': { servers: { calculator: entry('calculator'), 'math-service': entry('math-service') } } });
    const failOnError = await runCli(['check', '--format', 'junit', '--preset', 'openai-agents', '--fail-on', 'error'], { cwd: dir, env });
    const failOnWarning = await runCli(['check', '--format', 'junit', '--preset', 'openai-agents', '--fail-on', 'warning'], { cwd: dir, env });
    const count = (xml: string, type: string): number => xml.match(new RegExp(`<failure type="${type}"`, 'g'))?.length ?? 0;
    expect(count(failOnWarning.stdout, 'warning')).toBeGreaterThan(0);
    expect(count(failOnError.stdout, 'warning')).toBe(0);
    expect(failOnError.stdout).toContain('warning: ');
  });

  it('call, route and plan resolve the names the client whose config is read renders', async () => {
    const { dir, env } = project({ '.mcp.json': { mcpServers: { memory: entry('memory') } } });
    const call = await runCli(['call', 'mcp__memory__memory_search_memory', 'query=x'], { cwd: dir, env });
    expect(call.code).toBe(0);
    expect(call.stdout).toContain('via preset:claude-code');
  });

  it('checks default to the targets of the client whose files were read: a Claude Code project is checked as claude-code (issue 25 §4.5)', async () => {
    const { dir, env } = project({ '.mcp.json': { mcpServers: { calculator: entry('calculator') } } });
    for (const command of ['check-conflicts', 'lint', 'check']) {
      const result = await runCli([command], { cwd: dir, env });
      expect(result.stderr).toContain('reading .mcp.json (claude-code)');
      expect(result.stdout).toMatch(/· targets: slash, claude-code\n$/);
    }
    // An explicit preset, or naming.targets in mcpns.config.json, still wins; mcpns's own servers keep slash + openai.
    expect((await runCli(['check-conflicts', '--preset', 'openai'], { cwd: dir, env })).stdout).toMatch(/· targets: openai\n$/);
    const own = project({ 'mcpns.config.json': { servers: { calculator: entry('calculator') } } });
    expect((await runCli(['check-conflicts'], { cwd: own.dir, env: own.env })).stdout).toMatch(/· targets: slash, openai\n$/);
  });

  it('list --json --preset puts every preset name and drop into the document', async () => {
    const { dir, env } = project({ 'mcpns.config.json': { servers: { calculator: entry('calculator') } } });
    const result = await runCli(['list', '--json', '--preset', 'claude-code,openai-agents'], { cwd: dir, env });
    const document = JSON.parse(result.stdout) as Catalog & { presets: string[]; tools: Array<{ presets: Record<string, { name: string }> }> };
    expect(document.presets).toEqual(['claude-code', 'openai-agents']);
    expect(document.tools[0]!.presets).toEqual({ 'claude-code': { name: 'mcp__calculator__add' }, 'openai-agents': { name: 'add' } });
  });
});
