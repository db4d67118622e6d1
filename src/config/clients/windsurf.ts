import { join } from 'node:path';
import { parseJsonDoc } from './doc.js';
import { eachEntry, isRecord, makeContext, toolFilter } from './entry.js';
import type { ClientReader } from './types.js';

/**
 * Windsurf: `~/.codeium/windsurf/mcp_config.json`, `mcpServers`; remote via `serverUrl ?? url`
 * (Streamable HTTP with SSE fallback); `disabled` and `disabledTools` as the UI writes them; `${env:X}`, `${file:p}`.
 */
export const windsurf: ClientReader = {
  id: 'windsurf',
  label: 'Windsurf',
  locations(options) {
    return [
      { file: join(options.home, '.codeium', 'windsurf', 'mcp_config.json'), scope: 'user' },
      { file: join(options.home, '.codeium', 'mcp_config.json'), scope: 'jetbrains' },
    ];
  },
  read(input) {
    const doc = parseJsonDoc(input, { id: this.id, label: this.label, strict: false });
    const context = makeContext(input, doc, { id: this.id, label: this.label, dialect: 'windsurf' }, input.scope ?? 'user', false);
    const root = isRecord(doc.value) ? doc.value : {};
    eachEntry(context, root['mcpServers'], ['mcpServers'], (entry) => {
      const disabled = entry.bool('disabled') === true;
      const exclude = entry.strArray('disabledTools');
      const common = {
        enabled: !disabled,
        ...(disabled ? { disabledReason: `"disabled": true in ${input.shown}` } : {}),
        toolFilter: toolFilter(undefined, exclude, 'exact', { exclude: 'disabledTools' }),
      };
      if (entry.has('command')) {
        entry.finish({ ...entry.stdio({ cwdBase: context.projectRoot }), ...common, transport: 'stdio' });
        return;
      }
      const serverUrl = entry.str('serverUrl');
      const url = entry.str('url');
      if (serverUrl === undefined && url === undefined) {
        entry.reject('a Windsurf server needs "command", "serverUrl" or "url"');
        return;
      }
      if (serverUrl !== undefined && url !== undefined && serverUrl !== url) {
        entry.note('warning', 'CONFLICTING_URLS', '"serverUrl" and "url" differ; Windsurf uses "serverUrl"', 'url');
      }
      entry.finish({ ...entry.remote(serverUrl !== undefined ? 'serverUrl' : 'url'), ...common, transport: 'http', sseFallback: true });
    });
    return context.result;
  },
};
