/**
 * The gateway engine: one upstream session per configured server, the exposure computed from what they offer, and
 * every request a downstream client sends routed to the server it names — with its progress, cancellation, logging
 * and server→client requests carried both ways. Transports (stdio, HTTP) and the CLI sit on top of it.
 */
import { ProtocolError, ProtocolErrorCode } from '@modelcontextprotocol/server';
import { buildCatalog } from '../catalog/build.js';
import type { Catalog, ServerDiscovery } from '../catalog/types.js';
import type { LoadedConfig } from '../config/loaded.js';
import type { ServerSpec } from '../config/model.js';
import { applyClientToolFilters } from '../profiles/client-filters.js';
import { applyProfile } from '../profiles/profile.js';
import type { SecretSet } from '../util/redact.js';
import { isPermanentFailure, retryDelayMs, stderrTail } from './supervision.js';
import { computeExposure, exposeUri, rewriteResult, routeUri, type Exposure, type Offer, type Route } from './exposure.js';
import type { NamingSettings } from './names.js';
import { mergeLocalTools, type ListTransform, type LocalCallContext, type LocalRoute, type ToolProvider } from './provider.js';
import { failureOf, realConnect, startAll, type ConnectSettings, type FirstStart, type UpstreamFactory } from './start-up.js';
import { MODERN_REVISION, upstreamRpcError, type JsonObject, type RawHandlers, type Upstream, type UpstreamHooks } from './upstream.js';

/** One downstream client connection (a stdio connection, or one 2025-era HTTP session). */
export interface DownstreamSession {
  readonly id: string;
  /** The capabilities the client declared in initialize. */
  clientCapabilities(): JsonObject | undefined;
  /** Send a notification to this client. */
  notify(method: string, params?: JsonObject): Promise<void>;
  logLevel?: string | undefined;
  readonly subscriptions: Set<string>;
  /** A request to this client outside any call of its (2025-era sessions only). */
  request?(method: string, params: JsonObject | undefined, signal: AbortSignal): Promise<JsonObject>;
}

/** The request context the downstream server hands each handler (a subset of the SDK's ServerContext). */
export interface DownstreamCall {
  session: DownstreamSession | undefined;
  signal: AbortSignal;
  progressToken?: string | number | undefined;
  meta?: JsonObject | undefined;
  notify(method: string, params?: JsonObject): Promise<void>;
  /** The request came on the 2026-07-28 wire (per-request envelope): no server→client push requests there. */
  modern?: boolean | undefined;
  /** What a 2026-07-28 client declared in its request's envelope (its capabilities, its log level). */
  clientCapabilities?: JsonObject | undefined;
  logLevel?: string | undefined;
  /** A multi-round-trip retry (2026-07-28): what the client answered, and the state it echoes; sent on unchanged. */
  retry?: { inputResponses?: JsonObject | undefined; requestState?: string | undefined } | undefined;
  /** A request to the downstream client tied to this call (throws on an era without push requests). */
  send(method: string, params: JsonObject | undefined, signal: AbortSignal): Promise<JsonObject>;
}

/** How the fast path writes to a downstream client itself (raw JSON-RPC, in order with everything else it sends). */
export interface FastDownstream {
  reply(message: JsonObject): void;
  /** A reply already serialized (one JSON-RPC message): false when the wire cannot take it as it is now (reply instead). */
  replyText?(text: string): boolean;
  notify(method: string, params?: JsonObject): Promise<void>;
  request(method: string, params: JsonObject | undefined, signal: AbortSignal): Promise<JsonObject>;
  /** The upstream made its answer resumable (SSE with event ids): make this one resumable too, where the wire can. */
  resumable?(): void;
}

/** What happened, for the CLI's status lines (stderr, or JSON lines under --json) and the log file. */
export type GatewayEvent =
  | { type: 'upstream-up'; server: string; tools: number; restarted: boolean }
  /** `retryInMs` absent: a failure retrying cannot cure (command not found…), not retried. `stderr`: its last lines. */
  | { type: 'upstream-failed'; server: string; code: string; message: string; retryInMs?: number; stderr?: string[] }
  | { type: 'upstream-lost'; server: string; message: string }
  | { type: 'exposure-changed'; tools: number; prompts: number; resources: number }
  | { type: 'dropped-notifications'; server: string; count: number }
  /** Pairs the style names alike, kept apart by their pair's hash (`exposed`, same order as `members`). */
  | { type: 'collision-kept-apart'; kind: string; name: string; members: string[]; exposed: string[] }
  /** A local tool (of `provider`) took an exposed name: `taken` (`server/tool`, or a later provider) is not served under it. */
  | { type: 'tool-name-reserved'; name: string; provider: string; taken: string };

export interface RequestLogEntry {
  time: string;
  session?: string | undefined;
  method: string;
  server?: string | undefined;
  tool?: string | undefined;
  durationMs: number;
  outcome: 'ok' | 'isError' | 'error' | 'cancelled';
  bytes?: number | undefined;
  error?: string | undefined;
  args?: unknown;
}

export interface GatewayOptions {
  /** The servers to serve (already selected: enabled, not hidden by the profile, --server). */
  servers: readonly ServerSpec[];
  /** Client tool filters and the profile's tool allow/deny come from here. */
  config?: LoadedConfig | undefined;
  profile?: string | undefined;
  naming: NamingSettings;
  /** Deadlines, auth, secrets, environment and concurrency of the upstream start (`hold`/`role` are the gateway's). */
  discovery: ConnectSettings;
  /**
   * How an upstream session is opened (default: the real connection layer, the first start through discovery so
   * servers spawned first are adopted and `catalog` is filled). Tests and library users pass their own.
   */
  connect?: UpstreamFactory | undefined;
  /** Start upstreams on the first downstream request instead of at start. */
  lazy?: boolean | undefined;
  /** Items per page of tools/prompts/resources lists served downstream. */
  pageSize?: number | undefined;
  /** Cap on notifications/message forwarded per upstream per second (a flood is cut, counted and reported). */
  maxLogRate?: number | undefined;
  /**
   * How long a list request (tools, prompts, resources) waits for servers still in their first start before it is
   * answered with what is ready (default LIST_WAIT_MS); the rest are announced with list_changed when they arrive.
   */
  listWaitMs?: number | undefined;
  /**
   * Tools the gateway answers itself, listed and called through the same path as upstream tools (src/gateway/provider.ts):
   * their names are reserved (an upstream tool exposed under one is not served), the first provider's wins.
   */
  providers?: readonly ToolProvider[] | undefined;
  /** What `tools/list` shows, from every exposed tool; calls by name to a tool it hides still route. */
  listTransform?: ListTransform | undefined;
  /**
   * Checked before an upstream tool is called by name (router mode checks the arguments against the tool's schema):
   * a result returned here answers the call instead of the upstream (an isError result), logged as the call would be.
   */
  checkCall?: ((name: string, args: unknown) => JsonObject | undefined) | undefined;
  onEvent?: ((event: GatewayEvent) => void) | undefined;
  onRequest?: ((entry: RequestLogEntry, args: unknown) => void) | undefined;
  secrets?: SecretSet | undefined;
}

const DEFAULT_PAGE_SIZE = 500;
/**
 * How long a list waits for servers still starting: well under the 5 s a client such as Claude Code gives an MCP
 * server at start, so a slow upstream never costs the client every tool; late servers are announced with list_changed.
 */
