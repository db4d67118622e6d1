import { acquireCatalog, type AcquiredCatalog } from '../../source/acquire.js';
import { catalogSource } from '../../source/file-source.js';
import { takeCatalogDocument } from './catalog-document.js';
import type { LoadedConfig } from '../../config/loaded.js';
import { liveSource } from '../../source/live-source.js';
import type { ServerDiscovery } from '../../catalog/types.js';
import type { DiscoveryOptions, DiscoveryProgress } from '../../discovery/types.js';
import type { ToolSource } from '../../source/types.js';
import { McpnsError } from '../../errors.js';
import { serversHiddenByProfile } from '../../profiles/profile.js';
import type { Runtime } from './command.js';
import type { DiscoverySettings } from '../options/discovery-options.js';
import { authResolverFor } from './auth.js';
import { revisionStore } from './revisions.js';

export interface CatalogRequest {
  settings: DiscoverySettings;
  config: LoadedConfig | undefined;
  /** Only these servers, overriding --server (call narrows to the one server a qualified name names). */
  servers?: readonly string[] | undefined;
  /** Show hidden tools (list --all): servers a profile hides entirely are then discovered too. */
  showHidden?: boolean;
  /** Keep server text exactly as sent, secrets included (snapshot must refuse those, not write ***). */
  keepSecrets?: boolean;
  /** The client role of the sessions and who keeps them open (call --execute); default: a plain discovery. */
  client?: Pick<DiscoveryOptions, 'role' | 'hold'> | undefined;
}

/** The source the settings ask for: the --catalog file, or the configured servers. */
async function toolSource(runtime: Runtime, request: CatalogRequest): Promise<ToolSource> {
  const { settings, config } = request;
  if (settings.catalog) return catalogSource(await takeCatalogDocument(runtime.io, settings.catalog));
  const servers = config?.servers ?? [];
  const includeDisabled = settings.includeDisabled === true;
  const hiddenByProfile =
    includeDisabled || request.showHidden || !config
      ? new Map<string, string>()
      : serversHiddenByProfile(
          config,
          settings.profile,
          servers.map((server) => server.name),
        );
  return liveSource(servers, { includeDisabled, hiddenByProfile, cwd: runtime.io.cwd, includeRejected: request.showHidden === true });
}

/**
 * The catalog a command works on: read from --catalog (no server started) or discovered live with a progress line,
 * then every failed server reported once on stderr (its stderr tail with it).
 */
export async function obtainCatalog(runtime: Runtime, request: CatalogRequest): Promise<AcquiredCatalog> {
  const { settings, config } = request;
  const source = await toolSource(runtime, request);
  const auth = settings.catalog ? undefined : await authResolverFor(runtime, config?.servers ?? []);
  const progress = discoveryProgress(runtime);
  const acquired = await acquireCatalog(source, {
    servers: request.servers ?? settings.server,
    config,
    profile: settings.profile,
    now: runtime.io.now(),
    // The console's set: it holds the configured secrets and, by the time this redacts, every credential sent
    // (OAuth tokens a server may echo included: registerSecret feeds every SecretSet).
    ...(request.keepSecrets || !config ? {} : { secrets: runtime.console.secrets }),
    discovery: {
      ...(settings.timeout !== undefined ? { timeoutMs: settings.timeout } : {}),
      concurrency: settings.concurrency,
      signal: runtime.io.signal,
      hostEnv: runtime.io.env,
      secrets: runtime.console.secrets,
      maxResponseBytes: settings.maxResponseSize,
      onProgress: progress.onEvent,
      // Print first: the servers are ended while (and after) the results are written.
      ...(runtime.afterOutput ? { deferClose: runtime.afterOutput } : {}),
      ...request.client,
      ...(auth ? { auth } : {}),
      ...(settings.catalog ? {} : { revisions: revisionStore(runtime) }),
    },
  }).finally(() => progress.stop());
  runtime.console.clearProgress();
  // Ctrl-C: no catalog, no per-server failures; the command layer prints one "interrupted" line and exits 130.
  if (runtime.io.signal.aborted) throw new McpnsError('INTERRUPTED', 'interrupted');
  // A saved catalog's failed servers are data in the document, not something that just happened. Failures reported
  // as they happened are not repeated.
  if (!settings.catalog)
    reportDiscoveries(
      runtime,
      acquired.discoveries.filter(({ server }) => !progress.reported.has(server.name)),
    );
  return acquired;
}

