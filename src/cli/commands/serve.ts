import { Help, Option, type Command } from '@commander-js/extra-typings';
import type { LoadedConfig } from '../../config/loaded.js';
import type { ServerSpec } from '../../config/model.js';
import { unknownServer } from '../../config/select-servers.js';
import { ConfigError, UsageError } from '../../errors.js';
import { EXIT } from '../../exit-codes.js';
import type { GatewayEvent, RequestLogEntry } from '../../gateway/types.js';
import { DEFAULT_GATEWAY_STYLE } from '../../gateway/names.js';
import { isGatewayEntry } from '../../gateway/own-entry.js';
import { INSTALL_CLIENTS, INSTALL_SCOPES } from '../../gateway/install/types.js';
import { getTarget } from '../../naming/index.js';
import { serversHiddenByProfile } from '../../profiles/profile.js';
import { redactText } from '../../util/redact.js';
import { createStatusFeed } from '../../gateway/status/feed.js';
import { createStatusPage } from '../../gateway/status/handler.js';
import { terminalSafe } from '../../util/terminal-safe.js';
import { defineAction, type CommandHost, type Runtime } from '../services/command.js';
import { withDiscoveryOptions } from '../options/discovery-options.js';
import { withOutputOptions, withTableOptions } from '../options/output-options.js';
import { collectCommaList, positiveInteger } from '../options/parsers.js';
import { withSourceOptions } from '../options/source-options.js';
import { OPTIONS } from '../options/table.js';
import { FAIL_ON } from '../../report/index.js';
import { authResolverFor } from '../services/auth.js';
import { loadConfiguration } from '../services/configuration.js';
import { isLoopback } from '../../util/loopback.js';
import { dryRun } from '../services/serve-dry-run.js';
import { openHttp, openStdio, parseListen, readToken, TOKEN_ENV, untilAborted } from '../services/serve-listen.js';
import { eventPrinter, refuseCollisions, reportStart, startSummary } from '../services/serve-report.js';
import { openRequestLog } from '../services/serve-request-log.js';
import { watchConfiguration } from '../services/serve-watch.js';

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
