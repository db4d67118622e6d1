import { join } from 'node:path';
import { parseJsonDoc } from './doc.js';
import { EntryReader, eachEntry, isRecord, makeContext } from './entry.js';
import { appConfigDirs } from './paths.js';
import type { ClientReader } from './types.js';

const SETTINGS = join('saoudrizwan.claude-dev', 'settings', 'cline_mcp_settings.json');

/**
 * Cline: strict JSON `mcpServers`, flat or nested `transport`; `type` stdio / sse / streamableHttp
 * (legacy `transportType`, "http" = streamableHttp); a URL without type is SSE; `disabled`; `${env:X}` kept when missing.
 */
export const cline: ClientReader = {
  id: 'cline',
  label: 'Cline',
  locations(options) {
    const files: string[] = [];
    const explicit = options.env['CLINE_MCP_SETTINGS_PATH'];
    if (explicit) files.push(explicit);
    const dataDir = options.env['CLINE_DATA_DIR'];
    if (dataDir) files.push(join(dataDir, 'settings', 'cline_mcp_settings.json'));
    files.push(join(options.env['CLINE_DIR'] || join(options.home, '.cline'), 'data', 'settings', 'cline_mcp_settings.json'));
    for (const dir of appConfigDirs(options)) {
      for (const app of ['Code', 'Code - Insiders', 'Cursor', 'Windsurf', 'VSCodium']) files.push(join(dir, app, 'User', 'globalStorage', SETTINGS));
    }
    return [...new Set(files)].map((file) => ({ file, scope: 'user' }));
  },
  read(input) {
    const doc = parseJsonDoc(input, { id: this.id, label: this.label, strict: true });
    const context = makeContext(input, doc, { id: this.id, label: this.label, dialect: 'cline' }, input.scope ?? 'user', false);
    const root = isRecord(doc.value) ? doc.value : {};
    eachEntry(context, root['mcpServers'], ['mcpServers'], (outer) => {
      const nested = isRecord(outer.entry['transport']);
      const entry = nested ? new EntryReader(context, outer.name, [...outer.path, 'transport'], outer.entry['transport'] as Record<string, unknown>) : outer;
      const legacy = outer.str('transportType');
      const type = entry.str('type') ?? outer.str('type') ?? (legacy === 'http' ? 'streamableHttp' : legacy);
      const disabled = outer.bool('disabled') === true;
      const common = { enabled: !disabled, ...(disabled ? { disabledReason: `"disabled": true in ${input.shown}` } : {}) };
      const finish = (fields: Parameters<EntryReader['finish']>[0]): void => {
        const spec = entry.finish(nested ? { ...fields, diagnostics: outer.diagnostics } : fields);
        if (spec && nested) spec.source.pointer = outer.pointer();
      };
      if (type === 'stdio' || (type === undefined && entry.has('command'))) {
        if (!entry.has('command')) return void entry.reject('a stdio server needs "command"');
        return finish({ ...entry.stdio({ cwdBase: context.projectRoot }), ...common, transport: 'stdio' });
      }
      if (type === 'sse' || type === 'streamableHttp' || (type === undefined && entry.has('url'))) {
        if (!entry.has('url')) return void entry.reject(`a "${type}" server needs "url"`);
        return finish({ ...entry.remote('url'), ...common, transport: type === 'streamableHttp' ? 'http' : 'sse' });
      }
      entry.reject(type === undefined ? 'a Cline server needs "command" or "url"' : `unknown "type" "${type}" (Cline accepts stdio, sse, streamableHttp)`);
    });
    return context.result;
  },
};
