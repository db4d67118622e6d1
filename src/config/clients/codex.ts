import { dirname, join, resolve } from 'node:path';
import type { ServerSpec } from '../model.js';
import { codexHome, codexProjectDirs, codexProjectGate } from './codex-trust.js';
import { parseTomlDoc } from './doc.js';
import { eachEntry, isRecord, makeContext, toolFilter, type EntryReader } from './entry.js';
import type { ClientReader } from './types.js';

/** Codex's rule for server names (config keys): any other key is refused with `Invalid MCP server name` and skipped. */
export const CODEX_SERVER_NAME = /^[a-zA-Z0-9_:@/.-]+$/;

const STDIO_ONLY = ['command', 'args', 'env', 'env_vars', 'cwd'];
const HTTP_ONLY = ['url', 'bearer_token_env_var', 'http_headers', 'env_http_headers'];

/**
 * OpenAI Codex: TOML `[mcp_servers.NAME]` in `$CODEX_HOME/config.toml` (or `~/.codex`) and the project layers: the
 * `.codex/config.toml` of each folder from the repository root down to the current folder (the deepest wins), read
 * only in a trusted project (`[projects."<dir>"] trust_level` in the user file; otherwise their servers get the
 * NOT_TRUSTED gate). No variable expansion: secrets come from `env_vars`, `env_http_headers` and
 * `bearer_token_env_var`. `url` is Streamable HTTP only (no SSE); `enabled_tools` then `disabled_tools`;
 * `startup_timeout_sec` × 1000. A server key outside `^[a-zA-Z0-9_:@/.-]+$` is refused.
 */
export const codex: ClientReader = {
  id: 'codex',
  label: 'Codex',
  precedence: { project: 2, user: 1 },
  mergesFields: true,
  locations(options) {
    return [
      ...codexProjectDirs(options).map((dir) => ({ file: join(dir, '.codex', 'config.toml'), scope: 'project' })),
      { file: join(codexHome(options), 'config.toml'), scope: 'user' },
    ];
  },
  read(input) {
    const doc = parseTomlDoc(input);
    const project =
      /(^|[\\/])\.codex[\\/]config\.toml$/.test(input.file) &&
      resolve(input.file) !== join(input.options.home, '.codex', 'config.toml') &&
      resolve(input.file) !== resolve(codexHome(input.options), 'config.toml');
    const scope = input.scope ?? (project ? 'project' : 'user');
    const context = makeContext(input, doc, { id: this.id, label: this.label, dialect: 'none' }, scope, project);
    const root = isRecord(doc.value) ? doc.value : {};
    eachEntry(context, root['mcp_servers'], ['mcp_servers'], (entry) => readEntry(entry, context.projectRoot));
    if (scope === 'project') {
      const gate = codexProjectGate(dirname(dirname(resolve(input.file))), input.options);
      if (gate) for (const server of context.result.servers) server.gate = gate;
    }
    return context.result;
  },
};

function readEntry(entry: EntryReader, cwdBase: string): ServerSpec | undefined {
  const env = entry.context.input.options.env;
  if (!CODEX_SERVER_NAME.test(entry.name)) {
    // Codex skips the entry and starts the others (observed with Codex 0.169.0); mcpns keeps it for `list --all`.
    entry.note('error', 'SERVER_NAME_REFUSED', `Invalid MCP server name '${entry.name}': must match pattern ${CODEX_SERVER_NAME.source}`, undefined, {
      rejects: 'entry',
      client: 'codex',
      ...entry.context.doc.locate(entry.path),
    });
  }
  if (entry.has('bearer_token')) return entry.reject('Codex rejects a literal "bearer_token"; use "bearer_token_env_var"');
  const stdio = entry.has('command');
  const http = entry.has('url');
  if (stdio && http) return entry.reject('"command" and "url" cannot be combined');
  if (!stdio && !http) return entry.reject('a Codex server needs "command" or "url"');
  const misplaced = (stdio ? HTTP_ONLY : STDIO_ONLY).find((key) => entry.has(key));
  if (misplaced) return entry.reject(`"${misplaced}" is not supported for ${stdio ? 'stdio' : 'streamable_http'}`);

  const enabled = entry.bool('enabled');
  const startupSec = entry.num('startup_timeout_sec');
  const startupMs = entry.num('startup_timeout_ms');
  const common: Partial<ServerSpec> = {
    enabled: enabled !== false,
    ...(enabled === false ? { disabledReason: `enabled = false in ${entry.context.input.shown}` } : {}),
    ...(startupSec !== undefined ? { timeoutMs: startupSec * 1000 } : startupMs !== undefined ? { timeoutMs: startupMs } : {}),
    toolFilter: toolFilter(entry.strArray('enabled_tools'), entry.strArray('disabled_tools'), 'exact', {
      include: 'enabled_tools',
      exclude: 'disabled_tools',
    }),
  };
  const fromEnv = (variable: string, field: Array<string | number>, what: string): string | undefined => {
    const value = env[variable];
    if (value === undefined) entry.note('warning', 'UNRESOLVED_VARIABLE', `${variable} is not set; Codex sends no ${what}`, field);
    return value;
  };

  if (stdio) {
    const spec = entry.stdio({ cwdBase, defaultCwd: cwdBase });
    const passthrough = entry.entry['env_vars'];
    if (passthrough !== undefined) {
      if (!Array.isArray(passthrough)) return entry.reject('"env_vars" must be an array');
      const forwarded: Record<string, string> = {};
      passthrough.forEach((item: unknown, index) => {
        const name = typeof item === 'string' ? item : isRecord(item) && typeof item['name'] === 'string' ? item['name'] : undefined;
        if (name === undefined) return void entry.problems.push(`"env_vars[${index}]" must be a name or { name }`);
        const value = env[name];
        if (value !== undefined) forwarded[name] = value;
        else entry.note('info', 'UNRESOLVED_VARIABLE', `${name} is not set, so Codex forwards nothing for it`, ['env_vars', index]);
      });
      spec.env = { ...forwarded, ...spec.env };
      if (Object.keys(spec.env).length === 0) delete spec.env;
    }
    return entry.finish({ ...spec, ...common, transport: 'stdio' });
  }

  const spec = entry.remote('url', { headersKey: 'http_headers' });
  const headers: Record<string, string> = { ...spec.headers };
  const envHeaders = entry.strMap('env_http_headers') ?? {};
  for (const [header, variable] of Object.entries(envHeaders)) {
    const value = fromEnv(variable, ['env_http_headers', header], `${header} header`);
    if (value !== undefined) headers[header] = value;
  }
  const bearer = entry.str('bearer_token_env_var');
  if (bearer !== undefined) {
    const value = fromEnv(bearer, ['bearer_token_env_var'], 'Authorization header');
    if (value !== undefined) headers['Authorization'] = `Bearer ${value}`;
  }
  // OAuth: `scopes` on the entry, `oauth = { client_id }`; `oauth_resource` (a fixed RFC 8707 resource) is not used.
  const oauth = entry.oauth('oauth', { clientId: 'client_id' }) ?? {};
  const scopes = entry.strArray('scopes');
  if (scopes?.length) oauth.scopes = scopes;
  if (entry.has('oauth_resource')) {
    entry.note(
      'info',
      'OAUTH_FIELD_NOT_USED',
      "oauth_resource is not used by mcpns: it sends the resource named by the server's own metadata",
      'oauth_resource',
    );
  }
  return entry.finish({
    ...spec,
    ...(Object.keys(headers).length ? { headers } : {}),
    ...common,
    transport: 'http',
    ...(Object.keys(oauth).length ? { oauth } : {}),
  });
}
