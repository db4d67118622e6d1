import { basename, extname } from 'node:path';
import { parse as parseLoose } from 'jsonc-parser';
import { yaml } from './doc.js';
import { ConfigError } from '../../errors.js';
import type { ClientId } from '../model.js';
import { isRecord } from './entry.js';

/** The formats `--config` understands besides mcpns.config.json, for the "unknown format" error. */
export const UNDERSTOOD_FORMATS = [
  'claude_desktop_config.json (Claude Desktop)',
  '.mcp.json / .claude.json / managed-mcp.json (Claude Code)',
  '.vscode/mcp.json or user mcp.json with "servers" (VS Code)',
  '.cursor/mcp.json (Cursor)',
  'mcp_config.json (Windsurf)',
  'config.toml with [mcp_servers.*] (Codex)',
  'settings.json with "mcpServers" (Gemini CLI)',
  'opencode.json[c] with "mcp" (opencode)',
  'settings.json with "context_servers" (Zed)',
  'cline_mcp_settings.json (Cline)',
  'YAML with an "mcpServers" list (Continue)',
  'YAML with "extensions" (Goose)',
  'any JSON with "mcpServers" (generic)',
];

const slashed = (file: string): string => file.replace(/\\/g, '/');

/**
 * Which client owns a file, from its name and path first, then its shape (root keys).
 * Throws a ConfigError listing the understood formats when neither tells.
 */
export function detectClient(file: string, text: string, shown: string): ClientId {
  const name = basename(file);
  const path = slashed(file);
  const ext = extname(name).toLowerCase();
  if (ext === '.toml') return 'codex';
  if (ext === '.yaml' || ext === '.yml') {
    if (/\/goose\/config\.ya?ml$/.test(path)) return 'goose';
    if (/\/\.continue\//.test(path)) return 'continue';
    let value: unknown;
    try {
      value = yaml().parse(text, { logLevel: 'error' });
    } catch {
      // The reader reports the syntax error with its position.
      return /^extensions\s*:/m.test(text) ? 'goose' : 'continue';
    }
    if (isRecord(value) && isRecord(value['extensions'])) return 'goose';
    if (isRecord(value) && Array.isArray(value['mcpServers'])) return 'continue';
    throw unknownFormat(shown, 'a YAML file without "mcpServers" (list) or "extensions"');
  }
  if (name === 'claude_desktop_config.json') return 'claude-desktop';
  if (name === '.claude.json' || name === '.mcp.json' || name === 'managed-mcp.json') return 'claude-code';
  if (name === 'cline_mcp_settings.json') return 'cline';
  if (name === 'mcp_config.json') return 'windsurf';
  if (/^opencode\.jsonc?$/.test(name)) return 'opencode';
  if (path.endsWith('/.cursor/mcp.json')) return 'cursor';
  if (path.endsWith('/.vscode/mcp.json') || /\/Code( - Insiders)?\/User\/(profiles\/[^/]+\/)?mcp\.json$/.test(path)) return 'vscode';
  if (path.endsWith('/.gemini/settings.json')) return 'gemini-cli';
  if (path.endsWith('/.zed/settings.json') || /\/zed\/settings\.json$/i.test(path)) return 'zed';
  const value: unknown = parseLoose(text, [], { allowTrailingComma: true });
  if (!isRecord(value)) throw unknownFormat(shown, 'its root is not a JSON object');
  if (isRecord(value['servers'])) return 'vscode';
  if (isRecord(value['context_servers'])) return 'zed';
  if (isRecord(value['mcp']) && isRecord(value['mcp']['servers'])) return 'vscode';
  if (isRecord(value['mcp'])) return 'opencode';
  // A file in .cursor/ holding "mcpServers" is Cursor's (serve --install moves servers to .cursor/mcpns.servers.json).
  if (isRecord(value['mcpServers'])) return name === 'settings.json' ? 'gemini-cli' : /\/\.cursor\/[^/]+$/.test(path) ? 'cursor' : 'generic';
  throw unknownFormat(shown, `none of its root keys (${Object.keys(value).slice(0, 8).join(', ') || 'none'}) holds MCP servers`);
}

function unknownFormat(shown: string, why: string): ConfigError {
  return new ConfigError('CONFIG_INVALID', `${shown}: not a config format mcpns understands: ${why}`, {
    location: { file: shown },
    hint: `understood: mcpns.config.json, ${UNDERSTOOD_FORMATS.join('; ')}`,
    details: { formats: ['mcpns.config.json', ...UNDERSTOOD_FORMATS] },
  });
}
