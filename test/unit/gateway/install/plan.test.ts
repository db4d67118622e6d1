import { parse as parseToml } from 'smol-toml';
import { parse as parseJsonc } from 'jsonc-parser';
import { describe, expect, it } from 'vitest';
import { planInstall } from '../../../../src/gateway/install/plan.js';
import type { InstallClient, InstallPlan, InstallRequest, InstallScope } from '../../../../src/gateway/install/types.js';

const PROJECT = '/work/project';
const HOME = '/home/ada';
const BIN = '/opt/mcpns/bin/mcpns.js';

function request(client: InstallClient, files: Record<string, string>, extra: Partial<InstallRequest> = {}): InstallRequest {
  return {
    client,
    scope: 'project' as InstallScope,
    project: PROJECT,
    home: HOME,
    env: {},
    platform: 'linux',
    key: 'mcpns',
    command: ['node', BIN],
    read: (file) => files[file],
    ...extra,
  };
}

/** The files after applying a plan's changes. */
function apply(files: Record<string, string>, plan: InstallPlan): Record<string, string> {
  const next = { ...files };
  for (const change of plan.changes) {
    if (change.after === undefined) delete next[change.file];
    else next[change.file] = change.after;
  }
  return next;
}

/** Install, then install again over the result: the second plan must change nothing. */
function installTwice(client: InstallClient, files: Record<string, string>, extra: Partial<InstallRequest> = {}) {
  const plan = planInstall(request(client, files, extra));
  const after = apply(files, plan);
  const again = planInstall(request(client, after, extra));
  expect(again.changes, 'a second install changes nothing').toEqual([]);
  expect(again.served).toEqual(plan.served);
  return { plan, after };
}

const json = (text: string | undefined): Record<string, any> => parseJsonc(text ?? 'null', [], { allowTrailingComma: true }) as Record<string, any>;

describe('serve --install claude-code', () => {
  const mcp = `{
  "mcpServers": {
    "github": { "command": "npx", "args": ["-y", "@modelcontextprotocol/server-github"], "env": { "GITHUB_TOKEN": "\${GITHUB_TOKEN}" } },
    "notes": { "command": "node", "args": ["notes.js"] },
    "old": { "command": "node", "args": ["old.js"] }
  }
}
`;
  const shared = `{
  "permissions": {
    // reviewed rules
    "allow": ["Bash(npm test)", "mcp__github__get_issue", "mcp__notes"],
    "deny": ["mcp__github__delete_repo", "mcp__other__x"],
    "ask": ["mcp__notes__write*"]
  },
  "disabledMcpjsonServers": ["old"]
}
`;
  const files = { [`${PROJECT}/.mcp.json`]: mcp, [`${PROJECT}/.claude/settings.json`]: shared };

  it('adds the entry, approves it, rejects the served servers, allows mcp__mcpns and renames the rules', () => {
    const { plan, after } = installTwice('claude-code', files);
    expect(plan.served).toEqual(['github', 'notes']); // "old" was rejected before: it stays off, not served
    const entry = json(after[`${PROJECT}/.mcp.json`]).mcpServers.mcpns;
    expect(entry).toEqual({
      type: 'stdio',
      command: 'node',
      args: [
        BIN,
        'serve',
        '--for',
        'claude-code',
        '--as',
        'mcpns',
        '--config',
        `${PROJECT}/.mcp.json`,
        '--include-disabled',
        '--server',
        'github',
        '--server',
        'notes',
      ],
    });
    expect(after[`${PROJECT}/.mcp.json`]).toContain('    "notes": { "command": "node", "args": ["notes.js"] },\n'); // untouched lines kept as written
    const local = json(after[`${PROJECT}/.claude/settings.local.json`]);
    expect(local).toEqual({ enabledMcpjsonServers: ['mcpns'], disabledMcpjsonServers: ['github', 'notes'], permissions: { allow: ['mcp__mcpns'] } });
    const settings = json(after[`${PROJECT}/.claude/settings.json`]);
    expect(settings.permissions).toEqual({
      allow: ['Bash(npm test)', 'mcp__mcpns__github__get_issue', 'mcp__mcpns__notes__*'],
      deny: ['mcp__mcpns__github__delete_repo', 'mcp__other__x'],
      ask: ['mcp__mcpns__notes__write*'],
    });
    expect(after[`${PROJECT}/.claude/settings.json`]).toContain('// reviewed rules');
  });

  it('names rules as the gateway names tools for Claude Code (shortened when over the API limit of 128)', () => {
    const long = 'a_tool_name_long_enough_that_the_final_claude_name_goes_over_the_anthropic_limit_of_one_hundred_and_twenty_eight_characters';
    const { after } = installTwice('claude-code', {
      [`${PROJECT}/.mcp.json`]: '{"mcpServers":{"github":{"command":"x"}}}',
      [`${PROJECT}/.claude/settings.json`]: JSON.stringify({ permissions: { deny: [`mcp__github__${long}`] } }),
    });
    const [rule] = json(after[`${PROJECT}/.claude/settings.json`]).permissions.deny as string[];
    expect(rule).toMatch(/^mcp__mcpns__github__a_tool_name.*_[0-9a-f]{8}$/);
    expect(rule!.length).toBeLessThanOrEqual(128);
  });

  it('refuses the user scope and a project without .mcp.json', () => {
    expect(() => planInstall(request('claude-code', files, { scope: 'user' }))).toThrow(/~\/\.claude\.json/);
    expect(() => planInstall(request('claude-code', {}))).toThrow(/there is no/);
  });
});

