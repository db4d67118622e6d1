import { join } from 'node:path';
import { awkwardServers, LONG_SERVER, orderServers, rowServers } from '../fixture-servers.js';
import type { ClientDriver, FixtureServer, Scenario, WriteContext } from '../types.js';

/**
 * Claude Code: `.mcp.json` (project), `~/.claude.json` top-level `mcpServers` (user) and `projects[<folder>]`
 * (local, and the per-project state such as `disabledMcpServers`), approvals in `.claude/settings*.json`. Run as
 * `claude -p` with `ANTHROPIC_BASE_URL` on the fake endpoint, servers connected before the first turn
 * (`MCP_CONNECTION_NONBLOCKING=false`) and every tool sent upfront (`ENABLE_TOOL_SEARCH=false`).
 *
 * setup: `projectSettings` (.claude/settings.json), `userSettings` (~/.claude/settings.json), `projectState` (merged
 * into `projects[<folder>]` of ~/.claude.json), `toolSearch: true` (Claude Code's default: MCP tools deferred behind
 * its ToolSearch tool, `ENABLE_TOOL_SEARCH` left unset).
 */
export const claudeCodeDriver: ClientDriver = {
  id: 'claude-code',
  preset: 'claude-code',
  label: 'Claude Code',
  scopes: ['project', 'user', 'local'],
  files(scenario, context) {
    const { home, project } = context.dirs;
    const entries = (scope: string): Record<string, unknown> =>
      Object.fromEntries(scenario.servers.filter((server) => (server.scope ?? 'project') === scope).map((server) => [server.name, entry(server, context)]));
    const files: Record<string, string> = {};
    const projectServers = entries('project');
    if (Object.keys(projectServers).length) files[join(project, '.mcp.json')] = json({ mcpServers: projectServers });
    const setup = scenario.setup ?? {};
    files[join(home, '.claude.json')] = json({
      mcpServers: entries('user'),
      projects: { [project]: { mcpServers: entries('local'), ...(setup['projectState'] as object | undefined) } },
    });
    if (setup['projectSettings']) files[join(project, '.claude', 'settings.json')] = json(setup['projectSettings']);
    if (setup['userSettings']) files[join(home, '.claude', 'settings.json')] = json(setup['userSettings']);
    if (setup['localSettings']) files[join(project, '.claude', 'settings.local.json')] = json(setup['localSettings']);
    return files;
  },
  env: (scenario, context) => ({
    ANTHROPIC_BASE_URL: context.llmUrl,
    ANTHROPIC_API_KEY: 'sk-ant-fake',
    MCP_CONNECTION_NONBLOCKING: 'false',
    ...(scenario.setup?.['toolSearch'] === true ? {} : { ENABLE_TOOL_SEARCH: 'false' }),
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
    DISABLE_AUTOUPDATER: '1',
  }),
  argv: (scenario) => ['-p', 'hello', '--output-format', 'json', ...(scenario.clientArgs ?? [])],
  mcpnsEnv: () => ({}),
};

function entry(server: FixtureServer, context: WriteContext): Record<string, unknown> {
  const [command, ...args] = context.serverArgv(server);
  return { command, args, ...server.entry };
}

const json = (value: unknown): string => `${JSON.stringify(value, null, 2)}\n`;

/** A tool name that makes `mcp__<server>__<tool>` exactly `total` characters long (server names here need no sanitizing). */
export const toolForLength = (server: string, total: number): string => {
  const head = `len${total}_`;
  return head + 'x'.repeat(total - `mcp__${server}__`.length - head.length);
};

/**
 * Names around the Anthropic API's limits: 64 (the old limit, still OpenAI's) and 128 (today's, which Claude Code
 * enforces by leaving longer names out), on a one-letter server and on a 60-character one (the whole name counts).
 */
export const LONG_NAME_SERVERS: FixtureServer[] = [
  { name: 's', tools: [64, 65, 128, 129, 200].map((total) => toolForLength('s', total)), expect: 'loaded' },
  { name: LONG_SERVER, tools: [100, 128, 129].map((total) => toolForLength(LONG_SERVER, total)), expect: 'loaded' },
];

