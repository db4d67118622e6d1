import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readForeignConfigFile } from '../../../src/config/clients/index.js';
import { loadConfig } from '../../../src/config/load.js';
import type { LoadedConfig } from '../../../src/config/loaded.js';
import type { ServerSpec } from '../../../src/config/model.js';

const ROOT = resolve('fixtures/configs/clients');
const CWD = '/tmp/mcpns-fixture-project';
const HOME = '/home/fixture-user';

function read(rel: string, env: Record<string, string> = {}, inputs: Record<string, string> = {}): LoadedConfig {
  const file = join(ROOT, rel);
  return readForeignConfigFile(file, readFileSync(file, 'utf8'), { cwd: CWD, home: HOME, env, inputs });
}
const byName = (config: LoadedConfig, name: string, scope?: string): ServerSpec => {
  const found = config.servers.find((server) => server.name === name && (scope === undefined || server.source.scope === scope));
  if (!found) throw new Error(`no server ${name} in ${config.servers.map((s) => s.name).join(', ')}`);
  return found;
};
const codes = (server: { diagnostics: Array<{ code: string }> }): string[] => server.diagnostics.map((d) => d.code).sort();

describe('Claude Desktop', () => {
  const config = read('claude-desktop/claude_desktop_config.json', { GITHUB_TOKEN: 'ghp_x' });
  it('reads the documented stdio example, starting in the home directory', () => {
    const server = byName(config, 'filesystem');
    expect(server).toMatchObject({
      transport: 'stdio',
      command: 'npx',
      args: ['-y', '@modelcontextprotocol/server-filesystem', '/Users/username/Desktop', '/Users/username/Downloads'],
      cwd: HOME,
      enabled: true,
      source: { client: 'claude-desktop', pointer: '/mcpServers/filesystem', line: 3 },
    });
    expect(server.source.file).toMatch(/claude_desktop_config\.json$/);
  });
  it('expands no variables (reports the foreign ${VAR})', () => {
    const server = byName(config, 'github server');
    expect(server.env).toEqual({ GITHUB_PERSONAL_ACCESS_TOKEN: '${GITHUB_TOKEN}' });
    expect(codes(server)).toEqual(['VAR_SYNTAX_NOT_SUPPORTED_BY_CLIENT']);
  });
  it('marks url entries unlaunchable, as the app skips them', () => {
    expect(byName(config, 'remote')).toMatchObject({ transport: 'unlaunchable' });
    expect(codes(byName(config, 'remote'))).toEqual(['UNSUPPORTED_TRANSPORT']);
  });
  it('warns that a file with comments would be rejected, but still reads it', () => {
    const commented = read('claude-desktop/commented/claude_desktop_config.json');
    expect(commented.diagnostics.map((d) => d.code)).toEqual(['STRICT_JSON_COMMENT']);
    expect(commented.servers.map((s) => s.name)).toEqual(['filesystem']);
  });
});