export const LIST_WAIT_MS = 2500;
/** The reserved envelope keys the gateway sets on what it sends a server's 2026-07-28 session. */
const CLIENT_CAPABILITIES_KEY = 'io.modelcontextprotocol/clientCapabilities';
const LOG_LEVEL_KEY = 'io.modelcontextprotocol/logLevel';
/** Bound on opening an HTTP server's 2026-07-28 session next to its session. */
const MODERN_PROBE_MS = 5000;
/** Rounds of input_required answered for a 2025-era client before the call fails. */
const MAX_INPUT_ROUNDS = 8;
const LOG_LEVELS = ['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency'];
const DEFAULT_MAX_LOG_RATE = 500;

interface InFlight {
  readonly call: DownstreamCall;
}

interface Slot {
  spec: ServerSpec;
  upstream?: Upstream | undefined;
  /** `failed`: a failure retrying cannot cure; `down`: retried with backoff. */
  status: 'idle' | 'starting' | 'up' | 'down' | 'failed' | 'closed';
  starting?: Promise<void> | undefined;
  offer: Offer;
  error?: { code: string; message: string } | undefined;
  failures: number;
  timer?: NodeJS.Timeout | undefined;
  inflight: Set<InFlight>;
  /** A crash cut these calls: they fail with this reason. */
  lostReason?: string | undefined;
  refreshing?: Promise<void> | undefined;
  refreshAgain?: boolean;
  logWindow: { second: number; count: number; dropped: number };
  /** Upstream URIs subscribed to, with how many downstream subscriptions want each. */
  subscribed: Map<string, number>;
  /**
   * An HTTP server that also speaks 2026-07-28 gets a second session on that wire: a server may offer some tools,
   * prompts or resources only there (input_required ones among them). 2026-07-28 calls go to it when it has the item.
   */
  modern?: Upstream | undefined;
  /** What each session offers (`tool:<name>`, `prompt:<name>`, `resource:<uri>`), to send a request where its item is. */
  names: { legacy: Set<string>; modern: Set<string> };
}

export class Gateway {
  private readonly slots = new Map<string, Slot>();
  private readonly sessions = new Set<DownstreamSession>();
  private exposureState: Exposure;
  private readonly hooks: UpstreamHooks;
  private closed = false;
  /** Aborted by close() (and by the caller's signal): a start still under way ends at once, its processes with it. */
  private readonly stopping = new AbortController();
  /** Requests waiting for a name a server still starting may bring (woken at each recompute). */
  private readonly exposureWaiters = new Set<() => void>();
  private startedOnce: Promise<void> | undefined;
  private readonly listeners = new Set<(kind: 'tools' | 'prompts' | 'resources') => void>();
  /** Fast-path calls in flight, by session and downstream request id (for cancellation). */
  private readonly fastCalls = new WeakMap<DownstreamSession, Map<string | number, FastCall>>();
  /** The first discovery's catalog (what `--dry-run` prints). */
  catalog: Catalog | undefined;
  /** Local tools by exposed name (the providers'), and what tools/list shows (the list transform's output). */
  private local = new Map<string, LocalRoute>();
  private listedTools: readonly JsonObject[] = [];
  private readonly reservedSeen = new Set<string>();
  private readonly providerStops: Array<() => void> = [];

  private readonly connect: UpstreamFactory;

  constructor(private readonly options: GatewayOptions) {
    this.connect = options.connect ?? realConnect(options.discovery);
    this.hooks = {
      onNotification: (server, method, params) => this.onUpstreamNotification(server, method, params),
      onServerRequest: (server, method, params, signal) => this.onServerRequest(server, method, params, signal),
    };
    for (const spec of options.servers) this.slots.set(spec.name, newSlot(spec));
    const outer = options.discovery.signal;
    if (outer) {
      if (outer.aborted) this.stopping.abort(outer.reason);
      else outer.addEventListener('abort', () => this.stopping.abort(outer.reason), { once: true });
    }
    this.exposureState = computeExposure([], options.naming);
    this.recompute(false);
    for (const provider of options.providers ?? []) {
      const stop = provider.onChange?.(() => {
        if (!this.closed) this.recompute(true, false);
      });
      if (stop) this.providerStops.push(stop);
    }
  }

  get exposure(): Exposure {
    return this.exposureState;
  }

  /**
   * Start every upstream at once (or nothing with `lazy`); resolves when each has answered or failed. Nothing waits
   * for it to be served: each server is taken into service as soon as it has listed what it offers, lists wait a
   * bounded time for the rest (`listWaitMs`), and clients hear of late ones through list_changed.
   */
  start(): Promise<void> {
    if (this.options.lazy) return Promise.resolve();
    return this.ensureStarted();
  }

  private ensureStarted(): Promise<void> {
    this.startedOnce ??= this.startAll();
    return this.startedOnce;
  }

  private async startAll(): Promise<void> {
    const slots = new Map([...this.slots.values()].map((slot) => [slot.spec.name, slot]));
    const adoptions: Promise<void>[] = [];
    const settled = new Map<string, () => void>();
    for (const slot of slots.values()) {
      slot.status = 'starting';
      slot.starting = new Promise<void>((resolve) => settled.set(slot.spec.name, resolve));
    }
    const discoveries = await startAll(
      [...slots.values()].map((slot) => slot.spec),
      {
        connect: this.options.connect,
        settings: this.options.discovery,
        hooks: this.hooks,
        signal: this.stopping.signal,
        cwd: this.options.config?.baseDir ?? process.cwd(),
        isOpen: () => !this.closed,
        onEach: (start) => {
          const slot = slots.get(start.spec.name)!;
          adoptions.push(
            this.settleFirstStart(slot, start).finally(() => {
              slot.starting = undefined;
              settled.get(slot.spec.name)?.();
            }),
          );
        },
      },
    );
    this.catalog = this.filtered(discoveries);
    await Promise.all(adoptions);
    this.recompute(true, false);
  }

  /** A server's first start ended: into service, or failed (and retried with backoff). */
  private async settleFirstStart(slot: Slot, start: FirstStart): Promise<void> {
    if (slot.status === 'closed') return void (await start.upstream?.close());
    if (!start.upstream) return this.failed(slot, start.error?.code ?? 'FAILED', start.error?.message ?? 'the server did not start', start.error?.stderr);
    await this.adopt(slot, start.upstream, false);
    // Clients that already listed hear of it now; the status line waits for the whole start.
    if (slot.status === 'up') this.recompute(true, false);
  }

  /** Wait for servers still in their first start, at most `listWaitMs` (lists answer with what is ready then). */
  private async waitForStart(): Promise<void> {
    const started = this.startedOnce;
    if (!started || !this.isStarting()) return;
    let timer: NodeJS.Timeout | undefined;
    const bound = new Promise<void>((resolve) => (timer = setTimeout(resolve, this.options.listWaitMs ?? LIST_WAIT_MS)));
    await Promise.race([started.catch(() => {}), bound]);
    clearTimeout(timer);
  }

  /** Some server is still in its first start. */
  private isStarting(): boolean {
    for (const slot of this.slots.values()) {
      // Idle before start() (a client may initialize first): starting all the same, unless --lazy waits for a request.
      if ((slot.status === 'starting' || (slot.status === 'idle' && !this.options.lazy)) && slot.failures === 0) return true;
    }
    return false;
  }

  /** The catalog with client filters and the profile applied (tools marked hidden stay in it). */
  private filtered(discoveries: readonly ServerDiscovery[]): Catalog {
    let catalog = buildCatalog(discoveries);
    const config = this.options.config;
    if (config) catalog = applyProfile(applyClientToolFilters(catalog, config), config, this.options.profile);
    return catalog;
  }

