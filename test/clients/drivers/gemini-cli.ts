import { join } from 'node:path';
import { awkwardServers, LONG_SERVER, orderServers, rowServers } from '../fixture-servers.js';
import type { ClientDriver, FixtureServer, Scenario, WriteContext } from '../types.js';

/**
 * Gemini CLI: `mcpServers` in `.gemini/settings.json` (project) and `~/.gemini/settings.json` (user), folder trust in
 * `~/.gemini/trustedFolders.json`, `gemini mcp disable` in `~/.gemini/mcp-server-enablement.json`. Run as `gemini -p`
 * with an API key and `GOOGLE_GEMINI_BASE_URL` on the fake endpoint.
 *
 * setup: `trustedFolders` (rules written to trustedFolders.json, `<project>` and `<parent>` replaced; default: the
 * project folder trusted), `projectSettings` / `userSettings` (merged into the settings files), `enablement` (the
 * enablement file's content).
 */
export const geminiCliDriver: ClientDriver = {
  id: 'gemini-cli',
  preset: 'gemini-cli',
  label: 'Gemini CLI',
  scopes: ['project', 'user'],
  files(scenario, context) {
    const { home, project } = context.dirs;
    const setup = scenario.setup ?? {};
    const entries = (scope: string): Record<string, unknown> =>
      Object.fromEntries(scenario.servers.filter((server) => (server.scope ?? 'project') === scope).map((server) => [server.name, entry(server, context)]));
    const rules = (setup['trustedFolders'] as Record<string, string> | undefined) ?? { '<project>': 'TRUST_FOLDER' };
    const files: Record<string, string> = {
      [join(home, '.gemini', 'settings.json')]: json({
        security: { auth: { selectedType: 'gemini-api-key' } },
        general: { disableAutoUpdate: true, disableUpdateNag: true },
        privacy: { usageStatisticsEnabled: false },
        ...(setup['userSettings'] as object | undefined),
        mcpServers: entries('user'),
      }),
      [join(home, '.gemini', 'trustedFolders.json')]: json(
        Object.fromEntries(Object.entries(rules).map(([path, level]) => [path.replace('<project>', project).replace('<parent>', join(project, '..')), level])),
      ),
    };
    const projectServers = entries('project');
    if (Object.keys(projectServers).length || setup['projectSettings']) {
      files[join(project, '.gemini', 'settings.json')] = json({ ...(setup['projectSettings'] as object | undefined), mcpServers: projectServers });
    }
    if (setup['enablement']) files[join(home, '.gemini', 'mcp-server-enablement.json')] = json(setup['enablement']);
    return files;
  },
  env: (_scenario, context) => ({ GEMINI_API_KEY: 'fake-gemini-key', GOOGLE_GEMINI_BASE_URL: context.llmUrl }),
  argv: (scenario) => ['-p', 'hello', '--output-format', 'json', ...(scenario.clientArgs ?? [])],
  mcpnsEnv: () => ({}),
};

function entry(server: FixtureServer, context: WriteContext): Record<string, unknown> {
  const [command, ...args] = context.serverArgv(server);
  return { command, args, ...server.entry };
}

const json = (value: unknown): string => `${JSON.stringify(value, null, 2)}\n`;

/** A trusted server whose name is short enough that its long tools keep the `mcp_<server>_` prefix only when not elided. */
const TRUSTED_LONGISH = 'trusted_but_quite_long_name';

