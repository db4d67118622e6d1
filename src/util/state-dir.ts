import { join } from 'node:path';

/**
 * The user's state directory for mcpns (never inside a project): `$MCPNS_STATE_DIR`, else `$XDG_STATE_HOME/mcpns`,
 * else the platform's place: `~/.local/state/mcpns` (Linux and other Unixes), `~/Library/Application Support/mcpns`
 * (macOS), `%LOCALAPPDATA%\mcpns\state` (Windows).
 */
export function stateDirectory(options: { env: Record<string, string | undefined>; home: string; platform?: NodeJS.Platform }): string {
  const { env, home } = options;
  if (env['MCPNS_STATE_DIR']) return env['MCPNS_STATE_DIR'];
  if (env['XDG_STATE_HOME']) return join(env['XDG_STATE_HOME'], 'mcpns');
  switch (options.platform ?? process.platform) {
    case 'darwin':
      return join(home, 'Library', 'Application Support', 'mcpns');
    case 'win32':
      return join(env['LOCALAPPDATA'] || join(home, 'AppData', 'Local'), 'mcpns', 'state');
    default:
      return join(home, '.local', 'state', 'mcpns');
  }
}
