import { join } from 'node:path';
import { stringify } from 'smol-toml';
import { awkwardServers, rowServers } from '../fixture-servers.js';
import type { ClientDriver, FixtureServer, Scenario, WriteContext } from '../types.js';

/**
 * Codex: `[mcp_servers.<name>]` in `$CODEX_HOME/config.toml` (user) and `.codex/config.toml` (project, read only when
 * the project is trusted: `[projects."<dir>"] trust_level` in the user file). Run as `codex exec --json` with a model
 * provider on the fake endpoint (`wire_api = "responses"`); servers expected to load are `required = true`, so Codex
 * waits for them. The model name decides whether MCP tools are sent upfront (an unknown model) or deferred behind
 * `tool_search` (a model in Codex's catalog; the fake endpoint then searches once for every fixture tool).
 *
 * Scopes: `user`, `project` (`.codex/config.toml` at the project root, a git repository) and `cwd` (the one in the
 * scenario's `cwd` subfolder). setup: `trust` ('trusted' | 'untrusted') and `trustDir` ('project' | 'parent' | 'cwd'): a
 * `[projects."<dir>"]` entry for the project root, the folder above it or the subfolder run in; `model` on the scenario.
 */
export const codexDriver: ClientDriver = {
  id: 'codex',
  preset: 'codex',
  label: 'Codex',
  scopes: ['user', 'project', 'cwd'],
  files(scenario, context) {
    const { home, project } = context.dirs;
    const setup = scenario.setup ?? {};
    const entries = (scope: string): Record<string, unknown> =>
      Object.fromEntries(scenario.servers.filter((server) => (server.scope ?? 'user') === scope).map((server) => [server.name, entry(server, context)]));
    const trustDir = setup['trustDir'] === 'parent' ? join(project, '..') : setup['trustDir'] === 'cwd' ? join(project, scenario.cwd ?? '') : project;
    const user: Record<string, unknown> = {
      model: scenario.model ?? 'fixture-model',
      model_provider: 'fixture',
      model_providers: { fixture: { name: 'fixture', base_url: `${context.llmUrl}/v1`, wire_api: 'responses' } },
      ...(typeof setup['trust'] === 'string' ? { projects: { [trustDir]: { trust_level: setup['trust'] } } } : {}),
      mcp_servers: entries('user'),
    };
    const files: Record<string, string> = { [join(home, '.codex', 'config.toml')]: stringify(user) };
    const projectServers = entries('project');
    if (Object.keys(projectServers).length) files[join(project, '.codex', 'config.toml')] = stringify({ mcp_servers: projectServers });
    const cwdServers = entries('cwd');
    if (Object.keys(cwdServers).length) files[join(project, scenario.cwd ?? '', '.codex', 'config.toml')] = stringify({ mcp_servers: cwdServers });
    return files;
  },
  env: (_scenario, context) => ({ CODEX_HOME: join(context.dirs.home, '.codex') }),
  argv: (scenario) => ['exec', '--json', '--skip-git-repo-check', ...(scenario.clientArgs ?? []), 'hello'],
  mcpnsEnv: (context) => ({ CODEX_HOME: join(context.dirs.home, '.codex') }),
};

function entry(server: FixtureServer, context: WriteContext): Record<string, unknown> {
  const [command, ...args] = context.serverArgv(server);
  return { command, args, ...(server.expect === 'loaded' ? { required: true } : {}), ...server.entry };
}

/** Codex's rule for server names (`Invalid MCP server name`): spaces and parentheses are refused. */
const codexAccepts = (name: string): boolean => /^[a-zA-Z0-9_:@/.-]+$/.test(name);

const names = (): FixtureServer[] => [
  ...awkwardServers((name) => (codexAccepts(name) ? 'loaded' : 'refused')),
  { name: '@team/srv:v2', tools: ['x'], expect: 'loaded' },
  { name: 'My.Server-v2', tools: ['a-b', 'a_b'], expect: 'loaded' },
];

