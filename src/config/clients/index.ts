import { ConfigError } from '../../errors.js';
import type { LoadedConfig } from '../loaded.js';
import type { LoadOptions } from '../load.js';

/**
 * Readers for other clients' config files (Claude Desktop, Claude Code, VS Code, Cursor, Codex, Gemini CLI…).
 * Placeholder until the client readers land: only mcpns's own format is understood.
 */
export function readForeignConfigFile(file: string, _text: string, _options: LoadOptions): LoadedConfig {
  throw new ConfigError('CONFIG_INVALID', `${file}: not an mcpns.config.json file, and client config formats are not supported yet`, {
    location: { file },
  });
}

export function readClientConfigs(_options: LoadOptions & { clients: string[]; scan: boolean }): LoadedConfig {
  throw new ConfigError('CONFIG_INVALID', '--client and --scan are not supported yet');
}