/** Plain progress lines without a terminal: every this many ms at most (MCPNS_PROGRESS_INTERVAL_MS; 0: none). */
const DEFAULT_PROGRESS_INTERVAL_MS = 1000;

/**
 * What the person sees while servers are discovered: the live line on a terminal; without one (CI, a pipe, a log),
 * a plain line when a server has taken longer than the interval and then at most one per interval while something
 * changes, naming the servers still running and the ones that finished since. Either way, a server that fails is
 * reported at once (not after the slowest server), unless the run was interrupted.
 */
function discoveryProgress(runtime: Runtime): { onEvent: (event: DiscoveryProgress) => void; stop: () => void; reported: Set<string> } {
  const live = progressLine(runtime);
  const reported = new Set<string>();
  const plain = plainProgress(runtime);
  return {
    reported,
    onEvent: (event) => {
      live(event);
      plain?.onEvent(event);
      if (event.phase === 'failed' && event.discovery && !runtime.io.signal.aborted && event.discovery.server.error?.code !== 'INTERRUPTED') {
        reported.add(event.server);
        reportDiscoveries(runtime, [event.discovery]);
      }
    },
    stop: () => plain?.stop(),
  };
}

export function progressInterval(runtime: Runtime): number {
  const setting = runtime.io.env['MCPNS_PROGRESS_INTERVAL_MS'];
  const value = setting === undefined || setting === '' ? DEFAULT_PROGRESS_INTERVAL_MS : Number(setting);
  return Number.isFinite(value) && value >= 0 ? value : DEFAULT_PROGRESS_INTERVAL_MS;
}