  /** Tool names of `server` its client filters or the profile hide. */
  private hiddenTools(server: string, tools: readonly JsonObject[]): Set<string> {
    if (!this.options.config) return new Set();
    const discovery: ServerDiscovery = {
      server: { name: server, transport: 'stdio', source: '', status: 'ok', toolCount: tools.length },
      tools: tools.map((tool) => ({ server, name: String(tool['name']), inputSchema: { type: 'object' } })),
      stderr: '',
    };
    return new Set(
      this.filtered([discovery])
        .tools.filter((tool) => tool.hidden)
        .map((tool) => tool.name),
    );
  }

  /** Take a connected upstream into service: list what it offers, then route to it. */
  private async adopt(slot: Slot, upstream: Upstream, restarted: boolean): Promise<void> {
    if (this.closed || slot.status === 'closed') {
      await upstream.close();
      return;
    }
    await this.connectModern(slot, upstream);
    try {
      slot.offer = await this.offerOf(slot, upstream);
    } catch (error) {
      await upstream.close();
      this.failed(slot, 'LIST_FAILED', error instanceof Error ? error.message : String(error));
      return;
    }
    slot.upstream = upstream;
    slot.status = 'up';
    slot.error = undefined;
    slot.failures = 0;
    slot.lostReason = undefined;
    upstream.onLost((reason) => this.lost(slot, upstream, reason));
    this.options.onEvent?.({ type: 'upstream-up', server: slot.spec.name, tools: slot.offer.tools.length, restarted });
    // Subscriptions downstream clients hold survive a restart.
    for (const uri of slot.subscribed.keys()) void upstream.request('resources/subscribe', { uri }).catch(() => {});
    const level = this.mostVerboseLevel();
    if (level && upstream.capabilities['logging']) void upstream.request('logging/setLevel', { level }).catch(() => {});
  }

  /** What a server offers: its session's lists, and what only its 2026-07-28 session offers after them. */
  private async offerOf(slot: Slot, upstream: Upstream): Promise<Offer> {
    const server = slot.spec.name;
    const modern = slot.modern;
    const [legacy, extra] = await Promise.all([listOffer(upstream), modern ? listOffer(modern).catch(() => undefined) : undefined]);
    slot.names = { legacy: offerNames(legacy), modern: extra ? offerNames(extra) : new Set() };
    const offer = { ...legacy };
    if (extra) {
      const only = <T extends JsonObject>(items: T[], key: string, kind: string): T[] =>
        items.filter((item) => !slot.names.legacy.has(`${kind}:${String(item[key])}`));
      offer.tools = [...legacy.tools, ...only(extra.tools, 'name', 'tool')];
      offer.prompts = [...legacy.prompts, ...only(extra.prompts, 'name', 'prompt')];
      offer.resources = [...legacy.resources, ...only(extra.resources, 'uri', 'resource')];
      offer.templates = [...legacy.templates, ...only(extra.templates, 'uriTemplate', 'template')];
    }
    const hidden = this.hiddenTools(server, offer.tools);
    return { server, ...offer, tools: offer.tools.filter((tool) => !hidden.has(String(tool['name']))) };
  }

  /**
   * Open (or reopen) the 2026-07-28 session of an HTTP server next to its session: pinned to that revision, so a
   * server that does not speak it simply has none. Its failure never affects the server's service.
   */
  private async connectModern(slot: Slot, legacy: Upstream): Promise<void> {
    const previous = slot.modern;
    slot.modern = undefined;
    await previous?.close().catch(() => {});
    if (slot.spec.transport !== 'http' || (legacy.protocolVersion ?? '') >= MODERN_REVISION) return;
    try {
      const modern = await this.connect(slot.spec, {
        hooks: this.hooks,
        modern: true,
        // A probe, not the server's start: a server that does not answer it soon is served without it.
        timeoutMs: Math.min(this.options.discovery.timeoutMs ?? MODERN_PROBE_MS, MODERN_PROBE_MS),
        signal: this.stopping.signal,
      });
      if (this.closed || slot.status === 'closed' || (modern.protocolVersion ?? '') < MODERN_REVISION) return void (await modern.close());
      slot.modern = modern;
      modern.onLost(() => {
        if (slot.modern !== modern) return;
        slot.modern = undefined;
        void modern.close();
        void this.refresh(slot);
      });
    } catch {
      // The server does not speak 2026-07-28 (or not now): it is served through its session alone.
    }
  }

  private failed(slot: Slot, code: string, message: string, stderr = ''): void {
    const permanent = isPermanentFailure(code);
    slot.status = permanent ? 'failed' : 'down';
    slot.error = { code, message };
    slot.upstream = undefined;
    if (this.closed) return;
    const retryInMs = permanent ? undefined : retryDelayMs(++slot.failures);
    const tail = stderrTail(stderr);
    this.options.onEvent?.({
      type: 'upstream-failed',
      server: slot.spec.name,
      code,
      message,
      ...(retryInMs !== undefined ? { retryInMs } : {}),
      ...(tail.length ? { stderr: tail } : {}),
    });
    if (retryInMs !== undefined) this.scheduleRestart(slot, retryInMs);
  }

  private lost(slot: Slot, upstream: Upstream, reason: string): void {
    if (slot.upstream !== upstream || this.closed) return;
    const stderr = upstream.stderr().trimEnd().split('\n').slice(-3).join(' | ');
    slot.lostReason = `upstream server "${slot.spec.name}" ${reason}${stderr ? ` (its stderr: ${stderr})` : ''}; mcpns is restarting it`;
    slot.upstream = undefined;
    slot.status = 'down';
    this.options.onEvent?.({ type: 'upstream-lost', server: slot.spec.name, message: slot.lostReason });
    void upstream.close();
    // The restart is immediate; if it fails, the backoff of failed() takes over.
    this.scheduleRestart(slot, 0);
  }

  private scheduleRestart(slot: Slot, delayMs: number): void {
    clearTimeout(slot.timer);
    slot.timer = setTimeout(() => void this.restart(slot), delayMs);
    slot.timer.unref?.();
  }

  private restart(slot: Slot): Promise<void> {
    if (this.closed || slot.status === 'closed' || slot.status === 'starting') return slot.starting ?? Promise.resolve();
    slot.status = 'starting';
    slot.starting = (async () => {
      try {
        const upstream = await this.connect(slot.spec, { hooks: this.hooks, modern: false, signal: this.stopping.signal });
        await this.adopt(slot, upstream, true);
        if (slot.status === 'up') this.recompute(true);
      } catch (error) {
        const failure = failureOf(error);
        this.failed(slot, failure.code, failure.message, failure.stderr);
      } finally {
        slot.starting = undefined;
      }
    })();
    return slot.starting;
  }

  /** Recompute the exposure; with `announce`, tell every client what changed (and, with `report`, the status lines). */
  private recompute(announce: boolean, report = announce): void {
    const before = this.exposureState;
    const listedBefore = this.listedTools;
    const offers = [...this.slots.values()].map((slot) => slot.offer);
    const merged = mergeLocalTools(computeExposure(offers, this.options.naming), this.options.providers ?? []);
    this.exposureState = merged.exposure;
    this.local = merged.local;
    this.listedTools = this.listed(merged.exposure.tools);
    for (const waiter of this.exposureWaiters) waiter();
    this.exposureWaiters.clear();
    if (!announce) return;
    const known = new Set(before.collisions.map((collision) => `${collision.kind}\0${collision.name}`));
    for (const collision of this.exposureState.collisions) {
      if (known.has(`${collision.kind}\0${collision.name}`)) continue;
      this.options.onEvent?.({
        type: 'collision-kept-apart',
        kind: collision.kind,
        name: collision.name,
        members: collision.members.map((member) => `${member.server}/${member.tool}`),
        exposed: collision.exposed,
      });
    }
    for (const reserved of merged.reserved) {
      const key = `${reserved.name}\0${reserved.taken}`;
      if (this.reservedSeen.has(key)) continue;
      this.reservedSeen.add(key);
      this.options.onEvent?.({ type: 'tool-name-reserved', ...reserved });
    }
    const changed = (a: JsonObject[], b: JsonObject[]): boolean => JSON.stringify(a) !== JSON.stringify(b);
    const after = this.exposureState;
    if (changed([...listedBefore], [...this.listedTools])) this.broadcastListChanged('tools');
    if (changed(before.prompts, after.prompts)) this.broadcastListChanged('prompts');
    if (changed(before.resources, after.resources) || changed(before.templates, after.templates)) this.broadcastListChanged('resources');
    if (report)
      this.options.onEvent?.({ type: 'exposure-changed', tools: after.tools.length, prompts: after.prompts.length, resources: after.resources.length });
  }