export const codexScenarios: Scenario[] = [
  {
    id: 'names',
    description: 'awkward server and tool names in $CODEX_HOME/config.toml, a model Codex does not know (every tool sent upfront)',
    servers: names(),
  },
  {
    id: 'names-tool-search',
    description: "the same servers with gpt-5.5, a model from Codex's catalog: MCP tools deferred behind tool_search, which the fake model calls once",
    servers: names(),
    model: 'gpt-5.5',
    searchAll: true,
  },
  {
    id: 'rows',
    description: 'the inputs of the fidelity tables (test/fidelity/tables/), one server and one tool each',
    servers: rowServers('rows', (name) => (codexAccepts(name) ? 'loaded' : 'refused')),
  },
  {
    id: 'rows-apart',
    description: 'the two fidelity rows kept apart from the others (my_server would collide with my.server; solo runs alone)',
    servers: rowServers('rowsApart', (name) => (codexAccepts(name) ? 'loaded' : 'refused')),
  },
  {
    id: 'untrusted-project',
    description: 'servers in .codex/config.toml of a project with no trust entry, next to user servers (one disabled, one with disabled_tools)',
    servers: [
      { name: 'project-one', tools: ['one'], scope: 'project', expect: 'not-trusted' },
      { name: 'user-one', tools: ['one', 'two'], scope: 'user', entry: { disabled_tools: ['two'] }, expect: 'loaded' },
      { name: 'user-off', tools: ['one'], scope: 'user', entry: { enabled: false }, expect: 'disabled' },
    ],
  },
  {
    id: 'untrusted-explicit',
    description: 'a project marked trust_level = "untrusted"',
    servers: [
      { name: 'project-one', tools: ['one'], scope: 'project', expect: 'not-trusted' },
      { name: 'user-one', tools: ['one'], scope: 'user', expect: 'loaded' },
    ],
    setup: { trust: 'untrusted' },
  },
  {
    id: 'trusted-project',
    description: 'the same project marked trust_level = "trusted"',
    servers: [
      { name: 'project-one', tools: ['one'], scope: 'project', expect: 'loaded' },
      { name: 'user-one', tools: ['one'], scope: 'user', expect: 'loaded' },
    ],
    setup: { trust: 'trusted' },
  },
  {
    id: 'trusted-parent',
    description: 'trust_level = "trusted" on the folder above the project (the project is its own git repository)',
    servers: [
      { name: 'project-one', tools: ['one'], scope: 'project', expect: 'not-trusted' },
      { name: 'user-one', tools: ['one'], scope: 'user', expect: 'loaded' },
    ],
    setup: { trust: 'trusted', trustDir: 'parent' },
  },
  {
    id: 'subfolder-trusted-root',
    description: 'run in a subfolder of a trusted project: the .codex/config.toml of the project root and of the subfolder both apply',
    servers: [
      { name: 'root-one', tools: ['one'], scope: 'project', expect: 'loaded' },
      { name: 'cwd-one', tools: ['one'], scope: 'cwd', expect: 'loaded' },
    ],
    cwd: 'packages/app',
    setup: { trust: 'trusted' },
  },
  {
    id: 'subfolder-trusted-cwd',
    description: "run in a subfolder that is itself trusted (the project root has no entry): only the subfolder's own .codex/config.toml applies",
    servers: [
      { name: 'root-one', tools: ['one'], scope: 'project', expect: 'not-trusted' },
      { name: 'cwd-one', tools: ['one'], scope: 'cwd', expect: 'loaded' },
    ],
    cwd: 'packages/app',
    setup: { trust: 'trusted', trustDir: 'cwd' },
  },
  {
    id: 'subfolder-untrusted',
    description: 'run in a subfolder of a project nobody trusted',
    servers: [
      { name: 'root-one', tools: ['one'], scope: 'project', expect: 'not-trusted' },
      { name: 'cwd-one', tools: ['one'], scope: 'cwd', expect: 'not-trusted' },
      { name: 'user-one', tools: ['one'], scope: 'user', expect: 'loaded' },
    ],
    cwd: 'packages/app',
  },
  {
    id: 'tool-filters',
    description:
      'enabled_tools and disabled_tools (disabled wins), an enabled_tools naming no listed tool, and default_tools_approval_mode = "prompt" (asked at call time, still offered)',
    servers: [
      { name: 'filtered', tools: ['one', 'two', 'three'], entry: { enabled_tools: ['one', 'two'], disabled_tools: ['two'] }, expect: 'loaded' },
      { name: 'none-enabled', tools: ['one'], entry: { enabled_tools: ['nope'] }, expect: 'loaded' },
      { name: 'prompted', tools: ['one', 'two'], entry: { default_tools_approval_mode: 'prompt' }, expect: 'loaded' },
    ],
  },
];
