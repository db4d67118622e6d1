import { isRecord, eachEntry, makeContext } from './entry.js';
import { parseJsonDoc } from './doc.js';
import type { ClientReader } from './types.js';

/**
 * Any other `mcpServers` JSON (MCP Inspector, Kiro, Copilot CLI…): `type` stdio (default) / http /
 * streamable-http / sse; a url without type is tried as Streamable HTTP with SSE fallback (reported). No variables.
 */
export const generic: ClientReader = {
  id: 'generic',
  label: 'this client',
  locations: () => [],
  read(input) {
    const doc = parseJsonDoc(input, { label: 'generic', strict: false });
    const context = makeContext(input, doc, { id: this.id, label: 'mcpns (generic mcpServers file)', dialect: 'none' }, input.scope ?? 'file', true);
    const root = isRecord(doc.value) ? doc.value : {};
    eachEntry(context, root['mcpServers'], ['mcpServers'], (entry) => {
      const type = entry.str('type');
      if ((type === undefined || type === 'stdio' || type === 'local') && entry.has('command')) {
        return void entry.finish({ ...entry.stdio({ cwdBase: context.projectRoot, defaultCwd: context.projectRoot }), transport: 'stdio' });
      }
      if (!entry.has('url')) return void entry.reject('a server needs "command" or "url"');
      if (type === undefined) {
        entry.note('info', 'TRANSPORT_INFERRED', 'no "type": trying Streamable HTTP, then SSE');
        return void entry.finish({ ...entry.remote('url'), transport: 'http', sseFallback: true });
      }
      if (type === 'http' || type === 'streamable-http' || type === 'sse') {
        return void entry.finish({ ...entry.remote('url'), transport: type === 'sse' ? 'sse' : 'http' });
      }
      entry.reject(`unknown "type" "${type}"`);
    });
    return context.result;
  },
};