export const claudeCodeScenarios: Scenario[] = [
  {
    id: 'names',
    description: 'awkward server and tool names in .mcp.json, nobody asked to approve them (claude -p starts them)',
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
    id: 'approvals',
    description:
      'approved, rejected, never-answered and /mcp-disabled .mcp.json servers; user and local servers; a rejection in user settings beats an approval in project settings',
    servers: [
      { name: 'approved', tools: ['one'], expect: 'loaded' },
      { name: 'rejected', tools: ['one'], expect: 'disabled' },
      { name: 'unanswered', tools: ['one'], expect: 'loaded' },
      { name: 'toggled-off', tools: ['one'], expect: 'disabled' },
      { name: 'approved-then-rejected', tools: ['one'], expect: 'disabled' },
      { name: 'user-one', tools: ['one'], scope: 'user', expect: 'loaded' },
      { name: 'local-one', tools: ['one'], scope: 'local', expect: 'loaded' },
      { name: 'local-off', tools: ['one'], scope: 'local', expect: 'disabled' },
    ],
    setup: {
      projectSettings: { enabledMcpjsonServers: ['approved', 'approved-then-rejected'], disabledMcpjsonServers: ['rejected'] },
      userSettings: { disabledMcpjsonServers: ['approved-then-rejected'] },
      projectState: { disabledMcpServers: ['toggled-off', 'local-off'] },
    },
  },
  {
    id: 'permission-deny',
    description:
      'permissions.deny rules naming MCP tools (a whole server, one tool, a server wildcard, a sanitized name, a user-settings rule, a rule with content) next to an allow rule',
    servers: [
      { name: 'denied-all', tools: ['one', 'two'], expect: 'not-approved' },
      { name: 'partly', tools: ['one', 'two'], expect: 'loaded' },
      { name: 'starred', tools: ['one', 'two'], expect: 'not-approved' },
      { name: 'My Server.v2', tools: ['a'], expect: 'not-approved' },
      { name: 'user-denied', tools: ['one'], scope: 'user', expect: 'not-approved' },
      { name: 'content', tools: ['one'], expect: 'loaded' },
      { name: 'allowed', tools: ['one'], expect: 'loaded' },
    ],
    setup: {
      projectSettings: {
        enableAllProjectMcpServers: true,
        permissions: {
          deny: ['mcp__denied-all', 'mcp__partly__two', 'mcp__starred__*', 'mcp__My_Server_v2', 'mcp__content__one(x)'],
          allow: ['mcp__allowed__one'],
        },
      },
      userSettings: { permissions: { deny: ['mcp__user-denied'] } },
    },
  },
  {
    id: 'permission-deny-edges',
    description:
      'permissions.deny edge cases: a server whose name holds "__", letter case, a partial wildcard, a rule in settings.local.json, a tool name holding "__" or a space',
    servers: [
      { name: 'data__lake', tools: ['q'], expect: 'not-approved' },
      { name: 'x__y', tools: ['t'], expect: 'not-approved' },
      { name: 'Cased', tools: ['one'], expect: 'loaded' },
      { name: 'wild', tools: ['one', 'two'], expect: 'loaded' },
      { name: 'local-denied', tools: ['one'], expect: 'not-approved' },
      { name: 'dunder', tools: ['a__b'], expect: 'loaded' },
      { name: 'exact-dunder', tools: ['a__b', 'c'], expect: 'loaded' },
      { name: 'sp', tools: ['do thing', 'other'], expect: 'loaded' },
    ],
    setup: {
      projectSettings: {
        enableAllProjectMcpServers: true,
        permissions: { deny: ['mcp__data', 'mcp__x__y', 'mcp__cased', 'mcp__wild__o*', 'mcp__dunder__a', 'mcp__exact-dunder__a__b', 'mcp__sp__do_thing'] },
      },
      localSettings: { permissions: { deny: ['mcp__local-denied'] } },
    },
  },
  {
    id: 'permission-deny-every-mcp',
    description: 'permissions.deny "mcp__*" and "mcp__"',
    servers: [
      { name: 'one', tools: ['a'], expect: 'not-approved' },
      { name: 'two', tools: ['b'], expect: 'not-approved' },
    ],
    setup: { projectSettings: { enableAllProjectMcpServers: true, permissions: { deny: ['mcp__*', 'mcp__'] } } },
  },
  {
    id: 'permission-deny-patterns',
    description:
      'permissions.deny patterns: "mcp__<server>__*" for a server whose name holds "__", "*" in the server part, a prefix glob, a glob inside the tool part',
    servers: [
      { name: 'a__b2', tools: ['t'], expect: 'not-approved' },
      { name: 'q1', tools: ['one', 'two'], expect: 'not-approved' },
      { name: 'q2', tools: ['x'], expect: 'not-approved' },
      { name: 'r1', tools: ['one', 'two'], expect: 'loaded' },
      { name: 'gl', tools: ['ab_cd', 'abx', 'ab__cd'], expect: 'loaded' },
    ],
    setup: {
      projectSettings: {
        enableAllProjectMcpServers: true,
        permissions: { deny: ['mcp__a__b2__*', 'mcp__*__one', 'mcp__q*', 'mcp__gl__ab*d'] },
      },
    },
  },
  {
    id: 'long-names',
    description: 'mcp__server__tool names of 64, 65, 100, 128, 129 and 200 characters: sent whole up to 128, longer ones left out',
    servers: LONG_NAME_SERVERS,
  },
];
