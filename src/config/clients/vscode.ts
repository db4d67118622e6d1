import { join, resolve } from 'node:path';
import type { ServerSpec } from '../model.js';
import { parseJsonDoc } from './doc.js';
import { eachEntry, isRecord, makeContext, type EntryReader } from './entry.js';
import { readEnvFile } from './env-file.js';
import { appConfigDirs, expandTilde } from './paths.js';
import type { ClientReader } from './types.js';

/**
 * VS Code: JSONC `servers` + `inputs[]` in `.vscode/mcp.json` and the user `mcp.json`.
 * `${env:X}` (missing → empty, as VS Code does), `${input:id}` from --input, `${workspaceFolder}`, `${userHome}`.
 * A url is Streamable HTTP with SSE fallback unless `type` is "sse".
 */
export const vscode: ClientReader = {
  id: 'vscode',
  label: 'VS Code',
  locations(options) {
    const user = appConfigDirs(options).flatMap((dir) => ['Code', 'Code - Insiders'].map((app) => join(dir, app, 'User', 'mcp.json')));
    return [{ file: join(resolve(options.cwd), '.vscode', 'mcp.json'), scope: 'workspace' }, ...user.map((file) => ({ file, scope: 'user' }))];
  },
  read(input) {
    const doc = parseJsonDoc(input, { id: this.id, label: this.label, strict: false });
    const workspace = /(^|[\\/])\.vscode[\\/]mcp\.json$/.test(input.file);
    const scope = input.scope ?? (workspace ? 'workspace' : 'user');
    const context = makeContext(input, doc, { id: this.id, label: this.label, dialect: 'vscode' }, scope, workspace);
    let root = isRecord(doc.value) ? doc.value : {};
    let path: string[] = [];
    if (!('servers' in root) && isRecord(root['mcp'])) {
      // Legacy (pre-1.102) settings.json: "mcp": { "servers", "inputs" }.
      root = root['mcp'];
      path = ['mcp'];
      context.result.diagnostics.push({
        level: 'info',
        code: 'LEGACY_VSCODE_SETTINGS',
        message: 'MCP servers in VS Code settings.json are deprecated; VS Code now reads mcp.json',
        file: input.shown,
        pointer: '/mcp',
      });
    }
    const inputs = Array.isArray(root['inputs']) ? root['inputs'] : [];
    context.vars = {
      ...context.vars,
      declaredInputs: new Set(inputs.filter(isRecord).map((each) => String(each['id']))),
    };
    if ('mcpServers' in root && !('servers' in root)) {
      context.result.diagnostics.push({
        level: 'warning',
        code: 'ENTRY_INVALID',
        message: 'VS Code reads "servers", not "mcpServers"; VS Code ignores this key',
        file: input.shown,
        pointer: '/mcpServers',
      });
    }
    eachEntry(context, root['servers'], [...path, 'servers'], (entry) => readEntry(entry, context.projectRoot));
    return context.result;
  },
};

function readEntry(entry: EntryReader, workspaceFolder: string): ServerSpec | undefined {
  const type = entry.str('type');
  if (type !== undefined && !['stdio', 'http', 'sse'].includes(type)) return entry.reject(`unknown "type" "${type}" (VS Code accepts stdio, http, sse)`);
  if (entry.has('command') && type !== 'http' && type !== 'sse') {
    const spec = entry.stdio({ cwdBase: workspaceFolder, defaultCwd: workspaceFolder });
    const envFile = entry.str('envFile');
    if (envFile !== undefined) {
      const path = resolve(workspaceFolder, expandTilde(entry.expand(envFile, entry.pointer('envFile')), entry.context.input.options.home));
      const fromFile = readEnvFile(path);
      if ('env' in fromFile) spec.env = { ...fromFile.env, ...spec.env };
      else entry.note('warning', 'ENV_FILE_NOT_FOUND', `envFile ${envFile} ${fromFile.problem}`, 'envFile');
    }
    return entry.finish({ ...spec, transport: 'stdio' });
  }
  if (entry.has('url')) {
    return entry.finish({ ...entry.remote('url'), transport: type === 'sse' ? 'sse' : 'http', ...(type === 'sse' ? {} : { sseFallback: true }) });
  }
  return entry.reject('a VS Code server needs "command" or "url"');
}
