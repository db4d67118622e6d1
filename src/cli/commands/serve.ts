import { Option, type Command } from '@commander-js/extra-typings';
import { closeSync, openSync, watch, writeSync, type FSWatcher } from 'node:fs';
import { resolve as resolvePath } from 'node:path';
import type { Catalog, CatalogTool } from '../../catalog/types.js';
import { runChecks } from '../../checks/run.js';
import type { Finding } from '../../checks/types.js';
import { emptyConfig, type LoadedConfig } from '../../config/loaded.js';
import type { ServerSpec } from '../../config/model.js';
import { unknownServer } from '../../config/select-servers.js';
import { UsageError } from '../../errors.js';
import { EXIT } from '../../exit-codes.js';
import type { Gateway, GatewayEvent, RequestLogEntry } from '../../gateway/engine.js';
import { DEFAULT_GATEWAY_STYLE } from '../../gateway/names.js';
import { INSTALL_CLIENTS, INSTALL_SCOPES } from '../../gateway/install/types.js';
import { getTarget, type Rendering } from '../../naming/index.js';
import { serversHiddenByProfile } from '../../profiles/profile.js';
import { formatters, getExitCode } from '../../report/index.js';
import { redactDeep } from '../../util/redact.js';
import { terminalSafe } from '../../util/terminal-safe.js';
import { defineAction, type CommandHost, type Runtime } from '../services/command.js';
import { withDiscoveryOptions } from '../options/discovery-options.js';
import { withOutputOptions, withTableOptions } from '../options/output-options.js';
import { collectCommaList, positiveInteger } from '../options/parsers.js';
import { readRegularFile, UnreadableFileError } from '../../util/read-file.js';
import { withSourceOptions } from '../options/source-options.js';
import { OPTIONS } from '../options/table.js';
import { FAIL_ON } from '../../report/index.js';
import { authResolverFor } from '../services/auth.js';
import { loadConfiguration } from '../services/configuration.js';
import { renderList } from '../services/render-list.js';