function plainProgress(runtime: Runtime): { onEvent: (event: DiscoveryProgress) => void; stop: () => void } | undefined {
  const settings = runtime.console.settings;
  const intervalMs = progressInterval(runtime);
  if (runtime.console.liveProgress || settings.json || settings.quiet || intervalMs === 0) return undefined;
  const running = new Map<string, { since: number; runner?: string }>();
  let finishedSince: string[] = [];
  let done = 0;
  let total = 0;
  let shown = false;
  const announced = new Set<string>();
  const tick = (): void => {
    const now = Date.now();
    const newlySlow = [...running].filter(([server, state]) => now - state.since >= intervalMs && !announced.has(server));
    // A line when a server has become slow, or (once one was) when servers finished: at most one per interval.
    if (newlySlow.length === 0 && (!shown || finishedSince.length === 0)) return;
    const waiting = [...running].map(([server, state]) => {
      announced.add(server);
      return `${server} (${Math.floor((now - state.since) / 1000)} s${state.runner ? `, ${state.runner} installing` : ''})`;
    });
    const parts = [
      ...(finishedSince.length ? [`finished: ${finishedSince.join(', ')}`] : []),
      ...(waiting.length ? [`waiting for ${waiting.join(', ')}`] : []),
    ];
    runtime.console.event('progress', `discovering: ${done}/${total} servers done; ${parts.join('; ')}`);
    shown = true;
    finishedSince = [];
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  return {
    onEvent: (event) => {
      total = event.total;
      done = event.done;
      if (event.phase === 'start') running.set(event.server, { since: Date.now() });
      else if (event.phase === 'installing')
        running.set(event.server, { since: running.get(event.server)?.since ?? Date.now(), runner: event.runner ?? 'package runner' });
      else if (event.phase === 'installed') running.set(event.server, { since: running.get(event.server)?.since ?? Date.now() });
      else {
        running.delete(event.server);
        if (shown) finishedSince.push(event.phase === 'failed' ? `${event.server} (failed)` : event.server);
      }
    },
    stop: () => {
      clearInterval(timer);
      // Interrupted: the command prints one "interrupted" line and nothing else.
      if (shown && finishedSince.length && !runtime.io.signal.aborted)
        runtime.console.event('progress', `discovering: ${done}/${total} servers done; finished: ${finishedSince.join(', ')}`);
    },
  };
}

/**
 * The discovery progress line: how far it is, and which package runners (npx, uvx…) are still installing — they have
 * produced no MCP output yet, and a cold cache can take a while.
 */
function progressLine(runtime: Runtime): (event: DiscoveryProgress) => void {
  const installing = new Map<string, string>();
  return (event) => {
    if (event.lockWait) {
      const seconds = Math.ceil(event.lockWait.waitMs / 1000);
      runtime.console.note(
        `${event.runner ?? 'npx'} is waiting for a lock that an interrupted install left in ${event.lockWait.dir}: it takes the lock over in ${seconds} s, then installs ${event.server}`,
        { server: event.server, dir: event.lockWait.dir, waitMs: event.lockWait.waitMs },
      );
    }
    if (event.phase === 'installing') installing.set(event.server, event.runner ?? 'package runner');
    else if (event.phase !== 'start') installing.delete(event.server);
    const last = event.phase === 'start' || event.phase === 'installing' || event.phase === 'installed' ? '' : `${event.server} ${event.phase}`;
    const waiting = [...installing].map(([server, runner]) => `${server} (${runner})`);
    const detail = waiting.length ? `installing ${waiting.join(', ')}…` : last;
    runtime.console.progress(`discovering ${event.done}/${event.total} servers… ${detail}`);
  };
}

/** Lines mcpns itself added to a server's stderr buffer (notes about stdout noise, transport errors…). */
const OWN_NOTE = /^\[mcpns\] /;

/**
 * Each failed server reported once on stderr: one warning carrying the last lines the server wrote to stderr (where its
 * real error is), with mcpns's own notes kept apart from them and labelled as mcpns's. Under --verbose every server's
 * stderr is shown.
 */
export function reportDiscoveries(runtime: Runtime, discoveries: readonly ServerDiscovery[]): void {
  const verbose = runtime.console.settings.verbose;
  for (const { server, stderr } of discoveries) {
    const failed = server.status === 'error';
    if (!failed && !verbose) continue;
    const all = stderr.trimEnd() ? stderr.trimEnd().split('\n') : [];
    // Transport chatter ("Failed to send cancellation") follows from mcpns closing the server: only under --verbose.
    const notes = all.filter((line) => OWN_NOTE.test(line) && (verbose || !/^\[mcpns\] transport: /.test(line))).map((line) => line.replace(OWN_NOTE, ''));
    const lines = all.filter((line) => !OWN_NOTE.test(line));
    const shown = lines.slice(-(verbose ? 200 : 10));
    const cut = lines.length - shown.length;
    const excerpt = [
      ...(shown.length
        ? [`last ${shown.length === 1 ? 'line' : `${shown.length} lines`} ${server.name} wrote to stderr${cut ? ` (${cut} earlier lines not shown)` : ''}:`]
        : []),
      ...shown.map((line) => `  | ${line}`),
      ...notes.map((note) => `  mcpns: ${note}`),
    ];
    if (failed) {
      const headline = `server "${server.name}" failed: ${server.error?.code}: ${server.error?.message}${server.error?.hint ? ` (${server.error.hint})` : ''}`;
      runtime.console.warn(runtime.console.json || !excerpt.length ? headline : `${headline}\n  ${excerpt.join('\n  ')}`, {
        server: server.name,
        code: server.error?.code,
        ...(server.error?.hint ? { hint: server.error.hint } : {}),
        ...(shown.length ? { stderr: shown } : {}),
        ...(notes.length ? { notes } : {}),
      });
    } else if (excerpt.length) {
      runtime.console.detail(`server "${server.name}":\n  ${excerpt.join('\n  ')}`, { server: server.name, stderr: shown, notes });
    }
  }
}
