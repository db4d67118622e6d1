/**
 * Writes one config file per client into a fake project and a fake home, each declaring a stdio server
 * `<client>-calc` (the calculator fixture, with that client's tool filter when it has one) and, optionally,
 * a remote `<client>-remote`. A sentinel secret is planted in env and headers of every format, literally
 * and through that client's variable syntax (from $MCPNS_SECRET). The project is trusted by Codex and Gemini CLI, and
 * Gemini's servers have `trust: true`, so every server is loaded.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { makeTempDir } from '../../helpers/temp.js';

export interface ClientTree {
  root: string;
  project: string;
  home: string;
}

export interface TreeOptions {
  command: string;
  args: string[];
  secret: string;
  remoteUrl?: string;
}

const json = (value: unknown): string => JSON.stringify(value, null, 2);

export function writeClientTree(options: TreeOptions): ClientTree {
  const root = makeTempDir('mcpns-clients-');
  const project = join(root, 'project');
  const home = join(root, 'home');
  mkdirSync(join(project, '.git'), { recursive: true });
  const write = (base: string, rel: string, text: string): void => {
    mkdirSync(dirname(join(base, rel)), { recursive: true });
    writeFileSync(join(base, rel), text);
  };
  const { command, args, secret, remoteUrl } = options;
  const stdio = (client: string, env: Record<string, string>, extra: Record<string, unknown> = {}) => ({
    [`${client}-calc`]: { command, args, env: { LITERAL_SECRET: secret, ...env }, ...extra },
  });
  const remote = (client: string, headers: Record<string, string>, extra: Record<string, unknown> = {}) =>
    remoteUrl ? { [`${client}-remote`]: { url: remoteUrl, headers: { 'X-Literal': secret, ...headers }, ...extra } } : {};

  write(
    project,
    '.mcp.json',
    json({
      mcpServers: {
        ...stdio('claude-code', { FROM_VAR: '${MCPNS_SECRET}' }),
        ...remote('claude-code', { Authorization: 'Bearer ${MCPNS_SECRET}' }, { type: 'http' }),
      },
    }),
  );
  write(home, '.claude.json', json({ projects: { [project]: { mcpServers: { 'claude-code-local': { command, args, env: { LOCAL: secret } } } } } }));
  write(home, '.config/Claude/claude_desktop_config.json', json({ mcpServers: stdio('claude-desktop', {}) }));
  write(
    project,
    '.vscode/mcp.json',
    json({ servers: { ...stdio('vscode', { FROM_VAR: '${env:MCPNS_SECRET}' }), ...remote('vscode', { Authorization: 'Bearer ${env:MCPNS_SECRET}' }) } }),
  );
  write(
    project,
    '.cursor/mcp.json',
    json({ mcpServers: { ...stdio('cursor', { FROM_VAR: '${env:MCPNS_SECRET}' }), ...remote('cursor', { Authorization: 'Bearer ${env:MCPNS_SECRET}' }) } }),
  );
  write(
    home,
    '.codeium/windsurf/mcp_config.json',
    json({
      mcpServers: {
        ...stdio('windsurf', { FROM_VAR: '${env:MCPNS_SECRET}' }, { disabledTools: ['add'] }),
        ...(remoteUrl ? { 'windsurf-remote': { serverUrl: remoteUrl, headers: { 'X-Literal': secret, Authorization: 'Bearer ${env:MCPNS_SECRET}' } } } : {}),
      },
    }),
  );
  const toml = (value: string): string => JSON.stringify(value);
  write(
    project,
    '.codex/config.toml',
    [
      '[mcp_servers.codex-calc]',
      `command = ${toml(command)}`,
      `args = [${args.map(toml).join(', ')}]`,
      `env = { LITERAL_SECRET = ${toml(secret)} }`,
      'env_vars = ["MCPNS_SECRET"]',
      'enabled_tools = ["add", "subtract"]',
      'disabled_tools = ["subtract"]',
      ...(remoteUrl
        ? [
            '',
            '[mcp_servers.codex-remote]',
            `url = ${toml(remoteUrl)}`,
            'bearer_token_env_var = "MCPNS_SECRET"',
            `http_headers = { X-Literal = ${toml(secret)} }`,
            'env_http_headers = { X-From-Env = "MCPNS_SECRET" }',
          ]
        : []),
      '',
    ].join('\n'),
  );
  write(
    project,
    '.gemini/settings.json',
    json({
      mcpServers: {
        ...stdio('gemini-cli', { FROM_VAR: '$MCPNS_SECRET' }, { includeTools: ['add', 'multiply(a, b)'], excludeTools: ['multiply'], trust: true }),
        ...remote('gemini-cli', { Authorization: 'Bearer ${MCPNS_SECRET}' }, { type: 'http', trust: true }),
      },
    }),
  );
  // The project is trusted as its users would have it: Codex reads its .codex/config.toml, Gemini CLI runs in it.
  write(home, '.codex/config.toml', `[projects.${toml(project)}]\ntrust_level = "trusted"\n`);
  write(home, '.gemini/trustedFolders.json', json({ [project]: 'TRUST_FOLDER' }));
  write(
    project,
    'opencode.json',
    json({
      mcp: {
        'opencode-calc': { type: 'local', command: [command, ...args], environment: { LITERAL_SECRET: secret, FROM_VAR: '{env:MCPNS_SECRET}' } },
        ...(remoteUrl
          ? { 'opencode-remote': { type: 'remote', url: remoteUrl, headers: { 'X-Literal': secret, Authorization: 'Bearer {env:MCPNS_SECRET}' } } }
          : {}),
      },
      tools: { 'opencode-calc_mul*': false },
    }),
  );
  write(project, '.zed/settings.json', json({ context_servers: { ...stdio('zed', {}), ...remote('zed', {}) } }));
  write(
    home,
    '.cline/data/settings/cline_mcp_settings.json',
    json({
      mcpServers: {
        ...stdio('cline', { FROM_VAR: '${env:MCPNS_SECRET}' }),
        ...remote('cline', { Authorization: 'Bearer ${env:MCPNS_SECRET}' }, { type: 'streamableHttp' }),
      },
    }),
  );
  write(
    home,
    '.continue/config.yaml',
    [
      'mcpServers:',
      '  - name: continue-calc',
      `    command: ${toml(command)}`,
      `    args: [${args.map(toml).join(', ')}]`,
      `    env: { LITERAL_SECRET: ${toml(secret)}, FROM_VAR: "\${{ secrets.MCPNS_SECRET }}" }`,
      ...(remoteUrl
        ? [
            '  - name: continue-remote',
            `    type: streamable-http`,
            `    url: ${toml(remoteUrl)}`,
            '    apiKey: "${{ secrets.MCPNS_SECRET }}"',
            `    requestOptions: { headers: { X-Literal: ${toml(secret)} } }`,
          ]
        : []),
      '',
    ].join('\n'),
  );
  write(
    home,
    '.config/goose/config.yaml',
    [
      'extensions:',
      '  goose-calc:',
      '    type: stdio',
      `    cmd: ${toml(command)}`,
      `    args: [${args.map(toml).join(', ')}]`,
      `    envs: { LITERAL_SECRET: ${toml(secret)} }`,
      '    env_keys: [MCPNS_SECRET]',
      '    available_tools: [multiply]',
      ...(remoteUrl
        ? [
            '  goose-remote:',
            '    type: streamable_http',
            `    uri: ${toml(remoteUrl)}`,
            `    headers: { X-Literal: ${toml(secret)}, Authorization: "Bearer $MCPNS_SECRET" }`,
          ]
        : []),
      '',
    ].join('\n'),
  );
  return { root, project, home };
}
