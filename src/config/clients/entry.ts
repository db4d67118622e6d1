import { dirname, resolve } from 'node:path';
import { toPointer } from '../json-text.js';
import type { ClientId, Diagnostic, OAuthSettings, ServerSpec, ToolFilter } from '../model.js';
import { clientEnvPolicy } from '../spawn-env.js';
import type { ParsedDoc } from './doc.js';
import { expandTilde, projectRootOf } from './paths.js';
import type { FileInput, FileRead } from './types.js';
import { makeExpander, type Dialect, type Expander, type MissingRule, type VarScope } from './variables.js';

/** Everything a reader needs while mapping one file's entries. */
export interface ReaderContext {
  client: ClientId;
  label: string;
  scope: string;
  input: FileInput;
  doc: ParsedDoc;
  dialect: Dialect;
  vars: VarScope;
  /** Workspace folder of the file (relative cwd/command paths, `${workspaceFolder}`). */
  projectRoot: string;
  result: FileRead;
}

export function makeContext(
  input: FileInput,
  doc: ParsedDoc,
  client: { id: ClientId; label: string; dialect: Dialect },
  scope: string,
  projectScoped: boolean,
): ReaderContext {
  const projectRoot = projectRootOf(input.file, input.options, projectScoped);
  return {
    client: client.id,
    label: client.label,
    scope,
    input,
    doc,
    dialect: client.dialect,
    vars: {
      env: input.options.env,
      inputs: input.options.inputs ?? {},
      home: input.options.home,
      workspaceFolder: projectRoot,
      configDir: dirname(input.file),
    },
    projectRoot,
    result: { servers: [], diagnostics: [...doc.diagnostics] },
  };
}

export const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Typed access to one entry's fields; wrong types are collected as problems (the entry is then skipped). */
export class EntryReader {
  readonly problems: string[] = [];
  readonly diagnostics: Diagnostic[] = [];
  readonly expand: Expander;

  constructor(
    readonly context: ReaderContext,
    readonly name: string,
    readonly path: Array<string | number>,
    readonly entry: Record<string, unknown>,
    extraVars?: Record<string, string>,
  ) {
    const vars = extraVars ? { ...context.vars, extra: extraVars } : context.vars;
    this.expand = makeExpander(context.dialect, context.label, vars, context.input.shown, this.diagnostics);
  }

  pointer(...fields: Array<string | number>): string {
    return toPointer([...this.path, ...fields]);
  }

  has(key: string): boolean {
    return this.entry[key] !== undefined && this.entry[key] !== null;
  }

  str(key: string): string | undefined {
    const value = this.entry[key];
    if (value === undefined || value === null) return undefined;
    if (typeof value === 'string') return value;
    this.problems.push(`"${key}" must be a string`);
    return undefined;
  }

  bool(key: string): boolean | undefined {
    const value = this.entry[key];
    if (value === undefined || value === null) return undefined;
    if (typeof value === 'boolean') return value;
    this.problems.push(`"${key}" must be true or false`);
    return undefined;
  }

  num(key: string): number | undefined {
    const value = this.entry[key];
    if (value === undefined || value === null) return undefined;
    if (typeof value === 'number' && Number.isFinite(value) && value >= 0) return value;
    this.problems.push(`"${key}" must be a non-negative number`);
    return undefined;
  }

  strArray(key: string, from: Record<string, unknown> = this.entry): string[] | undefined {
    const value = from[key];
    if (value === undefined || value === null) return undefined;
    if (Array.isArray(value) && value.every((item) => typeof item === 'string' || typeof item === 'number')) return value.map(String);
    this.problems.push(`"${key}" must be an array of strings`);
    return undefined;
  }

  /** A string map (env, headers). Numbers and booleans are stringified; null means "unset" (VS Code). */
  strMap(key: string): Record<string, string> | undefined {
    const value = this.entry[key];
    if (value === undefined || value === null) return undefined;
    if (!isRecord(value)) {
      this.problems.push(`"${key}" must be an object of strings`);
      return undefined;
    }
    const map: Record<string, string> = {};
    for (const [name, item] of Object.entries(value)) {
      if (item === null) continue;
      if (typeof item === 'string' || typeof item === 'number' || typeof item === 'boolean') map[name] = String(item);
      else this.problems.push(`"${key}.${name}" must be a string`);
    }
    return map;
  }

  /** Expand every value of a map in the client's dialect. */
  expandMap(map: Record<string, string> | undefined, key: string, missing?: MissingRule): Record<string, string> | undefined {
    if (!map) return undefined;
    return Object.fromEntries(Object.entries(map).map(([name, value]) => [name, this.expand(value, this.pointer(key, name), missing)]));
  }

