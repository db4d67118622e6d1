import { Option, type Command } from '@commander-js/extra-typings';
import type { AuthStatusEntry } from '../../auth/status.js';
import { storeKey } from '../../auth/store.js';
import type { LoadedConfig } from '../../config/loaded.js';
import type { ServerSpec } from '../../config/model.js';
import { selectServers } from '../../config/select-servers.js';
import { DEFAULT_TIMEOUT_MS } from '../../discovery/defaults.js';
import { isMcpnsError, UsageError } from '../../errors.js';
import { EXIT } from '../../exit-codes.js';
import { terminalSafe } from '../../util/terminal-safe.js';
import { defineAction, type CommandHost } from '../services/command.js';
import { withOutputOptions, withTableOptions } from '../options/output-options.js';
import { positiveInteger } from '../options/parsers.js';
import { withSourceOptions } from '../options/source-options.js';
import { makeChalk, renderTable, type Cell } from '../services/render-table.js';
import { tokenStore } from '../services/auth.js';
import { loadConfiguration } from '../services/configuration.js';

/** How long `auth login` waits for the browser to come back by default. */
const DEFAULT_LOGIN_TIMEOUT_MS = 5 * 60_000;

export function registerAuth(program: Command, host: CommandHost): void {
  const auth = program
    .command('auth')
    .description('sign in to remote servers that need OAuth, show and forget those sign-ins')
    .addHelpText(
      'after',
      `
Examples:
  mcpns auth login linear
  mcpns auth status
  mcpns auth logout linear

Tokens live in the user's state directory ($MCPNS_STATE_DIR, else $XDG_STATE_HOME/mcpns, else ~/.local/state/mcpns),
never in the project. Other commands use and refresh them and never open a browser. docs/auth.md has the details.`,
    );
  registerLogin(auth, host);
  registerStatus(auth, host);
  registerLogout(auth, host);
}

function registerLogin(auth: Command, host: CommandHost): void {
  const base = auth
    .command('login')
    .description('sign in to these servers (OAuth in your browser), one after another')
    .argument('<servers...>', 'configured names of HTTP/SSE servers')
    .option('--no-browser', 'only print the sign-in URL (open it yourself, on any machine whose browser reaches this one)')
    .addOption(new Option('--timeout <ms>', 'how long to wait for the browser to come back').argParser(positiveInteger).default(DEFAULT_LOGIN_TIMEOUT_MS))
    .addHelpText(
      'after',
      `
The sign-in URL is opened with $BROWSER when it is set (the URL is its one argument), else xdg-open / open / start,
and always printed on stderr. The browser comes back to a listener on 127.0.0.1 (path /callback; port from
oauth.callbackPort, else a free one). Servers with "grantType": "client_credentials" need no sign-in: login only
checks that their credentials work. Exit codes: 0 all signed in · 1 a server's sign-in failed · 2 usage/config error
· 130 interrupted (nothing is kept from an unfinished sign-in).`,
    );
  const command = withOutputOptions(withSourceOptions(base));

  defineAction(command, host, async (runtime, options, names) => {
    const config = await loadConfiguration(runtime, options);
    const servers = pick(config, names);
    const [{ login }, { openBrowser }] = await Promise.all([import('../../auth/login.js'), import('../../auth/browser.js')]);
    const store = tokenStore(runtime);
    const results: Array<Record<string, unknown>> = [];
    let failed = 0;
    for (const spec of servers) {
      if (runtime.io.signal.aborted) break;
      runtime.console.status(`signing in to "${spec.name}"…`, { server: spec.name });
      try {
        const result = await login(spec, {
          store,
          timeoutMs: options.timeout,
          connectTimeoutMs: DEFAULT_TIMEOUT_MS,
          hostEnv: runtime.io.env,
          signal: runtime.io.signal,
          now: () => runtime.io.now(),
          handOff: async (url, info) => {
            const again = info.attempt > 1 ? ' again (the server asks for more access)' : '';
            runtime.console.action(`open this URL to sign in to "${spec.name}"${again}${options.browser ? ' (opening your browser)' : ''}:\n  ${url.href}`, {
              server: spec.name,
              url: url.href,
              attempt: info.attempt,
            });
            if (!options.browser) return;
            const why = await openBrowser(url.href, { env: runtime.io.env, platform: process.platform });
            if (why) runtime.console.warn(`could not start a browser (${why}); open the URL above yourself`, { server: spec.name });
          },
        });
        results.push({ ...result });
        if (!runtime.console.json) runtime.console.out(describeLogin(result));
      } catch (error) {
        if (runtime.io.signal.aborted) break;
        if (!isMcpnsError(error)) throw error;
        failed++;
        results.push({ server: spec.name, status: 'failed', error: { code: error.code, message: error.message, ...(error.hint ? { hint: error.hint } : {}) } });
        runtime.console.error({ code: error.code, message: error.message, ...(error.hint ? { hint: error.hint } : {}), server: spec.name });
      }
    }
    if (runtime.io.signal.aborted) return EXIT.INTERRUPTED;
    if (runtime.console.json) runtime.console.out(JSON.stringify({ schemaVersion: 1, servers: results }, null, 2) + '\n');
    return failed ? EXIT.FINDINGS : EXIT.OK;
  });
}

