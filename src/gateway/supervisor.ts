/**
 * Upstream supervision: each server started (all at once), taken into service once it has listed what it offers,
 * retried with backoff when it fails (not when retrying cannot help), restarted when it is lost, re-listed when it
 * says its lists changed; a reload applies a new server list (calls in flight on a server it removes or restarts are
 * drained first); close ends every upstream.
 */
import type { ServerSpec } from '../config/model.js';
import type { Offer } from './exposure.js';
import { DRAIN_MS } from './inflight.js';
import { GatewayBase } from './listing.js';
import { listOffer, newSlot, offerNames, type Slot } from './slot.js';
import { failureOf, startAll, type FirstStart } from './start-up.js';
import { isPermanentFailure, lostMessage, retryDelayMs, stderrTail } from './supervision.js';
import type { ReloadStart } from './types.js';
import { MODERN_REVISION, type JsonObject, type Upstream } from './upstream.js';

/** Bound on opening an HTTP server's 2026-07-28 session next to its session. */
const MODERN_PROBE_MS = 5000;

export abstract class UpstreamSupervisor extends GatewayBase {
  /**
   * Start every upstream at once (or nothing with `lazy`); resolves when each has answered or failed. Nothing waits
   * for it to be served: each server is taken into service as soon as it has listed what it offers, lists wait a
   * bounded time for the rest (`listWaitMs`), and clients hear of late ones through list_changed.
   */
  start(): Promise<void> {
    if (this.options.lazy) return Promise.resolve();
    return this.ensureStarted();
  }

  protected async startAll(): Promise<void> {
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
  protected async settleFirstStart(slot: Slot, start: FirstStart): Promise<void> {
    if (slot.status === 'closed') return void (await start.upstream?.close());
    if (!start.upstream) return this.failed(slot, start.error?.code ?? 'FAILED', start.error?.message ?? 'the server did not start', start.error?.stderr);
    await this.adopt(slot, start.upstream, false);
    // Clients that already listed hear of it now; the status line waits for the whole start.
    if (slot.status === 'up') this.recompute(true, false);
  }

  /**
   * Take a connected upstream into service: list what it offers, then route to it. `restarted`: a session of it was
   * up or tried before; `reload`: a config reload started it (one it added is started, not restarted).
   */
  protected async adopt(slot: Slot, upstream: Upstream, restarted: boolean, reload?: ReloadStart): Promise<void> {
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
    upstream.onLost((reason, inFlightMayFinish) => this.lost(slot, upstream, reason, inFlightMayFinish));
    this.options.onEvent?.({ type: 'upstream-up', server: slot.spec.name, tools: slot.offer.tools.length, restarted, ...(reload ? { reload } : {}) });
    // Subscriptions downstream clients hold survive a restart.
    for (const uri of slot.subscribed.keys()) void upstream.request('resources/subscribe', { uri }).catch(() => {});
    const level = this.mostVerboseLevel();
    if (level && upstream.capabilities['logging']) void upstream.request('logging/setLevel', { level }).catch(() => {});
  }

  /** What a server offers: its session's lists, and what only its 2026-07-28 session offers after them. */
  protected async offerOf(slot: Slot, upstream: Upstream): Promise<Offer> {
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
  protected async connectModern(slot: Slot, legacy: Upstream): Promise<void> {
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

  protected failed(slot: Slot, code: string, message: string, stderr = ''): void {
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

  /**
   * The session to a server ended under the gateway. With `inFlightMayFinish` (an HTTP server dropped the session: the
   * streams of calls already sent stay open) those calls finish on their own streams within the drain bound, and any
   * still running then fail saying their outcome is unknown — never sent again; otherwise they have already failed.
   */
  protected lost(slot: Slot, upstream: Upstream, reason: string, inFlightMayFinish = false): void {
    if (slot.upstream !== upstream || this.closed) return;
    slot.lostReason = lostMessage(slot.spec.name, reason, upstream.stderr());
    slot.upstream = undefined;
    slot.status = 'down';
    this.options.onEvent?.({ type: 'upstream-lost', server: slot.spec.name, message: slot.lostReason });
    if (!inFlightMayFinish) void upstream.close();
    else {
      const unknown = `upstream server "${slot.spec.name}" ${reason} while this call was in flight: its outcome is unknown (mcpns did not send it again)`;
      void slot.inflight.drain((entry) => entry.upstream === upstream, this.options.drainMs ?? DRAIN_MS, unknown).then(() => upstream.close());
    }
    // The restart is immediate; if it fails, the backoff of failed() takes over.
    this.scheduleRestart(slot, 0);
  }

  protected scheduleRestart(slot: Slot, delayMs: number): void {
    clearTimeout(slot.timer);
    slot.timer = setTimeout(() => void this.restart(slot), delayMs);
    slot.timer.unref?.();
  }

  /** (Re)start a server's session; `reload`: a config reload asked for it (`added`: its first start). */
  protected restart(slot: Slot, reload?: ReloadStart): Promise<void> {
    if (this.closed || slot.status === 'closed' || slot.status === 'starting') return slot.starting ?? Promise.resolve();
    slot.status = 'starting';
    slot.starting = (async () => {
      try {
        const upstream = await this.connect(slot.spec, { hooks: this.hooks, modern: false, signal: this.stopping.signal });
        await this.adopt(slot, upstream, reload !== 'added', reload);
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

  /** Re-list what a server offers after it said its lists changed (coalesced: one refresh at a time per server). */
  protected refresh(slot: Slot): Promise<void> {
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
        work.push(this.closeSlot(slot, `upstream server "${name}" was removed by a config reload while this call was in flight`));
      } else if (JSON.stringify(spec) !== JSON.stringify(slot.spec)) {
        restarted.push(name);
        const fresh = newSlot(spec);
        fresh.subscribed = slot.subscribed;
        this.slots.set(name, fresh);
        const why = `upstream server "${name}" is restarting: a config reload changed its configuration while this call was in flight`;
        work.push(this.closeSlot(slot, why).then(() => (this.startedOnce ? this.restart(fresh, 'changed') : undefined)));
      } else if (slot.status === 'failed') {
        // Not retried by itself: a reload (the command installed meanwhile) is its next try.
        restarted.push(name);
        work.push(this.restart(slot, 'retried'));
      }
    }
    for (const [name, spec] of next) {
      if (this.slots.has(name)) continue;
      added.push(name);
      const slot = newSlot(spec);
      this.slots.set(name, slot);
      if (this.startedOnce) work.push(this.restart(slot, 'added'));
    }
    await Promise.all(work);
    this.recompute(true);
    return { added, removed, restarted };
  }

  /**
   * End a server's sessions. `retired` (a reload removed or restarted it): its calls in flight first get the drain
   * bound to finish, then each still running is answered -32603 with that message — none is left unanswered.
   */
  protected async closeSlot(slot: Slot, retired?: string): Promise<void> {
    slot.status = 'closed';
    clearTimeout(slot.timer);
    const upstream = slot.upstream;
    const modern = slot.modern;
    slot.upstream = undefined;
    slot.modern = undefined;
    if (retired !== undefined) await slot.inflight.drain(() => true, this.options.drainMs ?? DRAIN_MS, retired);
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
