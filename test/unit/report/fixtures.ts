import type { CheckResult } from '../../../src/checks/run.js';
import { emptyConfig, type LoadedConfig } from '../../../src/config/loaded.js';
import type { ServerSpec } from '../../../src/config/model.js';

const spec = (name: string, line: number): ServerSpec => ({
  name,
  transport: 'stdio',
  command: 'node',
  enabled: true,
  source: { client: 'mcpns', file: 'mcpns.config.json', pointer: `/servers/${name}`, line, column: 5 },
  diagnostics: [],
});

export function demoConfig(): LoadedConfig {
  const config = emptyConfig('/repo');
  config.files = ['mcpns.config.json'];
  config.servers = [spec('calculator', 4), spec('math-service', 5), spec('weather', 9)];
  return config;
}

/** A result with every severity, a target-less finding, and hostile text (pipes, HTML, controls, %, newlines). */
export function demoResult(): CheckResult {
  return {
    schemaVersion: 1,
    targets: ['slash', 'openai-agents'],
    findings: [
      {
        code: 'NAME_COLLISION',
        severity: 'error',
        target: 'openai-agents',
        name: 'add',
        members: [
          { server: 'calculator', tool: 'add' },
          { server: 'math-service', tool: 'add' },
        ],
        args: { cause: 'unprefixed', hint: 'deny "math-service/add" in a profile\'s tools.deny (keeping calculator/add)' },
      },
      {
        code: 'NAME_INVALID_CHARS',
        severity: 'warning',
        target: 'openai-agents',
        name: 'a|b<script>&x%\n\u001b[31m',
        server: 'weather',
        tool: 'a|b<script>&x%\n\u001b[31m',
        args: { chars: '"|" "<"', charset: '[A-Za-z0-9_-]', hint: 'rename server key "weather" to [A-Za-z0-9_-] characters only' },
      },
      {
        code: 'SHADOWED_TOOL',
        severity: 'info',
        name: 'add',
        members: [
          { server: 'calculator', tool: 'add' },
          { server: 'math-service', tool: 'add' },
        ],
        args: { servers: 2, unprefixedTargets: [], hint: 'namespacing keeps them apart' },
      },
      { code: 'SERVER_UNREACHABLE', severity: 'error', name: 'ghost', server: 'ghost', args: { errorCode: 'SPAWN_FAILED', errorMessage: 'spawn ENOENT' } },
    ],
    summary: { error: 2, warning: 1, info: 1 },
  };
}
