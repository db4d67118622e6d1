import { existsSync, statSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { configFileProblem, displayPath } from '../../config/load-core.js';
import { loadConfigLazily } from './schemas.js';
import type { LoadedConfig } from '../../config/loaded.js';
import type { Diagnostic } from '../../config/model.js';
import { McpnsError } from '../../errors.js';
import { inheritedSecrets } from '../../config/spawn-env.js';
import { describeTarget } from '../../config/describe-server.js';
import type { Runtime } from './command.js';
import { parseInputs, type SourceOptions } from '../options/source-options.js';
import { readingMessage } from './console.js';

/**
 * Load configuration from the source options, register its secrets with the console and print its diagnostics
 * (warnings always, info under --verbose).
 */
export async function loadConfiguration(runtime: Runtime, options: SourceOptions & { catalog?: string | undefined }): Promise<LoadedConfig> {
  const loadOptions = {
    configFiles: options.config ?? [],
    clients: options.client ?? [],
    scan: options.scan === true,
    cwd: runtime.io.cwd,
    env: runtime.io.env,
    home: runtime.io.home,
    inputs: parseInputs(options.input),
    verbose: runtime.console.settings.verbose,
    ...(options.approvalMode ? { approvalMode: options.approvalMode } : {}),
  };
  const config = await loadConfigLazily(loadOptions);
  for (const server of config.servers) runtime.console.secrets.registerServer(server);
  // Secret-looking variables the servers inherit from this environment (they may echo them) are secrets too.
  runtime.console.addSecrets(inheritedSecrets(config.servers, runtime.io.env));
  for (const { file, client } of config.detected ?? []) {
    // mcpns.config.json found by lookup is named before servers start from it (unless the entry point did, having
    // started them early); with --catalog nothing starts from it.
    if (client === 'mcpns' && (options.catalog !== undefined || resolve(runtime.io.cwd, file) === runtime.io.announcedConfig)) continue;
    runtime.console.status(readingMessage(file, client), { file, client });
  }
  // --scan/--client: every client file read, by name (which of the many places held a config).
  for (const { file, client } of config.scanned ?? []) runtime.console.status(readingMessage(file, client), { file, client });
  const masked = config.servers.filter((server) => describeTarget(server).masked).map((server) => server.name);
  if (masked.length) runtime.console.detail(`${MASKED_NOTE} (${masked.join(', ')})`, { servers: masked });
  reportDiagnostics(runtime, [...config.diagnostics, ...config.servers.flatMap((server) => server.diagnostics)]);
  return config;
}

/** Said when a command line or URL holds values shown as *** because of their shape alone. */
export const MASKED_NOTE =
  'values in server command lines and URLs that look like credentials (--*key=/--*token= values, Bearer tokens, sk-… keys, random URL path segments) are redacted as ***';

/**
 * Configuration for a command that can work offline: with --catalog, "no config found" is not an error (unless
 * --config named a file); without it, configuration is required.
 */
export async function loadConfigurationFor(runtime: Runtime, options: SourceOptions & { catalog?: string | undefined }): Promise<LoadedConfig | undefined> {
  try {
    return await loadConfiguration(runtime, options);
  } catch (error) {
    if (options.catalog !== undefined && error instanceof McpnsError && error.code === 'CONFIG_NOT_FOUND' && !options.config?.length) return undefined;
    throw error;
  }
}

/** Config diagnostics on stderr: warnings and errors always, info only under --verbose. */
export function reportDiagnostics(runtime: Runtime, diagnostics: readonly Diagnostic[]): void {
  for (const diagnostic of diagnostics) {
    const where = diagnostic.file ? `${diagnostic.file}${diagnostic.pointer ? `#${diagnostic.pointer}` : ''}: ` : '';
    const fields = {
      code: diagnostic.code,
      level: diagnostic.level,
      ...(diagnostic.file ? { file: diagnostic.file } : {}),
      ...(diagnostic.pointer ? { pointer: diagnostic.pointer } : {}),
    };
    if (diagnostic.level !== 'info') runtime.console.warn(`${where}${diagnostic.message} [${diagnostic.code}]`, fields);
    else runtime.console.detail(`${where}${diagnostic.message} [${diagnostic.code}]`, fields);
  }
}

/**
 * `diff <lock>` and `check --catalog <file>` without a source option: the config files the document records as its
 * servers' sources (`source`, `client`), so findings keep their file and line and the live side starts the same
 * servers. mcpns.config.json files are used alone when present (they include the client files they name). A recorded
 * source that is missing, unreadable or not a config file is skipped with a note; with none left this is the
 * ordinary lookup. A catalog whose servers record no source (hand-made, from another tool) records no config.
 */
export async function loadConfigurationRecordedIn(
  runtime: Runtime,
  options: SourceOptions & { catalog?: string | undefined },
  documentFile: string,
  mode: { required: boolean } = { required: false },
): Promise<LoadedConfig | undefined> {
  const named = (options.config?.length ?? 0) > 0 || (options.client?.length ?? 0) > 0 || options.scan === true;
  const recorded = named ? [] : usableConfigFiles(runtime, await recordedConfigFiles(runtime, documentFile), documentFile);
  if (!recorded.length)
    return mode.required ? loadConfiguration(runtime, options) : loadConfigurationFor(runtime, { ...options, catalog: options.catalog ?? documentFile });
  const shown = recorded.map((file) => displayPath(file, runtime.io.cwd));
  runtime.console.status(`reading ${shown.join(', ')} (recorded in ${documentFile})`, { files: shown, recordedIn: documentFile });
  return loadConfiguration(runtime, { ...options, config: recorded });
}

/** The recorded files that can be read as config files; a note for each of the others. */
function usableConfigFiles(runtime: Runtime, files: readonly string[], documentFile: string): string[] {
  return files.filter((file) => {
    const problem = configFileProblem(file, runtime.io.cwd);
    if (problem) runtime.console.note(`ignoring ${displayPath(file, runtime.io.cwd)}, recorded in ${documentFile} as a server's config file: ${problem}`);
    return problem === undefined;
  });
}

async function recordedConfigFiles(runtime: Runtime, documentFile: string): Promise<string[]> {
  let servers: ReadonlyArray<{ source?: string; client?: string }>;
  try {
    // Loaded here: commands that read no document (servers, list) do not load the catalog reader.
    const { readCatalogDocument } = await import('./catalog-document.js');
    servers = (await readCatalogDocument(runtime.io, documentFile)).servers;
  } catch {
    return []; // the command reads the document itself and reports what is wrong with it
  }
  const locate = (source: string): string | undefined => {
    const expanded = source === '~' || source.startsWith('~/') ? join(runtime.io.home, source.slice(2)) : source;
    const candidates = isAbsolute(expanded)
      ? [expanded]
      : [resolve(runtime.io.cwd, expanded), resolve(dirname(resolve(runtime.io.cwd, documentFile)), expanded)];
    return candidates.find((file) => existsSync(file) && statSync(file).isFile());
  };
  const entries = servers.filter((server) => server.source).map((server) => ({ file: locate(server.source!), own: server.client === 'mcpns' }));
  const own = entries.filter((entry) => entry.own && entry.file).map((entry) => entry.file!);
  const files = own.length ? own : entries.map((entry) => entry.file).filter((file): file is string => file !== undefined);
  return [...new Set(files)];
}
