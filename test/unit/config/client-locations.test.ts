import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CLIENT_IDS, readClientConfigs } from '../../../src/config/clients/index.js';
import { loadConfig } from '../../../src/config/load.js';
import { UsageError } from '../../../src/errors.js';
import { writeClientTree } from './client-tree.js';
import { makeTempDir } from '../../helpers/temp.js';

const SECRET = 'sentinel-unit-9c1e';
const tree = writeClientTree({ command: 'node', args: ['calc.js'], secret: SECRET, remoteUrl: 'http://127.0.0.1:9/mcp' });
afterAll(() => rmSync(tree.root, { recursive: true, force: true }));

const base = { cwd: tree.project, home: tree.home, env: { MCPNS_SECRET: SECRET } as Record<string, string | undefined> };
const read = (clients: string[], env: Record<string, string | undefined> = {}, scan = false) =>
  readClientConfigs({ ...base, env: { ...base.env, ...env }, clients, scan });

describe('--client reads the known locations for cwd and home', () => {
  it.each([
    ['claude-code', ['claude-code-calc', 'claude-code-local', 'claude-code-remote']],
    ['claude-desktop', ['claude-desktop-calc']],
    ['vscode', ['vscode-calc', 'vscode-remote']],
    ['cursor', ['cursor-calc', 'cursor-remote']],
    ['windsurf', ['windsurf-calc', 'windsurf-remote']],
    ['codex', ['codex-calc', 'codex-remote']],
    ['gemini-cli', ['gemini-cli-calc', 'gemini-cli-remote']],
    ['opencode', ['opencode-calc', 'opencode-remote']],
    ['zed', ['zed-calc', 'zed-remote']],
    ['cline', ['cline-calc', 'cline-remote']],
    ['continue', ['continue-calc', 'continue-remote']],
    ['goose', ['goose-calc', 'goose-remote']],
  ])('%s', (client, names) => {
    const config = read([client]);
    expect(config.servers.map((s) => s.name).sort()).toEqual(names);
    expect(new Set(config.servers.map((s) => s.source.client))).toEqual(new Set([client]));
    expect(config.servers.every((s) => s.enabled && s.source.line !== undefined)).toBe(true);
    expect(config.files.length).toBeGreaterThan(0);
  });

  it('secrets from variables are resolved in each dialect', () => {
    const all = read([], {}, true);
    const env = (name: string) => all.servers.find((s) => s.name === name)!.env;
    const headers = (name: string) => all.servers.find((s) => s.name === name)!.headers;
    expect(env('claude-code-calc')).toMatchObject({ FROM_VAR: SECRET });
    expect(env('vscode-calc')).toMatchObject({ FROM_VAR: SECRET });
    expect(env('gemini-cli-calc')).toMatchObject({ FROM_VAR: SECRET });
    expect(env('opencode-calc')).toMatchObject({ FROM_VAR: SECRET });
    expect(env('codex-calc')).toMatchObject({ MCPNS_SECRET: SECRET, LITERAL_SECRET: SECRET });
    expect(env('goose-calc')).toMatchObject({ MCPNS_SECRET: SECRET });
    expect(headers('codex-remote')).toEqual({ 'X-Literal': SECRET, 'X-From-Env': SECRET, Authorization: `Bearer ${SECRET}` });
    expect(headers('continue-remote')).toEqual({ 'X-Literal': SECRET, Authorization: `Bearer ${SECRET}` });
    expect(headers('goose-remote')).toEqual({ 'X-Literal': SECRET, Authorization: `Bearer ${SECRET}` });
  });

  it('--scan reads every known client, with file sources and client ids', () => {
    const config = read([], {}, true);
    expect(new Set(config.servers.map((s) => s.source.client))).toEqual(new Set(CLIENT_IDS));
    expect(config.files).toContain('.mcp.json');
    expect(config.files).toContain(join('.vscode', 'mcp.json'));
    expect(config.files).toContain(join(tree.home, '.claude.json'));
  });

  it('unknown client id → UsageError listing the valid ids', () => {
    let error: unknown;
    try {
      read(['claude', 'cursor']);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(UsageError);
    expect((error as UsageError).message).toContain('"claude"');
    expect((error as UsageError).hint).toContain('claude-code');
    expect((error as UsageError).hint).toContain('gemini-cli');
  });

  it('missing files are skipped (a warning for --client, info only with --verbose for --scan)', () => {
    const empty = makeTempDir('mcpns-empty-');
    try {
      const config = readClientConfigs({ cwd: empty, home: empty, env: {}, clients: ['cursor'], scan: false });
      expect(config.servers).toEqual([]);
      expect(config.diagnostics).toMatchObject([{ code: 'CLIENT_CONFIG_NOT_FOUND', level: 'warning' }]);
      expect(readClientConfigs({ cwd: empty, home: empty, env: {}, clients: [], scan: true }).diagnostics).toEqual([]);
      const verbose = readClientConfigs({ cwd: empty, home: empty, env: {}, clients: [], scan: true, verbose: true });
      expect(verbose.diagnostics.length).toBe(CLIENT_IDS.length);
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });
});

describe('overrides clients honour', () => {
  it('CLAUDE_CONFIG_DIR relocates .claude.json', () => {
    const dir = join(tree.root, 'claude-config');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, '.claude.json'), JSON.stringify({ mcpServers: { relocated: { command: 'node' } } }));
    const names = read(['claude-code'], { CLAUDE_CONFIG_DIR: dir }).servers.map((s) => s.name);
    expect(names).toContain('relocated');
    expect(names).not.toContain('claude-code-local');
  });
  it('CODEX_HOME relocates the user config.toml', () => {
    const dir = join(tree.root, 'codex-home');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'config.toml'), '[mcp_servers.from-codex-home]\ncommand = "node"\n');
    const config = read(['codex'], { CODEX_HOME: dir });
    expect(config.servers.find((s) => s.name === 'from-codex-home')?.source.scope).toBe('user');
  });
  it('XDG_CONFIG_HOME moves the VS Code user mcp.json and the goose config', () => {
    const xdg = join(tree.root, 'xdg');
    mkdirSync(join(xdg, 'Code', 'User'), { recursive: true });
    writeFileSync(join(xdg, 'Code', 'User', 'mcp.json'), JSON.stringify({ servers: { 'from-xdg': { command: 'node' } } }));
    expect(read(['vscode'], { XDG_CONFIG_HOME: xdg }).servers.find((s) => s.name === 'from-xdg')?.source.scope).toBe('user');
    expect(read(['goose'], { XDG_CONFIG_HOME: xdg }).servers).toEqual([]);
  });
});

