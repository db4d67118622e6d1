import { Help, Option, type Command } from '@commander-js/extra-typings';
import { closeSync, openSync, watch, writeSync, type FSWatcher } from 'node:fs';
import { resolve as resolvePath } from 'node:path';
import type { Catalog, CatalogTool } from '../../catalog/types.js';
import { runChecks } from '../../checks/run.js';
import { emptyConfig, type LoadedConfig } from '../../config/loaded.js';
import type { ServerSpec } from '../../config/model.js';
import { unknownServer } from '../../config/select-servers.js';
import { ConfigError, UsageError } from '../../errors.js';
import { EXIT } from '../../exit-codes.js';
import type { Gateway } from '../../gateway/engine.js';
import type { GatewayEvent, RequestLogEntry } from '../../gateway/types.js';
import type { HttpGateway } from '../../gateway/serve-http.js';
import { DEFAULT_GATEWAY_STYLE } from '../../gateway/names.js';
import { isGatewayEntry } from '../../gateway/own-entry.js';
import { clientNames, collisionFindings, judgeThroughGateway } from '../../gateway/client-view.js';
import { INSTALL_CLIENTS, INSTALL_SCOPES } from '../../gateway/install/types.js';
import { getTarget, type Rendering } from '../../naming/index.js';
import { serversHiddenByProfile } from '../../profiles/profile.js';
import { formatters, getExitCode } from '../../report/index.js';
import { redactDeep, redactText } from '../../util/redact.js';
import { createStatusFeed } from '../../gateway/status/feed.js';
import { createStatusPage, type StatusPage } from '../../gateway/status/handler.js';
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
import { isLoopback } from '../../util/loopback.js';

