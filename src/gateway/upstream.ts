/**
 * The gateway's one door to the connection layer (src/discovery): how an upstream session is opened (with the role
 * upstream-role.ts declares to it), and how requests, notifications and server→client requests cross it. Everything
 * else in src/gateway sees only `Upstream`, plain JSON in and out, so a change of client SDK is a change of this file
 * and its upstream-*.ts helpers.
 */
import type { JSONRPCMessage, MessageExtraInfo } from '@modelcontextprotocol/client';
import { JSONRPCMessageSchema } from '@modelcontextprotocol/core';
import { z } from 'zod';
import type { AuthResolver } from '../discovery/auth-port.js';
import type { ServerSpec } from '../config/model.js';
import { DEFAULT_MAX_PAGES, listAllTools } from '../discovery/list-tools.js';
import { DEFAULT_MAX_RESPONSE_BYTES } from '../discovery/defaults.js';
import { openSession } from '../discovery/session.js';
import { ProcessGroupStdioTransport } from '../discovery/stdio-transport.js';
import { capDepth } from '../discovery/wire-guard.js';
import type { ClientRole } from '../discovery/session.js';
import type { HeldSession } from '../discovery/types.js';
import type { SecretSet } from '../util/redact.js';
import { jsonObject } from './json.js';
import { RAW_ID_PREFIX, rawResultAt, wellFormed } from './raw-answer.js';
import { wireMessage } from './sdk-shapes.js';
import { tolerateJsonLines } from './sdk-http-transport.js';
import { rawPoster } from './upstream-http.js';

/** Results pass through exactly as the upstream sent them: no schema but "a JSON object". */
const AnyResult = z.looseObject({});

/** What a progress notification must carry for the SDK path's callback (extra keys pass through). */
const ProgressValues = z.looseObject({ progress: z.number(), total: z.number().optional(), message: z.string().optional() });

/** No SDK timeout on forwarded requests: the downstream client owns its patience and cancels when it runs out. */
const NO_SDK_TIMEOUT = 2_147_483_647;

/** The stateless revision: a session on it has its own tools (a server may offer some only there). */
export const MODERN_REVISION = '2026-07-28';

/** One page of a list an upstream owes the gateway (its own deadline covers the first listing). */
const LIST_TIMEOUT_MS = 30_000;

export type JsonObject = Record<string, unknown>;

/** What a transport hands its session for each message it reads. */
type Inbound = (message: JSONRPCMessage, extra?: MessageExtraInfo) => void;

/** What the gateway hears from an upstream besides answers. */
export interface UpstreamHooks {
  /** Any notification the SDK does not consume itself (progress and cancellation are per request). */
  onNotification(server: string, method: string, params: JsonObject | undefined): void;
  /** A server→client request (elicitation, sampling, roots): the gateway finds the downstream request it belongs to. */
  onServerRequest(server: string, method: string, params: JsonObject | undefined, signal: AbortSignal): Promise<JsonObject>;
}

/**
 * What a raw request reports back (exactly one of onResponse/onLost is called, unless cancelled first). With
 * onProgress, the request carries a progress token of mcpns's own and its progress comes back here.
 */
export interface RawHandlers {
  onResponse(response: { result?: JsonObject; error?: { code: number; message: string; data?: unknown } }): void;
  onProgress?: ((progress: JsonObject) => void) | undefined;
  /**
   * A result as the upstream wrote it (a stdio line, an SSE event's data or a JSON body; unparsed), with where its id's
   * value is: true when the caller passed it on itself; false, and it is parsed, checked and handed to onResponse.
   */
  onResponseLine?(line: string, idStart: number, idEnd: number): boolean;
  onLost(reason: string): void;
  /** The upstream answers on a resumable SSE stream (HTTP only): the downstream answer may be made resumable too. */
  onResumable?(): void;
}

export interface UpstreamRequestOptions {
  signal?: AbortSignal | undefined;
  /**
   * Hand an `input_required` result (2026-07-28 multi-round-trip) back as it came instead of fulfilling it through
   * the gateway's handlers: the downstream client answers it and retries (a 2026-07-28 client).
   */
  allowInputRequired?: boolean | undefined;
  /** Setting it makes the SDK add its own progressToken; the gateway maps it back to the downstream one. */
  onprogress?: ((progress: { progress: number; total?: number; message?: string }) => void) | undefined;
}