  /** What tools/list shows: the list transform's view of every exposed tool (all of them if it fails). */
  private listed(tools: readonly JsonObject[]): readonly JsonObject[] {
    if (!this.options.listTransform) return tools;
    try {
      return this.options.listTransform(tools);
    } catch {
      return tools;
    }
  }

  private broadcastListChanged(kind: 'tools' | 'prompts' | 'resources'): void {
    for (const session of this.sessions) void session.notify(`notifications/${kind}/list_changed`).catch(() => {});
    for (const listener of this.listeners) listener(kind);
  }

  /** Listen for list changes (the HTTP transport forwards them to 2026-07-28 subscription streams). */
  onListChanged(listener: (kind: 'tools' | 'prompts' | 'resources') => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  // ——— downstream sessions ———

  addSession(session: DownstreamSession): void {
    this.sessions.add(session);
  }

  /**
   * The session ended (HTTP DELETE, its idle timeout, stdin EOF): its subscriptions go, and every fast-path call it
   * still has in flight is cancelled upstream (notifications/cancelled with the upstream's id) — nobody is left to
   * read the answer, nor to resume its stream.
   */
  removeSession(session: DownstreamSession): void {
    const calls = this.fastCalls.get(session);
    if (calls) for (const call of [...calls.values()]) call.cancel('the client session ended');
    if (!this.sessions.delete(session)) return;
    for (const uri of session.subscriptions) void this.unsubscribe(session, uri);
  }

  get sessionCount(): number {
    return this.sessions.size;
  }

  /**
   * Which capabilities the gateway declares downstream: what its upstreams offer together — or, while some have not
   * started yet (a client initializes at once), everything a server may offer, since a session's capabilities are
   * fixed at initialize.
   */
  capabilities(): JsonObject {
    const unknown = (this.options.lazy === true && this.startedOnce === undefined) || this.isStarting();
    const has = (key: string): boolean => unknown || [...this.slots.values()].some((slot) => slot.upstream?.capabilities[key] !== undefined);
    const subscribe = unknown || [...this.slots.values()].some((slot) => (slot.upstream?.capabilities['resources'] as JsonObject | undefined)?.['subscribe']);
    return {
      tools: { listChanged: true },
      ...(has('prompts') ? { prompts: { listChanged: true } } : {}),
      ...(has('resources') ? { resources: { listChanged: true, ...(subscribe ? { subscribe: true } : {}) } } : {}),
      ...(has('logging') ? { logging: {} } : {}),
      ...(has('completions') ? { completions: {} } : {}),
    };
  }

  instructions(): string | undefined {
    const parts: string[] = [];
    for (const slot of [...this.slots.values()].sort((a, b) => (a.spec.name < b.spec.name ? -1 : 1))) {
      const text = slot.upstream?.instructions;
      if (text) parts.push(`## ${slot.spec.name}\n${text.slice(0, 4000)}`);
    }
    return parts.length ? parts.join('\n\n') : undefined;
  }

  /** Upstream status for /health and stderr status lines. */
  status(): Array<{ server: string; status: Slot['status']; tools: number; error?: { code: string; message: string }; inflight: number }> {
    return [...this.slots.values()].map((slot) => ({
      server: slot.spec.name,
      status: slot.status,
      tools: slot.offer.tools.length,
      ...(slot.error ? { error: slot.error } : {}),
      inflight: slot.inflight.size,
    }));
  }

  // ——— requests ———

  private async ready(server: string): Promise<Slot & { upstream: Upstream }> {
    const slot = this.slots.get(server);
    if (!slot) throw new ProtocolError(ProtocolErrorCode.InvalidParams, `unknown server "${server}"`);
    if (slot.status === 'idle') void this.ensureStarted();
    if (slot.status === 'starting') await slot.starting;
    if (slot.status !== 'up' || !slot.upstream) {
      const why = slot.lostReason ?? (slot.error ? `${slot.error.code}: ${slot.error.message}` : 'it is not running');
      const next = slot.status === 'failed' ? 'mcpns does not retry it until its configuration changes' : 'mcpns retries it in the background';
      throw new ProtocolError(ProtocolErrorCode.InternalError, `upstream server "${server}" is not available (${why}); ${next}`);
    }
    return slot as Slot & { upstream: Upstream };
  }

  /** Send one request to the server a route names, with the call's progress, cancellation and _meta carried. */
  async forward(route: Route, method: string, params: JsonObject, call: DownstreamCall, log: { tool?: string | undefined } = {}): Promise<JsonObject> {
    let slot: (Slot & { upstream: Upstream }) | undefined;
    return this.logged(
      { call, method, server: route.server, tool: log.tool, args: params['arguments'] },
      () => slot,
      async () => {
        slot = await this.ready(route.server);
        const inflight: InFlight = { call };
        slot.inflight.add(inflight);
        try {
          const token = call.progressToken;
          const meta = call.meta && Object.keys(call.meta).length ? call.meta : undefined;
          // Progress sent on is awaited before the result goes out: a notification overtaken by its result is dropped by the client.
          const sent: Promise<void>[] = [];
          const retried = call.retry ? { ...params, ...call.retry } : params;
          const target = this.sessionFor(slot, method, params);
          // On the 2026-07-28 wire the server decides by the capabilities of the client that asks (and its log level):
          // the downstream client's, not the gateway's (a key given here wins over the one the SDK attaches).
          const envelope: JsonObject = {};
          if (target === slot.modern) {
            const declared = call.modern ? call.clientCapabilities : call.session?.clientCapabilities();
            envelope[CLIENT_CAPABILITIES_KEY] = declared ?? {};
            if (call.logLevel !== undefined) envelope[LOG_LEVEL_KEY] = call.logLevel;
          }
          const outMeta = meta || Object.keys(envelope).length ? { ...meta, ...envelope } : undefined;
          let forwarded: JsonObject = outMeta ? { ...retried, _meta: outMeta } : retried;
          let result: JsonObject;
          for (let round = 0; ; round++) {
            result = await target.request(method, forwarded, {
              signal: call.signal,
              // A 2026-07-28 client answers input_required itself (and retries to the same server: the name routes it).
              ...(call.modern ? { allowInputRequired: true } : {}),
              ...(token !== undefined
                ? { onprogress: (progress) => void sent.push(call.notify('notifications/progress', { ...progress, progressToken: token }).catch(() => {})) }
                : {}),
            });
            // A 2025-era client knows no input_required: the gateway asks it what the server asks (as requests tied to its
            // call) and retries with the answers and the server's state, unchanged.
            if (call.modern || result['resultType'] !== 'input_required') break;
            if (round >= MAX_INPUT_ROUNDS) {
              throw new ProtocolError(ProtocolErrorCode.InternalError, `upstream server "${route.server}" asked for input more than ${MAX_INPUT_ROUNDS} times`);
            }
            forwarded = { ...forwarded, inputResponses: await this.answerInputRequests(route.server, result['inputRequests'], call) };
            if (result['requestState'] !== undefined) forwarded['requestState'] = result['requestState'];
            else delete forwarded['requestState'];
          }
          if (sent.length) await Promise.all(sent);
          return rewriteResult(result, route.server, this.exposureState);
        } finally {
          slot.inflight.delete(inflight);
        }
      },
    );
  }

  /**
   * The session a request goes to: the server's session, unless the item it names is offered only by the server's
   * 2026-07-28 session (a 2025-era client's input is then asked by the gateway). Items both offer stay on the first
   * session: the one discovery listed and checked, and the one whose answers every client era already gets.
   */
  private sessionFor(slot: Slot & { upstream: Upstream }, method: string, params: JsonObject): Upstream {
    const modern = slot.modern;
    if (!modern) return slot.upstream;
    const item =
      method === 'tools/call'
        ? `tool:${String(params['name'])}`
        : method === 'prompts/get'
          ? `prompt:${String(params['name'])}`
          : method.startsWith('resources/')
            ? `resource:${String(params['uri'])}`
            : undefined;
    return item !== undefined && slot.names.modern.has(item) && !slot.names.legacy.has(item) ? modern : slot.upstream;
  }

  /** Each input request of an input_required result asked of the downstream client whose call it is; the answers by key. */
  private async answerInputRequests(server: string, requests: unknown, call: DownstreamCall): Promise<JsonObject> {
    const answers: JsonObject = {};
    const entries = requests && typeof requests === 'object' && !Array.isArray(requests) ? Object.entries(requests as JsonObject) : [];
    for (const [key, request] of entries) {
      const { method, params } = (request ?? {}) as { method?: unknown; params?: JsonObject };
      if (method !== 'elicitation/create' && method !== 'sampling/createMessage' && method !== 'roots/list') {
        throw new ProtocolError(
          ProtocolErrorCode.InternalError,
          `upstream server "${server}" asked for input mcpns cannot ask a client for (${String(method)})`,
        );
      }
      answers[key] = await this.askClient(server, method, params, call, call.signal);
    }
    return answers;
  }

  private downstreamError(error: unknown, slot: Slot | undefined): Error {
    if (error instanceof ProtocolError) return error;
    if (slot?.lostReason) return new ProtocolError(ProtocolErrorCode.InternalError, slot.lostReason);
    const rpc = upstreamRpcError(error);
    // The SDK's own "Connection closed" (-32000) when the upstream died under the call.
    if (rpc && rpc.code === -32000 && slot) return new ProtocolError(ProtocolErrorCode.InternalError, `upstream server "${slot.spec.name}": ${rpc.message}`);
    if (rpc) return new ProtocolError(rpc.code, rpc.message, rpc.data);
    const message = error instanceof Error ? error.message : String(error);
    const text = this.options.secrets ? this.options.secrets.redact(message) : message;
    return new ProtocolError(ProtocolErrorCode.InternalError, slot ? `upstream server "${slot.spec.name}": ${text}` : text);
  }

  async callTool(params: JsonObject, call: DownstreamCall): Promise<JsonObject> {
    const name = String(params['name']);
    const local = this.local.get(name);
    if (local) return this.callLocal(name, local, params, call);
    const route = await this.routeOf(() => this.exposureState.toolRoutes.get(name));
    if (!route) throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Tool ${name} not found`);
    const refused = this.options.checkCall?.(name, params['arguments']);
    if (refused)
      return this.logged(
        { call, method: 'tools/call', server: route.server, tool: route.name, args: params['arguments'] },
        () => undefined,
        async () => refused,
      );
    return this.forward(route, 'tools/call', { ...params, name: route.name }, call, { tool: route.name });
  }

  /**
   * A local tool's call (the fast path declines local tools: they come here). Its context's `callTool` goes back
   * through callTool, with the call's session, signal and progress token, so an upstream reached from a local tool is
   * routed, filtered and logged as a client's own call would be.
   */
  private async callLocal(name: string, entry: LocalRoute, params: JsonObject, call: DownstreamCall): Promise<JsonObject> {
    const inner: DownstreamCall = {
      session: call.session,
      signal: call.signal,
      progressToken: call.progressToken,
      modern: call.modern,
      clientCapabilities: call.clientCapabilities,
      logLevel: call.logLevel,
      notify: (method, notifyParams) => call.notify(method, notifyParams),
      send: (method, sendParams, signal) => call.send(method, sendParams, signal),
    };
    const context: LocalCallContext = {
      signal: call.signal,
      callTool: (tool, args) => this.callTool({ name: tool, arguments: args }, inner),
      exposedTools: () => this.exposureState.tools,
    };
    const args = params['arguments'];
    return this.logged(
      { call, method: 'tools/call', server: entry.provider.id, tool: name, args },
      () => undefined,
      () => entry.tool.call(args && typeof args === 'object' && !Array.isArray(args) ? (args as JsonObject) : {}, context),
    );
  }

  /**
   * Run one call and write its request-log line (the one builder of it but the fast path's): its outcome, size and
   * duration, and its failure as the downstream answer (downstreamError, the one failure mapper).
   */
  private async logged(
    what: { call: DownstreamCall; method: string; server: string; tool?: string | undefined; args: unknown },
    slotOf: () => Slot | undefined,
    run: () => Promise<JsonObject>,
  ): Promise<JsonObject> {
    const startedAt = performance.now();
    const entry: RequestLogEntry = {
      time: new Date().toISOString(),
      session: what.call.session?.id,
      method: what.method,
      server: what.server,
      tool: what.tool,
      durationMs: 0,
      outcome: 'ok',
    };
    try {
      const result = await run();
      if (result['isError'] === true) entry.outcome = 'isError';
      if (this.options.onRequest) entry.bytes = JSON.stringify(result).length;
      return result;
    } catch (error) {
      entry.outcome = what.call.signal.aborted ? 'cancelled' : 'error';
      const downstream = this.downstreamError(error, slotOf());
      entry.error = downstream.message;
      throw downstream;
    } finally {
      entry.durationMs = Math.round((performance.now() - startedAt) * 1000) / 1000;
      this.options.onRequest?.(entry, what.args);
    }
  }

  /**
   * The fast path of `tools/call` for a session mcpns writes to itself (stdio): the request goes to the upstream as raw
   * JSON-RPC and its response comes back as it arrived (URIs rewritten when namespaced), without crossing the two SDK
   * stacks — what a hand-written proxy does. False when it does not apply (unknown name, the server not up, a session
   * on the 2026-07-28 wire): the SDK path then answers. Progress, cancellation, server→client requests, the request
   * log and crash handling work as on the SDK path. One object per call (no closures): 32 calls in flight answer in
   * bursts, and what a call allocates is what the garbage collector pays for.
   */
  fastToolCall(id: string | number, params: JsonObject, session: DownstreamSession, downstream: FastDownstream): boolean {
    if (this.options.lazy && this.startedOnce === undefined) return false;
    const name = params['name'];
    const route = typeof name === 'string' ? this.exposureState.toolRoutes.get(name) : undefined;
    const slot = route ? this.slots.get(route.server) : undefined;
    const upstream = slot?.status === 'up' ? slot.upstream : undefined;
    if (!route || !slot || !upstream?.sendRaw) return false;
    // A call the check refuses is answered by callTool (the SDK path), which says why.
    if (this.options.checkCall?.(name as string, params['arguments'])) return false;
    // A tool only the server's 2026-07-28 session offers is called there (the SDK path answers its input_required).
    if (slot.modern && !slot.names.legacy.has(`tool:${route.name}`)) return false;
    const meta = params['_meta'] as JsonObject | undefined;
    let token: string | number | undefined;
    let upstreamParams: JsonObject;
    if (meta === undefined) upstreamParams = { ...params, name: route.name };
    else {
      token = meta['progressToken'] as string | number | undefined;
      const { _meta: _drop, ...rest } = params;
      const { progressToken: _token, ...forwardedMeta } = meta;
      upstreamParams = { ...rest, name: route.name, ...(Object.keys(forwardedMeta).length ? { _meta: forwardedMeta } : {}) };
    }
    const calls = this.fastCallsOf(session);
    const call = new FastCall(this.fastOwner, id, session, downstream, slot, upstream, route, token, params['arguments']);
    calls.set(id, call);
    slot.inflight.add(call);
    call.upstreamId = upstream.sendRaw('tools/call', upstreamParams, call);
    return true;
  }

  /** A client's notifications/cancelled for a fast-path call: cancelled upstream with the upstream's id. */
  fastCancel(session: DownstreamSession, requestId: unknown, reason: string): boolean {
    const call = typeof requestId === 'string' || typeof requestId === 'number' ? this.fastCalls.get(session)?.get(requestId) : undefined;
    if (!call) return false;
    call.cancel(reason);
    return true;
  }

  private fastCallsOf(session: DownstreamSession): Map<string | number, FastCall> {
    let calls = this.fastCalls.get(session);
    if (!calls) this.fastCalls.set(session, (calls = new Map()));
    return calls;
  }

  /** What a fast call needs of the gateway (one object for all of them). */
  private readonly fastOwner: FastCallOwner = {
    exposure: () => this.exposureState,
    onRequest: () => this.options.onRequest,
    settled: (call) => {
      call.slot.inflight.delete(call);
      const calls = this.fastCalls.get(call.session);
      if (calls?.get(call.id) === call) calls.delete(call.id);
    },
  };

  async getPrompt(params: JsonObject, call: DownstreamCall): Promise<JsonObject> {
    const name = String(params['name']);
    const route = await this.routeOf(() => this.exposureState.promptRoutes.get(name));
    if (!route) throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Prompt ${name} not found`);
    return this.forward(route, 'prompts/get', { ...params, name: route.name }, call, { tool: route.name });
  }