function registerStatus(auth: Command, host: CommandHost): void {
  const base = auth
    .command('status')
    .description('every configured HTTP server: needs sign-in or not, signed in or not, issuer, scopes, expiry (never a token)')
    .argument('[servers...]', 'only these servers')
    .option('--offline', 'do not ask the servers whether they need sign-in (the token store alone)')
    .addOption(new Option('--timeout <ms>', 'deadline of each server probe').argParser(positiveInteger).default(DEFAULT_TIMEOUT_MS))
    .addHelpText('after', '\nEach server gets one unauthenticated request (an initialize it does not complete) unless --offline.');
  const command = withTableOptions(withOutputOptions(withSourceOptions(base)));

  defineAction(command, host, async (runtime, options, names) => {
    const config = await loadConfiguration(runtime, options);
    const servers = names.length ? pick(config, names) : config.servers.filter((server) => server.enabled);
    const { authStatus } = await import('../../auth/status.js');
    const store = tokenStore(runtime);
    const entries = await authStatus(servers, {
      store,
      now: runtime.io.now(),
      probe: options.offline !== true,
      timeoutMs: options.timeout,
      signal: runtime.io.signal,
    });
    const configured = new Set(servers.flatMap((server) => (server.url ? [store.fileFor(server.url), store.fileFor(storeKey(server))] : [])));
    const others = names.length ? [] : store.list().filter((entry) => !configured.has(entry.file));
    if (runtime.console.json) {
      runtime.console.out(JSON.stringify({ schemaVersion: 1, store: store.directory, servers: entries, otherSignIns: others.length }, null, 2) + '\n');
      return EXIT.OK;
    }
    const chalk = makeChalk(runtime.console.color);
    const rows = entries.map((entry): Cell[] => [
      terminalSafe(entry.server),
      describeAuth(entry),
      entry.signedIn ? { text: entry.expired ? 'expired' : 'yes', paint: entry.expired ? chalk.yellow : chalk.green } : 'no',
      terminalSafe(entry.issuer ?? ''),
      terminalSafe([...(entry.scopes ?? []), ...(entry.pendingScopes ?? []).map((scope) => `+${scope}`)].join(' ')),
      expiry(entry, runtime.io.now()),
      terminalSafe(entry.error ? `${entry.error.code}: ${entry.error.message}` : entry.client ? `${entry.client.kind} client ${entry.client.id}` : ''),
    ]);
    const columns = [
      'SERVER',
      'AUTH',
      'SIGNED IN',
      { header: 'ISSUER', shrinkRank: 3 },
      { header: 'SCOPES', shrinkRank: 2 },
      'EXPIRES',
      { header: 'NOTES', shrinkRank: 1 },
    ];
    let text = rows.length
      ? renderTable(columns, rows, { chalk, width: options.wide ? undefined : runtime.console.stdoutColumns })
      : 'no HTTP or SSE servers configured\n';
    text += `\ntokens are kept in ${store.directory}\n`;
    if (others.length)
      text += `${others.length} other stored sign-in${others.length === 1 ? '' : 's'} (servers not configured here); mcpns auth logout --all removes every one\n`;
    runtime.console.out(text);
    return EXIT.OK;
  });
}