/** One connected upstream server. */
export interface Upstream {
  readonly name: string;
  readonly capabilities: JsonObject;
  readonly serverInfo: JsonObject | undefined;
  readonly protocolVersion: string | undefined;
  readonly instructions: string | undefined;
  /** Send a request and resolve with the result exactly as sent (JSON-RPC errors reject with the SDK's error). */
  request(method: string, params: JsonObject | undefined, options?: UpstreamRequestOptions): Promise<JsonObject>;
  notify(method: string, params?: JsonObject): Promise<void>;
  /** Every page of tools/list, each tool checked against the MCP Tool schema as discovery does (malformed ones set aside). */
  listTools(): Promise<{ tools: JsonObject[]; malformed: number }>;
  /** Every page of a list method (`prompts/list` → `prompts`…), bounded by `maxPages`. */
  listAll(method: string, key: string, maxPages: number): Promise<JsonObject[]>;
  /** The server's stderr so far (bounded, redacted). */
  stderr(): string;
  /**
   * The fast path: send one request as raw JSON-RPC on the session's transport, beside the SDK (an id of mcpns's own,
   * the response handed back as it arrived); returns that id. Undefined when the session cannot take it (no
   * transport, or the 2026-07-28 wire, whose requests carry an envelope the SDK adds).
   */
  sendRaw?: ((method: string, params: JsonObject, handlers: RawHandlers) => string) | undefined;
  /** Cancel a raw request (notifications/cancelled with its id); a late response is dropped. */
  cancelRaw?: ((id: string, reason: string) => void) | undefined;
  /**
   * Called once when the connection ends for any reason other than close(). `inFlightMayFinish`: only the session
   * is gone (an HTTP server answered 404 to it); requests already sent may still be answered on their own streams.
   */
  onLost(callback: (reason: string, inFlightMayFinish?: boolean) => void): void;
  close(): Promise<void>;
}

const SESSION_GONE = 'no longer knows its session (HTTP 404: it restarted or dropped it)';