  async readResource(params: JsonObject, call: DownstreamCall): Promise<JsonObject> {
    const uri = String(params['uri']);
    const route = await this.routeOf(() => routeUri(this.exposureState, uri));
    if (!route) throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Resource ${uri} not found`, { uri });
    return this.forward(route, 'resources/read', { ...params, uri: route.name }, call);
  }

  async complete(params: JsonObject, call: DownstreamCall): Promise<JsonObject> {
    const ref = (params['ref'] ?? {}) as JsonObject;
    const route = await this.routeOf((): Route | undefined => {
      if (ref['type'] === 'ref/prompt') return this.exposureState.promptRoutes.get(String(ref['name']));
      if (ref['type'] !== 'ref/resource') return undefined;
      const uri = String(ref['uri']);
      const template = this.exposureState.templateRoutes.find((entry) => entry.exposed === uri);
      return template ? { server: template.server, name: template.template } : routeUri(this.exposureState, uri);
    });
    const upstreamRef: JsonObject = !route ? ref : ref['type'] === 'ref/prompt' ? { ...ref, name: route.name } : { ...ref, uri: route.name };
    if (!route) return { completion: { values: [], total: 0, hasMore: false } };
    const slot = this.slots.get(route.server);
    if (!slot?.upstream?.capabilities['completions']) return { completion: { values: [], total: 0, hasMore: false } };
    return this.forward(route, 'completion/complete', { ...params, ref: upstreamRef }, call);
  }

  async subscribe(session: DownstreamSession | undefined, uri: string, call: DownstreamCall): Promise<JsonObject> {
    const route = await this.routeOf(() => routeUri(this.exposureState, uri));
    if (!route) throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Resource ${uri} not found`, { uri });
    const slot = await this.ready(route.server);
    const resources = slot.upstream.capabilities['resources'] as JsonObject | undefined;
    if (!resources?.['subscribe'])
      throw new ProtocolError(ProtocolErrorCode.MethodNotFound, `server "${route.server}" does not support resource subscriptions`);
    if (session?.subscriptions.has(uri)) return {};
    const count = slot.subscribed.get(route.name) ?? 0;
    if (count === 0) await this.forward(route, 'resources/subscribe', { uri: route.name }, call);
    slot.subscribed.set(route.name, count + 1);
    session?.subscriptions.add(uri);
    return {};
  }

  async unsubscribe(session: DownstreamSession | undefined, uri: string, call?: DownstreamCall): Promise<JsonObject> {
    const route = routeUri(this.exposureState, uri);
    if (!route || (session && !session.subscriptions.delete(uri))) return {};
    const slot = this.slots.get(route.server);
    if (!slot) return {};
    const count = (slot.subscribed.get(route.name) ?? 1) - 1;
    if (count > 0) {
      slot.subscribed.set(route.name, count);
      return {};
    }
    slot.subscribed.delete(route.name);
    if (slot.upstream) {
      if (call) await this.forward(route, 'resources/unsubscribe', { uri: route.name }, call);
      else await slot.upstream.request('resources/unsubscribe', { uri: route.name }).catch(() => {});
    }
    return {};
  }

  async setLogLevel(session: DownstreamSession | undefined, level: string): Promise<JsonObject> {
    await this.lazyStart();
    if (session) session.logLevel = level;
    const verbose = this.mostVerboseLevel() ?? level;
    await Promise.all(
      [...this.slots.values()]
        .filter((slot) => slot.upstream?.capabilities['logging'])
        .map((slot) => slot.upstream!.request('logging/setLevel', { level: verbose }).catch(() => {})),
    );
    return {};
  }

  private mostVerboseLevel(): string | undefined {
    const levels = [...this.sessions].map((session) => session.logLevel).filter((level): level is string => level !== undefined);
    if (!levels.length) return undefined;
    return levels.sort((a, b) => LOG_LEVELS.indexOf(a) - LOG_LEVELS.indexOf(b))[0];
  }

  /** One page of an exposed list (`cursor` is the gateway's own: an offset). */
  async page(kind: 'tools' | 'prompts' | 'resources' | 'resourceTemplates', cursor: unknown): Promise<JsonObject> {
    await this.lazyStart();
    // A first page waits (bounded) for servers still starting; the later pages of a list are not held up again.
    if (cursor === undefined) await this.waitForStart();
    const list =
      kind === 'tools'
        ? this.listedTools
        : kind === 'prompts'
          ? this.exposureState.prompts
          : kind === 'resources'
            ? this.exposureState.resources
            : this.exposureState.templates;
    const size = this.options.pageSize ?? DEFAULT_PAGE_SIZE;
    let start = 0;
    if (cursor !== undefined) {
      const decoded = typeof cursor === 'string' && /^o[0-9]{1,9}$/.test(cursor) ? Number(cursor.slice(1)) : NaN;
      if (!Number.isInteger(decoded) || decoded < 0) throw new ProtocolError(ProtocolErrorCode.InvalidParams, `invalid cursor`);
      start = decoded;
    }
    const items = list.slice(start, start + size);
    return { [kind]: items, ...(start + size < list.length ? { nextCursor: `o${start + size}` } : {}) };
  }

  /**
   * Before a request is routed: with `--lazy`, the first one starts every upstream; a name not (yet) exposed waits for
   * the servers still in their first start, for it may be theirs (a client that knows the names from an earlier
   * session calls at once).
   */
  private async lazyStart(): Promise<void> {
    // Not lazy: start() is on its way (a request came first), and this is the same start.
    if (this.startedOnce === undefined) void this.ensureStarted();
  }

  /**
   * The route `find` gives; while it gives none and servers are in their first start, asked again each time the
   * exposure changes (bounded by those servers' start deadlines).
   */
  private async routeOf<T>(find: () => T | undefined): Promise<T | undefined> {
    await this.lazyStart();
    let found = find();
    while (found === undefined && this.isStarting() && !this.closed) {
      await Promise.race([this.startedOnce?.catch(() => {}), new Promise<void>((resolve) => this.exposureWaiters.add(resolve))]);
      found = find();
    }
    return found;
  }

  // ——— upstream → downstream ———

  private onUpstreamNotification(server: string, method: string, params: JsonObject | undefined): void {
    const slot = this.slots.get(server);
    if (!slot || this.closed) return;
    switch (method) {
      case 'notifications/message':
        return this.forwardLog(slot, params ?? {});
      case 'notifications/tools/list_changed':
      case 'notifications/prompts/list_changed':
      case 'notifications/resources/list_changed':
        return void this.refresh(slot);
      case 'notifications/resources/updated': {
        const uri = params?.['uri'];
        if (typeof uri !== 'string') return;
        const exposed = exposeUri(this.exposureState, server, uri);
        for (const session of this.sessions) {
          if (session.subscriptions.has(exposed)) void session.notify(method, { ...params, uri: exposed }).catch(() => {});
        }
        return;
      }
      default:
        return;
    }
  }

  private forwardLog(slot: Slot, params: JsonObject): void {
    const second = Math.floor(Date.now() / 1000);
    const window = slot.logWindow;
    if (window.second !== second) slot.logWindow = { second, count: 0, dropped: 0 };
    if (++slot.logWindow.count > (this.options.maxLogRate ?? DEFAULT_MAX_LOG_RATE)) {
      // The first drop of a second arms its report, sent when that second is over (a flood that stops is reported too).
      if (slot.logWindow.dropped++ === 0) {
        const current = slot.logWindow;
        setTimeout(
          () => {
            if (current.dropped) this.options.onEvent?.({ type: 'dropped-notifications', server: slot.spec.name, count: current.dropped });
            current.dropped = 0;
          },
          1000 - (Date.now() % 1000),
        ).unref();
      }
      return;
    }
    const level = typeof params['level'] === 'string' ? params['level'] : 'info';
    const logger = typeof params['logger'] === 'string' && params['logger'] ? `${slot.spec.name}/${params['logger']}` : slot.spec.name;
    for (const session of this.sessions) {
      if (session.logLevel && LOG_LEVELS.indexOf(level) < LOG_LEVELS.indexOf(session.logLevel)) continue;
      void session.notify('notifications/message', { ...params, level, logger }).catch(() => {});
    }
  }

  /** Re-list what a server offers after it said its lists changed (coalesced: one refresh at a time per server). */
  private refresh(slot: Slot): Promise<void> {
    if (slot.refreshing) {
      slot.refreshAgain = true;
      return slot.refreshing;
    }
    slot.refreshing = (async () => {
      do {
        slot.refreshAgain = false;
        const upstream = slot.upstream;
        if (!upstream) break;
        try {
          slot.offer = await this.offerOf(slot, upstream);
          this.recompute(true);
        } catch {
          break;
        }
      } while (slot.refreshAgain);
    })().finally(() => {
      slot.refreshing = undefined;
    });
    return slot.refreshing;
  }

  /**
   * A server→client request (elicitation, sampling, roots) goes to the downstream request that caused it (SEP-2260):
   * the one call in flight on that server, or the latest of one client's calls there. Refused when no call is in
   * flight, when calls of several clients are (it cannot be told which one asked), or when that client did not declare
   * the capability.
   */
  private async onServerRequest(server: string, method: string, params: JsonObject | undefined, signal: AbortSignal): Promise<JsonObject> {
    const slot = this.slots.get(server);
    const inflight = slot ? [...slot.inflight] : [];
    // roots/list outside a call (servers ask at start and after roots/list_changed): the one connected client, if
    // there is exactly one and it declared roots; with several it cannot be told whose roots are meant.
    if (!inflight.length && method === 'roots/list') {
      const withRoots = [...this.sessions].filter((session) => session.request && session.clientCapabilities()?.['roots']);
      if (withRoots.length === 1) return withRoots[0]!.request!(method, params, signal);
    }
    if (!inflight.length) {
      throw new ProtocolError(
        ProtocolErrorCode.InvalidRequest,
        `mcpns: ${method} must be tied to a request the client sent (SEP-2260); none is in flight on "${server}"`,
      );
    }
    const sessions = new Set(inflight.map((entry) => entry.call.session));
    if (sessions.size > 1) {
      throw new ProtocolError(
        ProtocolErrorCode.InvalidRequest,
        `mcpns: ${method} from "${server}" cannot be routed: calls of ${sessions.size} clients are in flight on it and the request does not say which one it belongs to`,
      );
    }
    const call = inflight[inflight.length - 1]!.call;
    if (call.modern) {
      throw new ProtocolError(
        ProtocolErrorCode.InvalidRequest,
        `mcpns: ${method} from "${server}" cannot reach the client: it speaks 2026-07-28, where servers ask through input_required results, and mcpns does not yet turn a 2025-era server's push request into one`,
      );
    }
    return this.askClient(server, method, params, call, signal);
  }

  /** A request to the downstream client of `call`, refused when that client did not declare the capability it needs. */
  private async askClient(server: string, method: string, params: JsonObject | undefined, call: DownstreamCall, signal: AbortSignal): Promise<JsonObject> {
    const capability = method === 'sampling/createMessage' ? 'sampling' : method === 'roots/list' ? 'roots' : 'elicitation';
    const declared = call.session?.clientCapabilities()?.[capability] as JsonObject | undefined;
    const urlMode = method === 'elicitation/create' && params?.['mode'] === 'url';
    if (!declared || (urlMode && !declared['url'])) {
      throw new ProtocolError(
        ProtocolErrorCode.MethodNotFound,
        `the client connected to mcpns did not declare the "${urlMode ? 'elicitation.url' : capability}" capability, so ${method} from "${server}" cannot reach it`,
        { capability: urlMode ? 'elicitation.url' : capability },
      );
    }
    return call.send(method, params, AbortSignal.any([signal, call.signal]));
  }

  /** A client's roots changed: every upstream is told (each then asks for them again). */
  rootsChanged(): void {
    for (const slot of this.slots.values()) void slot.upstream?.notify('notifications/roots/list_changed').catch(() => {});
  }

  // ——— reload and shutdown ———

  /** Apply a new server list: removed servers end, new ones start, changed ones restart; clients hear of the change. */
  async reload(servers: readonly ServerSpec[]): Promise<{ added: string[]; removed: string[]; restarted: string[] }> {
    const next = new Map(servers.map((spec) => [spec.name, spec]));
    const added: string[] = [];
    const removed: string[] = [];
    const restarted: string[] = [];
    const work: Promise<unknown>[] = [];
    for (const [name, slot] of this.slots) {
      const spec = next.get(name);
      if (!spec) {
        removed.push(name);
        this.slots.delete(name);
        work.push(this.closeSlot(slot));
      } else if (JSON.stringify(spec) !== JSON.stringify(slot.spec)) {
        restarted.push(name);
        const fresh = newSlot(spec);
        fresh.subscribed = slot.subscribed;
        this.slots.set(name, fresh);
        work.push(this.closeSlot(slot).then(() => (this.startedOnce ? this.restart(fresh) : undefined)));
      } else if (slot.status === 'failed') {
        // Not retried by itself: a reload (the command installed meanwhile) is its next try.
        restarted.push(name);
        work.push(this.restart(slot));
      }
    }
    for (const [name, spec] of next) {
      if (this.slots.has(name)) continue;
      added.push(name);
      const slot = newSlot(spec);
      this.slots.set(name, slot);
      if (this.startedOnce) work.push(this.restart(slot));
    }
    await Promise.all(work);
    this.recompute(true);
    return { added, removed, restarted };
  }

  private async closeSlot(slot: Slot): Promise<void> {
    slot.status = 'closed';
    clearTimeout(slot.timer);
    const upstream = slot.upstream;
    const modern = slot.modern;
    slot.upstream = undefined;
    slot.modern = undefined;
    await Promise.all([upstream?.close(), modern?.close().catch(() => {})]);
  }

  /** End every upstream (each process group gone) and forget every session. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.stopping.abort(new Error('the gateway is closing'));
    for (const stop of this.providerStops.splice(0)) stop();
    this.sessions.clear();
    await this.startedOnce?.catch(() => {});
    await Promise.all([...this.slots.values()].map((slot) => this.closeSlot(slot)));
  }
}

function newSlot(spec: ServerSpec): Slot {
  return {
    spec,
    status: 'idle',
    offer: { server: spec.name, tools: [], prompts: [], resources: [], templates: [] },
    failures: 0,
    inflight: new Set(),
    logWindow: { second: 0, count: 0, dropped: 0 },
    subscribed: new Map(),
    names: { legacy: new Set(), modern: new Set() },
  };
}

/** Every list a session offers. */
async function listOffer(upstream: Upstream): Promise<Omit<Offer, 'server'>> {
  const caps = upstream.capabilities;
  const [tools, prompts, resources, templates] = await Promise.all([
    caps['tools'] ? upstream.listTools().then((listing) => listing.tools) : [],
    caps['prompts'] ? upstream.listAll('prompts/list', 'prompts', 100) : [],
    caps['resources'] ? upstream.listAll('resources/list', 'resources', 100) : [],
    caps['resources'] ? upstream.listAll('resources/templates/list', 'resourceTemplates', 100).catch(() => []) : [],
  ]);
  return { tools, prompts, resources, templates };
}

