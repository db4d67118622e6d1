import type { ClientId } from './model.js';

/** The naming preset that renders names exactly as each client does (only clients mcpns has a preset for). */
const CLIENT_PRESETS: Partial<Record<ClientId, string>> = {
  'claude-code': 'claude-code',
  vscode: 'vscode',
  cursor: 'cursor',
  'gemini-cli': 'gemini-cli',
  codex: 'codex',
  opencode: 'opencode',
  cline: 'cline',
  continue: 'continue',
};

/** The preset of one client, when mcpns has one. */
export function presetForClient(client: ClientId | string): string | undefined {
  return CLIENT_PRESETS[client as ClientId];
}

/**
 * The presets of the clients whose config files declared these servers, in first-seen order: `call`, `route` and
 * `plan` accept the names those clients show their model (`mcp__memory__read_graph` when reading Claude Code files).
 */
export function clientPresets(servers: ReadonlyArray<{ source: { client: ClientId } }>): string[] {
  return [...new Set(servers.map((server) => presetForClient(server.source.client)).filter((id): id is string => id !== undefined))];
}

/** Naming targets when neither flags nor `naming.targets` name any, and no client file was read. */
export const DEFAULT_TARGETS: readonly string[] = ['slash', 'openai'];

/**
 * The naming targets checks use by default: `slash` plus the presets of the clients whose files were read (a Claude
 * Code project with only `.mcp.json` is checked as Claude Code names its tools), else `slash` and `openai`.
 * `mcpns init` writes the same list into the config.
 */
export function defaultTargets(servers: ReadonlyArray<{ source: { client: ClientId } }>): string[] {
  const presets = clientPresets(servers);
  return presets.length ? ['slash', ...presets] : [...DEFAULT_TARGETS];
}
