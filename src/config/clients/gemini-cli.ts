import { isAbsolute, join, resolve } from 'node:path';
import type { ServerSpec } from '../model.js';
import { parseJsonDoc } from './doc.js';
import { eachEntry, isRecord, makeContext, toolFilter, type EntryReader } from './entry.js';
import { geminiApproval, geminiFolderGate, geminiToolsExclude } from './gemini-trust.js';
import { own } from '../../util/own.js';
import type { ClientReader } from './types.js';
import { MAX_CONFIG_BYTES, readRegularFile } from '../../util/read-file.js';

/**
 * Gemini CLI: JSONC `settings.json` (`~/.gemini`, `.gemini` in the project; project wins).
 * `httpUrl` (HTTP, no fallback) > `url` (+ `type`; alone = HTTP then SSE) > `command`.
 * `$VAR`, `${VAR}`, `${VAR:-def}`: a missing one keeps its placeholder, except in env/headers where Gemini
 * substitutes an empty string. `includeTools` (exact or `name(` prefix) / `excludeTools` (wins), and `tools.exclude` of
 * the settings over every server's tools; `mcp.excluded`/`mcp.allowed`.
 * Gates of `gemini -p` (gemini-trust.ts): a folder Gemini does not trust runs nothing (NOT_TRUSTED for every server);
 * in the default approval mode only tools an allow rule covers are offered (NOT_APPROVED, per server or per tool).
 */
export const geminiCli: ClientReader = {
  id: 'gemini-cli',
  label: 'Gemini CLI',
  precedence: { project: 2, user: 1 },
  locations(options) {
    const project = join(resolve(options.cwd), '.gemini', 'settings.json');
    const user = join(options.home, '.gemini', 'settings.json');
    // Gemini ignores the project file when the workspace is the home directory (it is the user file).
    return project === user
      ? [{ file: user, scope: 'user' }]
      : [
          { file: project, scope: 'project' },
          { file: user, scope: 'user' },
        ];
  },
  read(input) {
    const doc = parseJsonDoc(input, { id: this.id, label: this.label, strict: false });
    const user = resolve(input.file) === join(input.options.home, '.gemini', 'settings.json');
    const scope = input.scope ?? (user ? 'user' : 'project');
    const context = makeContext(input, doc, { id: this.id, label: this.label, dialect: 'gemini' }, scope, !user);
    const root = isRecord(doc.value) ? doc.value : {};
    eachEntry(context, root['mcpServers'], ['mcpServers'], (entry) => readEntry(entry, input.options.cwd));
    const mcp = isRecord(root['mcp']) ? root['mcp'] : {};
    const disables: Array<{ name: string; reason: string }> = [];
    if (Array.isArray(mcp['excluded'])) {
      disables.push(
        ...mcp['excluded']
          .filter((name): name is string => typeof name === 'string')
          .map((name) => ({ name, reason: `listed in mcp.excluded in ${input.shown}` })),
      );
    }
    // `gemini mcp disable <name>` writes { "<lowercased name>": { "enabled": false } } to this file (mcpServerEnablement.ts).
    const enablementFile = join(input.options.home, '.gemini', 'mcp-server-enablement.json');
    const enablement = readEnablement(enablementFile);
    for (const server of context.result.servers) {
      if (enablement[server.name.toLowerCase().trim()] === false)
        disables.push({ name: server.name, reason: `disabled with "gemini mcp disable" (${enablementFile})` });
    }
    if (disables.length) context.result.disables = disables;
    if (Array.isArray(mcp['allowed'])) {
      context.result.allowOnly = {
        names: mcp['allowed'].filter((name): name is string => typeof name === 'string'),
        reason: `not listed in mcp.allowed in ${input.shown}`,
      };
    }
    const folder = geminiFolderGate(input.options);
    const entries = isRecord(root['mcpServers']) ? root['mcpServers'] : {};
    const settingsExclude = context.result.servers.length ? geminiToolsExclude(input.options) : [];
    for (const server of context.result.servers) {
      if (settingsExclude.length) server.toolFilter = { ...(server.toolFilter ?? { match: 'gemini' }), settingsExclude };
      if (folder) {
        server.gate = folder;
        continue;
      }
      const raw = own(entries, server.name);
      const { gate, toolGate } = geminiApproval(
        { name: server.name, trust: isRecord(raw) && raw['trust'] === true },
        input.options.approvalMode ?? 'default',
        input.options,
      );
      if (gate) server.gate = gate;
      if (toolGate) server.toolGate = toolGate;
    }
    return context.result;
  },
};

function readEnablement(file: string): Record<string, boolean> {
  try {
    const value: unknown = JSON.parse(readRegularFile(file, MAX_CONFIG_BYTES));
    if (!isRecord(value)) return {};
    return Object.fromEntries(Object.entries(value).map(([id, state]) => [id, !(isRecord(state) && state['enabled'] === false)]));
  } catch {
    return {};
  }
}

function readEntry(entry: EntryReader, processCwd: string): ServerSpec | undefined {
  const include = entry.strArray('includeTools');
  const exclude = entry.strArray('excludeTools');
  const timeout = entry.num('timeout');
  const common: Partial<ServerSpec> = {
    toolFilter: toolFilter(include, exclude, 'gemini', { include: 'includeTools', exclude: 'excludeTools' }),
    ...(timeout !== undefined ? { timeoutMs: timeout } : {}),
  };
  const oauth = entry.oauth('oauth', { clientId: 'clientId', clientSecret: 'clientSecret', scopes: 'scopes', redirectUri: 'redirectUri' }, [
    'authorizationUrl',
    'tokenUrl',
    'registrationUrl',
    'audiences',
    'tokenParamName',
  ]);
  const provider = entry.str('authProviderType');
  if (provider !== undefined && provider !== 'dynamic_discovery') {
    entry.note(
      'warning',
      'AUTH_PROVIDER_NOT_SUPPORTED',
      `authProviderType "${provider}" (Google credentials) is not used by mcpns; the server may answer 401`,
      'authProviderType',
    );
  }
  const remote = (key: string): Partial<ServerSpec> => ({ ...entry.remote(key, { headersMissing: 'empty' }), ...(oauth ? { oauth } : {}) });
  if (entry.has('httpUrl')) return entry.finish({ ...remote('httpUrl'), ...common, transport: 'http' });
  if (entry.has('url')) {
    const type = entry.str('type');
    if (type === 'http' || type === 'sse') return entry.finish({ ...remote('url'), ...common, transport: type });
    if (type !== undefined) return entry.reject(`unknown "type" "${type}" (Gemini CLI accepts http, sse)`);
    return entry.finish({ ...remote('url'), ...common, transport: 'http', sseFallback: true });
  }
  if (entry.has('command')) {
    const cwd = entry.str('cwd');
    if (cwd !== undefined && !isAbsolute(cwd) && !cwd.startsWith('$')) {
      entry.note('info', 'RELATIVE_CWD', 'Gemini CLI resolves a relative "cwd" against the directory it was started from', 'cwd');
    }
    return entry.finish({ ...entry.stdio({ cwdBase: processCwd, envMissing: 'empty' }), ...common, transport: 'stdio' });
  }
  if (entry.has('tcp')) {
    entry.note('warning', 'UNSUPPORTED_TRANSPORT', 'WebSocket ("tcp") servers are not supported by mcpns');
    return entry.finish({ ...common, transport: 'unlaunchable', unlaunchableReason: 'WebSocket transport is not supported' });
  }
  return entry.reject('a Gemini CLI server needs "command", "url", "httpUrl" or "tcp"');
}