/** `tool:<name>`, `prompt:<name>`, `resource:<uri>` and `template:<uriTemplate>` of an offer. */
function offerNames(offer: Omit<Offer, 'server'>): Set<string> {
  return new Set([
    ...offer.tools.map((tool) => `tool:${String(tool['name'])}`),
    ...offer.prompts.map((prompt) => `prompt:${String(prompt['name'])}`),
    ...offer.resources.map((resource) => `resource:${String(resource['uri'])}`),
    ...offer.templates.map((template) => `template:${String(template['uriTemplate'])}`),
  ]);
}

interface FastCallOwner {
  exposure(): Exposure;
  onRequest(): GatewayOptions['onRequest'];
  /** The call is over (answered, failed, lost or cancelled): no longer in flight. */
  settled(call: FastCall): void;
}

/**
 * One fast-path tools/call in flight: the downstream call (for server→client requests tied to it), the upstream
 * request's handlers and its cancellation, in one object.
 */
class FastCall implements InFlight, DownstreamCall, RawHandlers {
  readonly call: DownstreamCall = this;
  upstreamId: string | undefined;
  onProgress?: ((progress: JsonObject) => void) | undefined;
  private controller: AbortController | undefined;
  private done = false;
  private readonly startedAt: number | undefined;

  constructor(
    private readonly owner: FastCallOwner,
    readonly id: string | number,
    readonly session: DownstreamSession,
    private readonly downstream: FastDownstream,
    readonly slot: Slot,
    private readonly upstream: Upstream,
    private readonly route: Route,
    readonly progressToken: string | number | undefined,
    private readonly args: unknown,
  ) {
    if (owner.onRequest()) this.startedAt = performance.now();
    if (progressToken !== undefined) {
      this.onProgress = (progress) => void downstream.notify('notifications/progress', { ...progress, progressToken });
    }
  }