export function registerServe(program: Command, host: CommandHost): void {
  const base = program
    .command('serve')
    .description('run the namespacing gateway: every configured server behind one MCP server (stdio, or Streamable HTTP with --http)')
    .addOption(new Option(OPTIONS.http.flags, OPTIONS.http.description).argParser(parseListen))
    .option(OPTIONS.tokenFile.flags, `require "Authorization: Bearer <token>" on --http, the token read from this file (or set ${TOKEN_ENV})`)
    .addOption(new Option(OPTIONS.allowedHost.flags, OPTIONS.allowedHost.description).argParser(collectCommaList))
    .addOption(new Option(OPTIONS.allowedOrigin.flags, OPTIONS.allowedOrigin.description).argParser(collectCommaList))
    .addOption(
      new Option(
        OPTIONS.gatewayStyle.flags,
        `how exposed names are built (default ${DEFAULT_GATEWAY_STYLE}: server__tool; hybrid: bare when only one server has it)`,
      ).argParser((value: string) => {
        if (getTarget(value).kind !== 'style') throw new UsageError(`"${value}" is not a naming style`, { hint: 'pass client presets to --for' });
        return value;
      }),
    )
    .addOption(
      new Option(OPTIONS.for.flags, OPTIONS.for.description).argParser((value: string) => {
        getTarget(value);
        return value;
      }),
    )
    .option(OPTIONS.as.flags, OPTIONS.as.description, 'mcpns')
    .option(OPTIONS.dryRun.flags, OPTIONS.dryRun.description)
    .option(OPTIONS.lazy.flags, OPTIONS.lazy.description)
    .option(OPTIONS.logFile.flags, OPTIONS.logFile.description)
    .option(OPTIONS.logArgs.flags, OPTIONS.logArgs.description)
    .option(OPTIONS.noWatch.flags, OPTIONS.noWatch.description)
    .addOption(new Option(OPTIONS.pageSize.flags, OPTIONS.pageSize.description).argParser(positiveInteger).default(500))
    .addOption(new Option(OPTIONS.dryRunFailOn.flags, OPTIONS.dryRunFailOn.description).choices(FAIL_ON).default('error' as const))
    .addOption(new Option(OPTIONS.install.flags, OPTIONS.install.description).choices(INSTALL_CLIENTS))
    .addOption(new Option(OPTIONS.uninstall.flags, OPTIONS.uninstall.description).choices(INSTALL_CLIENTS))
    .addOption(new Option(OPTIONS.installScope.flags, OPTIONS.installScope.description).choices(INSTALL_SCOPES))
    .option(OPTIONS.installCommand.flags, OPTIONS.installCommand.description)
    .addHelpText(
      'after',
      `
Examples:
  mcpns serve                                   # stdio: put {"command":"npx","args":["mcpns","serve"]} in a client's config
  mcpns serve --for claude-code --as mcpns      # names fit Claude Code's mcp__mcpns__… budget
  mcpns serve --style hybrid                    # bare names unless two servers share one
  mcpns serve --dry-run --for vscode            # what the gateway would expose (CI: exit code of check)

Exit codes: 0 stopped cleanly · 1 refused to start (a name collision the style cannot separate) or --dry-run findings ·
2 usage/config error · 129/130/143 on signals (every upstream process gone).`,
    );
  const command = withTableOptions(withOutputOptions(withDiscoveryOptions(withSourceOptions(base))));

  defineAction(command, host, async (runtime, options) => {
    if (options.install !== undefined || options.uninstall !== undefined) {
      const { runInstall } = await import('../services/install.js');
      return runInstall(runtime, { ...options, key: options.as, dryRun: options.dryRun === true });
    }
    if (options.catalog !== undefined) throw new UsageError('serve talks to live servers; --catalog is not supported', { hint: 'drop --catalog' });
    const token = options.http ? readToken(runtime, options.tokenFile) : undefined;
    if (options.http && !isLoopback(options.http.host) && token === undefined) {
      throw new UsageError(`refusing to listen on ${options.http.host} without a bearer token: anyone who can reach it could use every server`, {
        hint: `set ${TOKEN_ENV} or pass --token-file <file>, or listen on 127.0.0.1`,
      });
    }
    const config = await loadConfiguration(runtime, options);
    const style = options.style ?? DEFAULT_GATEWAY_STYLE;
    const servers = selectServers(config, options);
    const auth = await authResolverFor(runtime, servers);
    const events = eventPrinter(runtime);
    const requestLog = options.logFile ? openRequestLog(runtime, options.logFile, options.logArgs === true) : undefined;
    const { createGateway } = await import('../../gateway/index.js');
    const gateway = createGateway({
      servers,
      config,
      profile: options.profile,
      naming: { style, for: options.for, key: options.as },
      lazy: options.lazy === true && options.dryRun !== true,
      pageSize: options.pageSize,
      secrets: runtime.console.secrets,
      onEvent: events,
      ...(requestLog ? { onRequest: requestLog.write } : {}),
      discovery: {
        ...(options.timeout !== undefined ? { timeoutMs: options.timeout } : {}),
        concurrency: options.concurrency,
        signal: runtime.io.signal,
        hostEnv: runtime.io.env,
        secrets: runtime.console.secrets,
        maxResponseBytes: options.maxResponseSize,
        ...(auth ? { auth } : {}),
      },
    });
    try {
      await gateway.start();
      if (runtime.io.signal.aborted) return EXIT.INTERRUPTED;
      if (options.dryRun)
        return dryRun(runtime, gateway, config, { style, for: options.for, key: options.as, failOn: options.failOn, wide: options.wide === true });
      if (refuseCollisions(runtime, gateway, style)) return EXIT.FINDINGS;
      reportStart(runtime, gateway, config);
      const stopReloading = watchConfiguration(runtime, config, options.watch !== false, async () => {
        const next = await loadConfiguration(runtime, options);
        const result = await gateway.reload(selectServers(next, options));
        return { result, files: next.files };
      });
      try {
        await serveUntilDone();
      } finally {
        stopReloading();
        requestLog?.close();
      }
      return EXIT.OK;
    } finally {
      await gateway.close();
    }

    async function serveUntilDone(): Promise<void> {
      if (options.http) await serveHttp(runtime, gateway, { ...options.http, token, allowedHosts: options.allowedHost, allowedOrigins: options.allowedOrigin });
      else await serveStdio(runtime, gateway);
    }
  });
}

/** The servers the gateway serves: enabled (or --include-disabled), not hidden by the profile, --server if given. */
function selectServers(
  config: LoadedConfig,
  options: { server?: string[] | undefined; profile?: string | undefined; includeDisabled?: true | undefined },
): ServerSpec[] {
  const names = config.servers.map((server) => server.name);
  for (const name of options.server ?? []) if (!names.includes(name)) throw unknownServer(name, names);
  const hidden = serversHiddenByProfile(config, options.profile, names);
  return config.servers.filter(
    (server) =>
      (server.enabled || options.includeDisabled === true) &&
      !server.duplicateOf &&
      !hidden.has(server.name) &&
      (!options.server?.length || options.server.includes(server.name)),
  );
}