function registerLogout(auth: Command, host: CommandHost): void {
  const base = auth
    .command('logout')
    .description('forget the tokens and the client registration of these servers')
    .argument('[servers...]', 'configured names')
    .option('--all', 'forget every stored sign-in, configured here or not')
    .addHelpText('after', '\nNothing is sent to the servers; the next command that needs them answers AUTH_REQUIRED until `mcpns auth login`.');
  const command = withOutputOptions(withSourceOptions(base));

  defineAction(command, host, async (runtime, options, names) => {
    const store = tokenStore(runtime);
    if (options.all) {
      if (names.length) throw new UsageError('give server names or --all, not both');
      const removed = store.removeAll();
      if (runtime.console.json) runtime.console.out(JSON.stringify({ schemaVersion: 1, removed }, null, 2) + '\n');
      else runtime.console.out(`forgot ${removed} stored sign-in${removed === 1 ? '' : 's'} (${store.directory})\n`);
      return EXIT.OK;
    }
    if (!names.length) throw new UsageError('name the servers to sign out of, or pass --all');
    const servers = pick(await loadConfiguration(runtime, options), names);
    const { logout } = await import('../../auth/status.js');
    const forgotten = logout(servers, store);
    const notSignedIn = servers.map((server) => server.name).filter((name) => !forgotten.includes(name));
    if (runtime.console.json) runtime.console.out(JSON.stringify({ schemaVersion: 1, forgotten, notSignedIn }, null, 2) + '\n');
    else {
      runtime.console.out(
        [
          ...forgotten.map((name) => `forgot the sign-in of ${terminalSafe(name)}\n`),
          ...notSignedIn.map((name) => `${terminalSafe(name)} was not signed in\n`),
        ].join(''),
      );
    }
    return EXIT.OK;
  });
}

/** The named servers, in the order given (unknown names: exit 2 listing the known ones). */
function pick(config: LoadedConfig, names: readonly string[]): ServerSpec[] {
  const enabledFirst = [...config.servers].sort((a, b) => Number(b.enabled) - Number(a.enabled));
  selectServers(enabledFirst, names);
  return [...new Set(names)].map((name) => enabledFirst.find((server) => server.name === name)!);
}

function describeLogin(result: { server: string; status: string; issuer?: string; scopes?: string[]; expiresAt?: string; tools?: number }): string {
  const name = terminalSafe(result.server);
  if (result.status === 'not-required') return `${name} does not require sign-in (it answered without a token; ${result.tools ?? 0} tools)\n`;
  const parts = [
    result.issuer ? `issuer ${terminalSafe(result.issuer)}` : '',
    result.scopes?.length ? `scopes ${terminalSafe(result.scopes.join(' '))}` : 'no scopes',
    result.expiresAt ? `expires ${result.expiresAt}` : 'no expiry given',
    `${result.tools ?? 0} tools`,
  ].filter(Boolean);
  const what = result.status === 'client-credentials' ? 'client credentials work for' : 'signed in to';
  return `${what} ${name}: ${parts.join(', ')}\n`;
}

function describeAuth(entry: AuthStatusEntry): string {
  switch (entry.auth) {
    case 'oauth':
      return 'oauth';
    case 'client-credentials':
      return 'client credentials';
    case 'header':
      return 'header';
    case 'none':
      return 'none';
    default:
      return entry.error ? '?' : 'unknown';
  }
}

function expiry(entry: AuthStatusEntry, now: Date): string {
  if (!entry.signedIn) return '';
  if (!entry.expiresAt) return 'never said';
  const minutes = Math.round((Date.parse(entry.expiresAt) - now.getTime()) / 60_000);
  const when = entry.expiresAt.replace(/\.\d+Z$/, 'Z');
  if (entry.expired) return `${when} (${entry.refreshable ? 'refreshed on next use' : 'sign in again'})`;
  return `${when} (in ${minutes < 120 ? `${minutes} min` : `${Math.round(minutes / 60)} h`})`;
}