describe('serve --install codex', () => {
  const config = `# my codex config
model = "gpt-5.5"

[mcp_servers.github]
command = "npx"   # the official one
args = ["-y", "@modelcontextprotocol/server-github"]

[mcp_servers.github.env]
GITHUB_TOKEN = "x"

[mcp_servers."my.docs"]
command = "node"
args = ["docs.js"]
enabled = true

[mcp_servers.off]
command = "node"
enabled = false

[projects."/work/project"]
trust_level = "trusted"
`;
  const file = `${HOME}/.codex/config.toml`;

  it('switches the servers off in their own tables and appends the gateway table, comments kept', () => {
    const { plan, after } = installTwice('codex', { [file]: config }, { scope: 'user' });
    expect(plan.served).toEqual(['github', 'my.docs']);
    const text = after[file]!;
    expect(text.startsWith('# my codex config\n')).toBe(true);
    expect(text).toContain('command = "npx"   # the official one');
    const value = parseToml(text) as Record<string, any>;
    expect(value['mcp_servers'].github.enabled).toBe(false);
    expect(value['mcp_servers']['my.docs'].enabled).toBe(false);
    expect(value['mcp_servers'].off.enabled).toBe(false);
    expect(value['mcp_servers'].mcpns).toEqual({
      command: 'node',
      args: [BIN, 'serve', '--for', 'codex', '--as', 'mcpns', '--config', file, '--include-disabled', '--server', 'github', '--server', 'my.docs'],
      required: true,
      default_tools_approval_mode: 'approve',
    });
    expect(value['projects']).toEqual({ '/work/project': { trust_level: 'trusted' } });
  });

  it('follows CODEX_HOME, and refuses a server it cannot switch off without rewriting the file', () => {
    const home = '/elsewhere/codex';
    expect(planInstall(request('codex', { [`${home}/config.toml`]: config }, { scope: 'user', env: { CODEX_HOME: home } })).entryFile).toBe(
      `${home}/config.toml`,
    );
    const inline = 'mcp_servers.github = { command = "npx" }\n';
    expect(() => planInstall(request('codex', { [file]: inline }, { scope: 'user' }))).toThrow(/own \[mcp_servers.github\] table/);
  });
});

describe('serve --install gemini-cli', () => {
  const settings = `{
  // trusted folder
  "mcpServers": {
    "github": { "command": "npx", "args": ["-y", "server-github"], "includeTools": ["get_issue"] },
    "notes": { "command": "node", "args": ["notes.js"] }
  },
  "mcp": { "allowed": ["github", "notes"] }
}
`;
  it('adds a trusted entry, excludes the served servers and allows the entry', () => {
    const file = `${PROJECT}/.gemini/settings.json`;
    const { after } = installTwice('gemini-cli', { [file]: settings });
    const value = json(after[file]);
    expect(value.mcpServers.mcpns.trust).toBe(true);
    expect(value.mcpServers.mcpns.args).toContain('gemini-cli');
    expect(value.mcp).toEqual({ allowed: ['github', 'notes', 'mcpns'], excluded: ['github', 'notes'] });
    expect(value.mcpServers.github.includeTools).toEqual(['get_issue']);
    expect(after[file]).toContain('// trusted folder');
  });
});

