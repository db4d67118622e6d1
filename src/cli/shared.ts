import type { Command } from 'commander';
import { Option } from 'commander';
import { resolve } from 'node:path';
import { buildCatalog } from '../catalog/build.js';
import { readCatalogFile } from '../catalog/read.js';
import type { Catalog, CatalogServer } from '../catalog/types.js';
import { displayPath, loadConfig } from '../config/load.js';
import type { LoadedConfig } from '../config/loaded.js';
import type { ServerSpec } from '../config/model.js';
import type { ServerDiscovery } from '../discovery/types.js';
import { McpnsError, UsageError } from '../errors.js';
import { applyClientToolFilters, applyProfile, serversHiddenByProfile } from '../profiles/apply.js';
import { collectSecrets, redactDeep } from '../util/redact.js';
import type { CliIo } from './io.js';
import { Output } from './output.js';

/** Options shared by the commands (each command adds the groups it needs). */
export interface CommonOptions {
  config?: string[];
  client?: string[];
  scan?: boolean;
  input?: string[];
  catalog?: string;
  server?: string[];
  profile?: string;
  style?: string;
  preset?: string;
  timeout?: number;
  concurrency?: number;
  json?: boolean;
  format?: string;
  color?: boolean;
  verbose?: boolean;
  quiet?: boolean;
  includeDisabled?: boolean;
}

const collect = (value: string, previous: string[] = []): string[] => [...previous, value];
const positiveInt =
  (name: string) =>
  (value: string): number => {
    const number = Number(value);
    if (!Number.isInteger(number) || number <= 0) throw new UsageError(`${name} must be a positive integer, got "${value}"`);
    return number;
  };

/** --config/--client/--scan/--input: where servers come from. */
export function addSourceOptions(command: Command): Command {
  return command
    .option('-c, --config <file>', "config file: mcpns.config.json or any client's file (repeatable)", collect)
    .option('--client <id>', "read that client's known config locations (repeatable)", collect)
    .option('--scan', "read every known client's config locations")
    .option('--input <id=value>', 'answer a VS Code ${input:id} variable (repeatable)', collect)
    .option('--include-disabled', 'also discover servers that are disabled in config');
}

/**
 * --catalog/--server/--profile/--timeout/--concurrency: how tools are obtained. Commands with trailing
 * positional arguments (call's key=value pairs) take `--server` as a repeatable, comma-separated option,
 * so it cannot swallow them.
 */
export function addCatalogOptions(command: Command, options: { variadicServer?: boolean } = {}): Command {
  const server =
    options.variadicServer === false
      ? new Option('--server <names>', 'only these servers (comma-separated, repeatable)').argParser((value: string, previous: string[] = []) => [
          ...previous,
          ...value
            .split(',')
            .map((name) => name.trim())
            .filter(Boolean),
        ])
      : new Option('--server <name...>', 'only these servers');
  return command
    .option('--catalog <file>', 'work offline on a catalog document (list --json output or a snapshot); starts no server')
    .addOption(server)
    .option('--profile <name>', 'apply a profile from config (servers and tools it exposes)')
    .addOption(
      new Option('--timeout <ms>', 'deadline per server: spawn, initialize and every tools/list page').argParser(positiveInt('--timeout')).default(10_000),
    )
    .addOption(new Option('--concurrency <n>', 'servers discovered at once').argParser(positiveInt('--concurrency')).default(8));
}

/** --json/--no-color/--verbose/--quiet. */
export function addOutputOptions(command: Command): Command {
  return command
    .option('--json', 'machine-readable JSON on stdout (errors as one JSON line on stderr)')
    .option('--no-color', 'never colour output (colour is used only on a TTY anyway)')
    .option('-v, --verbose', "more detail on stderr, including each server's stderr")
    .option('-q, --quiet', 'no progress or warnings on stderr');
}

/** Parse --input id=value pairs. */
export function parseInputs(pairs: string[] | undefined): Record<string, string> {
  const inputs: Record<string, string> = {};
  for (const pair of pairs ?? []) {
    const at = pair.indexOf('=');
    if (at <= 0) throw new UsageError(`--input expects id=value, got "${pair}"`);
    inputs[pair.slice(0, at)] = pair.slice(at + 1);
  }
  return inputs;
}

