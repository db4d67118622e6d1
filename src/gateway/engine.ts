/**
 * The gateway engine: one upstream session per configured server, the exposure computed from what they offer, and
 * every request a downstream client sends routed to the server it names — with its progress, cancellation, logging
 * and server→client requests carried both ways. Transports (stdio, HTTP) and the CLI sit on top of it.
 *
 * Built by job, one layer per file: listing.ts (state, exposure, lists), supervisor.ts (upstream supervision and
 * reload), forwarding.ts (requests, the fast path, the failure mapper); this file adds sessions, notifications,
 * subscriptions and server→client requests (client-requests.ts).
 */
import { ProtocolError, ProtocolErrorCode } from '@modelcontextprotocol/server';
import { routeServerRequest } from './client-requests.js';
import { exposeUri, routeUri } from './exposure.js';
import { LOG_LEVELS } from './listing.js';
import { Forwarding } from './forwarding.js';
import type { Slot } from './slot.js';
import type { DownstreamCall, DownstreamSession } from './types.js';
import type { JsonObject } from './upstream.js';

const DEFAULT_MAX_LOG_RATE = 500;

export class Gateway extends Forwarding {
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

  protected onUpstreamNotification(server: string, method: string, params: JsonObject | undefined): void {
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

  /** A server→client request from an upstream: to the client whose call caused it (client-requests.ts). */
  protected onServerRequest(server: string, method: string, params: JsonObject | undefined, signal: AbortSignal): Promise<JsonObject> {
    return routeServerRequest(this.slots.get(server), this.sessions, server, method, params, signal);
  }

  /** A client's roots changed: every upstream is told (each then asks for them again). */
  rootsChanged(): void {
    for (const slot of this.slots.values()) void slot.upstream?.notify('notifications/roots/list_changed').catch(() => {});
  }
}