describe('Claude Code', () => {
  it('reads .mcp.json: types, ${VAR:-default}, url without type, bad entries', () => {
    const config = read('claude-code/project/.mcp.json', { API_KEY: 'sk-123' });
    expect(byName(config, 'api-server')).toMatchObject({
      transport: 'http',
      url: 'https://api.example.com/mcp',
      headers: { Authorization: 'Bearer sk-123' },
      source: { client: 'claude-code', scope: 'project', line: 3 },
    });
    const calc = byName(config, 'calculator');
    expect(calc.args).toEqual(['../../../servers/calculator.js']);
    expect(calc.env).toEqual({ CALC_TOKEN: '${CALC_TOKEN}' });
    expect(calc.diagnostics).toMatchObject([{ code: 'UNRESOLVED_VARIABLE', pointer: '/mcpServers/calculator/env/CALC_TOKEN' }]);
    expect(byName(config, 'no-type')).toMatchObject({ transport: 'unlaunchable' });
    expect(byName(config, 'no-type').diagnostics).toMatchObject([{ code: 'URL_WITHOUT_TYPE', level: 'error' }]);
    expect(byName(config, 'legacy-sse').transport).toBe('sse');
    expect(byName(config, 'foreign').env).toEqual({ TOKEN: '${env:GITHUB_TOKEN}' });
    expect(codes(byName(config, 'foreign'))).toEqual(['VAR_SYNTAX_NOT_SUPPORTED_BY_CLIENT']);
    expect(config.diagnostics.map((d) => [d.code, d.pointer])).toEqual([
      ['ENTRY_INVALID', '/mcpServers/broken'],
      ['ENTRY_INVALID', '/mcpServers/bad-type'],
    ]);
  });
  it('uses the environment value over the default', () => {
    const config = read('claude-code/project/.mcp.json', { API_BASE_URL: 'https://mine.example.com', API_KEY: 'k' });
    expect(byName(config, 'api-server').url).toBe('https://mine.example.com/mcp');
  });
  it('reads ~/.claude.json: user scope, the local scope of cwd only, local wins, disabledMcpServers', () => {
    const config = read('claude-code/home/.claude.json');
    expect(config.servers.map((s) => `${s.name}@${s.source.scope}`).sort()).toEqual(['memory@user', 'shared@local', 'shared@user', 'user-only@user']);
    const local = byName(config, 'shared', 'local');
    expect(local).toMatchObject({ enabled: true, args: ['local-shared.js'], source: { pointer: '/projects/~1tmp~1mcpns-fixture-project/mcpServers/shared' } });
    expect(local.shadowedBy).toBeUndefined();
    const user = byName(config, 'shared', 'user');
    expect(user.shadowedBy).toMatch(/^local scope, .*\.claude\.json:21$/);
    expect(user.enabled).toBe(false);
    expect(user.diagnostics).toMatchObject([{ code: 'SERVER_SHADOWED', level: 'info' }]);
    expect(user.diagnostics[0]!.message).toContain('Claude Code uses');
    expect(byName(config, 'memory')).toMatchObject({ enabled: false, disabledReason: expect.stringContaining('disabledMcpServers') });
  });
});

describe('VS Code', () => {
  it('reads JSONC servers + inputs with VS Code variables', () => {
    const config = read('vscode/.vscode/mcp.json', { REMOTE_TOKEN: 'tok' }, { 'perplexity-key': 'pplx-1' });
    const workspace = join(ROOT, 'vscode');
    expect(byName(config, 'perplexity')).toMatchObject({
      transport: 'stdio',
      env: { PERPLEXITY_API_KEY: 'pplx-1' },
      cwd: workspace,
      source: { client: 'vscode', scope: 'workspace' },
    });
    const calc = byName(config, 'calc');
    expect(calc.args).toEqual([`${workspace}/calculator.js`, HOME]);
    expect(calc.env).toEqual({ CALC_HOME: '', POSIX: '${API_KEY}' });
    expect(calc.diagnostics.map((d) => [d.code, d.pointer])).toEqual([
      ['UNRESOLVED_VARIABLE', '/servers/calc/env/CALC_HOME'],
      ['VAR_SYNTAX_NOT_SUPPORTED_BY_CLIENT', '/servers/calc/env/POSIX'],
    ]);
    expect(byName(config, 'remote')).toMatchObject({ transport: 'http', sseFallback: true, headers: { Authorization: 'Bearer tok' } });
    expect(byName(config, 'old-sse')).toMatchObject({ transport: 'sse' });
    expect(byName(config, 'old-sse').sseFallback).toBeUndefined();
    expect(config.diagnostics).toMatchObject([{ code: 'ENTRY_INVALID', pointer: '/servers/typo' }]);
  });
  it('reports an unanswered ${input:id} and keeps the placeholder', () => {
    const server = byName(read('vscode/.vscode/mcp.json'), 'perplexity');
    expect(server.env).toEqual({ PERPLEXITY_API_KEY: '${input:perplexity-key}' });
    expect(server.diagnostics).toMatchObject([{ code: 'UNRESOLVED_INPUT', pointer: '/servers/perplexity/env/PERPLEXITY_API_KEY' }]);
    expect(server.diagnostics[0]!.message).toContain('--input perplexity-key=');
  });
});

