import { mkdirSync, realpathSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runChecks } from '../../../src/checks/run.js';
import type { GeminiApprovalMode } from '../../../src/config/approval-mode.js';
import { readClientConfigs } from '../../../src/config/clients/index.js';
import { describeTarget, summarizeServer } from '../../../src/config/describe-server.js';
import { liveSource } from '../../../src/source/live-source.js';
import type { ServerSpec } from '../../../src/config/model.js';
import { buildCatalog } from '../../../src/catalog/build.js';
import { applyClientToolFilters } from '../../../src/profiles/client-filters.js';
import { claudeDenies, claudeDeniesServer } from '../../../src/config/clients/claude-names.js';
import { makeTempDir } from '../../helpers/temp.js';

/** A HOME with a git project inside, and a writer for files under either. */
function world() {
  const root = realpathSync(makeTempDir('mcpns-gates-'));
  const home = join(root, 'home');
  const project = join(home, 'work', 'demo');
  mkdirSync(join(project, '.git'), { recursive: true });
  const write = (path: string, text: string): void => {
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, text);
  };
  const read = (client: string, options: { cwd?: string; env?: Record<string, string>; approvalMode?: GeminiApprovalMode } = {}) =>
    readClientConfigs({
      cwd: options.cwd ?? project,
      home,
      env: options.env ?? {},
      clients: [client],
      scan: false,
      ...(options.approvalMode ? { approvalMode: options.approvalMode } : {}),
    });
  return { root, home, project, write, read };
}

const byName = (servers: ServerSpec[]) => Object.fromEntries(servers.map((server) => [server.name, server]));
const codexServer = (name: string): string => `[mcp_servers.${JSON.stringify(name)}]\ncommand = "node"\nargs = ["s.js"]\n`;

describe('Codex: project layers load only in a trusted project', () => {
  it('an untrusted project: its servers NOT_TRUSTED with the fix, user servers loaded', () => {
    const w = world();
    w.write(join(w.project, '.codex', 'config.toml'), codexServer('project-one'));
    w.write(join(w.home, '.codex', 'config.toml'), codexServer('user-one'));
    const servers = byName(w.read('codex').servers);
    expect(servers['user-one']!.enabled).toBe(true);
    expect(servers['project-one']).toMatchObject({
      enabled: false,
      gate: {
        code: 'NOT_TRUSTED',
        client: 'codex',
        reason: `Codex does not load .codex/config.toml of a project it has not trusted (no [projects."${w.project}"] trust_level = "trusted" in ${join(w.home, '.codex', 'config.toml')})`,
      },
    });
    expect(servers['project-one']!.gate!.fix).toContain('codex exec --trust');
    expect(summarizeServer(servers['project-one']!).verdict.code).toBe('NOT_TRUSTED');
  });

  it('trusted root, trusted subfolder, explicitly untrusted, trusted parent (CODEX_HOME honoured)', () => {
    const w = world();
    const sub = join(w.project, 'packages', 'app');
    w.write(join(w.project, '.codex', 'config.toml'), codexServer('root-one'));
    w.write(join(sub, '.codex', 'config.toml'), codexServer('sub-one'));
    const codexHome = join(w.root, 'codex-home');
    const trust = (entries: Record<string, string>) =>
      w.write(
        join(codexHome, 'config.toml'),
        Object.entries(entries)
          .map(([dir, level]) => `[projects.${JSON.stringify(dir)}]\ntrust_level = "${level}"\n`)
          .join('\n'),
      );
    const loaded = () =>
      w
        .read('codex', { cwd: sub, env: { CODEX_HOME: codexHome } })
        .servers.filter((server) => server.enabled)
        .map((server) => server.name)
        .sort();
    trust({ [w.project]: 'trusted' });
    expect(loaded()).toEqual(['root-one', 'sub-one']);
    trust({ [sub]: 'trusted' });
    expect(loaded()).toEqual(['sub-one']);
    trust({ [w.project]: 'trusted', [sub]: 'untrusted' });
    expect(loaded()).toEqual(['root-one']);
    trust({ [dirname(w.project)]: 'trusted' });
    expect(loaded()).toEqual([]);
    trust({ [w.project]: 'untrusted' });
    const gate = w.read('codex', { cwd: sub, env: { CODEX_HOME: codexHome } }).servers[0]!.gate!;
    expect(gate.reason).toMatch(/trust_level = "untrusted"/);
    expect(gate.fix).toMatch(/explicitly untrusted projects must have their trust setting updated first/);
  });

  it('refuses a server key outside ^[a-zA-Z0-9_:@/.-]+$ (CONFIG_REJECTED at its line), the others still load', () => {
    const w = world();
    w.write(join(w.home, '.codex', 'config.toml'), codexServer('ok.name') + codexServer('with space') + codexServer('@team/srv:v2'));
    const servers = byName(w.read('codex').servers);
    expect(servers['ok.name']!.enabled).toBe(true);
    expect(servers['@team/srv:v2']!.enabled).toBe(true);
    expect(servers['with space']!.rejected?.reason).toBe(
      "Codex would not load it: Invalid MCP server name 'with space': must match pattern ^[a-zA-Z0-9_:@/.-]+$",
    );
    expect(summarizeServer(servers['with space']!).verdict.code).toBe('REFUSED');
    expect(servers['with space']!.diagnostics[0]).toMatchObject({ code: 'SERVER_NAME_REFUSED', rejects: 'entry', line: 4 });
  });
});