/** Per-invocation state shared by a command's steps. */
export class CommandContext {
  readonly output: Output;
  private loadedConfig: LoadedConfig | undefined;

  constructor(
    readonly io: CliIo,
    readonly options: CommonOptions,
  ) {
    this.output = new Output(io);
  }

  get wantsJson(): boolean {
    return this.options.json === true || this.options.format === 'json';
  }

  get useColor(): boolean {
    if (this.options.color === false) return false;
    if (this.io.env['NO_COLOR'] !== undefined && this.io.env['NO_COLOR'] !== '') return false;
    if (this.io.env['FORCE_COLOR'] !== undefined && this.io.env['FORCE_COLOR'] !== '0') return true;
    return this.output.isStdoutTty;
  }

  /** Print a warning line on stderr unless --quiet. */
  warn(message: string): void {
    if (!this.options.quiet) this.output.err(`mcpns: warning: ${message}\n`);
  }

  verbose(message: string): void {
    if (this.options.verbose && !this.options.quiet) this.output.err(message.endsWith('\n') ? message : `${message}\n`);
  }

  /** Load configuration once; registers its secrets with the output scrubber. */
  config(): LoadedConfig {
    if (!this.loadedConfig) {
      const config = loadConfig({
        configFiles: this.options.config ?? [],
        clients: this.options.client ?? [],
        scan: this.options.scan === true,
        cwd: this.io.cwd,
        env: this.io.env,
        home: this.io.home,
        inputs: parseInputs(this.options.input),
        verbose: this.options.verbose === true,
      });
      this.output.setSecrets(collectSecrets(config.servers));
      for (const diagnostic of config.diagnostics.concat(config.servers.flatMap((server) => server.diagnostics))) {
        if (diagnostic.level !== 'info' || this.options.verbose) {
          const where = diagnostic.file ? `${diagnostic.file}${diagnostic.pointer ? `#${diagnostic.pointer}` : ''}: ` : '';
          this.warn(`${where}${diagnostic.message} [${diagnostic.code}]`);
        }
      }
      this.loadedConfig = config;
    }
    return this.loadedConfig;
  }

  /** Config when one can be found; offline commands (--catalog) work without any config. */
  optionalConfig(): LoadedConfig | undefined {
    try {
      return this.config();
    } catch (error) {
      if (error instanceof McpnsError && error.code === 'CONFIG_NOT_FOUND' && !this.options.config?.length) return undefined;
      throw error;
    }
  }

  /** The servers selected by --server (unknown names → exit 2 listing the known ones). */
  selectServers(config: LoadedConfig): ServerSpec[] {
    return selectServers(config.servers, this.options.server);
  }

  /**
   * The catalog the command works on: read from --catalog (no server started) or discovered live.
   * Client tool filters and --profile are applied (hidden tools stay in the document, marked hidden).
   * Configured secret values in server-provided text come back as *** unless `keepSecrets` (snapshot refuses those).
   */
  async catalog(options: { keepSecrets?: boolean } = {}): Promise<{ catalog: Catalog; discoveries: ServerDiscovery[] }> {
    const { catalog, discoveries } = await this.rawCatalog();
    if (options.keepSecrets) return { catalog, discoveries };
    // Server-provided text that echoes a configured secret is redacted before any renderer sees (and truncates) it.
    return { catalog: redactDeep(catalog, this.loadedConfig ? collectSecrets(this.loadedConfig.servers) : []), discoveries };
  }

