/**
 * The gateway's state and what it exposes: the slots of its servers, the downstream sessions, the exposure recomputed
 * from what the servers (and the providers) offer, the lists served downstream and list_changed when they change, and
 * the waits of requests that come while servers are still starting. The jobs built on it: supervision
 * (supervisor.ts), forwarding (forwarding.ts), notifications and server→client requests (engine.ts).
 */
import { ProtocolError, ProtocolErrorCode } from '@modelcontextprotocol/server';
import { buildCatalog } from '../catalog/build.js';
import type { Catalog, ServerDiscovery } from '../catalog/types.js';
import { applyClientToolFilters } from '../profiles/client-filters.js';
import { applyProfile } from '../profiles/profile.js';
import { computeExposure, type Exposure } from './exposure.js';
import { mergeLocalTools, type LocalRoute } from './provider.js';
import { newSlot, type Slot } from './slot.js';
import { realConnect, type UpstreamFactory } from './start-up.js';
import type { DownstreamSession, GatewayOptions } from './types.js';
import type { JsonObject, UpstreamHooks } from './upstream.js';

export const DEFAULT_PAGE_SIZE = 500;
/**
 * How long a list waits for servers still starting: well under the 5 s a client such as Claude Code gives an MCP
 * server at start, so a slow upstream never costs the client every tool; late servers are announced with list_changed.
 */
export const LIST_WAIT_MS = 2500;
export const LOG_LEVELS = ['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency'];

export abstract class GatewayBase {
  protected readonly slots = new Map<string, Slot>();
  protected readonly sessions = new Set<DownstreamSession>();
  protected exposureState: Exposure;
  protected readonly hooks: UpstreamHooks;
  protected closed = false;
  /** Aborted by close() (and by the caller's signal): a start still under way ends at once, its processes with it. */
  protected readonly stopping = new AbortController();
  /** Requests waiting for a name a server still starting may bring (woken at each recompute). */
  protected readonly exposureWaiters = new Set<() => void>();
  protected startedOnce: Promise<void> | undefined;
  protected readonly listeners = new Set<(kind: 'tools' | 'prompts' | 'resources') => void>();
  /** The first discovery's catalog (what `--dry-run` prints). */
  catalog: Catalog | undefined;
  /** Local tools by exposed name (the providers'), and what tools/list shows (the list transform's output). */
  protected local = new Map<string, LocalRoute>();
  protected listedTools: readonly JsonObject[] = [];
  protected readonly reservedSeen = new Set<string>();
  protected readonly providerStops: Array<() => void> = [];

  protected readonly connect: UpstreamFactory;

  constructor(protected readonly options: GatewayOptions) {
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

  /** What tools/list shows now: every exposed tool, or the list transform's view of them (router mode's listing). */
  get toolsListed(): readonly JsonObject[] {
    return this.listedTools;
  }

  protected ensureStarted(): Promise<void> {
    this.startedOnce ??= this.startAll();
    return this.startedOnce;
  }

  /** Wait for servers still in their first start, at most `listWaitMs` (lists answer with what is ready then). */
  protected async waitForStart(): Promise<void> {
    const started = this.startedOnce;
    if (!started || !this.isStarting()) return;
    let timer: NodeJS.Timeout | undefined;
    const bound = new Promise<void>((resolve) => (timer = setTimeout(resolve, this.options.listWaitMs ?? LIST_WAIT_MS)));
    await Promise.race([started.catch(() => {}), bound]);
    clearTimeout(timer);
  }

  /** Some server is still in its first start. */
  protected isStarting(): boolean {
    for (const slot of this.slots.values()) {
      // Idle before start() (a client may initialize first): starting all the same, unless --lazy waits for a request.
      if ((slot.status === 'starting' || (slot.status === 'idle' && !this.options.lazy)) && slot.failures === 0) return true;
    }
    return false;
  }

  /** The catalog with client filters and the profile applied (tools marked hidden stay in it). */
  protected filtered(discoveries: readonly ServerDiscovery[]): Catalog {
    let catalog = buildCatalog(discoveries);
    const config = this.options.config;
    if (config) catalog = applyProfile(applyClientToolFilters(catalog, config), config, this.options.profile);
    return catalog;
  }

  /** Tool names of `server` its client filters or the profile hide. */
  protected hiddenTools(server: string, tools: readonly JsonObject[]): Set<string> {
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

  /** Recompute the exposure; with `announce`, tell every client what changed (and, with `report`, the status lines). */
  protected recompute(announce: boolean, report = announce): void {
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
  protected listed(tools: readonly JsonObject[]): readonly JsonObject[] {
    if (!this.options.listTransform) return tools;
    try {
      return this.options.listTransform(tools);
    } catch {
      return tools;
    }
  }

  protected broadcastListChanged(kind: 'tools' | 'prompts' | 'resources'): void {
    for (const session of this.sessions) void session.notify(`notifications/${kind}/list_changed`).catch(() => {});
    for (const listener of this.listeners) listener(kind);
  }

  /** Listen for list changes (the HTTP transport forwards them to 2026-07-28 subscription streams). */
  onListChanged(listener: (kind: 'tools' | 'prompts' | 'resources') => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  addSession(session: DownstreamSession): void {
    this.sessions.add(session);
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
    const upstream = parts.length ? parts.join('\n\n') : undefined;
    return this.options.instructions ? this.options.instructions(upstream) : upstream;
  }

  /** Upstream status for /health and stderr status lines. */
  status(): Array<{
    server: string;
    status: Slot['status'];
    tools: number;
    error?: { code: string; message: string };
    inflight: number;
    /** The protocol revision the server's session speaks (absent until it is up). */
    protocol?: string;
  }> {
    return [...this.slots.values()].map((slot) => ({
      server: slot.spec.name,
      status: slot.status,
      tools: slot.offer.tools.length,
      ...(slot.error ? { error: slot.error } : {}),
      inflight: slot.inflight.size,
      ...(slot.upstream?.protocolVersion ? { protocol: slot.upstream.protocolVersion } : {}),
    }));
  }

  protected mostVerboseLevel(): string | undefined {
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
  protected async lazyStart(): Promise<void> {
    // Not lazy: start() is on its way (a request came first), and this is the same start.
    if (this.startedOnce === undefined) void this.ensureStarted();
  }

  /**
   * The route `find` gives; while it gives none and servers are in their first start, asked again each time the
   * exposure changes (bounded by those servers' start deadlines).
   */
  protected async routeOf<T>(find: () => T | undefined): Promise<T | undefined> {
    await this.lazyStart();
    let found = find();
    while (found === undefined && this.isStarting() && !this.closed) {
      await Promise.race([this.startedOnce?.catch(() => {}), new Promise<void>((resolve) => this.exposureWaiters.add(resolve))]);
      found = find();
    }
    return found;
  }

  /** Start every upstream (supervisor.ts). */
  protected abstract startAll(): Promise<void>;
  /** A notification from an upstream (engine.ts). */
  protected abstract onUpstreamNotification(server: string, method: string, params: JsonObject | undefined): void;
  /** A server→client request from an upstream (engine.ts). */
  protected abstract onServerRequest(server: string, method: string, params: JsonObject | undefined, signal: AbortSignal): Promise<JsonObject>;
}