/** Status lines on stderr (JSON lines under --json): stdout belongs to the MCP connection. */
function eventPrinter(runtime: Runtime): (event: GatewayEvent) => void {
  return (event) => {
    const { type, ...fields } = event;
    switch (event.type) {
      case 'upstream-up':
        return runtime.console.status(`upstream ${terminalSafe(event.server)} ${event.restarted ? 'restarted' : 'ready'}: ${event.tools} tools`, {
          event: type,
          ...fields,
        });
      case 'upstream-failed':
        return runtime.console.warn(
          `upstream ${terminalSafe(event.server)} failed: ${event.code}: ${terminalSafe(event.message)} (retrying in ${Math.round(event.retryInMs / 1000)} s)`,
          { event: type, ...fields },
        );
      case 'upstream-lost':
        return runtime.console.warn(terminalSafe(event.message), { event: type, ...fields });
      case 'dropped-notifications':
        return runtime.console.warn(`upstream ${terminalSafe(event.server)} flooded log notifications: ${event.count} dropped this second`, {
          event: type,
          ...fields,
        });
      case 'collision-left-out':
        return runtime.console.warn(
          `${event.kind} name ${terminalSafe(event.name)} is now shared by ${event.members.map((member) => terminalSafe(member)).join(', ')}: left out until the servers change`,
          { event: type, ...fields },
        );
      case 'exposure-changed':
        return runtime.console.status(`exposing ${event.tools} tools, ${event.prompts} prompts, ${event.resources} resources`, { event: type, ...fields });
    }
  };
}

/** NAME_COLLISION findings for names the style gives several pairs: the gateway cannot route them, so it refuses. */
function collisionFindings(gateway: Gateway, style: string): Finding[] {
  return gateway.exposure.collisions.map((collision) => ({
    code: 'NAME_COLLISION' as const,
    severity: 'error' as const,
    target: `${style}${collision.kind === 'prompt' ? ' (prompts)' : ''}`,
    name: collision.name,
    members: collision.members,
    args: {
      cause: 'mangled' as const,
      hint: `rename one of the servers in config, pick another --style, or hide one of them with a profile (tools.deny "${collision.members[0]!.server}/${collision.members[0]!.tool}")`,
    },
  }));
}

function refuseCollisions(runtime: Runtime, gateway: Gateway, style: string): boolean {
  const findings = collisionFindings(gateway, style);
  if (!findings.length) return false;
  const result = { schemaVersion: 1 as const, targets: [style], findings, summary: { error: findings.length, warning: 0, info: 0 } };
  const text = formatters[runtime.console.json ? 'json' : 'text'](result, { color: runtime.console.color, cwd: runtime.io.cwd, failOn: 'error' });
  runtime.console.error(
    { code: 'NAME_COLLISION', message: `refusing to start: ${findings.length} exposed name(s) would route to several servers`, findings },
    `mcpns: refusing to start: ${findings.length} exposed name(s) would route to several servers\n${text}`,
  );
  return true;
}

/** What clients should know at start: shortened names, tool-poisoning findings. */
function reportStart(runtime: Runtime, gateway: Gateway, config: LoadedConfig): void {
  for (const entry of gateway.exposure.shortened) {
    runtime.console.warn(`${entry.kind} ${terminalSafe(entry.server)}/${terminalSafe(entry.tool)} is exposed as ${entry.to}: ${terminalSafe(entry.reason)}`, {
      code: 'NAME_SHORTENED',
      ...entry,
    });
  }
  if (!gateway.catalog) return;
  const poisoning = runChecks({ catalog: gateway.catalog, config, targets: [] }, ['lint']).findings.filter(
    (finding) => finding.code === 'CONTROL_CHARACTERS' || finding.code === 'CROSS_SERVER_REFERENCE',
  );
  for (const finding of poisoning) {
    runtime.console.warn(`tool poisoning? ${finding.code}: ${terminalSafe(finding.server ?? '')}/${terminalSafe(finding.tool ?? finding.name ?? '')}`, {
      ...finding,
    });
  }
}