  /** stdio fields: command, args, env, cwd (relative cwd against `cwdBase`). */
  stdio(options: { cwdBase: string; envKey?: string; envMissing?: MissingRule; defaultCwd?: string }): Partial<ServerSpec> {
    const command = this.str('command');
    const args = this.strArray('args') ?? [];
    const env = this.strMap(options.envKey ?? 'env');
    const cwd = this.str('cwd');
    const spec: Partial<ServerSpec> = {
      transport: 'stdio',
      command: command === undefined ? undefined : this.expand(command, this.pointer('command')),
      args: args.map((arg, index) => this.expand(arg, this.pointer('args', index))),
    };
    const expandedEnv = this.expandMap(env, options.envKey ?? 'env', options.envMissing);
    if (expandedEnv && Object.keys(expandedEnv).length > 0) spec.env = expandedEnv;
    if (cwd !== undefined) spec.cwd = resolve(options.cwdBase, expandTilde(this.expand(cwd, this.pointer('cwd')), this.context.input.options.home));
    // No rule of the client's: the server starts where it is started from (mcpns's working directory, like the client's).
    else spec.cwd = options.defaultCwd ?? resolve(this.context.input.options.cwd);
    return spec;
  }

  /** Remote fields: url (from `urlKey`) and headers. */
  remote(urlKey: string, options: { headersKey?: string; headersMissing?: MissingRule } = {}): Partial<ServerSpec> {
    const raw = this.str(urlKey);
    const headersKey = options.headersKey ?? 'headers';
    const headers = this.expandMap(this.strMap(headersKey), headersKey, options.headersMissing);
    const url = raw === undefined ? undefined : this.expand(raw, this.pointer(urlKey));
    if (url !== undefined && !/^https?:\/\/[^/\s]/i.test(url) && !/[{$]/.test(url)) {
      this.note('warning', 'INVALID_URL', `"${urlKey}" is not an http(s) URL`, urlKey);
    }
    return {
      ...(url !== undefined ? { url } : {}),
      ...(headers && Object.keys(headers).length > 0 ? { headers } : {}),
    };
  }

  /**
   * The client's OAuth object (`key`) as mcpns's OAuth settings: `fields` names the client's field for each setting
   * (scopes may be a list or one space-separated string; a loopback `redirectUri` gives the callback port). Fields the
   * client has but mcpns does not use (`unused`) are noted. `false` or absent: undefined.
   */
  oauth(
    key: string,
    fields: { clientId?: string; clientSecret?: string; scopes?: string; callbackPort?: string; redirectUri?: string },
    unused: string[] = [],
  ): OAuthSettings | undefined {
    const value = this.entry[key];
    if (value === undefined || value === null || value === false) return undefined;
    if (!isRecord(value)) {
      this.problems.push(`"${key}" must be an object`);
      return undefined;
    }
    const text = (field: string | undefined): string | undefined => {
      if (field === undefined || value[field] === undefined || value[field] === null) return undefined;
      if (typeof value[field] === 'string') return this.expand(value[field], this.pointer(key, field));
      this.problems.push(`"${key}.${field}" must be a string`);
      return undefined;
    };
    const settings: OAuthSettings = {};
    const clientId = text(fields.clientId);
    const clientSecret = text(fields.clientSecret);
    if (clientId) settings.clientId = clientId;
    if (clientSecret) settings.clientSecret = clientSecret;
    const scopes = fields.scopes === undefined ? undefined : value[fields.scopes];
    if (typeof scopes === 'string')
      settings.scopes = this.expand(scopes, this.pointer(key, fields.scopes as string))
        .split(/\s+/)
        .filter(Boolean);
    else if (scopes !== undefined && scopes !== null) {
      const list = this.strArray(fields.scopes as string, value);
      if (list) settings.scopes = list.map((scope, index) => this.expand(scope, this.pointer(key, fields.scopes as string, index)));
    }
    const port = fields.callbackPort === undefined ? undefined : value[fields.callbackPort];
    if (port !== undefined && port !== null) {
      const number = typeof port === 'string' ? Number(port) : port;
      if (typeof number === 'number' && Number.isInteger(number) && number > 0 && number < 65536) settings.callbackPort = number;
      else this.problems.push(`"${key}.${fields.callbackPort}" must be a port number`);
    }
    const redirectUri = text(fields.redirectUri);
    if (redirectUri !== undefined) {
      const loopbackPort = /^http:\/\/(?:127\.0\.0\.1|localhost|\[::1\]):(\d+)\//.exec(redirectUri)?.[1];
      if (loopbackPort) settings.callbackPort = Number(loopbackPort);
      else
        this.note('info', 'OAUTH_FIELD_NOT_USED', `${key}.${fields.redirectUri} is not a loopback URI with a port; mcpns uses its own 127.0.0.1 listener`, [
          key,
          fields.redirectUri as string,
        ]);
    }
    for (const field of unused) {
      if (value[field] !== undefined)
        this.note('info', 'OAUTH_FIELD_NOT_USED', `${key}.${field} is not used by mcpns (it discovers the authorization server from the server itself)`, [
          key,
          field,
        ]);
    }
    return Object.keys(settings).length ? settings : undefined;
  }

  /** Report the entry as malformed (file-level diagnostic with its pointer); the other entries still load. */
  reject(reason: string): undefined {
    this.context.result.diagnostics.push({
      level: 'error',
      code: 'ENTRY_INVALID',
      message: `server "${this.name}" is skipped: ${reason}`,
      file: this.context.input.shown,
      pointer: this.pointer(),
      ...this.context.doc.locate(this.path),
      rejects: 'entry',
      client: this.context.client,
    });
    return undefined;
  }

  /** Assemble the ServerSpec, or reject the entry when its fields had the wrong types. */
  finish(fields: Partial<ServerSpec> & { transport: ServerSpec['transport'] }): ServerSpec | undefined {
    if (this.problems.length > 0) return this.reject(this.problems.join('; '));
    const at = this.context.doc.locate(this.path);
    const envPolicy =
      fields.transport === 'stdio'
        ? (fields.envPolicy ?? clientEnvPolicy(this.context.client, { projectRoot: this.context.projectRoot, file: this.context.input.file }))
        : undefined;
    const spec: ServerSpec = {
      ...fields,
      ...(envPolicy ? { envPolicy } : {}),
      name: this.name,
      enabled: fields.enabled ?? true,
      source: {
        client: this.context.client,
        file: this.context.input.shown,
        scope: this.context.scope,
        pointer: this.pointer(),
        ...(at ? { line: at.line, column: at.column } : {}),
      },
      diagnostics: [...(fields.diagnostics ?? []), ...this.diagnostics],
    };
    for (const key of Object.keys(spec) as Array<keyof ServerSpec>) if (spec[key] === undefined) delete spec[key];
    this.context.result.servers.push(spec);
    return spec;
  }

  /** A diagnostic on this server. */
  note(level: Diagnostic['level'], code: string, message: string, field?: string | Array<string | number>, extra: Partial<Diagnostic> = {}): void {
    const fields = field === undefined ? [] : Array.isArray(field) ? field : [field];
    this.diagnostics.push({ level, code, message, file: this.context.input.shown, pointer: this.pointer(...fields), ...extra });
  }
}

/** Tool filter from include/exclude lists (undefined when neither is set). */
export function toolFilter(
  include: string[] | undefined,
  exclude: string[] | undefined,
  match: ToolFilter['match'],
  fields: { include?: string; exclude?: string },
  prefix?: string,
): ToolFilter | undefined {
  if (include === undefined && (exclude === undefined || exclude.length === 0)) return undefined;
  const field = [include !== undefined ? fields.include : undefined, exclude?.length ? fields.exclude : undefined].filter(Boolean).join('/');
  return {
    ...(include !== undefined ? { include } : {}),
    ...(exclude?.length ? { exclude } : {}),
    match,
    ...(field ? { field } : {}),
    ...(fields.include && include !== undefined ? { includeField: fields.include } : {}),
    ...(fields.exclude && exclude?.length ? { excludeField: fields.exclude } : {}),
    ...(prefix !== undefined ? { prefix } : {}),
  };
}

/** Iterate a `{ name: entry }` map, rejecting entries that are not objects. */
export function eachEntry(context: ReaderContext, map: unknown, path: Array<string | number>, visit: (reader: EntryReader) => void): void {
  if (map === undefined || map === null) return;
  if (!isRecord(map)) {
    context.result.diagnostics.push({
      level: 'error',
      code: 'ENTRY_INVALID',
      message: `"${path.join('.')}" must be an object of servers`,
      file: context.input.shown,
      pointer: toPointer(path),
      ...context.doc.locate(path),
      rejects: 'file',
      client: context.client,
    });
    return;
  }
  for (const [name, entry] of Object.entries(map)) {
    const entryPath = [...path, name];
    if (!isRecord(entry)) {
      new EntryReader(context, name, entryPath, {}).reject('an entry must be an object');
      continue;
    }
    visit(new EntryReader(context, name, entryPath, entry));
  }
}
