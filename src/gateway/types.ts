/**
 * The gateway's types at its seams: what a downstream face hands the engine (sessions, calls, the fast path's writer),
 * what the engine reports (events, request-log lines) and how a gateway is configured (`GatewayOptions`).
 */
import type { LoadedConfig } from '../config/loaded.js';
import type { ServerSpec } from '../config/model.js';
import type { SecretSet } from '../util/redact.js';
import type { NamingSettings } from './names.js';
import type { ListTransform, ToolProvider } from './provider.js';
import type { ConnectSettings, UpstreamFactory } from './start-up.js';
import type { JsonObject } from './upstream.js';

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
  /**
   * A server's session is in service. `restarted`: a session of it was up or tried before (a crash, a retry, a reload
   * that changed or retried it); `reload`: a config reload started it — `added` (a new server: a start, never a
   * restart), `changed` (its configuration changed) or `retried` (it had failed for good).
   */
  | { type: 'upstream-up'; server: string; tools: number; restarted: boolean; reload?: ReloadStart }
  /** `retryInMs` absent: a failure retrying cannot cure (command not found…), not retried. `stderr`: its last lines. */
  | { type: 'upstream-failed'; server: string; code: string; message: string; retryInMs?: number; stderr?: string[] }
  | { type: 'upstream-lost'; server: string; message: string }
  | { type: 'exposure-changed'; tools: number; prompts: number; resources: number }
  | { type: 'dropped-notifications'; server: string; count: number }
  /** Pairs the style names alike, kept apart by their pair's hash (`exposed`, same order as `members`). */
  | { type: 'collision-kept-apart'; kind: string; name: string; members: string[]; exposed: string[] }
  /** A local tool (of `provider`) took an exposed name: `taken` (`server/tool`, or a later provider) is not served under it. */
  | { type: 'tool-name-reserved'; name: string; provider: string; taken: string };

/** Why a config reload started a server (see `upstream-up`). */
export type ReloadStart = 'added' | 'changed' | 'retried';

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
   * The ceiling on one request to an upstream (default CALL_TIMEOUT_MS; 0: none): past it, with no answer and no
   * progress meanwhile, the request is cancelled upstream and the client answered -32001 naming the server and bound.
   */
  callTimeoutMs?: number | undefined;
  /**
   * How long calls in flight on a session the gateway retires (a reload removed or restarted its server; an HTTP
   * server dropped the session) may take to finish before each is failed with -32603 saying why (default DRAIN_MS).
   */
  drainMs?: number | undefined;
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
  /**
   * The instructions sent at initialize, from the servers' own (joined under their keys; undefined when none sent
   * any): router mode puts its own first (search_tools before anything else).
   */
  instructions?: ((upstream: string | undefined) => string | undefined) | undefined;
  onEvent?: ((event: GatewayEvent) => void) | undefined;
  onRequest?: ((entry: RequestLogEntry, args: unknown) => void) | undefined;
  /**
   * Whether `onRequest` wants calls right now (default: always). While it does not, a fast call may pass the upstream's
   * answer on untouched (no parse, no log line): the status page records calls only while a page watches.
   */
  requestLogActive?: (() => boolean) | undefined;
  secrets?: SecretSet | undefined;
}