describe('Gemini CLI: folder trust and the approval rules of gemini -p', () => {
  const gemini = (w: ReturnType<typeof world>, servers: Record<string, Record<string, unknown>>, settings: Record<string, unknown> = {}) =>
    w.write(join(w.project, '.gemini', 'settings.json'), JSON.stringify({ ...settings, mcpServers: servers }));
  const trustFolder = (w: ReturnType<typeof world>, rules: Record<string, string>) =>
    w.write(join(w.home, '.gemini', 'trustedFolders.json'), JSON.stringify(rules));

  it('a folder no rule covers: every server NOT_TRUSTED (gemini -p exits 55); the ways to trust it', () => {
    const w = world();
    gemini(w, { one: { command: 'node', trust: true } });
    const gate = w.read('gemini-cli').servers[0]!.gate!;
    expect(gate).toMatchObject({ code: 'NOT_TRUSTED', client: 'gemini-cli' });
    expect(gate.reason).toBe(
      `Gemini CLI does not run in a folder it does not trust: no rule in ${join(w.home, '.gemini', 'trustedFolders.json')} covers ${w.project} (gemini -p exits with 55)`,
    );
    expect(w.read('gemini-cli', { env: { GEMINI_CLI_TRUST_WORKSPACE: 'true' } }).servers[0]!.enabled).toBe(true);
    trustFolder(w, { [dirname(w.project)]: 'TRUST_FOLDER' });
    expect(w.read('gemini-cli').servers[0]!.enabled).toBe(true);
    trustFolder(w, { [join(w.project, 'not-even-there')]: 'TRUST_PARENT' });
    expect(w.read('gemini-cli').servers[0]!.enabled).toBe(true);
    trustFolder(w, { [dirname(w.project)]: 'TRUST_FOLDER', [w.project]: 'DO_NOT_TRUST' });
    expect(w.read('gemini-cli').servers[0]!.gate?.reason).toMatch(/is DO_NOT_TRUST in/);
    expect(w.read('gemini-cli', { env: { GEMINI_CLI_TRUST_WORKSPACE: 'true', GEMINI_RESTRICTED_MODE: 'true' } }).servers[0]!.gate?.reason).toMatch(
      /GEMINI_RESTRICTED_MODE=true/,
    );
    trustFolder(w, { [w.project]: 'TRUST_EVERYTHING' });
    expect(w.read('gemini-cli').servers[0]!.gate?.reason).toMatch(/invalid trust level "TRUST_EVERYTHING"/);
    w.write(join(w.home, '.gemini', 'settings.json'), JSON.stringify({ security: { folderTrust: { enabled: false } } }));
    expect(w.read('gemini-cli').servers[0]!.enabled).toBe(true);
  });

  it('default mode: only trust: true, mcp.allowed or autoAllowInHeadless, and only where mcp_<server>_ survives', () => {
    const w = world();
    trustFolder(w, { [w.project]: 'TRUST_FOLDER' });
    const long = 'trusted_but_quite_long_name';
    gemini(
      w,
      {
        trusted: { command: 'node', trust: true },
        untrusted: { command: 'node' },
        'My Server.v2': { command: 'node', trust: true },
        mcp_prefixed: { command: 'node', trust: true },
        [long]: { command: 'node', trust: true },
        excluded: { command: 'node' },
      },
      { mcp: { excluded: ['excluded'] } },
    );
    const servers = byName(w.read('gemini-cli').servers);
    expect(servers['trusted']!.enabled).toBe(true);
    expect(servers['untrusted']!.gate).toMatchObject({ code: 'NOT_APPROVED' });
    expect(servers['untrusted']!.gate!.reason).toBe(
      'gemini -p in default approval mode offers no tool of a server without "trust": true that is not in mcp.allowed (an interactive session asks before each call)',
    );
    expect(servers['My Server.v2']!.gate!.reason).toMatch(/"trust": true does not take effect .*"mcp_My Server.v2_\*"/);
    expect(servers['mcp_prefixed']!.gate!.code).toBe('NOT_APPROVED');
    expect(servers[long]).toMatchObject({ enabled: true, toolGate: { client: 'gemini-cli', namePrefix: `mcp_${long}_` } });
    // Switched off by mcp.excluded: DISABLED, not NOT_APPROVED (nothing would be offered either way).
    expect(summarizeServer(servers['excluded']!).verdict.code).toBe('DISABLED');
    expect(servers['excluded']!.gate).toBeUndefined();
    // A long tool of the long-named server loses the prefix once shortened: only that tool is withheld.
    const catalog = applyClientToolFilters(
      buildCatalog([
        {
          server: { name: long, transport: 'stdio', source: '.gemini/settings.json', client: 'gemini-cli', status: 'ok', toolCount: 2 },
          tools: [
            { server: long, name: 'a', inputSchema: { type: 'object' } },
            { server: long, name: 'a_long_tool_name_that_gets_elided_by_gemini', inputSchema: { type: 'object' } },
          ],
          stderr: '',
        },
      ]),
      { servers: [servers[long]!] } as never,
    );
    expect(catalog.tools.map((tool) => tool.hidden?.by)).toEqual([undefined, 'gemini-cli NOT_APPROVED']);
    expect(catalog.tools[1]!.hidden!.reason).toMatch(/\("mcp_trusted_but_quite_long_nam\.\.\.ame_that_gets_elided_by_gemini"\)$/);
  });

  it('yolo offers everything, plan nothing; mcp.allowed and autoAllowInHeadless approve without trust', () => {
    const w = world();
    trustFolder(w, { [w.project]: 'TRUST_FOLDER' });
    gemini(w, { plain: { command: 'node' }, trusted: { command: 'node', trust: true } });
    expect(w.read('gemini-cli', { approvalMode: 'yolo' }).servers.every((server) => server.enabled)).toBe(true);
    expect(w.read('gemini-cli', { approvalMode: 'plan' }).servers.map((server) => server.gate?.code)).toEqual(['NOT_APPROVED', 'NOT_APPROVED']);
    expect(w.read('gemini-cli', { approvalMode: 'auto_edit' }).servers.map((server) => server.enabled)).toEqual([false, true]);
    gemini(w, { plain: { command: 'node' }, trusted: { command: 'node', trust: true } }, { mcp: { allowed: ['plain', 'trusted'] } });
    expect(w.read('gemini-cli').servers.map((server) => server.enabled)).toEqual([true, true]);
    gemini(w, { plain: { command: 'node' } }, { mcp: { autoAllowInHeadless: true } });
    expect(w.read('gemini-cli').servers[0]!.enabled).toBe(true);
  });
});