  /** Made only when something listens (a request to the client): most calls never need one. */
  get signal(): AbortSignal {
    return (this.controller ??= new AbortController()).signal;
  }

  notify(method: string, params?: JsonObject): Promise<void> {
    return this.downstream.notify(method, params);
  }

  send(method: string, params: JsonObject | undefined, signal: AbortSignal): Promise<JsonObject> {
    return this.downstream.request(method, params, AbortSignal.any([signal, this.signal]));
  }

  onResponse(response: { result?: JsonObject; error?: { code: number; message: string; data?: unknown } }): void {
    if (this.done) return;
    if (response.error) {
      this.finish('error', undefined, response.error.message);
      return this.downstream.reply({ jsonrpc: '2.0', id: this.id, error: response.error });
    }
    const result = rewriteResult(response.result ?? {}, this.route.server, this.owner.exposure());
    this.finish(result['isError'] === true ? 'isError' : 'ok', result);
    this.downstream.reply({ jsonrpc: '2.0', id: this.id, result });
  }

  /**
   * The answer as the upstream wrote it, passed on with the client's id in place of the upstream's — what a
   * hand-written proxy does — when nothing in it has to change (no URI of this server is namespaced) and nothing has
   * to be read from it (no request log): no parse, no copy, no serialization.
   */
  onResponseLine(line: string, idStart: number, idEnd: number): boolean {
    if (this.done || !this.downstream.replyText || this.owner.onRequest()) return false;
    const namespaced = this.owner.exposure().namespaced.get(this.route.server);
    if (namespaced && (namespaced.uris.size > 0 || namespaced.templates.length > 0)) return false;
    if (!this.downstream.replyText(`${line.slice(0, idStart)}${JSON.stringify(this.id)}${line.slice(idEnd)}`)) return false;
    this.finish('ok');
    return true;
  }

