import { picomatch } from '../../util/picomatch.js';
import { dirname, join, resolve } from 'node:path';
import { projectFolders } from '../locate.js';
import type { ServerSpec } from '../model.js';
import { parseJsonDoc } from './doc.js';
import { eachEntry, isRecord, makeContext, toolFilter } from './entry.js';
import { xdgConfigHome } from './paths.js';
import type { ClientLocation, ClientReader } from './types.js';

const NAMES = ['opencode.jsonc', 'opencode.json'];

/** opencode's sanitizer for MCP server and tool names (`MCP.tools()`): each UTF-16 unit outside [a-zA-Z0-9_-] → "_". */
const opencodeSanitize = (value: string): string => value.replace(/[^a-zA-Z0-9_-]/g, '_');

/** opencode prefixes MCP tools with the server name, both sanitized to [a-zA-Z0-9_-]. */
export const opencodeToolPrefix = (server: string): string => `${opencodeSanitize(server)}_`;

/** The name opencode gives an MCP tool (`<server>_<tool>`, both sanitized; no prefix, no length limit): the `opencode` preset. */
export const opencodeToolName = (server: string, tool: string): string => opencodeToolPrefix(server) + opencodeSanitize(tool);

/**
 * opencode: JSONC `mcp` in `opencode.json[c]` (project, from cwd up to the git root) and
 * `~/.config/opencode/` (XDG). `type: local` + argv `command` + `environment`; `type: remote` + url + headers.
 * `{env:VAR}` (unset → empty string, as opencode does), `{file:path}`. Top-level `tools` globs set to false and
 * `permission` globs set to "deny" → exclude filters.
 */
export const opencode: ClientReader = {
  id: 'opencode',
  label: 'opencode',
  precedence: { project: 3, custom: 2, global: 1 },
  mergesFields: true,
  locations(options) {
    const found: ClientLocation[] = projectFolders(options.cwd, options.home).flatMap((directory) =>
      NAMES.map((name) => ({ file: join(directory, name), scope: 'project' as const })),
    );
    const custom = options.env['OPENCODE_CONFIG'];
    if (custom) found.push({ file: resolve(options.cwd, custom), scope: 'custom' });
    for (const name of [...NAMES, 'config.json']) found.push({ file: join(xdgConfigHome(options), 'opencode', name), scope: 'global' });
    return found;
  },
  read(input) {
    const doc = parseJsonDoc(input, { id: this.id, label: this.label, strict: false });
    const global = dirname(resolve(input.file)) === join(xdgConfigHome(input.options), 'opencode');
    const scope = input.scope ?? (global ? 'global' : 'project');
    const context = makeContext(input, doc, { id: this.id, label: this.label, dialect: 'opencode' }, scope, !global);
    const root = isRecord(doc.value) ? doc.value : {};
    // Tools turned off by a `tools` glob (`"<server>_*": false`) or denied by a `permission` glob (`"deny"`): both
    // leave the tool out of what the model is sent (observed with opencode 1.18.33); "ask" keeps it.
    const toolsMap = isRecord(root['tools']) ? root['tools'] : {};
    const permissionMap = isRecord(root['permission']) ? root['permission'] : {};
    const denied = [
      ...Object.entries(toolsMap)
        .filter(([, value]) => value === false)
        .map(([pattern]) => pattern),
      ...Object.entries(permissionMap)
        .filter(([, value]) => value === 'deny')
        .map(([pattern]) => pattern),
    ];
    eachEntry(context, root['mcp'], ['mcp'], (entry) => {
      const type = entry.str('type');
      const enabled = entry.bool('enabled');
      const timeout = entry.num('timeout');
      const prefix = opencodeToolPrefix(entry.name);
      const exclude = denied.filter((pattern) => mayMatchPrefix(pattern, prefix));
      const common: Partial<ServerSpec> = {
        enabled: enabled !== false,
        ...(enabled === false ? { disabledReason: `"enabled": false in ${input.shown}` } : {}),
        ...(timeout !== undefined ? { timeoutMs: timeout } : {}),
        toolFilter: toolFilter(undefined, exclude, 'glob', { exclude: Object.keys(permissionMap).length ? 'tools/permission' : 'tools' }, prefix),
      };
      if (type === 'local') {
        const argv = entry.strArray('command');
        if (!argv || argv.length === 0) return void entry.reject('a local server needs "command" as a non-empty array (argv)');
        const [command, ...args] = argv.map((part, index) => entry.expand(part, entry.pointer('command', index)));
        const environment = entry.expandMap(entry.strMap('environment'), 'environment');
        const cwd = entry.str('cwd');
        return void entry.finish({
          ...common,
          transport: 'stdio',
          command: command!,
          args,
          ...(environment && Object.keys(environment).length ? { env: environment } : {}),
          cwd: cwd === undefined ? context.projectRoot : resolve(context.projectRoot, entry.expand(cwd, entry.pointer('cwd'))),
        });
      }
      if (type === 'remote') {
        if (!entry.has('url')) return void entry.reject('a remote server needs "url"');
        const oauth = entry.oauth('oauth', { clientId: 'clientId', clientSecret: 'clientSecret', scopes: 'scope' });
        return void entry.finish({ ...entry.remote('url'), ...common, transport: 'http', sseFallback: true, ...(oauth ? { oauth } : {}) });
      }
      entry.reject(type === undefined ? 'an opencode server needs "type": "local" or "remote"' : `unknown "type" "${type}" (opencode accepts local, remote)`);
    });
    return context.result;
  },
};

/** Whether a `tools` glob can match a tool of the server with this prefix (so unrelated globs stay off its filter). */
function mayMatchPrefix(pattern: string, prefix: string): boolean {
  const literal = /^[^*?[\]{}()!+@]*/.exec(pattern)![0];
  if (literal === pattern) return pattern.startsWith(prefix);
  return literal.startsWith(prefix) || prefix.startsWith(literal) || picomatch().isMatch(prefix, pattern);
}