/** `--dry-run`: the catalog the gateway exposes, in list's renderer, then the check exit code. */
function dryRun(
  runtime: Runtime,
  gateway: Gateway,
  config: LoadedConfig,
  settings: { style: string; for?: string | undefined; key: string; failOn: (typeof FAIL_ON)[number]; wide: boolean },
): number {
  const source = gateway.catalog;
  if (!source) return EXIT.ERROR;
  const exposure = gateway.exposure;
  const byPair = new Map(source.tools.map((tool) => [`${tool.server}\0${tool.name}`, tool]));
  const tools: CatalogTool[] = [];
  for (const tool of exposure.tools) {
    const route = exposure.toolRoutes.get(tool['name'] as string)!;
    const original = byPair.get(`${route.server}\0${route.name}`);
    if (original) tools.push({ ...original, qualifiedName: tool['name'] as string });
  }
  const catalog: Catalog = { ...source, style: settings.style, tools: tools.filter((tool) => !tool.hidden) };
  const renderings: Rendering[] = [];
  if (settings.for) {
    const client = getTarget(settings.for);
    const finals = client.render({
      servers: [{ name: settings.key, serverInfo: { name: settings.key } }],
      tools: catalog.tools.map((tool) => ({ server: settings.key, tool: tool.qualifiedName })),
    });
    renderings.push({
      ...finals,
      target: settings.for,
      names: finals.names.map((name, index) => ({ ...name, server: catalog.tools[index]!.server, tool: catalog.tools[index]!.name })),
    });
  }
  const checks = runChecks(
    { catalog: source, config: config ?? emptyConfig(runtime.io.cwd), targets: [settings.style, ...(settings.for ? [settings.for] : [])] },
    ['conflicts', 'lint'],
  );
  const collisions = collisionFindings(gateway, settings.style);
  const findings = [...collisions, ...checks.findings];
  const result = { ...checks, findings, summary: { ...checks.summary, error: checks.summary.error + collisions.length } };
  if (runtime.console.json) {
    runtime.console.out(JSON.stringify({ ...catalog, shortened: exposure.shortened, findings: result.findings, summary: result.summary }, null, 2) + '\n');
  } else {
    runtime.console.out(
      renderList(catalog, renderings, {
        all: false,
        color: runtime.console.color,
        styleId: `serve, ${settings.style}`,
        width: settings.wide ? undefined : runtime.console.stdoutColumns,
      }),
    );
    for (const entry of exposure.shortened)
      runtime.console.out(`shortened: ${terminalSafe(entry.server)}/${terminalSafe(entry.tool)} → ${entry.to} (${terminalSafe(entry.reason)})\n`);
    if (findings.length)
      runtime.console.out('\n' + formatters.text(result, { color: runtime.console.color, cwd: runtime.io.cwd, failOn: settings.failOn, config }));
  }
  const failed = source.servers.some((server) => server.status === 'error');
  return Math.max(getExitCode(result, settings.failOn), failed ? EXIT.FINDINGS : EXIT.OK);
}

/** Serve over stdin/stdout until the client closes stdin or a signal arrives. */
async function serveStdio(runtime: Runtime, gateway: Gateway): Promise<void> {
  const { serveGatewayStdio } = await import('../../gateway/serve-stdio.js');
  runtime.console.status(
    `serving ${gateway.exposure.tools.length} tools from ${gateway.status().filter((entry) => entry.status === 'up').length} servers on stdio`,
  );
  await serveGatewayStdio(gateway, { stdin: runtime.io.stdin as never, stdout: runtime.io.stdout, signal: runtime.io.signal });
}

/** The environment variable holding the bearer token --http requires. */
const TOKEN_ENV = 'MCPNS_SERVE_TOKEN';

/** Loopback: only this machine can reach it. */
function isLoopback(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '');
  return bare === 'localhost' || bare === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(bare);
}

/** `PORT`, `HOST:PORT` or `[IPv6]:PORT`. */
function parseListen(value: string): { host: string; port: number } {
  const match = /^(?:(\[[0-9a-fA-F:.]+\]|[^:[\]]+):)?(\d{1,5})$/.exec(value.trim());
  const port = match ? Number(match[2]) : NaN;
  if (!match || port > 65535) throw new UsageError(`--http takes [HOST:]PORT, got "${value}"`, { hint: 'e.g. --http 8765 or --http 127.0.0.1:8765' });
  return { host: (match[1] ?? '127.0.0.1').replace(/^\[|\]$/g, ''), port };
}

/** The bearer token from --token-file or the environment (a file wins); never printed. */
function readToken(runtime: Runtime, file: string | undefined): string | undefined {
  let token: string | undefined;
  if (file !== undefined) {
    try {
      token = readRegularFile(resolvePath(runtime.io.cwd, file), 4096).trim();
    } catch (error) {
      const reason = error instanceof UnreadableFileError ? error.message : String(error);
      throw new UsageError(`cannot read --token-file: ${reason}`, { hint: 'a regular file holding the token (at most 4 KiB)' });
    }
  } else token = runtime.io.env[TOKEN_ENV]?.trim();
  if (token === undefined || token === '') return undefined;
  if (token.length < 16) throw new UsageError('the bearer token is shorter than 16 characters', { hint: 'use a long random value, e.g. openssl rand -hex 32' });
  runtime.console.secrets.register(token);
  return token;
}

