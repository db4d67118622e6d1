import { join, resolve } from 'node:path';
import type { ServerSpec } from '../model.js';
import { parseJsonDoc } from './doc.js';
import { EntryReader, eachEntry, isRecord, makeContext } from './entry.js';
import { xdgConfigHome } from './paths.js';
import type { ClientReader } from './types.js';

/**
 * Zed: JSONC `context_servers` in `~/.config/zed/settings.json` and `.zed/settings.json`.
 * `command` string (or legacy `{ path, args, env }`) → stdio; `url` → Streamable HTTP (no fallback);
 * `settings`-only entries are provided by an extension. `enabled`; `timeout` in seconds. No variables.
 */
export const zed: ClientReader = {
  id: 'zed',
  label: 'Zed',
  precedence: { project: 2, user: 1 },
  locations(options) {
    const files = [
      { file: join(resolve(options.cwd), '.zed', 'settings.json'), scope: 'project' },
      { file: join(xdgConfigHome(options), 'zed', 'settings.json'), scope: 'user' },
    ];
    const appData = options.env['APPDATA'];
    if (appData) files.push({ file: join(appData, 'Zed', 'settings.json'), scope: 'user' });
    return files;
  },
  read(input) {
    const doc = parseJsonDoc(input, { id: this.id, label: this.label, strict: false });
    const project = /(^|[\\/])\.zed[\\/]settings\.json$/.test(input.file);
    const context = makeContext(input, doc, { id: this.id, label: this.label, dialect: 'none' }, input.scope ?? (project ? 'project' : 'user'), project);
    const root = isRecord(doc.value) ? doc.value : {};
    eachEntry(context, root['context_servers'], ['context_servers'], (entry) => {
      const enabled = entry.bool('enabled');
      const timeout = entry.num('timeout');
      const common: Partial<ServerSpec> = {
        enabled: enabled !== false,
        ...(enabled === false ? { disabledReason: `"enabled": false in ${input.shown}` } : {}),
        ...(timeout !== undefined ? { timeoutMs: timeout * 1000 } : {}),
      };
      const command = entry.entry['command'];
      if (isRecord(command)) {
        const legacy = new EntryReader(context, entry.name, [...entry.path, 'command'], { ...command, command: command['path'] });
        const spec = legacy.stdio({ cwdBase: context.projectRoot, defaultCwd: context.projectRoot });
        if (legacy.problems.length) return void entry.reject(legacy.problems.join('; '));
        return void entry.finish({ ...spec, ...common, transport: 'stdio', diagnostics: legacy.diagnostics });
      }
      if (entry.has('command'))
        return void entry.finish({ ...entry.stdio({ cwdBase: context.projectRoot, defaultCwd: context.projectRoot }), ...common, transport: 'stdio' });
      if (entry.has('url')) {
        const oauth = entry.oauth('oauth', { clientId: 'client_id', clientSecret: 'client_secret' });
        return void entry.finish({ ...entry.remote('url'), ...common, transport: 'http', ...(oauth ? { oauth } : {}) });
      }
      if (entry.has('settings')) {
        return void entry.finish({ ...common, transport: 'unlaunchable', unlaunchableReason: 'provided by a Zed extension; the file holds only its settings' });
      }
      entry.reject('a Zed context server needs "command", "url" or "settings"');
    });
    return context.result;
  },
};
