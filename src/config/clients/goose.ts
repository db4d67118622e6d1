import { join } from 'node:path';
import type { ServerSpec } from '../model.js';
import { parseYamlDoc } from './doc.js';
import { EntryReader, eachEntry, isRecord, makeContext, toolFilter } from './entry.js';
import { xdgConfigHome } from './paths.js';
import type { ClientReader } from './types.js';

const INTERNAL = new Set(['builtin', 'platform', 'frontend', 'inline_python']);

/**
 * Goose: YAML `extensions` map; `stdio` (`cmd`/`args`/`envs`/`env_keys`) or `streamable_http` (`uri`/`headers`).
 * `$VAR`/`${VAR}` in uri and headers from `envs` then the environment; `available_tools` allowlist (empty = all);
 * `timeout` in seconds. SSE is no longer supported by Goose; internal types cannot be launched.
 */
export const goose: ClientReader = {
  id: 'goose',
  label: 'Goose',
  locations(options) {
    const files = [{ file: join(xdgConfigHome(options), 'goose', 'config.yaml'), scope: 'user' }];
    const appData = options.env['APPDATA'];
    if (appData) files.push({ file: join(appData, 'Block', 'goose', 'config', 'config.yaml'), scope: 'user' });
    return files;
  },
  read(input) {
    const doc = parseYamlDoc(input);
    const context = makeContext(input, doc, { id: this.id, label: this.label, dialect: 'none' }, input.scope ?? 'user', false);
    const root = isRecord(doc.value) ? doc.value : {};
    eachEntry(context, root['extensions'], ['extensions'], (plain) => {
      const envs = plain.strMap('envs') ?? {};
      // Literal values only: Goose expands $VAR in uri/headers, not in args or envs.
      const entry = new EntryReader({ ...context, dialect: 'goose' }, plain.name, plain.path, plain.entry, envs);
      entry.problems.push(...plain.problems);
      const type = entry.str('type');
      const enabled = entry.bool('enabled');
      const timeout = entry.num('timeout');
      const available = entry.strArray('available_tools');
      const common: Partial<ServerSpec> = {
        enabled: enabled !== false,
        ...(enabled === false ? { disabledReason: `enabled: false in ${input.shown}` } : {}),
        ...(timeout !== undefined ? { timeoutMs: timeout * 1000 } : {}),
        toolFilter: available?.length ? toolFilter(available, undefined, 'exact', { include: 'available_tools' }) : undefined,
      };
      const keyed: Record<string, string> = {};
      for (const name of entry.strArray('env_keys') ?? []) {
        const value = input.options.env[name];
        if (value !== undefined) keyed[name] = value;
        else
          entry.note('warning', 'UNRESOLVED_VARIABLE', `${name} (env_keys) is not set; Goose reads it from its secret store, which mcpns cannot`, 'env_keys');
      }
      const env = { ...keyed, ...envs };
      if (type === 'stdio') {
        const cmd = entry.str('cmd');
        if (cmd === undefined) return void entry.reject('a stdio extension needs "cmd"');
        return void entry.finish({
          ...common,
          transport: 'stdio',
          command: cmd,
          args: entry.strArray('args') ?? [],
          ...(Object.keys(env).length ? { env } : {}),
          cwd: context.projectRoot,
        });
      }
      if (type === 'streamable_http') {
        if (!entry.has('uri')) return void entry.reject('a streamable_http extension needs "uri"');
        return void entry.finish({ ...common, ...entry.remote('uri'), transport: 'http' });
      }
      if (type === 'sse') {
        entry.note('warning', 'UNSUPPORTED_TRANSPORT', 'Goose no longer supports SSE extensions');
        return void entry.finish({ ...common, transport: 'unlaunchable', unlaunchableReason: 'Goose no longer supports SSE extensions' });
      }
      if (type !== undefined && INTERNAL.has(type)) {
        return void entry.finish({ ...common, transport: 'unlaunchable', unlaunchableReason: `"${type}" extensions are built into Goose` });
      }
      entry.reject(`unknown "type" ${type === undefined ? '(missing)' : `"${type}"`} (Goose accepts stdio, streamable_http)`);
    });
    return context.result;
  },
};