/** Serve Streamable HTTP until a signal arrives. */
async function serveHttp(
  runtime: Runtime,
  gateway: Gateway,
  settings: { host: string; port: number; token?: string | undefined; allowedHosts?: string[] | undefined; allowedOrigins?: string[] | undefined },
): Promise<void> {
  const { serveGatewayHttp } = await import('../../gateway/serve-http.js');
  const served = await serveGatewayHttp(gateway, settings);
  runtime.console.status(
    `serving ${gateway.exposure.tools.length} tools from ${gateway.status().filter((entry) => entry.status === 'up').length} servers at ${served.url}${settings.token ? ' (bearer token required)' : ''}`,
    { url: served.url, port: served.address.port },
  );
  if (!runtime.io.signal.aborted) await new Promise<void>((resolve) => runtime.io.signal.addEventListener('abort', () => resolve(), { once: true }));
  await served.close();
}

/** Keys whose values are never logged, whatever they hold. */
const SECRET_KEY = /pass(word)?|secret|token|api[-_]?key|authorization|credential|cookie|private/i;

function redactArguments(value: unknown, depth = 0): unknown {
  if (depth > 32) return '…';
  if (Array.isArray(value)) return value.map((item) => redactArguments(item, depth + 1));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, SECRET_KEY.test(key) ? '***' : redactArguments(item, depth + 1)]));
  }
  return value;
}

/** `--log-file`: one JSON line per request, appended (a file that cannot be opened is a usage error at start). */
function openRequestLog(runtime: Runtime, file: string, logArgs: boolean): { write(entry: RequestLogEntry, args: unknown): void; close(): void } {
  const path = resolvePath(runtime.io.cwd, file);
  let fd: number;
  try {
    fd = openSync(path, 'a', 0o600);
  } catch (error) {
    throw new UsageError(`cannot open --log-file ${file}: ${error instanceof Error ? error.message : String(error)}`);
  }
  return {
    write(entry, args) {
      const line = logArgs && args !== undefined ? { ...entry, args: redactArguments(args) } : entry;
      try {
        writeSync(fd, JSON.stringify(redactDeep(line, runtime.console.secrets)) + '\n');
      } catch {
        // A full disk must not take the gateway down.
      }
    },
    close: () => closeSync(fd),
  };
}

/**
 * Reload on SIGHUP, and when a config file changes (debounced): changed servers restart, new ones start, removed ones
 * end, clients are told. A configuration that no longer loads keeps the running one (the error is reported).
 */
function watchConfiguration(
  runtime: Runtime,
  config: LoadedConfig,
  watchFiles: boolean,
  reload: () => Promise<{ result: { added: string[]; removed: string[]; restarted: string[] }; files: string[] }>,
): () => void {
  let watchers: FSWatcher[] = [];
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  const run = (): void => {
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      do {
        again = false;
        try {
          const { result, files } = await reload();
          runtime.console.status(
            `reloaded: ${result.added.length} added, ${result.removed.length} removed, ${result.restarted.length} restarted${[...result.added, ...result.removed, ...result.restarted].length ? ` (${[...result.added.map((name) => `+${name}`), ...result.removed.map((name) => `-${name}`), ...result.restarted.map((name) => `~${name}`)].join(' ')})` : ''}`,
            { event: 'reloaded', ...result },
          );
          arm(files);
        } catch (error) {
          runtime.console.warn(`reload failed, still serving the previous configuration: ${error instanceof Error ? error.message : String(error)}`, {
            event: 'reload-failed',
          });
        }
      } while (again);
    })().finally(() => (running = undefined));
  };
  const schedule = (): void => {
    clearTimeout(timer);
    timer = setTimeout(run, 200);
    timer.unref();
  };
  const arm = (files: readonly string[]): void => {
    for (const watcher of watchers) watcher.close();
    watchers = [];
    if (!watchFiles) return;
    for (const file of files) {
      try {
        watchers.push(watch(file, { persistent: false }, schedule));
      } catch {
        // A file that vanished: the next SIGHUP reloads without it.
      }
    }
  };
  arm(config.files);
  const unregister = runtime.io.onReload?.(run);
  return () => {
    clearTimeout(timer);
    unregister?.();
    for (const watcher of watchers) watcher.close();
  };
}