describe('serve --install opencode', () => {
  it('adds a local entry with the whole argv and turns the served servers off', () => {
    const file = `${PROJECT}/opencode.json`;
    const text = `{\n\t"$schema": "https://opencode.ai/config.json",\n\t"mcp": {\n\t\t"github": { "type": "local", "command": ["npx", "server-github"] },\n\t\t"off": { "type": "local", "command": ["x"], "enabled": false }\n\t}\n}\n`;
    const { plan, after } = installTwice('opencode', { [file]: text });
    expect(plan.served).toEqual(['github']);
    const value = json(after[file]);
    expect(value.mcp.mcpns).toEqual({
      type: 'local',
      command: ['node', BIN, 'serve', '--for', 'opencode', '--as', 'mcpns', '--config', file, '--include-disabled', '--server', 'github'],
      enabled: true,
    });
    expect(value.mcp.github.enabled).toBe(false);
    expect(after[file]).toContain('\n\t\t"github"'); // tabs kept
  });
});

describe('serve --install cursor and vscode (servers moved beside the client file)', () => {
  it('cursor: moves the servers to .cursor/mcpns.servers.json and points the entry at it', () => {
    const file = `${PROJECT}/.cursor/mcp.json`;
    const { plan, after } = installTwice('cursor', { [file]: '{ "mcpServers": { "github": { "command": "npx", "env": { "T": "${env:T}" } } } }\n' });
    const sidecar = `${PROJECT}/.cursor/mcpns.servers.json`;
    expect(plan.gatewayConfig).toBe(sidecar);
    expect(json(after[sidecar])).toEqual({ mcpServers: { github: { command: 'npx', env: { T: '${env:T}' } } } });
    expect(json(after[file])).toEqual({
      mcpServers: { mcpns: { command: 'node', args: [BIN, 'serve', '--for', 'cursor', '--as', 'mcpns', '--config', sidecar] } },
    });
  });

  it('vscode: moves servers and inputs; a server added later is moved on the next install', () => {
    const file = `${PROJECT}/.vscode/mcp.json`;
    const sidecar = `${PROJECT}/.vscode/mcpns.servers.json`;
    const text =
      '{ "inputs": [{ "type": "promptString", "id": "key", "password": true }], "servers": { "a": { "command": "x", "env": { "K": "${input:key}" } } } }\n';
    const { after } = installTwice('vscode', { [file]: text });
    expect(json(after[file]).servers).toEqual({
      mcpns: { type: 'stdio', command: 'node', args: [BIN, 'serve', '--for', 'vscode', '--as', 'mcpns', '--config', sidecar] },
    });
    expect(json(after[sidecar]).inputs).toEqual([{ type: 'promptString', id: 'key', password: true }]);
    const withB = { ...after, [file]: after[file]!.replace('"servers": {', '"servers": { "b": { "command": "y" },') };
    const next = planInstall(request('vscode', withB));
    expect(Object.keys(json(apply(withB, next)[sidecar]).servers)).toEqual(['a', 'b']);
    expect(next.served).toEqual(['a', 'b']);
  });

  it('--router goes into the entry', () => {
    const file = `${PROJECT}/.cursor/mcp.json`;
    const plan = planInstall(request('cursor', { [file]: '{"mcpServers":{"a":{"command":"x"}}}' }, { command: ['mcpns'], router: true, key: 'gw' }));
    expect(json(plan.changes[0]!.after).mcpServers.gw).toEqual({
      command: 'mcpns',
      args: ['serve', '--for', 'cursor', '--as', 'gw', '--config', `${PROJECT}/.cursor/mcpns.servers.json`, '--router'],
    });
  });

  it('--command and --style go into the entry', () => {
    const file = `${PROJECT}/.cursor/mcp.json`;
    const plan = planInstall(request('cursor', { [file]: '{"mcpServers":{"a":{"command":"x"}}}' }, { command: ['mcpns'], style: 'hybrid', key: 'gw' }));
    expect(json(plan.changes[0]!.after).mcpServers.gw).toEqual({
      command: 'mcpns',
      args: ['serve', '--for', 'cursor', '--as', 'gw', '--config', `${PROJECT}/.cursor/mcpns.servers.json`, '--style', 'hybrid'],
    });
  });
});
