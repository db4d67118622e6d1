import { join, resolve } from 'node:path';
import type { ServerSpec } from '../model.js';
import { parseJsonDoc } from './doc.js';
import { eachEntry, isRecord, makeContext, type EntryReader } from './entry.js';
import { readEnvFile } from './env-file.js';
import { expandTilde } from './paths.js';
import type { ClientReader } from './types.js';

/**
 * Cursor: strict JSON `mcpServers` in `.cursor/mcp.json` (project, wins) and `~/.cursor/mcp.json` (global).
 * `${env:X}`, `${userHome}`, `${workspaceFolder}`; a missing variable is reported and kept.
 * A url without type: Streamable HTTP with SSE fallback.
 */
export const cursor: ClientReader = {
  id: 'cursor',
  label: 'Cursor',
  precedence: { project: 2, global: 1 },
  locations(options) {
    return [
      { file: join(resolve(options.cwd), '.cursor', 'mcp.json'), scope: 'project' },
      { file: join(options.home, '.cursor', 'mcp.json'), scope: 'global' },
    ];
  },
  read(input) {
    const doc = parseJsonDoc(input, { id: this.id, label: this.label, strict: true });
    const global = resolve(input.file) === join(input.options.home, '.cursor', 'mcp.json');
    const scope = input.scope ?? (global ? 'global' : 'project');
    const context = makeContext(input, doc, { id: this.id, label: this.label, dialect: 'cursor' }, scope, !global);
    const root = isRecord(doc.value) ? doc.value : {};
    eachEntry(context, root['mcpServers'], ['mcpServers'], (entry) => readEntry(entry, context.projectRoot));
    return context.result;
  },
};

function readEntry(entry: EntryReader, workspaceFolder: string): ServerSpec | undefined {
  const type = entry.str('type');
  if (entry.has('command') && (type === undefined || type === 'stdio')) {
    const spec = entry.stdio({ cwdBase: workspaceFolder, defaultCwd: workspaceFolder });
    const envFile = entry.str('envFile');
    if (envFile !== undefined) {
      const fromFile = readEnvFile(resolve(workspaceFolder, expandTilde(entry.expand(envFile, entry.pointer('envFile')), entry.context.input.options.home)));
      if ('env' in fromFile) spec.env = { ...fromFile.env, ...spec.env };
      else entry.note('warning', 'ENV_FILE_NOT_FOUND', `envFile ${envFile} ${fromFile.problem}`, 'envFile');
    }
    return entry.finish({ ...spec, transport: 'stdio' });
  }
  if (entry.has('url')) {
    const sse = type === 'sse';
    // Cursor's static OAuth client: `auth: { CLIENT_ID, CLIENT_SECRET, scopes }` (its redirect URI is cursor://, not ours).
    const oauth = entry.oauth('auth', { clientId: 'CLIENT_ID', clientSecret: 'CLIENT_SECRET', scopes: 'scopes' });
    return entry.finish({ ...entry.remote('url'), transport: sse ? 'sse' : 'http', ...(sse ? {} : { sseFallback: true }), ...(oauth ? { oauth } : {}) });
  }
  return entry.reject('a Cursor server needs "command" or "url"');
}
