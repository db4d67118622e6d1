import { existsSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { ServerSpec } from '../model.js';
import { parseYamlDoc } from './doc.js';
import { EntryReader, isRecord, makeContext } from './entry.js';
import type { ClientLocation, ClientReader } from './types.js';

/**
 * Continue: YAML `mcpServers` as a **list** (name from `name`) in `~/.continue/config.yaml` and
 * `.continue/mcpServers/*.yaml`. A URL without type is Streamable HTTP with SSE fallback; `apiKey` → Bearer.
 * `${{ secrets.X }}` from the environment, `${{ inputs.X }}` from --input.
 */
export const continueDev: ClientReader = {
  id: 'continue',
  label: 'Continue',
  locations(options) {
    const found: ClientLocation[] = [];
    const blocks = join(resolve(options.cwd), '.continue', 'mcpServers');
    if (existsSync(blocks)) {
      for (const name of readdirSync(blocks).sort()) if (/\.ya?ml$/.test(name)) found.push({ file: join(blocks, name), scope: 'project' });
    }
    found.push({ file: join(options.home, '.continue', 'config.yaml'), scope: 'user' });
    return found;
  },
  read(input) {
    const doc = parseYamlDoc(input);
    const project = /(^|[\\/])\.continue[\\/]mcpServers[\\/]/.test(input.file);
    const context = makeContext(input, doc, { id: this.id, label: this.label, dialect: 'continue' }, input.scope ?? (project ? 'project' : 'user'), project);
    const root = isRecord(doc.value) ? doc.value : {};
    const list = root['mcpServers'];
    if (list === undefined || list === null) return context.result;
    if (!Array.isArray(list)) {
      context.result.diagnostics.push({
        level: 'error',
        code: 'ENTRY_INVALID',
        message: '"mcpServers" must be a list',
        file: input.shown,
        pointer: '/mcpServers',
      });
      return context.result;
    }
    list.forEach((item: unknown, index) => {
      const path = ['mcpServers', index];
      if (!isRecord(item)) return void new EntryReader(context, `#${index}`, path, {}).reject('a list item must be a mapping');
      if (typeof item['uses'] === 'string') {
        context.result.diagnostics.push({
          level: 'info',
          code: 'HUB_REFERENCE_SKIPPED',
          message: `hub block "${item['uses']}" is skipped: mcpns does not fetch Continue Hub blocks`,
          file: input.shown,
          pointer: `/mcpServers/${index}`,
        });
        return;
      }
      const name = typeof item['name'] === 'string' ? item['name'] : undefined;
      const entry = new EntryReader(context, name ?? `#${index}`, path, item);
      if (name === undefined) return void entry.reject('a Continue server needs "name"');
      const type = entry.str('type');
      const timeout = entry.num('connectionTimeout');
      const common: Partial<ServerSpec> = timeout !== undefined ? { timeoutMs: timeout } : {};
      if (entry.has('command') && (type === undefined || type === 'stdio')) {
        return void entry.finish({ ...entry.stdio({ cwdBase: context.projectRoot, defaultCwd: context.projectRoot }), ...common, transport: 'stdio' });
      }
      if (!entry.has('url')) return void entry.reject('a Continue server needs "command" or "url"');
      if (type === 'websocket') {
        entry.note('warning', 'UNSUPPORTED_TRANSPORT', 'WebSocket servers are not supported by mcpns');
        return void entry.finish({ ...common, ...entry.remote('url'), transport: 'unlaunchable', unlaunchableReason: 'WebSocket transport is not supported' });
      }
      if (type !== undefined && type !== 'sse' && type !== 'streamable-http') return void entry.reject(`unknown "type" "${type}"`);
      const options = isRecord(item['requestOptions']) ? item['requestOptions'] : {};
      const headersReader = new EntryReader(context, entry.name, [...path, 'requestOptions'], options);
      const headers = { ...headersReader.expandMap(headersReader.strMap('headers'), 'headers') };
      const apiKey = entry.str('apiKey');
      if (apiKey !== undefined) headers['Authorization'] = `Bearer ${entry.expand(apiKey, entry.pointer('apiKey'))}`;
      entry.problems.push(...headersReader.problems);
      return void entry.finish({
        ...common,
        ...entry.remote('url'),
        ...(Object.keys(headers).length ? { headers } : {}),
        transport: type === 'sse' ? 'sse' : 'http',
        ...(type === undefined ? { sseFallback: true } : {}),
        diagnostics: headersReader.diagnostics,
      });
    });
    return context.result;
  },
};
