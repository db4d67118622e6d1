/**
 * How the gateway reaches its upstream servers: the upstream factory (`createGateway({ connect })`, by default the
 * real connection layer) and the first start of them all, each handed back as soon as it ends — so the gateway serves
 * every server when it is ready, not when the slowest one is.
 */
import type { ServerDiscovery } from '../catalog/types.js';
import type { ServerSpec } from '../config/model.js';
import { DEFAULT_MAX_RESPONSE_BYTES } from '../discovery/defaults.js';
import type { DiscoveryOptions, HeldSession } from '../discovery/types.js';
import { liveSource } from '../source/live-source.js';
import { connectUpstream, upstreamFromHeld, type Upstream, type UpstreamHooks } from './upstream.js';
import { gatewayRole } from './upstream-role.js';

/** What a factory is told when the gateway asks for one upstream session. */
export interface ConnectContext {
  /** Where the session's notifications and server→client requests go (the engine's). */
  hooks: UpstreamHooks;
  /** The second session of an HTTP server, pinned to the 2026-07-28 wire (a probe: bounded, failure is fine). */
  modern: boolean;
  /** Aborted when the gateway closes: a start under way ends, its processes with it. */
  signal: AbortSignal;
  timeoutMs?: number | undefined;
}

/**
 * Opens one session to one server; rejects when it cannot (an error's `reason` is the failure code, as
 * DiscoveryError's). The gateway owns what it returns and closes it.
 */
export type UpstreamFactory = (spec: ServerSpec, context: ConnectContext) => Promise<Upstream>;

/** The discovery settings the real connection layer needs (the gateway's `discovery` option). */
export type ConnectSettings = Omit<DiscoveryOptions, 'hold' | 'role' | 'deferClose'>;

/** The real connection layer (src/discovery's `openSession`), under the gateway's deadlines, auth and secrets. */
export function realConnect(settings: ConnectSettings): UpstreamFactory {
  return (spec, context) =>
    connectUpstream(spec, {
      role: gatewayRole(context.hooks, context.modern),
      timeoutMs: context.timeoutMs ?? settings.timeoutMs,
      signal: context.signal,
      auth: settings.auth,
      secrets: settings.secrets,
      hostEnv: settings.hostEnv,
      maxResponseBytes: settings.maxResponseBytes,
    });
}

/** One server's first start, ended: its session, or why there is none; and what discovery found, when it ran. */
export interface FirstStart {
  spec: ServerSpec;
  upstream?: Upstream | undefined;
  error?: { code: string; message: string; stderr?: string | undefined } | undefined;
}

export interface StartAllOptions {
  /** A factory of the caller's: every server is started through it (no discovery, no catalog). */
  connect?: UpstreamFactory | undefined;
  settings: ConnectSettings;
  hooks: UpstreamHooks;
  signal: AbortSignal;
  /** Directory config-relative paths are shown against. */
  cwd: string;
  /** Whether a session discovery hands over is still wanted (false once the gateway closes). */
  isOpen(): boolean;
  /** Called once per server, as soon as its start ends. */
  onEach(start: FirstStart): void;
}

/**
 * Start every server at once; resolves with what discovery found (the catalog `--dry-run` prints), or with nothing
 * when a factory was given. Servers started ahead by spawn first are adopted by the default path (discovery).
 */
export async function startAll(specs: readonly ServerSpec[], options: StartAllOptions): Promise<ServerDiscovery[]> {
  const { connect } = options;
  if (connect) {
    await Promise.all(
      specs.map(async (spec) => {
        try {
          options.onEach({
            spec,
            upstream: await untilAborted(connect(spec, { hooks: options.hooks, modern: false, signal: options.signal }), options.signal),
          });
        } catch (error) {
          options.onEach({ spec, error: failureOf(error) });
        }
      }),
    );
    return [];
  }
  const byName = new Map(specs.map((spec) => [spec.name, spec]));
  const held = new Map<string, HeldSession>();
  const ended = new Set<string>();
  const settle = (discovery: ServerDiscovery): void => {
    const spec = byName.get(discovery.server.name);
    if (!spec || ended.has(spec.name)) return;
    ended.add(spec.name);
    const session = held.get(spec.name);
    if (session && discovery.server.status === 'ok') {
      const maxResponseBytes = options.settings.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
      return options.onEach({ spec, upstream: upstreamFromHeld(spec.name, session, { maxResponseBytes }) });
    }
    void session?.session.close();
    options.onEach({
      spec,
      error: {
        code: discovery.server.error?.code ?? 'FAILED',
        message: discovery.server.error?.message ?? 'the server did not start',
        stderr: discovery.stderr,
      },
    });
  };
  let discoveries: ServerDiscovery[] = [];
  try {
    // The specs are already selected (serve --include-disabled passes disabled ones on purpose): start every one.
    discoveries = await liveSource(specs, { cwd: options.cwd, includeDisabled: true }).discover(undefined, {
      ...options.settings,
      signal: options.signal,
      role: gatewayRole(options.hooks),
      hold: (server, session) => {
        if (!options.isOpen()) return false;
        held.set(server, session);
        return true;
      },
      // Each server is handed back as soon as its discovery ends, not when the slowest one's does.
      onProgress: (event) => {
        options.settings.onProgress?.(event);
        if ((event.phase === 'done' || event.phase === 'failed') && event.discovery) settle(event.discovery);
      },
    });
  } finally {
    for (const discovery of discoveries) settle(discovery);
    // Whatever discovery did not report (it was interrupted) has failed.
    for (const spec of specs) {
      if (!ended.has(spec.name))
        settle({ server: { name: spec.name, transport: spec.transport, source: '', status: 'error', toolCount: 0 }, tools: [], stderr: '' });
    }
  }
  return discoveries;
}

/**
 * The connection, or a rejection as soon as `signal` aborts (a factory that does not listen to it must not hold the
 * gateway's close); a connection that arrives after that is closed.
 */
function untilAborted(connecting: Promise<Upstream>, signal: AbortSignal): Promise<Upstream> {
  if (signal.aborted) {
    void connecting.then((upstream) => upstream.close()).catch(() => {});
    return Promise.reject(Object.assign(new Error('interrupted before the server was started'), { reason: 'INTERRUPTED' }));
  }
  return new Promise((resolve, reject) => {
    const onAbort = (): void => {
      void connecting.then((upstream) => upstream.close()).catch(() => {});
      reject(Object.assign(new Error('interrupted while the server was starting'), { reason: 'INTERRUPTED' }));
    };
    signal.addEventListener('abort', onAbort, { once: true });
    connecting.then(
      (upstream) => {
        signal.removeEventListener('abort', onAbort);
        if (signal.aborted) void upstream.close();
        else resolve(upstream);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}

/** A failed connection as a code, a message and the server's stderr (DiscoveryError carries its code as `reason`). */
export function failureOf(error: unknown): { code: string; message: string; stderr?: string | undefined } {
  const { reason, stderr } = (error ?? {}) as { reason?: unknown; stderr?: unknown };
  return {
    code: typeof reason === 'string' ? reason : 'FAILED',
    message: error instanceof Error ? error.message : String(error),
    ...(typeof stderr === 'string' ? { stderr } : {}),
  };
}