export function registerServe(program: Command, host: CommandHost): void {
  const base = program
    .command('serve')
    .description('run the namespacing gateway: every configured server behind one MCP server (stdio, or Streamable HTTP with --http)')
    .addOption(new Option(OPTIONS.http.flags, OPTIONS.http.description).argParser(parseListen))
    .option(OPTIONS.tokenFile.flags, `${OPTIONS.tokenFile.description} (or ${TOKEN_ENV})`)
    .addOption(new Option(OPTIONS.allowedHost.flags, OPTIONS.allowedHost.description).argParser(collectCommaList))
    .addOption(new Option(OPTIONS.allowedOrigin.flags, OPTIONS.allowedOrigin.description).argParser(collectCommaList))
    .addOption(
      new Option(OPTIONS.gatewayStyle.flags, `how names are built (default ${DEFAULT_GATEWAY_STYLE}: server__tool)`).argParser((value: string) => {
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
    .option(OPTIONS.router.flags, OPTIONS.router.description)
    .option(OPTIONS.logFile.flags, OPTIONS.logFile.description)
    .option(OPTIONS.logArgs.flags, OPTIONS.logArgs.description)
    .option(OPTIONS.noWatch.flags, OPTIONS.noWatch.description)
    .option(OPTIONS.serveStrict.flags, OPTIONS.serveStrict.description)
    .option(OPTIONS.markDescriptions.flags, OPTIONS.markDescriptions.description)
    .option(OPTIONS.noStatusPage.flags, OPTIONS.noStatusPage.description)
    .addOption(new Option(OPTIONS.pageSize.flags, OPTIONS.pageSize.description).argParser(positiveInteger).default(500))
    // Kept out of the help screen (it must fit one, test/integration/serve-help.test.ts): docs/serve.md documents it.
    .addOption(new Option(OPTIONS.callTimeout.flags, OPTIONS.callTimeout.description).argParser(positiveInteger).hideHelp())
    .addOption(new Option(OPTIONS.dryRunFailOn.flags, OPTIONS.dryRunFailOn.description).choices(FAIL_ON).default('error' as const))
    .addOption(new Option(OPTIONS.install.flags, OPTIONS.install.description).choices(INSTALL_CLIENTS))
    .addOption(new Option(OPTIONS.uninstall.flags, OPTIONS.uninstall.description).choices(INSTALL_CLIENTS))
    .addOption(new Option(OPTIONS.installScope.flags, OPTIONS.installScope.description).choices(INSTALL_SCOPES))
    .option(OPTIONS.installCommand.flags, OPTIONS.installCommand.description)
    .addHelpText(
      'after',
      `
Also takes list's source, discovery and output options: -c/--config, --client, --scan, --server,
--profile, --include-disabled, --input, --approval-mode, --timeout, --concurrency,
--max-response-size, --page-size, --json, -q, -v, --no-color, --wide (mcpns list --help).

Examples:
  mcpns serve --install claude-code         # the gateway's entry into Claude Code's .mcp.json
  mcpns serve --install codex --dry-run     # the diff it would make; writes nothing
  mcpns serve --dry-run --json --for codex  # the names Codex would show, and findings
  mcpns serve --http 8765                   # http://127.0.0.1:8765/mcp, status page at /
  mcpns serve --for claude-code --as mcpns  # stdio; names fit mcp__mcpns__…
  mcpns serve --router --dry-run            # a search tool instead of every tool, and its size

Exit codes: 0 stopped · 1 --strict refused to start, or --dry-run findings · 2 usage/config error ·
130/143 on SIGINT/SIGTERM. SIGHUP reloads the configuration. More: docs/serve.md.`,
    );
  // A short help: the options every catalog command shares are named in one paragraph (completion still offers them).
  const serveOwn = new Set(base.options.map((option) => option.long).filter((flag) => flag !== '--page-size'));
  const command = withTableOptions(withOutputOptions(withDiscoveryOptions(withSourceOptions(base))));
  command.configureHelp({
    helpWidth: 100,
    visibleOptions: (cmd) => new Help().visibleOptions(cmd).filter((option) => serveOwn.has(option.long) || option.long === '--help'),
  });

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
    const servers = servable(runtime, config, selectServers(config, options), options.scan === true);
    const auth = await authResolverFor(runtime, servers);
    const printer = eventPrinter(runtime);
    const requestLog = options.logFile ? openRequestLog(runtime, options.logFile, options.logArgs === true) : undefined;
    // --http: the status page's feed of calls and events (bounded, never arguments).
    const redact = (text: string): string => redactText(text, runtime.console.secrets);
    // Its call list comes from the request log callback, asked for only while a page watches (the zero-copy call path
    // needs no callback; --log-file always wants every call).
    const feed = options.http && options.dryRun !== true && options.statusPage !== false ? createStatusFeed({ redact }) : undefined;
    const events = (event: GatewayEvent): void => {
      printer(event);
      feed?.onEvent(event);
    };
    const onRequest =
      requestLog || feed
        ? (entry: RequestLogEntry, args: unknown): void => {
            requestLog?.write(entry, args);
            feed?.onRequest(entry);
          }
        : undefined;
    const { createGateway } = await import('../../gateway/index.js');
    const routing = options.router ? (await import('../services/serve-router.js')).routerFor(config, servers, options.profile, runtime) : undefined;
    const gateway = createGateway({
      ...(routing
        ? { providers: routing.providers, listTransform: routing.listTransform, checkCall: routing.checkCall, instructions: routing.instructions }
        : {}),
      servers,
      config,
      profile: options.profile,
      naming: { style, for: options.for, key: options.as, markDescriptions: options.markDescriptions === true },
      lazy: options.lazy === true && options.dryRun !== true,
      pageSize: options.pageSize,
      ...(options.callTimeout !== undefined ? { callTimeoutMs: options.callTimeout } : {}),
      secrets: runtime.console.secrets,
      onEvent: events,
      ...(onRequest ? { onRequest } : {}),
      ...(feed && !requestLog ? { requestLogActive: () => feed.watched() } : {}),
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
    routing?.attach(gateway);
    try {
      const strict = options.strict === true;
      if (options.dryRun) {
        await gateway.start();
        if (runtime.io.signal.aborted) return EXIT.INTERRUPTED;
        const router = routing ? (await import('../services/serve-router.js')).routerDryRun(routing, gateway, config, runtime) : undefined;
        return dryRun(runtime, gateway, config, {
          style,
          for: options.for,
          key: options.as,
          failOn: options.failOn,
          wide: options.wide === true,
          strict,
          router,
        });
      }
      // Answer at once: the endpoint is open (a busy port fails here, before any server starts) and a client's
      // initialize is answered while the upstreams start beside it; lists wait a bounded time for them.
      const refused = new AbortController();
      let current = config;
      const stop = AbortSignal.any([runtime.io.signal, refused.signal]);
      let outcome: number = EXIT.OK;
      let startError: unknown;
      const served = options.http
        ? await openHttp(runtime, gateway, {
            ...options.http,
            token,
            allowedHosts: options.allowedHost,
            allowedOrigins: options.allowedOrigin,
            ...(feed
              ? {
                  status: createStatusPage(gateway, feed, {
                    token,
                    redact,
                    // The findings the page shows are judged as --dry-run judges them, on the configuration in force.
                    judge: { naming: { style, for: options.for, key: options.as }, config: () => current, strict: options.strict === true },
                  }),
                }
              : {}),
          })
        : undefined;
      const stopReloading = watchConfiguration(runtime, config, options.watch !== false, async () => {
        const next = await loadConfiguration(runtime, options);
        const result = await gateway.reload(servable(runtime, next, selectServers(next, options), options.scan === true, true));
        current = next;
        feed?.touch();
        return { result, files: next.files };
      });
      // stdio: the client's opening message is read (and answered) from here on, before the upstreams load anything.
      const serving = served ? untilAborted(stop) : (await openStdio(runtime, gateway, stop)).done;
      const started = gateway.start().then(
        () => {
          if (stop.aborted) return;
          if (strict && refuseCollisions(runtime, gateway, style)) {
            outcome = EXIT.FINDINGS;
            return refused.abort();
          }
          reportStart(runtime, gateway, config);
          feed?.touch();
          if (routing) void import('../services/serve-router.js').then((module) => module.reportRouterProblems(runtime, routing));
          const where = served ? `at ${served.url}${token ? ' (bearer token required)' : ''}` : 'on stdio';
          runtime.console.status(`serving ${startSummary(gateway)} ${where}`, served ? { url: served.url, port: served.address.port } : {});
        },
        (error: unknown) => {
          startError = error;
          refused.abort();
        },
      );
      try {
        await serving;
      } finally {
        stopReloading();
        await served?.close();
        requestLog?.close();
      }
      await gateway.close();
      await started;
      if (startError !== undefined) throw startError;
      return outcome;
    } finally {
      await gateway.close();
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

/**
 * The selected servers the gateway can serve: its own entry (`mcpns serve` in a file it reads) is skipped with a note.
 * A config file refused as a whole (a strict-JSON client's file with a trailing comma…) or nothing left to serve is a
 * config error (exit 2) — a gateway serving nothing would look healthy to a client that never shows stderr. With
 * `--scan` a refused file among the many read is only a warning; on a reload the running configuration is kept.
 */
function servable(runtime: Runtime, config: LoadedConfig, selected: ServerSpec[], scanning: boolean, reloading = false): ServerSpec[] {
  const refused = config.diagnostics.filter((diagnostic) => diagnostic.level === 'error' && diagnostic.rejects === 'file');
  if (refused.length && !scanning) {
    throw new ConfigError(
      'CONFIG_INVALID',
      `refusing to serve: ${refused.map((diagnostic) => `${diagnostic.file ?? 'a config file'}: ${diagnostic.message}`).join('; ')}`,
      {
        hint: 'fix the file (its client refuses it too)',
      },
    );
  }
  const servers = selected.filter((server) => {
    if (!isGatewayEntry(server)) return true;
    if (!reloading)
      runtime.console.note(`skipping server "${terminalSafe(server.name)}" in ${terminalSafe(server.source.file)}: it runs mcpns serve, this gateway itself`, {
        server: server.name,
        file: server.source.file,
      });
    return false;
  });
  if (!servers.length) {
    throw new ConfigError('CONFIG_INVALID', 'no server to serve: the configuration selects none', {
      hint: selected.length
        ? 'the only servers configured run mcpns serve itself'
        : 'add servers to the config, or check --server, --profile and disabled entries',
    });
  }
  return servers;
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
      case 'upstream-failed': {
        const next = event.retryInMs === undefined ? 'not retried until its configuration changes' : `retrying in ${Math.round(event.retryInMs / 1000)} s`;
        const headline = `upstream ${terminalSafe(event.server)} failed: ${event.code}: ${terminalSafe(event.message)} (${next})`;
        // As `list` shows a failure: the last lines the server wrote to stderr, where its own error is.
        const tail = event.stderr?.length
          ? `\n  last ${event.stderr.length === 1 ? 'line' : `${event.stderr.length} lines`} ${terminalSafe(event.server)} wrote to stderr:\n${event.stderr.map((line) => `    | ${terminalSafe(line)}`).join('\n')}`
          : '';
        return runtime.console.warn(runtime.console.json ? headline : headline + tail, { event: type, ...fields });
      }
      case 'upstream-lost':
        return runtime.console.warn(terminalSafe(event.message), { event: type, ...fields });
      case 'dropped-notifications':
        return runtime.console.warn(`upstream ${terminalSafe(event.server)} flooded log notifications: ${event.count} dropped this second`, {
          event: type,
          ...fields,
        });
      case 'collision-kept-apart':
        return runtime.console.warn(keptApart(event), { event: type, code: 'NAME_COLLISION', ...fields });
      case 'tool-name-reserved':
        return runtime.console.warn(
          `tool name ${terminalSafe(event.name)} is the gateway's own (${terminalSafe(event.provider)}): ${terminalSafe(event.taken)} is not served under it`,
          {
            event: type,
            ...fields,
          },
        );
      case 'exposure-changed':
        return runtime.console.status(`exposing ${event.tools} tools, ${event.prompts} prompts, ${event.resources} resources`, { event: type, ...fields });
    }
  };
}

/** `tool name a__b__c is given to a/b__c and a__b/c: kept apart as a__b__c_1f2e3d4c and a__b__c_9a8b7c6d`. */
function keptApart(collision: { kind: string; name: string; members: readonly string[]; exposed: readonly string[] }): string {
  const members = collision.members.map((member) => terminalSafe(member)).join(' and ');
  return `NAME_COLLISION: ${collision.kind} name ${terminalSafe(collision.name)} is given to ${members}: kept apart as ${collision.exposed.join(' and ')} (--strict refuses instead)`;
}

function refuseCollisions(runtime: Runtime, gateway: Gateway, style: string): boolean {
  const findings = collisionFindings(gateway.exposure, style, true);
  if (!findings.length) return false;
  const result = { schemaVersion: 1 as const, targets: [style], findings, summary: { error: findings.length, warning: 0, info: 0 } };
  const text = formatters[runtime.console.json ? 'json' : 'text'](result, { color: runtime.console.color, cwd: runtime.io.cwd, failOn: 'error' });
  runtime.console.error(
    { code: 'NAME_COLLISION', message: `refusing to start: ${findings.length} exposed name(s) would route to several servers`, findings },
    `mcpns: refusing to start: ${findings.length} exposed name(s) would route to several servers\n${text}`,
  );
  return true;
}

/** What clients should know at start: names kept apart, shortened names, tool-poisoning findings. */
function reportStart(runtime: Runtime, gateway: Gateway, config: LoadedConfig): void {
  for (const collision of gateway.exposure.collisions) {
    const members = collision.members.map((member) => `${member.server}/${member.tool}`);
    runtime.console.warn(keptApart({ ...collision, members }), {
      code: 'NAME_COLLISION',
      kind: collision.kind,
      name: collision.name,
      members,
      exposed: collision.exposed,
    });
  }
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

/** `--dry-run`: the catalog the gateway exposes, in list's renderer (names as `--for` shows them), then the check exit code. */
function dryRun(
  runtime: Runtime,
  gateway: Gateway,
  config: LoadedConfig,
  settings: {
    style: string;
    for?: string | undefined;
    key: string;
    failOn: (typeof FAIL_ON)[number];
    wide: boolean;
    strict: boolean;
    /** `--router`: what a client is shown instead (serve-router.ts). */
    router?: { document: Record<string, unknown>; text: string } | undefined;
  },
): number {
  const source = gateway.catalog;
  if (!source) return EXIT.ERROR;
  const exposure = gateway.exposure;
  const naming = { style: settings.style, for: settings.for, key: settings.key };
  const names = clientNames(exposure, naming);
  const byPair = new Map(source.tools.map((tool) => [`${tool.server}\0${tool.name}`, tool]));
  const marked = new Map(exposure.marked.map((mark) => [`${mark.kind}\0${mark.server}\0${mark.tool}`, mark.to]));
  const shown: Array<{ tool: CatalogTool; name: (typeof names)[number] }> = [];
  for (const name of names) {
    const original = byPair.get(`${name.server}\0${name.tool}`);
    if (!original || original.hidden) continue;
    // Titles and descriptions as exposed (a server mark on tools several servers offer alike).
    const title = marked.get(`title\0${name.server}\0${name.tool}`);
    const description = marked.get(`description\0${name.server}\0${name.tool}`);
    const tool = { ...original, qualifiedName: name.exposed, ...(description !== undefined ? { description } : {}) };
    if (title !== undefined && original.title !== undefined) tool.title = title;
    if (title !== undefined && typeof original.annotations?.title === 'string') tool.annotations = { ...original.annotations, title };
    shown.push({ tool, name });
  }
  const catalog: Catalog = { ...source, style: settings.style, tools: shown.map(({ tool }) => tool) };
  const renderings: Rendering[] = settings.for
    ? [
        {
          target: settings.for,
          lookup: new Map(),
          names: shown.map(({ name }) => ({
            server: name.server,
            tool: name.tool,
            name: name.final,
            ...(name.dropped !== undefined ? { dropped: name.dropped } : {}),
          })),
        },
      ]
    : [];
  const result = judgeThroughGateway({
    catalog: source,
    exposure,
    config: config ?? emptyConfig(runtime.io.cwd),
    naming,
    collisions: collisionFindings(gateway.exposure, settings.style, settings.strict),
  });
  if (runtime.console.json) {
    const document = {
      ...catalog,
      gateway: { key: settings.key, style: settings.style, ...(settings.for ? { for: settings.for } : {}) },
      names: shown.map(({ name }) => name),
      marked: exposure.marked,
      ...(settings.router ? { router: settings.router.document } : {}),
      shortened: exposure.shortened,
      findings: result.findings,
      summary: result.summary,
    };
    runtime.console.out(JSON.stringify(document, null, 2) + '\n');
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
    const titles = exposure.marked.filter((mark) => mark.kind === 'title');
    if (titles.length)
      runtime.console.out(
        `titles marked: ${titles.length} tool(s) several servers offer alike, e.g. "${terminalSafe(titles[0]!.from)}" → "${terminalSafe(titles[0]!.to)}"${exposure.marked.length > titles.length ? `; ${exposure.marked.length - titles.length} description(s) prefixed` : ''}\n`,
      );
    if (settings.router) runtime.console.out(settings.router.text);
    if (result.findings.length)
      runtime.console.out('\n' + formatters.text(result, { color: runtime.console.color, cwd: runtime.io.cwd, failOn: settings.failOn, config }));
  }
  const failed = source.servers.some((server) => server.status === 'error');
  return Math.max(getExitCode(result, settings.failOn), failed ? EXIT.FINDINGS : EXIT.OK);
}

/** `N tools from K of M servers; F failed: a (SPAWN_FAILED), b (…)`: what the start gave, failures by name. */
function startSummary(gateway: Gateway): string {
  const status = gateway.status();
  const up = status.filter((entry) => entry.status === 'up').length;
  const failed = status.filter((entry) => entry.status !== 'up');
  const names = failed.map((entry) => terminalSafe(entry.server));
  return `${gateway.exposure.tools.length} tools from ${up} of ${status.length} servers${failed.length ? `; ${failed.length} failed: ${names.join(', ')}` : ''}`;
}

/** Start serving over stdin/stdout: resolves once it reads, with the promise of its end (stdin closed, `signal`). */
async function openStdio(runtime: Runtime, gateway: Gateway, signal: AbortSignal): Promise<{ done: Promise<void> }> {
  const { serveGatewayStdio } = await import('../../gateway/serve-stdio.js');
  runtime.console.status(`answering on stdio; starting ${gateway.status().length} servers`);
  // Wrapped: an async function's promise would wait for this one, and the upstreams must start now.
  return {
    done: serveGatewayStdio(gateway, { stdin: runtime.io.stdin as never, stdout: runtime.io.stdout, signal, early: runtime.io.earlyStdin?.takeOver() }),
  };
}

/** Resolves when `signal` aborts. */
function untilAborted(signal: AbortSignal): Promise<void> {
  if (signal.aborted) return Promise.resolve();
  return new Promise((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));
}

/** The environment variable holding the bearer token --http requires. */
const TOKEN_ENV = 'MCPNS_SERVE_TOKEN';

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

/** Open the Streamable HTTP endpoint (before any upstream starts: a busy port is an error at once, exit 2). */
async function openHttp(
  runtime: Runtime,
  gateway: Gateway,
  settings: {
    host: string;
    port: number;
    token?: string | undefined;
    allowedHosts?: string[] | undefined;
    allowedOrigins?: string[] | undefined;
    status?: StatusPage | undefined;
  },
): Promise<HttpGateway> {
  const { serveGatewayHttp } = await import('../../gateway/serve-http.js');
  const served = await serveGatewayHttp(gateway, {
    ...settings,
    onError: (error) =>
      runtime.console.warn(`a request failed with an internal error (answered 500): ${terminalSafe(error instanceof Error ? error.message : String(error))}`, {
        event: 'request-failed',
      }),
  });
  runtime.console.status(`listening at ${served.url}${settings.token ? ' (bearer token required)' : ''}; starting ${gateway.status().length} servers`, {
    url: served.url,
    port: served.address.port,
  });
  if (settings.status) {
    const page = served.url.replace(/\/mcp$/, '/');
    runtime.console.status(`status page at ${page}${settings.token ? ' (open it once with ?token=<the token>)' : ''}`, { statusPage: page });
  }
  return served;
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