  private async rawCatalog(): Promise<{ catalog: Catalog; discoveries: ServerDiscovery[] }> {
    if (this.options.catalog) {
      const file = resolve(this.io.cwd, this.options.catalog);
      let catalog = readCatalogFile(file);
      if (this.options.server?.length) {
        const known = catalog.servers.map((server) => server.name);
        for (const name of this.options.server) {
          if (!known.includes(name)) throw unknownServer(name, known);
        }
        const wanted = new Set(this.options.server);
        catalog = { ...catalog, servers: catalog.servers.filter((s) => wanted.has(s.name)), tools: catalog.tools.filter((t) => wanted.has(t.server)) };
      }
      const config = this.optionalConfig();
      if (config) catalog = applyProfile(applyClientToolFilters(catalog, config), config, this.options.profile);
      else if (this.options.profile) {
        throw new McpnsError('UNKNOWN_PROFILE', `profile "${this.options.profile}" needs a config file that defines it`, {
          hint: 'pass --config <file> next to --catalog',
        });
      }
      return { catalog, discoveries: [] };
    }
    const config = this.config();
    const selected = this.selectServers(config);
    // A profile never starts a server it hides entirely (unless asked to show hidden tools or disabled servers).
    const showHidden = this.options.includeDisabled === true || (this.options as { all?: boolean }).all === true;
    const hiddenByProfile = showHidden
      ? new Map<string, string>()
      : serversHiddenByProfile(
          config,
          this.options.profile,
          selected.map((server) => server.name),
        );
    const toDiscover = selected.filter((server) => (server.enabled || this.options.includeDisabled) && !hiddenByProfile.has(server.name));
    const skipped = selected
      .filter((server) => !toDiscover.includes(server))
      .map((server) => (hiddenByProfile.has(server.name) ? { ...server, disabledReason: hiddenByProfile.get(server.name)! } : server));
    const { discoverServers } = await import('../discovery/discover.js');
    const total = toDiscover.length;
    const discoveries = await discoverServers(toDiscover, {
      timeoutMs: this.options.timeout ?? 10_000,
      concurrency: this.options.concurrency ?? 8,
      signal: this.io.signal,
      onProgress: (event) => {
        if (this.options.quiet) return;
        this.output.progress(`discovering ${event.done}/${total} servers… ${event.phase === 'start' ? '' : `${event.server} ${event.phase}`}`);
      },
    });
    this.output.clearProgress();
    for (const discovery of discoveries) {
      const { server } = discovery;
      if (server.status === 'error') {
        this.warn(`server "${server.name}" failed: ${server.error?.code}: ${server.error?.message}`);
        if (discovery.stderr.trim()) this.output.err(indent(`stderr of ${server.name}:`, discovery.stderr, this.options.verbose ? 200 : 10));
      } else if (this.options.verbose && discovery.stderr.trim()) {
        this.output.err(indent(`stderr of ${server.name}:`, discovery.stderr, 200));
      }
    }
    const all = discoveries.concat(skipped.map(disabledDiscovery(this.io.cwd)));
    let catalog = buildCatalog(all, this.io.now());
    catalog = applyProfile(applyClientToolFilters(catalog, config), config, this.options.profile);
    return { catalog, discoveries: all };
  }
}

function indent(title: string, text: string, maxLines: number): string {
  const lines = text.replace(/\s+$/, '').split('\n');
  const shown = lines.slice(-maxLines);
  const cut = lines.length > shown.length ? `  … ${lines.length - shown.length} earlier lines\n` : '';
  return `${title}\n${cut}${shown.map((line) => `  | ${line}`).join('\n')}\n`;
}

const disabledDiscovery =
  (cwd: string) =>
  (server: ServerSpec): ServerDiscovery => {
    const catalogServer: CatalogServer = {
      name: server.name,
      transport: server.transport,
      source: displayPath(resolve(cwd, server.source.file), cwd),
      client: server.source.client,
      status: 'disabled',
      toolCount: 0,
      ...(server.disabledReason ? { notes: [server.disabledReason] } : {}),
    };
    return { server: catalogServer, tools: [], stderr: '' };
  };

export function unknownServer(name: string, known: string[]): McpnsError {
  return new McpnsError('UNKNOWN_SERVER', `unknown server "${name}"`, {
    hint: known.length ? `known servers: ${[...known].sort().join(', ')}` : 'no servers are configured',
    details: { known: [...known].sort() },
  });
}

export function selectServers(servers: ServerSpec[], names: string[] | undefined): ServerSpec[] {
  if (!names?.length) return servers;
  const known = [...new Set(servers.map((server) => server.name))];
  for (const name of names) if (!known.includes(name)) throw unknownServer(name, known);
  const wanted = new Set(names);
  return servers.filter((server) => wanted.has(server.name));
}
