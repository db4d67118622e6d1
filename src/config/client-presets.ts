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