  onLost(reason: string): void {
    if (this.done) return;
    const message = this.slot.lostReason ?? `upstream server "${this.route.server}" ${reason}`;
    this.finish('error', undefined, message);
    this.downstream.reply({ jsonrpc: '2.0', id: this.id, error: { code: ProtocolErrorCode.InternalError, message } });
  }

  onResumable(): void {
    if (!this.done) this.downstream.resumable?.();
  }

  cancel(reason: string): void {
    if (this.done) return;
    this.finish('cancelled');
    this.controller?.abort(reason);
    if (this.upstreamId !== undefined) this.upstream.cancelRaw?.(this.upstreamId, reason);
  }

  private finish(outcome: RequestLogEntry['outcome'], result?: JsonObject, error?: string): void {
    this.done = true;
    this.owner.settled(this);
    const onRequest = this.owner.onRequest();
    if (!onRequest) return;
    onRequest(
      {
        time: new Date().toISOString(),
        session: this.session.id,
        method: 'tools/call',
        server: this.route.server,
        tool: this.route.name,
        durationMs: Math.round((performance.now() - (this.startedAt ?? performance.now())) * 1000) / 1000,
        outcome,
        ...(result !== undefined ? { bytes: JSON.stringify(result).length } : {}),
        ...(error !== undefined ? { error } : {}),
      },
      this.args,
    );
  }
}
