import { DEFAULT_INHERITED_ENV_VARS } from '@modelcontextprotocol/client/stdio';
import { describe, expect, it } from 'vitest';
import { clientEnvPolicy, inheritedSecrets, policyFromSetting, SDK_DEFAULT_ENV_NAMES, spawnEnvironment } from '../../../src/config/spawn-env.js';
import type { ServerSpec } from '../../../src/config/model.js';

const host = { PATH: '/bin', HOME: '/home/u', SHELL: '/bin/sh', GITHUB_TOKEN: 'ghp_secretvalue', MY_SETTING: 'x', FN: '() { :; }' };
const stdio = (extra: Partial<ServerSpec> = {}): ServerSpec =>
  ({
    name: 's',
    transport: 'stdio',
    command: 'node',
    enabled: true,
    source: { client: 'mcpns', file: 'f', pointer: '/s' },
    diagnostics: [],
    ...extra,
  }) as ServerSpec;

describe('spawn environment', () => {
  it("keeps mcpns's copy of the SDK allow-list in step with the SDK", () => {
    expect([...SDK_DEFAULT_ENV_NAMES]).toEqual([...DEFAULT_INHERITED_ENV_VARS]);
  });

  it('all, minimal, minimal + names; the configured env wins; shell functions never pass', () => {
    expect(spawnEnvironment(stdio({ env: { MY_SETTING: 'y' } }), host)).toEqual({
      PATH: '/bin',
      HOME: '/home/u',
      SHELL: '/bin/sh',
      GITHUB_TOKEN: 'ghp_secretvalue',
      MY_SETTING: 'y',
    });
    expect(spawnEnvironment(stdio({ envPolicy: policyFromSetting('minimal', 'test') }), host)).toEqual({ PATH: '/bin', HOME: '/home/u', SHELL: '/bin/sh' });
    expect(spawnEnvironment(stdio({ envPolicy: policyFromSetting(['MY_SETTING'], 'test') }), host)).toMatchObject({ PATH: '/bin', MY_SETTING: 'x' });
  });

  it('per client: Claude Code sets CLAUDE_PROJECT_DIR, Gemini CLI drops secrets and sets GEMINI_CLI, Codex uses its allow-list', () => {
    expect(spawnEnvironment(stdio({ envPolicy: clientEnvPolicy('claude-code', { projectRoot: '/p', file: '/p/.mcp.json' }) }), host)).toMatchObject({
      CLAUDE_PROJECT_DIR: '/p',
      GITHUB_TOKEN: 'ghp_secretvalue',
    });
    const gemini = spawnEnvironment(stdio({ envPolicy: clientEnvPolicy('gemini-cli', { projectRoot: '/p', file: '/p/.gemini/settings.json' }) }), host);
    expect(gemini).toMatchObject({ GEMINI_CLI: '1', MY_SETTING: 'x', PATH: '/bin' });
    expect(gemini).not.toHaveProperty('GITHUB_TOKEN');
    expect(Object.keys(spawnEnvironment(stdio({ envPolicy: clientEnvPolicy('codex', { projectRoot: '/p', file: 'c.toml' }) }), host)).sort()).toEqual([
      'HOME',
      'PATH',
      'SHELL',
    ]);
  });

  it('inherited secrets are the secret-looking values that reach a stdio server', () => {
    expect(inheritedSecrets([stdio()], host)).toEqual(['ghp_secretvalue']);
    expect(inheritedSecrets([stdio({ envPolicy: policyFromSetting('minimal', 'test') })], host)).toEqual([]);
  });
});