describe('Claude Code: permissions.deny takes tools away from the model (the server still starts)', () => {
  // Each row as Claude Code 2.1.332 decided it (test/fidelity/clients/claude-code.json, scenarios permission-deny*).
  it.each([
    ['mcp__github', 'github', 'create_issue', true],
    ['mcp__github__*', 'github', 'create_issue', true],
    ['mcp__github__create_issue', 'github', 'create_issue', true],
    ['mcp__github__create_issue', 'github', 'create_issues', false],
    ['mcp__My_Server_v2', 'My Server.v2', 'a', true],
    ['mcp__My Server.v2', 'My Server.v2', 'a', false],
    ['mcp__sp__do_thing', 'sp', 'do thing', true],
    ['mcp__cased', 'Cased', 'one', false],
    ['mcp__data', 'data__lake', 'q', true],
    ['mcp__x__y', 'x__y', 't', true],
    ['mcp__dunder__a', 'dunder', 'a__b', false],
    ['mcp__exact-dunder__a__b', 'exact-dunder', 'a__b', true],
    ['mcp__wild__o*', 'wild', 'one', true],
    ['mcp__wild__o*', 'wild', 'two', false],
    ['mcp__gl__ab*d', 'gl', 'ab__cd', true],
    ['mcp__gl__ab*d', 'gl', 'abx', false],
    ['mcp__q*', 'q1', 'two', true],
    ['mcp__*__one', 'r1', 'one', true],
    ['mcp__*__one', 'r1', 'two', false],
    ['mcp__*', 'anything', 'at_all', true],
    ['mcp__', 'one', 'a', false],
  ])('%s on %s/%s → %s', (rule, server, tool, denied) => {
    expect(claudeDenies(rule, server, tool)).toBe(denied);
  });

  it('a rule that takes every tool of a server is a server verdict; a tool rule is not', () => {
    expect(claudeDeniesServer('mcp__starred__*', 'starred')).toBe(true);
    expect(claudeDeniesServer('mcp__q*', 'q1')).toBe(true);
    expect(claudeDeniesServer('mcp__partly__two', 'partly')).toBe(false);
    expect(claudeDeniesServer('mcp__*__one', 'r1')).toBe(false);
  });

  it('a whole-server rule is NOT_APPROVED for any scope; tool rules withhold tools one by one; rules with content are ignored', () => {
    const w = world();
    const entry = { command: 'node', args: ['s.js'] };
    w.write(join(w.project, '.mcp.json'), JSON.stringify({ mcpServers: { denied: entry, partly: entry, content: entry } }));
    w.write(join(w.home, '.claude.json'), JSON.stringify({ mcpServers: { 'user-denied': entry } }));
    w.write(
      join(w.project, '.claude', 'settings.json'),
      JSON.stringify({ permissions: { deny: ['mcp__denied', 'mcp__partly__two', 'mcp__content__one(x)', 'Bash'], allow: ['mcp__partly__one'] } }),
    );
    w.write(join(w.home, '.claude', 'settings.json'), JSON.stringify({ permissions: { deny: ['mcp__user-denied'] } }));
    const config = w.read('claude-code');
    const servers = byName(config.servers);
    expect(servers['denied']).toMatchObject({
      enabled: false,
      gate: {
        code: 'NOT_APPROVED',
        client: 'claude-code',
        reason: 'Claude Code starts it but offers none of its tools: permissions.deny has "mcp__denied" (.claude/settings.json)',
        fix: 'remove "mcp__denied" from permissions.deny in .claude/settings.json',
      },
    });
    expect(summarizeServer(servers['user-denied']!).verdict.code).toBe('NOT_APPROVED');
    expect(servers['user-denied']!.gate!.file).toBe(join(w.home, '.claude', 'settings.json'));
    expect(summarizeServer(servers['partly']!).verdict.code).toBe('LOADED');
    expect(summarizeServer(servers['content']!).verdict.code).toBe('LOADED');

    const tools = ['one', 'two'].flatMap((name) => ['partly', 'content'].map((server) => ({ server, name, inputSchema: { type: 'object' } })));
    const catalog = buildCatalog(
      ['partly', 'content'].map((name) => ({
        server: { name, transport: 'stdio' as const, source: '.mcp.json', status: 'ok' as const, toolCount: 2 },
        tools: tools.filter((tool) => tool.server === name),
        stderr: '',
      })),
    );
    const hidden = applyClientToolFilters(catalog, config).tools.filter((tool) => tool.hidden);
    expect(hidden.map((tool) => [tool.server, tool.name, tool.hidden])).toEqual([
      [
        'partly',
        'two',
        {
          by: 'claude-code NOT_APPROVED',
          reason: 'Claude Code does not offer it: permissions.deny has "mcp__partly__two" (.claude/settings.json), which covers "mcp__partly__two"',
        },
      ],
    ]);
    const findings = runChecks({ config, catalog, targets: [] } as never, ['lint']).findings.filter((finding) => finding.code === 'NOT_APPROVED');
    expect(findings.map((finding) => [finding.code, finding.server, finding.tool, finding.location?.file])).toEqual([
      ['NOT_APPROVED', 'denied', undefined, '.claude/settings.json'],
      ['NOT_APPROVED', 'partly', 'two', '.claude/settings.json'],
      ['NOT_APPROVED', 'user-denied', undefined, join(w.home, '.claude', 'settings.json')],
    ]);
  });
});