export const geminiCliScenarios: Scenario[] = [
  {
    id: 'names',
    description: 'awkward names in .gemini/settings.json of a trusted folder, run with --approval-mode yolo (every tool offered)',
    servers: [...awkwardServers(), { name: 'mcp_already', tools: ['x'], expect: 'loaded' }],
    clientArgs: ['--approval-mode', 'yolo'],
    mcpnsArgs: ['--approval-mode', 'yolo'],
  },
  {
    id: 'order',
    description: 'names that collide once sanitized: which server and which tool the client keeps (config, start or name order)',
    servers: orderServers(),
    clientArgs: ['--approval-mode', 'yolo'],
    mcpnsArgs: ['--approval-mode', 'yolo'],
  },
  {
    id: 'rows',
    description: 'the inputs of the fidelity tables (test/fidelity/tables/), one server and one tool each',
    servers: rowServers('rows'),
    clientArgs: ['--approval-mode', 'yolo'],
    mcpnsArgs: ['--approval-mode', 'yolo'],
  },
  {
    id: 'rows-apart',
    description: 'the two fidelity rows kept apart from the others (my_server would collide with my.server; solo runs alone)',
    servers: rowServers('rowsApart'),
    clientArgs: ['--approval-mode', 'yolo'],
    mcpnsArgs: ['--approval-mode', 'yolo'],
  },
  {
    id: 'approval-default',
    description:
      'the default approval mode of gemini -p: only tools of trust: true servers are offered, and only when their name still starts with mcp_<server>_',
    servers: [
      { name: 'trusted', tools: ['one', 'two'], entry: { trust: true }, expect: 'loaded' },
      { name: 'untrusted', tools: ['one'], expect: 'not-approved' },
      { name: 'My Server.v2', tools: ['one'], entry: { trust: true }, expect: 'not-approved' },
      { name: 'mcp_prefixed', tools: ['one'], entry: { trust: true }, expect: 'not-approved' },
      { name: TRUSTED_LONGISH, tools: ['a', 'a_long_tool_name_that_gets_elided_by_gemini'], entry: { trust: true }, expect: 'loaded' },
      { name: LONG_SERVER, tools: ['ping'], entry: { trust: true }, expect: 'not-approved' },
      { name: 'excluded', tools: ['one'], entry: { trust: true }, expect: 'disabled' },
      { name: 'switched-off', tools: ['one'], entry: { trust: true }, expect: 'disabled' },
      { name: 'user-trusted', tools: ['one'], scope: 'user', entry: { trust: true }, expect: 'loaded' },
    ],
    setup: { projectSettings: { mcp: { excluded: ['excluded'] } }, enablement: { 'switched-off': { enabled: false } } },
  },
  {
    id: 'allowed-list',
    description: 'mcp.allowed: listed servers load and are approved without trust: true; the others are not started',
    servers: [
      { name: 'listed', tools: ['one'], expect: 'loaded' },
      { name: 'unlisted', tools: ['one'], entry: { trust: true }, expect: 'disabled' },
    ],
    setup: { projectSettings: { mcp: { allowed: ['listed'] } } },
  },
  {
    id: 'auto-allow-headless',
    description: 'mcp.autoAllowInHeadless: every server approved in gemini -p, as long as its names still start with mcp_<server>_',
    servers: [
      { name: 'plain', tools: ['one'], expect: 'loaded' },
      { name: 'With Space', tools: ['one'], expect: 'not-approved' },
    ],
    setup: { userSettings: { security: { auth: { selectedType: 'gemini-api-key' } }, mcp: { autoAllowInHeadless: true } } },
  },
  {
    id: 'plan-mode',
    description: '--approval-mode plan: no MCP tool is offered by gemini -p (read-only ones are only asked about in interactive sessions), trust: true or not',
    servers: [
      { name: 'trusted', tools: ['write_one'], readOnly: ['read_one'], entry: { trust: true }, expect: 'not-approved' },
      { name: 'untrusted', tools: ['write_one'], readOnly: ['read_one'], expect: 'not-approved' },
    ],
    clientArgs: ['--approval-mode', 'plan'],
    mcpnsArgs: ['--approval-mode', 'plan'],
  },
  {
    id: 'untrusted-folder',
    description: 'a folder trustedFolders.json says nothing about: gemini -p exits 55 before loading any server',
    servers: [
      { name: 'project-one', tools: ['one'], entry: { trust: true }, expect: 'not-trusted' },
      { name: 'user-one', tools: ['one'], scope: 'user', entry: { trust: true }, expect: 'not-trusted' },
    ],
    setup: { trustedFolders: {} },
    clientArgs: ['--approval-mode', 'yolo'],
    mcpnsArgs: ['--approval-mode', 'yolo'],
  },
  {
    id: 'distrusted-folder',
    description: 'the parent folder trusted, the project itself marked DO_NOT_TRUST (the longest rule wins)',
    servers: [{ name: 'project-one', tools: ['one'], expect: 'not-trusted' }],
    setup: { trustedFolders: { '<parent>': 'TRUST_FOLDER', '<project>': 'DO_NOT_TRUST' } },
    clientArgs: ['--approval-mode', 'yolo'],
    mcpnsArgs: ['--approval-mode', 'yolo'],
  },
  {
    id: 'trusted-parent',
    description: 'the folder above the project trusted (TRUST_FOLDER covers its subfolders)',
    servers: [{ name: 'project-one', tools: ['one'], expect: 'loaded' }],
    setup: { trustedFolders: { '<parent>': 'TRUST_FOLDER' } },
    clientArgs: ['--approval-mode', 'yolo'],
    mcpnsArgs: ['--approval-mode', 'yolo'],
  },
  {
    id: 'folder-trust-off',
    description: 'security.folderTrust.enabled = false in user settings: no trust needed',
    servers: [{ name: 'project-one', tools: ['one'], expect: 'loaded' }],
    setup: { trustedFolders: {}, userSettings: { security: { auth: { selectedType: 'gemini-api-key' }, folderTrust: { enabled: false } } } },
    clientArgs: ['--approval-mode', 'yolo'],
    mcpnsArgs: ['--approval-mode', 'yolo'],
  },
  {
    id: 'tool-filters',
    description: 'includeTools (a name or "name(…)") and excludeTools (wins) on servers, with --approval-mode yolo',
    servers: [
      { name: 'inc', tools: ['one', 'two', 'three'], entry: { includeTools: ['one', 'two(x)'] }, expect: 'loaded' },
      { name: 'exc', tools: ['one', 'two'], entry: { excludeTools: ['two'] }, expect: 'loaded' },
      { name: 'both', tools: ['one', 'two', 'three'], entry: { includeTools: ['one', 'two'], excludeTools: ['two'] }, expect: 'loaded' },
    ],
    clientArgs: ['--approval-mode', 'yolo'],
    mcpnsArgs: ['--approval-mode', 'yolo'],
  },
  {
    id: 'settings-tools-exclude',
    description: "tools.exclude in the project and user settings naming MCP tools: bare (any server's), sanitized, as mcp_<server>_<tool>, as <server>__<tool>",
    servers: [
      { name: 'texc', tools: ['one', 'two', 'three', 'four', 'do thing', 'five'], expect: 'loaded' },
      { name: 'other', tools: ['one', 'six'], expect: 'loaded' },
    ],
    setup: {
      projectSettings: { tools: { exclude: ['one', 'mcp_texc_two', 'texc__three', 'do_thing'] } },
      userSettings: { security: { auth: { selectedType: 'gemini-api-key' } }, tools: { exclude: ['four'] } },
    },
    clientArgs: ['--approval-mode', 'yolo'],
    mcpnsArgs: ['--approval-mode', 'yolo'],
  },
  {
    id: 'settings-tools-exclude-class',
    description: 'tools.exclude naming the class of every MCP tool (DiscoveredMCPTool)',
    servers: [{ name: 'classy', tools: ['one'], expect: 'loaded' }],
    setup: { projectSettings: { tools: { exclude: ['DiscoveredMCPTool'] } } },
    clientArgs: ['--approval-mode', 'yolo'],
    mcpnsArgs: ['--approval-mode', 'yolo'],
  },
];
