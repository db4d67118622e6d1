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
      onProgress: progressLine(runtime),
      // Print first: the servers are ended while (and after) the results are written.
      ...(runtime.afterOutput ? { deferClose: runtime.afterOutput } : {}),
      ...request.client,
      ...(auth ? { auth } : {}),
      ...(settings.catalog ? {} : { revisions: revisionStore(runtime) }),
    },
  });
  runtime.console.clearProgress();
  // Ctrl-C: no catalog, no per-server failures; the command layer prints one "interrupted" line and exits 130.
  if (runtime.io.signal.aborted) throw new McpnsError('INTERRUPTED', 'interrupted');
  // A saved catalog's failed servers are data in the document, not something that just happened.
  if (!settings.catalog) reportDiscoveries(runtime, acquired.discoveries);
  return acquired;
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