describe('Cursor', () => {
  it('reads the documented example: url without type is HTTP with SSE fallback', () => {
    const config = read('cursor/.cursor/mcp.json', { CURSOR_TOKEN: 'c-1' });
    expect(byName(config, 'mittwald')).toMatchObject({
      transport: 'http',
      sseFallback: true,
      url: 'https://mcp.mittwald.de/mcp',
      source: { client: 'cursor', scope: 'project' },
    });
    const local = byName(config, 'local');
    expect(local.args).toEqual([`${join(ROOT, 'cursor')}/server.js`, '--home', HOME]);
    expect(local.env).toEqual({ TOKEN: 'c-1', MISSING: '${env:MCPNS_NOT_SET}' });
    expect(local.diagnostics).toMatchObject([{ code: 'UNRESOLVED_VARIABLE', pointer: '/mcpServers/local/env/MISSING' }]);
    expect(byName(config, 'events').transport).toBe('sse');
  });
  it('the project entry beats the global one with the same name (both kept)', () => {
    const home = join(ROOT, 'cursor/home');
    const config = loadConfig({ cwd: CWD, home, env: {}, configFiles: [join(home, '.cursor/mcp.json'), join(ROOT, 'cursor/.cursor/mcp.json')] });
    const shared = config.servers.filter((server) => server.name === 'shared');
    expect(shared.map((server) => [server.source.scope, server.args, server.enabled])).toEqual([
      ['global', ['global.js'], false],
      ['project', ['project.js'], true],
    ]);
    expect(shared[0]!.shadowedBy).toMatch(/^project scope, .*\.cursor\/mcp\.json:20$/);
    expect(byName(config, 'global-only')).toMatchObject({ transport: 'http', sseFallback: true, source: { scope: 'global' } });
  });
});

describe('Windsurf', () => {
  const config = read('windsurf/mcp_config.json', { AUTH_TOKEN: 'w-1', GITHUB_TOKEN: 'g-1' });
  it('serverUrl, disabled, disabledTools', () => {
    expect(byName(config, 'remote')).toMatchObject({
      transport: 'http',
      sseFallback: true,
      url: 'https://example.com/mcp',
      headers: { Authorization: 'Bearer w-1' },
    });
    expect(byName(config, 'github')).toMatchObject({ enabled: true, env: { GITHUB_PERSONAL_ACCESS_TOKEN: 'g-1' } });
    expect(byName(config, 'github').toolFilter).toBeUndefined();
    expect(byName(config, 'calculator').toolFilter).toMatchObject({ exclude: ['multiply'], match: 'exact', excludeField: 'disabledTools' });
    expect(byName(config, 'off')).toMatchObject({ enabled: false, disabledReason: expect.stringContaining('"disabled": true') });
    expect(byName(config, 'both-urls')).toMatchObject({ url: 'https://a.example.com/mcp' });
    expect(codes(byName(config, 'both-urls'))).toEqual(['CONFLICTING_URLS']);
  });
});

describe('Codex', () => {
  it('reads the documented figma example: env headers and bearer token from the environment', () => {
    const config = read('codex/.codex/config.toml', { ENV_VAR: 'bearer-1', ENV_VAR2: 'hdr-2' });
    expect(byName(config, 'figma')).toMatchObject({
      transport: 'http',
      url: 'https://mcp.figma.com/mcp',
      headers: { HEADER_NAME: 'HEADER_VALUE', HEADER_NAME2: 'hdr-2', Authorization: 'Bearer bearer-1' },
      source: { client: 'codex', scope: 'project', line: 3, pointer: '/mcp_servers/figma' },
    });
    expect(byName(config, 'figma').sseFallback).toBeUndefined();
  });
  it('stdio with env_vars, filters, timeout, enabled=false; no variable expansion; mixed fields rejected', () => {
    const config = read('codex/.codex/config.toml', { CALC_SECRET: 's3' });
    const calc = byName(config, 'calculator');
    expect(calc).toMatchObject({
      transport: 'stdio',
      env: { CALC_SECRET: 's3', CALC_MODE: '${NOT_EXPANDED}' },
      timeoutMs: 20_000,
      toolFilter: { include: ['add', 'multiply'], exclude: ['multiply'], match: 'exact' },
    });
    expect(codes(calc)).toEqual(['VAR_SYNTAX_NOT_SUPPORTED_BY_CLIENT']);
    expect(byName(config, 'off')).toMatchObject({ enabled: false });
    expect(config.diagnostics).toMatchObject([{ code: 'ENTRY_INVALID', pointer: '/mcp_servers/mixed' }]);
    expect(codes(byName(read('codex/.codex/config.toml'), 'figma'))).toEqual(['UNRESOLVED_VARIABLE', 'UNRESOLVED_VARIABLE']);
  });
});