/** An upstream from a session discovery handed over (`DiscoveryOptions.hold`). */
export function upstreamFromHeld(name: string, held: HeldSession, options: { maxResponseBytes?: number | undefined } = {}): Upstream {
  const { session } = held;
  const client = session.client;
  const protocolVersion = session.protocolVersion ?? client.getNegotiatedProtocolVersion();
  const modern = protocolVersion !== undefined && protocolVersion >= MODERN_REVISION;
  let closing = false;
  let lost: ((reason: string, inFlightMayFinish?: boolean) => void) | undefined;
  let lostReason: string | undefined;
  const previous = client.onclose;
  client.onclose = () => {
    previous?.();
    if (closing) return;
    lostReason ??= 'the connection closed';
    // The gateway hears of it first: its answer to the calls cut names the reason.
    lost?.(lostReason);
    for (const id of [...rawPending.keys()]) settleRaw(id)?.onLost(lostReason);
  };
  const rawPending = new Map<string, RawHandlers>();
  /** The progress tokens of the raw requests that asked for progress, and the HTTP posts still open, by request id. */
  const rawTokens = new Map<string, string>();
  const rawPosts = new Map<string, { abort(): void }>();
  let rawCounter = 0;
  /** A raw request is over: its handlers (once), its progress route gone. */
  const settleRaw = (id: string): RawHandlers | undefined => {
    const handlers = rawPending.get(id);
    if (!handlers) return undefined;
    rawPending.delete(id);
    if (handlers.onProgress) {
      const token = rawTokens.get(id);
      rawTokens.delete(id);
      if (token !== undefined) progressRoutes.delete(token);
    }
    rawPosts.delete(id);
    return handlers;
  };
  /**
   * An HTTP server answered 404 to request `id` in its session: it no longer knows the session (it restarted or dropped
   * it). That request fails; the others already sent keep their own streams (the gateway drains them, bounded).
   */
  const sessionGone = (id: string): void => {
    settleRaw(id)?.onLost(SESSION_GONE);
    if (closing || lostReason !== undefined) return;
    lostReason = SESSION_GONE;
    lost?.(lostReason, true);
  };
  // Progress is taken off the wire as it arrives, in order with the result: the SDK dispatches notifications after a
  // response that arrived with them, and would drop the last progress of a fast call as "unknown token".
  const progressRoutes = new Map<string, (progress: JsonObject) => void>();
  let progressCounter = 0;
  const transport = client.transport;
  /** A message from the upstream: answers of raw requests and mapped progress are taken here, the rest go to the SDK. */
  const route = (message: JsonObject, extra: MessageExtraInfo | undefined, inner: Inbound | undefined): void => {
    const candidate = message as {
      method?: string;
      params?: JsonObject;
      id?: unknown;
      result?: JsonObject;
      error?: { code: number; message: string; data?: unknown };
    };
    // A 2026-07-28 server that leaves resultType out of a result (the conformance suite's reference server does, for
    // its diagnostic tools): the SDK would fail the call ("MUST include it"); a gateway passes the answer on as the
    // complete result it is, as the earlier revisions' bridge reads it.
    if (modern && candidate.result && typeof candidate.result === 'object' && candidate.result['resultType'] === undefined) {
      candidate.result['resultType'] = 'complete';
    }
    if (candidate.method === undefined && typeof candidate.id === 'string') {
      const pending = settleRaw(candidate.id);
      if (pending) {
        return pending.onResponse(
          wellFormed(candidate) ?? { error: { code: -32603, message: `upstream server "${name}" answered with a malformed JSON-RPC response` } },
        );
      }
    }
    if (candidate.method === 'notifications/progress' && candidate.params) {
      const { progressToken, ...progress } = candidate.params;
      const progressRoute = typeof progressToken === 'string' ? progressRoutes.get(progressToken) : undefined;
      if (progressRoute) return progressRoute(progress);
    }
    inner?.(wireMessage(message), extra);
  };
  let innerHandler: Inbound | undefined;
  /** A raw request's result as the upstream wrote it, when its caller passes it on as it is (then it is settled). */
  const takeRawResult = (text: string, at: { id: string; start: number; end: number }): boolean => {
    if (!rawPending.get(at.id)?.onResponseLine?.(text, at.start, at.end)) return false;
    settleRaw(at.id);
    return true;
  };
  // Over stdio the answers to raw requests are taken off the line before they are parsed when the caller can pass
  // them on as they are, else as parsed, before the transport's schema check.
  if (transport instanceof ProcessGroupStdioTransport) {
    transport.onRawLine = (text) => {
      if (rawPending.size === 0) return false;
      const at = rawResultAt(text);
      return at !== undefined && takeRawResult(text, at);
    };
    transport.onRawMessage = (value) => {
      const candidate = value as { method?: unknown; id?: unknown; jsonrpc?: unknown } | null;
      if (!candidate || typeof candidate !== 'object' || candidate.jsonrpc !== '2.0' || candidate.method !== undefined) return false;
      if (typeof candidate.id !== 'string' || !rawPending.has(candidate.id)) return false;
      route(candidate, undefined, undefined);
      return true;
    };
  }
  if (transport) {
    tolerateJsonLines(transport);
    innerHandler = transport.onmessage;
    transport.onmessage = (message, extra) => route(message, extra, innerHandler);
  }
  // Over Streamable HTTP the fast path posts itself (node:http, keep-alive); what it reads that is not its own answer
  // reaches the SDK as the transport would hand it: depth-capped and checked as a JSON-RPC message.
  const poster = transport && options.maxResponseBytes !== undefined ? rawPoster(transport, options.maxResponseBytes) : undefined;
  const fromPoster = (message: JsonObject): void => {
    capDepth(message);
    route(message, undefined, (value) => {
      const parsed = JSONRPCMessageSchema.safeParse(value);
      if (parsed.success) innerHandler?.(parsed.data, undefined);
    });
  };
  const request = async (method: string, params: JsonObject | undefined, options: UpstreamRequestOptions = {}): Promise<JsonObject> => {
    let token: string | undefined;
    if (options.onprogress && transport) {
      token = `mcpns-${++progressCounter}`;
      const onprogress = options.onprogress;
      // The SDK path hands on progress as the SDK would: a notification without a numeric progress is dropped.
      progressRoutes.set(token, (progress) => {
        const parsed = ProgressValues.safeParse(progress);
        if (parsed.success) onprogress(parsed.data);
      });
      params = { ...params, _meta: { ...((params?.['_meta'] as JsonObject | undefined) ?? {}), progressToken: token } };
    }
    try {
      return (await client.request({ method, ...(params ? { params } : {}) }, AnyResult, {
        timeout: NO_SDK_TIMEOUT,
        ...(options.signal ? { signal: options.signal } : {}),
        ...(options.allowInputRequired || modern ? { allowInputRequired: true } : {}),
      })) as JsonObject;
    } catch (error) {
      throw session.explainError(error);
    } finally {
      if (token) progressRoutes.delete(token);
    }
  };
  // Over stdio a raw request is one line on the child's stdin, beside the SDK's (no promise, no copy of the message).
  const stdio = transport instanceof ProcessGroupStdioTransport ? transport : undefined;
  const rawFailed = (id: string, error: unknown): void =>
    settleRaw(id)?.onLost(`could not be sent to: ${error instanceof Error ? error.message : String(error)}`);
  const sendRaw =
    transport && !modern
      ? (method: string, params: JsonObject, handlers: RawHandlers): string => {
          const id = `${RAW_ID_PREFIX}${++rawCounter}`;
          if (handlers.onProgress) {
            const token = `mcpns-${++progressCounter}`;
            const onProgress = handlers.onProgress;
            progressRoutes.set(token, onProgress);
            rawTokens.set(id, token);
            params = { ...params, _meta: { ...((params['_meta'] as JsonObject | undefined) ?? {}), progressToken: token } };
          }
          rawPending.set(id, handlers);
          const message = { jsonrpc: '2.0', id, method, params };
          if (stdio && !poster) {
            // Failure is reported on a later tick, as a failed write would be: the caller has its id by then.
            if (!stdio.sendText(`${JSON.stringify(message)}\n`)) queueMicrotask(() => rawFailed(id, new Error('not connected')));
            return id;
          }
          const viaSdk = (): void => void transport.send(wireMessage(message)).catch((error: unknown) => rawFailed(id, error));
          const posted = poster?.post(message, {
            onMessage: fromPoster,
            onText: (text) => {
              const at = rawResultAt(text);
              return at?.id === id && takeRawResult(text, at);
            },
            onFallback: viaSdk,
            onSessionGone: () => sessionGone(id),
            onFailed: (reason) => settleRaw(id)?.onLost(reason),
            onResumable: () => rawPending.get(id)?.onResumable?.(),
          });
          if (posted) rawPosts.set(id, posted);
          else viaSdk();
          return id;
        }
      : undefined;
  const cancelRaw = (id: string, reason: string): void => {
    const posted = rawPosts.get(id);
    if (!settleRaw(id)) return;
    posted?.abort();
    void transport?.send({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: id, reason } }).catch(() => {});
  };
  return {
    name,
    sendRaw,
    cancelRaw,
    capabilities: (session.capabilities ?? {}) as JsonObject,
    serverInfo: session.serverInfo as JsonObject | undefined,
    protocolVersion,
    instructions: session.instructions,
    request,
    notify: (method, params) => client.notification({ method, ...(params ? { params } : {}) }),
    async listTools() {
      try {
        const listing = await listAllTools(client, { maxPages: DEFAULT_MAX_PAGES, timeoutMs: () => LIST_TIMEOUT_MS });
        return { tools: listing.tools.map((tool) => jsonObject(tool, 'a tool')), malformed: listing.malformed.length };
      } catch (error) {
        throw session.explainError(error);
      }
    },
    async listAll(method, key, maxPages) {
      const items: JsonObject[] = [];
      const seen = new Set<string>();
      let cursor: string | undefined;
      for (let pageIndex = 0; pageIndex < maxPages; pageIndex++) {
        const result = await request(method, cursor === undefined ? undefined : { cursor });
        const page = result[key];
        if (Array.isArray(page)) for (const item of page) if (item && typeof item === 'object' && !Array.isArray(item)) items.push(item as JsonObject);
        const next = result['nextCursor'];
        if (typeof next !== 'string' || seen.has(next)) break;
        seen.add(next);
        cursor = next;
      }
      return items;
    },
    stderr: () => held.stderr(),
    onLost(callback) {
      lost = callback;
    },
    async close() {
      closing = true;
      // Nothing sent is left without an answer (the gateway ends its calls first; this is the last resort).
      for (const id of [...rawPending.keys()]) settleRaw(id)?.onLost('was closed by mcpns');
      poster?.close();
      await session.close();
    },
  };
}

export interface ConnectUpstreamOptions {
  role: ClientRole;
  timeoutMs?: number | undefined;
  signal?: AbortSignal | undefined;
  auth?: AuthResolver | undefined;
  secrets?: SecretSet | undefined;
  hostEnv?: Readonly<Record<string, string | undefined>> | undefined;
  maxResponseBytes?: number | undefined;
}

/** Open one upstream outside discovery (a restart after a crash, a reload, `--lazy`). Throws DiscoveryError. */
export async function connectUpstream(spec: ServerSpec, options: ConnectUpstreamOptions): Promise<Upstream> {
  const session = await openSession(spec, {
    role: options.role,
    timeoutMs: options.timeoutMs,
    ...(options.signal ? { signal: options.signal } : {}),
    auth: options.auth,
    secrets: options.secrets,
    hostEnv: options.hostEnv,
    maxResponseBytes: options.maxResponseBytes,
  });
  return upstreamFromHeld(
    spec.name,
    { session: { ...session, exited: () => false, kill: () => session.close() }, stderr: () => session.stderr() },
    { maxResponseBytes: options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES },
  );
}
