/**
 * Forwarding: every request a downstream client sends, routed to the server (or local tool) its name names, with its
 * progress, cancellation, _meta, ceiling and request-log line — the SDK path (`forward`) and the fast path of
 * `tools/call` (`fastToolCall`, fast-call.ts) — and every way a call ends mapped to one downstream answer
 * (`downstreamError`, through failure.ts).
 */
import { ProtocolError, ProtocolErrorCode } from '@modelcontextprotocol/server';
import { CALL_TIMEOUT_MS, Ceiling } from './ceiling.js';
import { downstreamFailure } from './failure.js';
import { askClient } from './client-requests.js';
import { rewriteResult, routeUri, type Route } from './exposure.js';
import { FastCall, type FastCallOwner } from './fast-call.js';
import { ForwardedCall } from './inflight.js';
import type { LocalCallContext, LocalRoute } from './provider.js';
import type { Slot } from './slot.js';
import { requestLogLine } from './request-log.js';
import { UpstreamSupervisor } from './supervisor.js';
import type { DownstreamCall, DownstreamSession, FastDownstream, RequestLogEntry } from './types.js';
import type { JsonObject, Upstream } from './upstream.js';

/** The reserved envelope keys the gateway sets on what it sends a server's 2026-07-28 session. */
const CLIENT_CAPABILITIES_KEY = 'io.modelcontextprotocol/clientCapabilities';
const LOG_LEVEL_KEY = 'io.modelcontextprotocol/logLevel';
/** Rounds of input_required answered for a 2025-era client before the call fails. */
const MAX_INPUT_ROUNDS = 8;

export abstract class Forwarding extends UpstreamSupervisor {
  /** Fast-path calls in flight, by session and downstream request id (for cancellation). */
  protected readonly fastCalls = new WeakMap<DownstreamSession, Map<string | number, FastCall>>();

  protected async ready(server: string): Promise<Slot & { upstream: Upstream }> {
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
        const target = this.sessionFor(slot, method, params);
        const inflight = new ForwardedCall(call, target);
        slot.inflight.add(inflight);
        try {
          const token = call.progressToken;
          const meta = call.meta && Object.keys(call.meta).length ? call.meta : undefined;
          // Progress sent on is awaited before the result goes out: a notification overtaken by its result is dropped by the client.
          const sent: Promise<void>[] = [];
          const retried = call.retry ? { ...params, ...call.retry } : params;
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
            result = await this.bounded(route.server, (ceiling) =>
              target.request(method, forwarded, {
                signal: ceiling ? ceiling.with(inflight.signal) : inflight.signal,
                // A 2026-07-28 client answers input_required itself (and retries to the same server: the name routes it).
                ...(call.modern ? { allowInputRequired: true } : {}),
                ...(token !== undefined
                  ? {
                      onprogress: (progress) => {
                        ceiling?.touch();
                        sent.push(call.notify('notifications/progress', { ...progress, progressToken: token }).catch(() => {}));
                      },
                    }
                  : {}),
              }),
            );
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
        } catch (error) {
          // Ended by the gateway (its session retired: a reload, a dropped session): the reason is the answer.
          throw inflight.ended ?? error;
        } finally {
          slot.inflight.delete(inflight);
        }
      },
    );
  }

  /** One request to `server` under the call ceiling (`callTimeoutMs`): reaching it fails the request with -32001. */
  protected async bounded(server: string, send: (ceiling: Ceiling | undefined) => Promise<JsonObject>): Promise<JsonObject> {
    const ms = this.options.callTimeoutMs ?? CALL_TIMEOUT_MS;
    const ceiling = ms > 0 ? new Ceiling(server, ms) : undefined;
    try {
      return await send(ceiling);
    } catch (error) {
      throw ceiling?.fired ? downstreamFailure(server, { kind: 'ceiling', ms }) : error;
    } finally {
      ceiling?.clear();
    }
  }

  /**
   * The session a request goes to: the server's session, unless the item it names is offered only by the server's
   * 2026-07-28 session (a 2025-era client's input is then asked by the gateway). Items both offer stay on the first
   * session: the one discovery listed and checked, and the one whose answers every client era already gets.
   */
  protected sessionFor(slot: Slot & { upstream: Upstream }, method: string, params: JsonObject): Upstream {
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
  protected async answerInputRequests(server: string, requests: unknown, call: DownstreamCall): Promise<JsonObject> {
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
      answers[key] = await askClient(server, method, params, call, call.signal);
    }
    return answers;
  }

  /** What a call of the SDK path (or a local tool, without `slot`) answers when it failed (failure.ts maps it). */
  protected downstreamError(error: unknown, slot: Slot | undefined): Error {
    return downstreamFailure(slot?.spec.name, { kind: 'thrown', error, lostReason: slot?.lostReason }, this.options.secrets);
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
  protected async callLocal(name: string, entry: LocalRoute, params: JsonObject, call: DownstreamCall): Promise<JsonObject> {
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
  protected async logged(
    what: { call: DownstreamCall; method: string; server: string; tool?: string | undefined; args: unknown },
    slotOf: () => Slot | undefined,
    run: () => Promise<JsonObject>,
  ): Promise<JsonObject> {
    const startedAt = performance.now();
    let outcome: RequestLogEntry['outcome'] = 'ok';
    const end: { bytes?: number; error?: string } = {};
    try {
      const result = await run();
      if (result['isError'] === true) outcome = 'isError';
      if (this.options.onRequest) end.bytes = JSON.stringify(result).length;
      return result;
    } catch (error) {
      outcome = what.call.signal.aborted ? 'cancelled' : 'error';
      const downstream = this.downstreamError(error, slotOf());
      end.error = downstream.message;
      throw downstream;
    } finally {
      const onRequest = this.options.onRequest;
      if (onRequest)
        onRequest(
          requestLogLine({ session: what.call.session?.id, method: what.method, server: what.server, tool: what.tool }, startedAt, outcome, end),
          what.args,
        );
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

  protected fastCallsOf(session: DownstreamSession): Map<string | number, FastCall> {
    let calls = this.fastCalls.get(session);
    if (!calls) this.fastCalls.set(session, (calls = new Map()));
    return calls;
  }

  /** What a fast call needs of the gateway (one object for all of them). */
  protected readonly fastOwner: FastCallOwner = {
    exposure: () => this.exposureState,
    ceilingMs: () => this.options.callTimeoutMs ?? CALL_TIMEOUT_MS,
    onRequest: () => ((this.options.requestLogActive?.() ?? true) ? this.options.onRequest : undefined),
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
}