describe('Gemini CLI', () => {
  const config = read('gemini-cli/.gemini/settings.json', { EXTERNAL_API_KEY: 'ext-1' });
  it('reads the documented example with $VAR and ${VAR}; missing env values become empty', () => {
    const server = byName(config, 'pythonTools');
    expect(server).toMatchObject({
      transport: 'stdio',
      command: 'python',
      cwd: join(CWD, 'mcp-servers/python'),
      env: { DATABASE_URL: '', API_KEY: 'ext-1' },
      timeoutMs: 15_000,
      source: { client: 'gemini-cli', scope: 'project' },
    });
    expect(server.diagnostics.map((d) => [d.code, d.pointer])).toEqual([
      ['RELATIVE_CWD', '/mcpServers/pythonTools/cwd'],
      ['UNRESOLVED_VARIABLE', '/mcpServers/pythonTools/env/DATABASE_URL'],
    ]);
    expect(server.diagnostics[1]!.message).toBe('variable DB_CONNECTION_STRING is not set; Gemini CLI substitutes an empty string');
  });
  it('httpUrl > url (+type) > command, ${VAR:-default}, filters, mcp.excluded', () => {
    expect(byName(config, 'streamable')).toMatchObject({ transport: 'http', headers: { Authorization: 'Bearer ' } });
    expect(byName(config, 'streamable').sseFallback).toBeUndefined();
    expect(byName(config, 'url-only')).toMatchObject({ transport: 'http', sseFallback: true, url: 'https://fallback.example.com/mcp' });
    expect(byName(config, 'events')).toMatchObject({ transport: 'sse' });
    const calc = byName(config, 'calculator');
    expect(calc.args).toEqual(['calculator.js', '${MISSING_ARG}']);
    expect(calc.toolFilter).toMatchObject({ include: ['add', 'multiply(a, b)', 'subtract'], exclude: ['subtract'], match: 'gemini' });
    expect(byName(config, 'excluded-one')).toMatchObject({ enabled: false, disabledReason: expect.stringContaining('mcp.excluded') });
  });
});

describe('opencode', () => {
  const config = read('opencode/opencode.jsonc', { OPENCODE_TOKEN: 'oc-1' });
  it('reads the documented local example (argv command, environment)', () => {
    expect(byName(config, 'my-local-mcp-server')).toMatchObject({
      transport: 'stdio',
      command: 'npx',
      args: ['-y', 'my-mcp-command'],
      env: { MY_ENV_VAR: 'my_env_var_value' },
      enabled: true,
      source: { client: 'opencode', scope: 'project', line: 4 },
    });
  });
  it('remote + {env:VAR} (unset → empty, reported), enabled=false, tools globs', () => {
    expect(byName(config, 'remote')).toMatchObject({ transport: 'http', sseFallback: true, headers: { Authorization: 'Bearer oc-1' } });
    expect(byName(config, 'remote').toolFilter).toMatchObject({ exclude: ['remote_*'], match: 'glob', prefix: 'remote_' });
    const calc = byName(config, 'calculator');
    expect(calc.env).toEqual({ MODE: '' });
    expect(codes(calc)).toEqual(['UNRESOLVED_VARIABLE']);
    expect(calc.toolFilter).toMatchObject({ exclude: ['calculator_mul*'], prefix: 'calculator_' });
    expect(byName(config, 'off').enabled).toBe(false);
    expect(config.diagnostics).toMatchObject([{ code: 'ENTRY_INVALID', pointer: '/mcp/weird' }]);
  });
});

