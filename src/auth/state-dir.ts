import { isAbsolute, join, win32 } from 'node:path';

/**
 * The user's state directory for mcpns (never inside a project): `$MCPNS_STATE_DIR`, else `$XDG_STATE_HOME/mcpns`,
 * else the platform's place: `~/.local/state/mcpns` (Linux and other Unixes), `~/Library/Application Support/mcpns`
 * (macOS), `%LOCALAPPDATA%\mcpns\state` (Windows). A relative `XDG_STATE_HOME` or `LOCALAPPDATA` is ignored, as the
 * XDG Base Directory specification says: relative to the current folder it would put tokens inside a project.
 */
export function stateDirectory(options: { env: Record<string, string | undefined>; home: string; platform?: NodeJS.Platform }): string {
  const { env, home } = options;
  const platform = options.platform ?? process.platform;
  const absolute = (path: string | undefined): string | undefined =>
    path && (platform === 'win32' ? win32.isAbsolute(path) : isAbsolute(path)) ? path : undefined;
  if (env['MCPNS_STATE_DIR']) return env['MCPNS_STATE_DIR'];
  const xdg = absolute(env['XDG_STATE_HOME']);
  if (xdg) return join(xdg, 'mcpns');
  switch (platform) {
    case 'darwin':
      return join(home, 'Library', 'Application Support', 'mcpns');
    case 'win32':
      return join(absolute(env['LOCALAPPDATA']) ?? join(home, 'AppData', 'Local'), 'mcpns', 'state');
    default:
      return join(home, '.local', 'state', 'mcpns');
  }
}