describe('precedence across scopes', () => {
  it('Claude Code local > project > user: every entry kept, losers shadowed with a note', () => {
    const dir = join(tree.root, 'claude-precedence');
    mkdirSync(dir, { recursive: true });
    writeFileSync(
      join(dir, '.claude.json'),
      JSON.stringify({
        mcpServers: { 'claude-code-calc': { command: 'user' } },
        projects: { [tree.project]: { mcpServers: { 'claude-code-calc': { command: 'local' } } } },
      }),
    );
    const servers = read(['claude-code'], { CLAUDE_CONFIG_DIR: dir }).servers.filter((s) => s.name === 'claude-code-calc');
    expect(servers.map((s) => [s.source.scope, s.command, s.enabled, Boolean(s.shadowedBy)]).sort()).toEqual([
      ['local', 'local', true, false],
      ['project', 'node', false, true],
      ['user', 'user', false, true],
    ]);
    const project = servers.find((s) => s.source.scope === 'project')!;
    expect(project.shadowedBy).toContain('local scope');
    expect(project.diagnostics.find((d) => d.code === 'SERVER_SHADOWED')?.message).toMatch(/^Claude Code uses .*local scope/);
  });
  it('Cursor project beats global; the same name from two --config files is kept twice', () => {
    mkdirSync(join(tree.home, '.cursor'), { recursive: true });
    writeFileSync(join(tree.home, '.cursor', 'mcp.json'), JSON.stringify({ mcpServers: { 'cursor-calc': { command: 'global' } } }));
    try {
      const servers = read(['cursor']).servers.filter((s) => s.name === 'cursor-calc');
      expect(servers.map((s) => [s.source.scope, s.shadowedBy === undefined])).toEqual([
        ['project', true],
        ['global', false],
      ]);
      const loaded = loadConfig({ ...base, configFiles: [join(tree.project, '.cursor', 'mcp.json'), join(tree.home, '.cursor', 'mcp.json')] });
      expect(loaded.servers.filter((s) => s.name === 'cursor-calc').map((s) => [s.source.scope, s.enabled])).toEqual([
        ['project', true],
        ['global', false],
      ]);
    } finally {
      renameSync(join(tree.home, '.cursor', 'mcp.json'), join(tree.home, '.cursor', 'unused.json'));
    }
  });
});
