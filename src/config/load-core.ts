import { existsSync, realpathSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { ConfigError } from '../errors.js';
import { expandPosixDefault } from './expand.js';
import { parse as parseLoose } from 'jsonc-parser';
import { locate, parseJsonText, toPointer } from './json-text.js';
import { emptyConfig, type LoadedConfig } from './loaded.js';
import type { Diagnostic, EnvInheritSetting, OAuthSettings, ServerSpec } from './model.js';
import { ALL_ENV, policyFromSetting } from './spawn-env.js';
import type { OAuthEntry, ServerEntry } from './schema.js';
import { parseValidOwnConfig, type OwnConfigParts } from './quick-validate.js';
import { MAX_CONFIG_BYTES, readRegularFile, UnreadableFileError } from '../util/read-file.js';
import { applyClientRules, detectClient, readClientConfigs, readForeignConfigFile } from './clients/index.js';
import { findProjectFiles } from './clients/project-files.js';
import { namespaceDiagnostics } from './namespace-diagnostics.js';
import { validateOAuth, validateRegexes, validateRoutes } from './own-config-checks.js';
import { displayPath, findOwnConfig, isOwnConfigFile, OWN_CONFIG_NAME, OWN_ONLY_KEYS, ownConfigCandidates } from './locate.js';
import type { LoadOptions } from './load-options.js';

export { displayPath, findOwnConfig, isOwnConfigFile, OWN_CONFIG_NAME } from './locate.js';

type JsonTree = ReturnType<typeof parseJsonText>['tree'];

/**
 * Decides a mcpns.config.json the precompiled validator rejects, and words what is wrong: zod's schema
 * (own-config-zod.ts). Without it, reading stops there and says so (ConfigReading), for a caller that loads zod only then.
 */
export type OwnConfigCheck = (value: unknown, text: string, tree: JsonTree, shown: string) => OwnConfigParts;

interface CoreLoadOptions extends LoadOptions {
  checkOwnConfig?: OwnConfigCheck | undefined;
}

/**
 * A config read without zod: the config, or — when a mcpns.config.json is one the precompiled validator rejects — how
 * to finish reading once zod's check is loaded (the catalog reader answers the same way, catalog/read-core.ts). No
 * exception says it: the reading returns it, up through includes and every source.
 */
export type ConfigReading = { config: LoadedConfig; finish?: never } | { config?: never; finish: (check: OwnConfigCheck) => LoadedConfig };

/** What a reading step returns when it met a config only zod can decide: the marker travels up as a value. */
const NEEDS_SCHEMA = Symbol('needs the zod schema');
type Read = LoadedConfig | typeof NEEDS_SCHEMA;

/** Every configured source merged into one LoadedConfig, without zod (early spawn, the CLI before zod is needed). */
export function readConfig(loadOptions: LoadOptions): ConfigReading {
  const read = loadSources({ ...loadOptions });
  return read === NEEDS_SCHEMA ? { finish: (check) => loadConfig(loadOptions, check) } : { config: read };
}

/**
 * Every configured source merged into one LoadedConfig, with zod's check deciding any mcpns.config.json the precompiled
 * validator rejects (load.ts's loadConfig, the library's, passes it from the start).
 */
export function loadConfig(loadOptions: LoadOptions, checkOwnConfig: OwnConfigCheck): LoadedConfig {
  const read = loadSources({ ...loadOptions, checkOwnConfig });
  if (read === NEEDS_SCHEMA) throw new Error('internal: a config check was given and still not used'); // cannot happen
  return read;
}

function loadSources(options: CoreLoadOptions): Read {
  const configFiles = options.configFiles ?? [];
  const hasClientSource = (options.clients?.length ?? 0) > 0 || options.scan === true;
  const found = configFiles.length === 0 && !hasClientSource ? findOwnConfig(options.cwd, options.home) : undefined;
  if (configFiles.length === 0 && !hasClientSource && found === undefined) return loadProjectClientFiles(options);
  const files = found !== undefined ? [found] : configFiles.map((file) => resolve(options.cwd, file));
  const merged = emptyConfig(files[0] ? dirname(files[0]) : options.cwd);
  // Found by lookup, not named: the command says which file it reads (and so which servers it may start).
  if (found !== undefined) merged.detected = [{ file: displayPath(found, options.cwd), client: 'mcpns' }];
  for (const file of files as string[]) {
    const loaded = loadFile(file, options);
    if (loaded === NEEDS_SCHEMA) return NEEDS_SCHEMA;
    mergeInto(merged, loaded);
  }
  if (hasClientSource) {
    const read = readClientConfigs({ ...options, clients: options.clients ?? [], scan: options.scan === true });
    if (configFiles.length === 0 && read.files.length === 0) throw nothingFound(read.searched ?? [], options, options.scan ? '--scan' : '--client');
    mergeInto(merged, read);
  }
  return finishLoading(merged);
}

/**
 * Zero-config start: no source option and no mcpns.config.json, so the project-level files of every client found in
 * project folders (cwd and its parents up to the repository root, see projectFolders) are read, as those clients would read them.
 */
function loadProjectClientFiles(options: CoreLoadOptions): Read {
  const { found, searched } = findProjectFiles(options.cwd, options.home);
  const merged = emptyConfig(options.cwd);
  merged.detected = [];
  for (const { file, client } of found) {
    const loaded = loadFile(file, options);
    if (loaded === NEEDS_SCHEMA) return NEEDS_SCHEMA;
    // A settings file that declares no server (e.g. .gemini/settings.json for other settings) is not a source.
    if (loaded.servers.length === 0 && !loaded.diagnostics.some((diagnostic) => diagnostic.level === 'error')) continue;
    merged.detected.push({ file: displayPath(file, options.cwd), client });
    mergeInto(merged, loaded);
  }
  if (merged.detected.length === 0) {
    const ownSearched = ownConfigCandidates(options.cwd, options.home);
    throw nothingFound([...ownSearched, ...searched], options, undefined);
  }
  return finishLoading(merged);
}

/** A place only another operating system's clients use (macOS's Application Support folder, off macOS). */
export function otherPlatformPath(file: string, home: string, platform: NodeJS.Platform = process.platform): boolean {
  return platform !== 'darwin' && file.startsWith(join(home, 'Library', 'Application Support'));
}

/** Exit 2 naming every place looked at; with nothing to read there is nothing to check, never "no findings". */
function nothingFound(searched: readonly string[], options: LoadOptions, via: '--scan' | '--client' | undefined): ConfigError {
  // Only this platform's places: a Linux user is not told about ~/Library/Application Support.
  const shown = [...new Set(searched.filter((file) => !otherPlatformPath(file, options.home)).map((file) => displayPath(file, options.cwd)))];
  const message = via
    ? `${via}: no client config file found (looked in ${shown.length} place${shown.length === 1 ? '' : 's'})`
    : `no ${OWN_CONFIG_NAME} and no client config file in ${options.cwd} or its parents (looked in ${shown.length} place${shown.length === 1 ? '' : 's'})`;
  return new ConfigError('CONFIG_NOT_FOUND', `${message}:\n${shown.map((file) => `  ${file}`).join('\n')}`, {
    hint: via
      ? 'pass --config <file> to read a file elsewhere'
      : "pass --config <file>, try --scan (every client's user-level files too), or create mcpns.config.json with `mcpns init`",
    details: { searched: shown },
  });
}

function finishLoading(merged: LoadedConfig): LoadedConfig {
  // Scope precedence across every source read (e.g. --config .mcp.json --config ~/.claude.json).
  applyClientRules(merged.servers);
  skipDuplicateNames(merged.servers);
  // Checked after merging: a namespace may list servers declared in another source.
  merged.diagnostics.push(...namespaceDiagnostics(merged));
  return merged;
}

/**
 * A server name is a namespace: mcpns discovers one server per name. When two enabled entries share a name
 * (two clients under --scan, VS Code's workspace and user files…), the first one read is used and the others
 * are skipped with a warning naming both; `mcpns servers` still lists every entry with its source.
 */
function skipDuplicateNames(servers: ServerSpec[]): void {
  const first = new Map<string, ServerSpec>();
  for (const server of servers) {
    if (!server.enabled) continue;
    const kept = first.get(server.name);
    if (!kept) {
      first.set(server.name, server);
      continue;
    }
    const where = `${kept.source.client} ${kept.source.file}${kept.source.line ? `:${kept.source.line}` : ''}`;
    server.enabled = false;
    server.disabledReason = `same name as the entry in ${where}`;
    server.duplicateOf = where;
    server.diagnostics.push({
      level: 'warning',
      code: 'DUPLICATE_SERVER_NAME',
      message: `server "${server.name}" is also defined in ${where}; mcpns uses that one (pick a source with --client or --config)`,
      file: server.source.file,
      pointer: server.source.pointer,
      ...(server.source.line ? { line: server.source.line } : {}),
    });
  }
}

function mergeInto(target: LoadedConfig, source: LoadedConfig): void {
  target.files.push(...source.files);
  target.servers.push(...source.servers);
  target.diagnostics.push(...source.diagnostics);
  target.naming = { ...source.naming, ...target.naming };
  target.namespaces = { ...source.namespaces, ...target.namespaces };
  target.profiles = { ...source.profiles, ...target.profiles };
  target.participant ??= source.participant;
  target.rules = { ...source.rules, ...target.rules };
  target.ignore.push(...source.ignore);
  target.routes.push(...source.routes);
  if (source.scanned?.length) target.scanned = [...(target.scanned ?? []), ...source.scanned];
  if (source.ownFiles?.length) target.ownFiles = [...(target.ownFiles ?? []), ...source.ownFiles];
  if (source.callTrust?.length) target.callTrust = [...(target.callTrust ?? []), ...source.callTrust];
  if (source.routerPins?.length) target.routerPins = [...(target.routerPins ?? []), ...source.routerPins];
  target.routerEmbeddings ??= source.routerEmbeddings;
}

/** A config file's text: only regular files, at most MAX_CONFIG_BYTES (never /dev/zero or a FIFO). */
export function readConfigText(file: string): string {
  try {
    return readRegularFile(file, MAX_CONFIG_BYTES);
  } catch (error) {
    if (!(error instanceof UnreadableFileError)) throw error;
    const code = error.reason === 'not-found' ? 'CONFIG_NOT_FOUND' : 'CONFIG_INVALID';
    const message = error.reason === 'not-found' ? `config file not found: ${file}` : `${error.message}; a config file must be a regular file`;
    throw new ConfigError(code, message, { location: { file } });
  }
}

/**
 * Load one file: mcpns's own format, or any client's (detected from the name and shape). `chain` is the list of
 * files whose `include` led here (real paths), to report an include cycle instead of recursing forever.
 */
function loadFile(file: string, options: CoreLoadOptions, chain: readonly string[] = []): Read {
  const text = readConfigText(file);
  const shown = displayPath(file, options.cwd);
  if (!/\.json$/i.test(file) || !looksLikeOwnConfig(file, text)) {
    return readForeignConfigFile(file, text, options);
  }
  const parsed = parseJsonText(text, shown, { allowComments: false });
  return loadOwnConfig(parsed.value, text, parsed.tree, file, options, [...chain, realPath(file)]);
}

/**
 * Why `file` cannot be read as a config file — unreadable, not a regular file, or in no format mcpns understands —
 * or undefined when it is one (whether its content is valid is for loading to say). For files a document names
 * (a catalog's recorded sources), which may have moved or never been config files.
 */
export function configFileProblem(file: string, cwd: string): string | undefined {
  try {
    const text = readConfigText(file);
    if (/\.json$/i.test(file) && looksLikeOwnConfig(file, text)) return undefined;
    detectClient(resolve(cwd, file), text, displayPath(file, cwd));
    return undefined;
  } catch (error) {
    if (error instanceof ConfigError) return error.message;
    throw error;
  }
}

function realPath(file: string): string {
  try {
    return realpathSync(file);
  } catch {
    return resolve(file);
  }
}

/** mcpns's own format by name (mcpns.config.json, *.mcpns.json), $schema, or a key only mcpns uses. */
function looksLikeOwnConfig(file: string, text: string): boolean {
  if (isOwnConfigFile(file, undefined)) return true;
  const value = parseLoose(text);
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  if (isOwnConfigFile(file, value)) return true;
  return OWN_ONLY_KEYS.some((key) => key in value);
}

function loadOwnConfig(value: unknown, text: string, tree: JsonTree, file: string, options: CoreLoadOptions, chain: readonly string[]): Read {
  const shown = displayPath(file, options.cwd);
  const parts = parseValidOwnConfig(value) ?? options.checkOwnConfig?.(value, text, tree, shown);
  if (!parts) return NEEDS_SCHEMA;
  const { config, servers } = parts;
  const loaded = emptyConfig(dirname(file));
  loaded.files.push(shown);
  loaded.ownFiles = [shown];
  validateRegexes(config, shown, text, tree);
  validateRoutes(config, shown, text, tree);
  validateOAuth(servers, shown, text, tree);
  for (const [name, entry] of servers) {
    loaded.servers.push(toServerSpec(name, entry, { file, shown, text, tree, env: options.env, envInherit: config.envInherit }));
  }
  loaded.naming = config.naming ?? {};
  loaded.namespaces = config.namespaces ?? {};
  loaded.profiles = config.profiles ?? {};
  if (config.participant) loaded.participant = config.participant;
  loaded.rules = config.rules ?? {};
  loaded.ignore = config.ignore ?? [];
  loaded.routes = config.routes ?? [];
  if (config.call?.trust?.length) loaded.callTrust = config.call.trust.map((pattern) => ({ pattern, file: shown }));
  if (config.envInherit !== undefined) loaded.envInherit = config.envInherit;
  if (config.router?.pin?.length) loaded.routerPins = [...config.router.pin];
  if (config.router?.embeddings) loaded.routerEmbeddings = { ...config.router.embeddings };
  for (const include of config.include ?? []) {
    const included = resolve(dirname(file), include);
    const at = chain.indexOf(realPath(included));
    if (at >= 0) {
      const cycle = [...chain.slice(at), realPath(included)].map((path) => displayPath(path, options.cwd)).join(' → ');
      throw new ConfigError('CONFIG_INVALID', `${shown}: include cycle: ${cycle}`, {
        location: { file: shown, ...locate(text, tree, ['include']), path: 'include' },
        hint: 'a config file must not include itself, directly or through the files it includes',
        details: { cycle: [...chain.slice(at), realPath(included)] },
      });
    }
    if (!existsSync(included)) {
      loaded.diagnostics.push({
        level: 'warning',
        code: 'INCLUDE_NOT_FOUND',
        message: `included file ${include} does not exist`,
        file: shown,
        pointer: '/include',
      });
      continue;
    }
    const fromInclude = loadFile(included, options, chain);
    if (fromInclude === NEEDS_SCHEMA) return NEEDS_SCHEMA;
    // mcpns's own envInherit, when set, decides for the servers it includes too.
    if (config.envInherit !== undefined) {
      const policy = policyFromSetting(config.envInherit, `envInherit in ${shown}`);
      for (const server of fromInclude.servers) if (server.transport === 'stdio') server.envPolicy = policy;
    }
    mergeInto(loaded, fromInclude);
  }
  return loaded;
}

function toServerSpec(
  name: string,
  entry: ServerEntry,
  context: {
    file: string;
    shown: string;
    text: string;
    tree: JsonTree;
    env: Record<string, string | undefined>;
    envInherit: EnvInheritSetting | undefined;
  },
): ServerSpec {
  const pointerPath = ['servers', name];
  const at = locate(context.text, context.tree, pointerPath);
  const diagnostics: Diagnostic[] = [];
  const expand = (raw: string, ...field: Array<string | number>): string =>
    expandPosixDefault(raw, context.env, { file: context.shown, pointer: toPointer([...pointerPath, ...field]) }, diagnostics);
  const expandMap = (map: Record<string, string> | undefined, field: string): Record<string, string> | undefined =>
    map === undefined ? undefined : Object.fromEntries(Object.entries(map).map(([key, value]) => [key, expand(value, field, key)]));
  const base = {
    name,
    enabled: entry.enabled !== false,
    ...(entry.enabled === false ? { disabledReason: '"enabled": false in config' } : {}),
    ...(entry.timeoutMs !== undefined ? { timeoutMs: entry.timeoutMs } : {}),
    source: { client: 'mcpns' as const, file: context.shown, pointer: toPointer(pointerPath), ...at },
    diagnostics,
  };
  if ('command' in entry) {
    const cwd = entry.cwd === undefined ? dirname(context.file) : resolve(dirname(context.file), expand(entry.cwd, 'cwd'));
    const setting = entry.envInherit ?? context.envInherit;
    const envPolicy =
      setting === undefined
        ? { ...ALL_ENV, label: 'all (default)' }
        : policyFromSetting(setting, `envInherit in ${entry.envInherit !== undefined ? `servers.${name}` : context.shown}`);
    return {
      ...base,
      transport: 'stdio',
      envPolicy,
      command: expand(entry.command, 'command'),
      args: (entry.args ?? []).map((value, index) => expand(value, 'args', index)),
      ...(entry.env ? { env: expandMap(entry.env, 'env') } : {}),
      cwd,
    };
  }
  return {
    ...base,
    // A URL alone means what it means to Cursor and VS Code: Streamable HTTP, then SSE on a 4xx.
    transport: entry.type ?? 'http',
    ...(entry.type === undefined ? { sseFallback: true } : {}),
    url: expand(entry.url, 'url'),
    ...(entry.headers ? { headers: expandMap(entry.headers, 'headers') } : {}),
    ...(entry.oauth ? { oauth: oauthSettings(entry.oauth, (raw, ...field) => expand(raw, 'oauth', ...field), dirname(context.file)) } : {}),
  };
}

/** The `oauth` object with ${VAR} expanded and a key file resolved against the config's directory. */
function oauthSettings(entry: OAuthEntry, expand: (raw: string, ...field: Array<string | number>) => string, baseDir: string): OAuthSettings {
  const settings: OAuthSettings = {};
  if (entry.clientId !== undefined) settings.clientId = expand(entry.clientId, 'clientId');
  if (entry.clientSecret !== undefined) settings.clientSecret = expand(entry.clientSecret, 'clientSecret');
  if (entry.scopes !== undefined) settings.scopes = entry.scopes.map((scope, index) => expand(scope, 'scopes', index));
  if (entry.callbackPort !== undefined) settings.callbackPort = entry.callbackPort;
  if (entry.clientMetadataUrl !== undefined) settings.clientMetadataUrl = expand(entry.clientMetadataUrl, 'clientMetadataUrl');
  if (entry.grantType !== undefined) settings.grantType = entry.grantType;
  if (entry.privateKeyFile !== undefined) settings.privateKeyFile = resolve(baseDir, expand(entry.privateKeyFile, 'privateKeyFile'));
  if (entry.privateKey !== undefined) settings.privateKey = expand(entry.privateKey, 'privateKey');
  if (entry.signingAlgorithm !== undefined) settings.signingAlgorithm = entry.signingAlgorithm;
  if (entry.issuer !== undefined) settings.issuer = expand(entry.issuer, 'issuer');
  return settings;
}
