import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { detectClient, readForeignConfigFile } from '../../../src/config/clients/index.js';
import { ConfigError } from '../../../src/errors.js';

const ROOT = resolve('fixtures/configs/clients');
const options = { cwd: ROOT, home: '/home/nobody', env: {} };

function readError(rel: string): ConfigError {
  const file = join(ROOT, rel);
  try {
    readForeignConfigFile(file, readFileSync(file, 'utf8'), options);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error('expected a ConfigError');
}

describe('detectClient', () => {
  it.each([
    ['/x/claude_desktop_config.json', '{}', 'claude-desktop'],
    ['/x/.mcp.json', '{}', 'claude-code'],
    ['/home/u/.claude.json', '{}', 'claude-code'],
    ['/p/.vscode/mcp.json', '{}', 'vscode'],
    ['/home/u/.config/Code/User/mcp.json', '{}', 'vscode'],
    ['/x/mcp.json', '{"servers":{}}', 'vscode'],
    ['/p/.cursor/mcp.json', '{}', 'cursor'],
    ['/home/u/.codeium/windsurf/mcp_config.json', '{}', 'windsurf'],
    ['/home/u/.codex/config.toml', '', 'codex'],
    ['/x/settings.json', '{"mcpServers":{}}', 'gemini-cli'],
    ['/p/.gemini/settings.json', '{}', 'gemini-cli'],
    ['/p/opencode.jsonc', '{}', 'opencode'],
    ['/x/my.json', '{"mcp":{"a":{"type":"local"}}}', 'opencode'],
    ['/x/settings.json', '{"context_servers":{}}', 'zed'],
    ['/x/cline_mcp_settings.json', '{}', 'cline'],
    ['/x/config.yaml', 'mcpServers:\n  - name: a\n', 'continue'],
    ['/x/config.yaml', 'extensions:\n  a: {}\n', 'goose'],
    ['/x/inspector.json', '{"mcpServers":{}}', 'generic'],
  ])('%s %s → %s', (file, text, client) => {
    expect(detectClient(file, text, file)).toBe(client);
  });

  it('an unknown shape is a ConfigError listing the understood formats', () => {
    const error = readError('unknown/whatever.json');
    expect(error.code).toBe('CONFIG_INVALID');
    expect(error.message).toContain('not a config format mcpns understands');
    expect(error.hint).toContain('claude_desktop_config.json');
    expect(error.hint).toContain('config.toml');
  });
});

describe('malformed files → ConfigError with file, line and column', () => {
  it('JSON', () => {
    const error = readError('malformed/.mcp.json');
    expect(error.code).toBe('CONFIG_PARSE');
    expect(error.location).toMatchObject({ file: 'malformed/.mcp.json', line: 5 });
    expect(error.location.column).toBeGreaterThan(0);
  });
  it('TOML', () => {
    const error = readError('malformed/config.toml');
    expect(error.code).toBe('CONFIG_PARSE');
    expect(error.message).toMatch(/^malformed\/config\.toml:\d+:\d+: TOML syntax error/);
    expect(error.location.line).toBeGreaterThanOrEqual(3);
  });
  it('YAML', () => {
    const error = readError('malformed/config.yaml');
    expect(error.code).toBe('CONFIG_PARSE');
    expect(error.message).toMatch(/^malformed\/config\.yaml:\d+:\d+: YAML syntax error/);
    expect(error.location.line).toBeGreaterThanOrEqual(3);
  });
});