describe('verdicts where they are shown', () => {
  it('servers --json carries the verdict; list skips a gated server unless --all, its kind and verdict said', async () => {
    const w = world();
    w.write(join(w.project, '.codex', 'config.toml'), codexServer('project-one'));
    const config = w.read('codex');
    const [server] = config.servers;
    expect(summarizeServer(server!).verdict).toEqual({ code: 'NOT_TRUSTED', reason: server!.gate!.reason, fix: server!.gate!.fix });
    expect(describeTarget(server!).target).toBe('node s.js');
    const skipped = await liveSource(config.servers, { cwd: w.project }).discover(undefined, { concurrency: 1 });
    expect(skipped[0]!.server).toMatchObject({
      status: 'disabled',
      disabledKind: 'not-trusted',
      verdict: { code: 'NOT_TRUSTED' },
      notes: [server!.gate!.reason],
    });
    const discovered = await liveSource(config.servers, {
      cwd: w.project,
      includeRejected: true,
      discover: async (servers) =>
        servers.map((spec) => ({
          server: { name: spec.name, transport: spec.transport, source: spec.source.file, status: 'ok' as const, toolCount: 1 },
          tools: [{ server: spec.name, name: 'one', inputSchema: { type: 'object' } }],
          stderr: '',
        })),
    }).discover(undefined, { concurrency: 1 });
    expect(discovered[0]!.tools[0]!.hidden).toEqual({ by: 'codex NOT_TRUSTED', reason: server!.gate!.reason });
  });

  it('every checking command reports NOT_TRUSTED and NOT_APPROVED at the file the decision comes from', () => {
    const w = world();
    w.write(join(w.project, '.codex', 'config.toml'), codexServer('project-one'));
    const config = w.read('codex');
    const catalog = buildCatalog([]);
    const result = runChecks({ config, catalog, targets: [] } as never, ['lint']);
    expect(result.findings).toEqual([
      expect.objectContaining({
        code: 'NOT_TRUSTED',
        severity: 'warning',
        server: 'project-one',
        location: { file: join(w.home, '.codex', 'config.toml') },
        args: { client: 'Codex', reason: config.servers[0]!.gate!.reason, fix: config.servers[0]!.gate!.fix },
      }),
    ]);
  });

  it('names the one tool Gemini CLI withholds from a server it otherwise offers', () => {
    const w = world();
    const long = 'trusted_but_quite_long_name';
    w.write(join(w.home, '.gemini', 'trustedFolders.json'), JSON.stringify({ [w.project]: 'TRUST_FOLDER' }));
    w.write(join(w.project, '.gemini', 'settings.json'), JSON.stringify({ mcpServers: { [long]: { command: 'node', trust: true } } }));
    const config = w.read('gemini-cli');
    const tools = ['a', 'a_long_tool_name_that_gets_elided_by_gemini'].map((name) => ({ server: long, name, inputSchema: { type: 'object' } }));
    const catalog = buildCatalog([
      { server: { name: long, transport: 'stdio', source: '.gemini/settings.json', status: 'ok', toolCount: 2 }, tools, stderr: '' },
    ]);
    const findings = runChecks({ config, catalog, targets: [] } as never, ['conflicts']).findings;
    expect(findings.map((finding) => [finding.code, finding.server, finding.tool, finding.severity])).toEqual([
      ['NOT_APPROVED', long, 'a_long_tool_name_that_gets_elided_by_gemini', 'warning'],
    ]);
  });
});