describe('Zed, Cline, Continue, Goose, generic', () => {
  it('Zed: command string, url, extension settings, legacy command object, enabled, timeout seconds', () => {
    const config = read('zed/settings.json');
    expect(byName(config, 'local-mcp-server')).toMatchObject({ transport: 'stdio', command: 'some-command', args: ['arg-1', 'arg-2'] });
    expect(byName(config, 'remote-mcp-server')).toMatchObject({ transport: 'http' });
    expect(codes(byName(config, 'remote-mcp-server'))).toEqual(['INVALID_URL']);
    expect(byName(config, 'from-extension').transport).toBe('unlaunchable');
    expect(byName(config, 'legacy')).toMatchObject({ command: 'node', args: ['legacy.js'], env: { A: '1' }, enabled: false, timeoutMs: 30_000 });
  });
  it('Cline: url without type is SSE; nested transport; legacy transportType; disabled', () => {
    const config = read('cline/cline_mcp_settings.json', { CLINE_KEY: 'ck' });
    expect(byName(config, 'remote-server')).toMatchObject({ transport: 'http', headers: { Authorization: 'Bearer your-token' } });
    expect(byName(config, 'no-type').transport).toBe('sse');
    expect(byName(config, 'nested')).toMatchObject({ transport: 'stdio', command: 'node', enabled: false, source: { pointer: '/mcpServers/nested' } });
    expect(byName(config, 'legacy').transport).toBe('http');
    expect(byName(config, 'local')).toMatchObject({ env: { KEY: 'ck' }, diagnostics: [] });
  });
  it('Continue: YAML list named by "name", apiKey → Bearer, hub refs skipped', () => {
    const config = read('continue/config.yaml', { GITHUB_PERSONAL_ACCESS_TOKEN: 'gh', REMOTE_KEY: 'rk' });
    expect(byName(config, 'GitHub')).toMatchObject({
      transport: 'stdio',
      env: { GITHUB_PERSONAL_ACCESS_TOKEN: 'gh' },
      source: { client: 'continue', pointer: '/mcpServers/0', line: 5 },
    });
    expect(byName(config, 'Remote')).toMatchObject({ transport: 'http', sseFallback: true, headers: { Authorization: 'Bearer rk' } });
    expect(byName(config, 'Events')).toMatchObject({ transport: 'sse', headers: { 'X-Tenant': 'acme' } });
    expect(config.diagnostics.map((d) => d.code)).toEqual(['HUB_REFERENCE_SKIPPED', 'ENTRY_INVALID']);
  });
  it('Goose: extensions map, cmd/uri, available_tools, timeout seconds, internal and sse types', () => {
    const config = read('goose/config.yaml');
    expect(byName(config, 'filesystem')).toMatchObject({ transport: 'stdio', command: 'npx', timeoutMs: 300_000, source: { client: 'goose', line: 2 } });
    expect(byName(config, 'remote-tools')).toMatchObject({ transport: 'http', url: 'https://example.com/mcp' });
    expect(byName(config, 'calculator')).toMatchObject({ enabled: false, toolFilter: { include: ['add'], match: 'exact' } });
    expect(byName(config, 'developer').transport).toBe('unlaunchable');
    expect(byName(config, 'old').transport).toBe('unlaunchable');
  });
  it('generic mcpServers JSON (Inspector style)', () => {
    const config = read('generic/servers.json');
    expect(byName(config, 'my-http-server')).toMatchObject({ transport: 'http', source: { client: 'generic' } });
    expect(byName(config, 'untyped')).toMatchObject({ transport: 'http', sseFallback: true });
    expect(byName(config, 'local').transport).toBe('stdio');
  });
});
