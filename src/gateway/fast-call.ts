/**
 * The fast path's call: one `tools/call` sent to the upstream as raw JSON-RPC and answered as it came back, in one
 * object per call (the downstream call, the upstream request's handlers, its cancellation and its ceiling).
 */
import { ProtocolError, ProtocolErrorCode } from '@modelcontextprotocol/server';
import { ceilingError } from './ceiling.js';
import { rewriteResult, type Exposure, type Route } from './exposure.js';
import type { InFlight } from './inflight.js';
import type { Slot } from './slot.js';
import { lostMessage } from './supervision.js';
import type { DownstreamCall, DownstreamSession, FastDownstream, GatewayOptions, RequestLogEntry } from './types.js';
import type { JsonObject, RawHandlers, Upstream } from './upstream.js';

export interface FastCallOwner {
  exposure(): Exposure;
  onRequest(): GatewayOptions['onRequest'];
  /** The call ceiling (0: none). */
  ceilingMs(): number;
  /** The call is over (answered, failed, lost or cancelled): no longer in flight. */
  settled(call: FastCall): void;
}

/**
 * One fast-path tools/call in flight: the downstream call (for server→client requests tied to it), the upstream
 * request's handlers and its cancellation, in one object.
 */
export class FastCall implements InFlight, DownstreamCall, RawHandlers {
  readonly call: DownstreamCall = this;
  upstreamId: string | undefined;
  onProgress?: ((progress: JsonObject) => void) | undefined;
  private controller: AbortController | undefined;
  private done = false;
  private readonly startedAt: number | undefined;
  private readonly timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly owner: FastCallOwner,
    readonly id: string | number,
    readonly session: DownstreamSession,
    private readonly downstream: FastDownstream,
    readonly slot: Slot,
    readonly upstream: Upstream,
    private readonly route: Route,
    readonly progressToken: string | number | undefined,
    private readonly args: unknown,
  ) {
    if (owner.onRequest()) this.startedAt = performance.now();
    if (progressToken !== undefined) {
      this.onProgress = (progress) => {
        this.timer?.refresh();
        void downstream.notify('notifications/progress', { ...progress, progressToken });
      };
    }
    const ceilingMs = owner.ceilingMs();
    if (ceilingMs > 0) this.timer = setTimeout(expire, ceilingMs, this).unref();
  }

  /** The ceiling was reached: cancelled upstream, answered -32001 naming the server and the bound. */
  expire(): void {
    this.fail(ceilingError(this.route.server, this.owner.ceilingMs()));
  }

  /** Its session was retired (InFlight): answered -32603 with `message`, cancelled upstream. */
  end(message: string): void {
    this.fail(new ProtocolError(ProtocolErrorCode.InternalError, message));
  }

  private fail(error: ProtocolError): void {
    if (this.done) return;
    this.finish('error', undefined, error.message);
    this.controller?.abort(error.message);
    if (this.upstreamId !== undefined) this.upstream.cancelRaw?.(this.upstreamId, error.message);
    this.downstream.reply({
      jsonrpc: '2.0',
      id: this.id,
      error: { code: error.code, message: error.message, ...(error.data !== undefined ? { data: error.data } : {}) },
    });
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
    // Said here, not read from the slot: the session may report the call lost before it tells the gateway.
    const message = lostMessage(this.route.server, reason, this.upstream.stderr());
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
    clearTimeout(this.timer);
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

function expire(call: FastCall): void {
  call.expire();
}
