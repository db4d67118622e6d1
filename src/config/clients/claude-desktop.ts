import { join } from 'node:path';
import { parseJsonDoc } from './doc.js';
import { eachEntry, makeContext } from './entry.js';
import { appConfigDirs } from './paths.js';
import type { ClientReader } from './types.js';

const FILE = 'claude_desktop_config.json';

/**
 * Claude Desktop: strict JSON, `mcpServers`, stdio only (url entries are skipped by the app), no variables.
 * Servers start in the home directory.
 */
export const claudeDesktop: ClientReader = {
  id: 'claude-desktop',
  label: 'Claude Desktop',
  locations(options) {
    const files = appConfigDirs(options).map((dir) => join(dir, 'Claude', FILE));
    const local = options.env['LOCALAPPDATA'];
    if (local) files.push(join(local, 'Packages', 'Claude_pzs8sxrjxfjjc', 'LocalCache', 'Roaming', 'Claude', FILE));
    return files.map((file) => ({ file, scope: 'user' }));
  },
  read(input) {
    const doc = parseJsonDoc(input, { id: this.id, label: this.label, strict: true });
    const context = makeContext(input, doc, { id: this.id, label: this.label, dialect: 'none' }, input.scope ?? 'user', false);
    const home = input.options.home;
    const root = doc.value as Record<string, unknown>;
    eachEntry(context, root?.['mcpServers'], ['mcpServers'], (entry) => {
      if (entry.has('command')) {
        entry.finish({ ...entry.stdio({ cwdBase: home, defaultCwd: home }), transport: 'stdio' });
      } else if (entry.has('url') || entry.has('type')) {
        entry.note(
          'warning',
          'UNSUPPORTED_TRANSPORT',
          'Claude Desktop only launches stdio servers from this file and skips entries with "url"/"type" (remote servers are added under Settings → Connectors)',
        );
        entry.finish({
          transport: 'unlaunchable',
          unlaunchableReason: 'Claude Desktop skips non-stdio entries in claude_desktop_config.json',
          ...entry.remote('url'),
        });
      } else {
        entry.reject('a Claude Desktop server needs "command"');
      }
    });
    return context.result;
  },
};
