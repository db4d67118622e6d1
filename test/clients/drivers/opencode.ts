import { join } from 'node:path';
import { awkwardServers, orderServers, rowServers } from '../fixture-servers.js';
import type { ClientDriver, FixtureServer, Scenario, WriteContext } from '../types.js';

/**
 * opencode: `mcp` in `opencode.json` (project) and `~/.config/opencode/opencode.json` (global, which also holds the
 * `@ai-sdk/openai-compatible` provider on the fake endpoint and the model). Run as `opencode run` with the network
 * lookups it can skip switched off (models.dev, updates, LSP downloads, default plugins).
 *
 * setup: `projectConfig` (merged into the project's opencode.json: `tools`, `permission`…).
 */
export const opencodeDriver: ClientDriver = {
  id: 'opencode',
  preset: 'opencode',
  label: 'opencode',
  scopes: ['project', 'global'],
  files(scenario, context) {
    const { home, project } = context.dirs;
    const setup = scenario.setup ?? {};
    const entries = (scope: string): Record<string, unknown> =>
      Object.fromEntries(scenario.servers.filter((server) => (server.scope ?? 'project') === scope).map((server) => [server.name, entry(server, context)]));
    return {
      [join(home, '.config', 'opencode', 'opencode.json')]: json({
        $schema: 'https://opencode.ai/config.json',
        provider: {
          fixture: {
            npm: '@ai-sdk/openai-compatible',
            name: 'Fixture',
            options: { baseURL: `${context.llmUrl}/v1`, apiKey: 'fake-key' },
            models: { 'fixture-model': { name: 'Fixture model' } },
          },
        },
        model: 'fixture/fixture-model',
        mcp: entries('global'),
      }),
      [join(project, 'opencode.json')]: json({
        $schema: 'https://opencode.ai/config.json',
        ...(setup['projectConfig'] as object | undefined),
        mcp: entries('project'),
      }),
    };
  },
  env: () => ({
    OPENCODE_DISABLE_MODELS_FETCH: '1',
    OPENCODE_DISABLE_AUTOUPDATE: '1',
    OPENCODE_DISABLE_DEFAULT_PLUGINS: '1',
    OPENCODE_DISABLE_LSP_DOWNLOAD: '1',
    OPENCODE_DISABLE_SHARE: '1',
  }),
  argv: (scenario) => ['run', ...(scenario.clientArgs ?? []), 'hello'],
  mcpnsEnv: () => ({}),
};

function entry(server: FixtureServer, context: WriteContext): Record<string, unknown> {
  return { type: 'local', command: context.serverArgv(server), ...server.entry };
}

const json = (value: unknown): string => `${JSON.stringify(value, null, 2)}\n`;

export const opencodeScenarios: Scenario[] = [
  {
    id: 'names',
    description: 'awkward names in the project opencode.json',
    servers: awkwardServers(),
  },
  {
    id: 'order',
    description: 'names that collide once sanitized: which server and which tool the client keeps (config, start or name order)',
    servers: orderServers(),
  },
  {
    id: 'rows',
    description: 'the inputs of the fidelity tables (test/fidelity/tables/), one server and one tool each',
    servers: rowServers('rows'),
  },
  {
    id: 'rows-apart',
    description: 'the two fidelity rows kept apart from the others (my_server would collide with my.server; solo runs alone)',
    servers: rowServers('rowsApart'),
  },
  {
    id: 'switches',
    description: 'enabled: false, a global server, tools turned off by a `tools` glob and by a `permission` deny; `ask` keeps them',
    servers: [
      { name: 'on', tools: ['one'], expect: 'loaded' },
      { name: 'off', tools: ['one'], entry: { enabled: false }, expect: 'disabled' },
      { name: 'global-one', tools: ['one'], scope: 'global', expect: 'loaded' },
      { name: 'globbed', tools: ['one', 'two'], expect: 'loaded' },
      { name: 'denied', tools: ['one', 'two'], expect: 'loaded' },
      { name: 'asked', tools: ['one'], expect: 'loaded' },
    ],
    setup: { projectConfig: { tools: { globbed_one: false }, permission: { 'denied_*': 'deny', 'asked_*': 'ask' } } },
  },
];
