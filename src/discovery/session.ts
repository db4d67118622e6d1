import { Client, SdkError, SdkErrorCode, type ClientOptions } from '@modelcontextprotocol/client';
import { AuthError, authHint } from './auth-error.js';
import type { AuthResolver, ServerAuth } from './auth-port.js';
import type { ServerInfo } from '../catalog/types.js';
import type { ServerSpec } from '../config/model.js';
import { basicAuthorization, redactUrl, SecretSet } from '../util/redact.js';
import { VERSION } from '../version.js';
import { Deadline, DeadlineError, InterruptedError } from './deadline.js';
import { DEFAULT_MAX_RESPONSE_BYTES } from './defaults.js';
import { classifyFailure, describeError, DiscoveryError, httpStatus, WireLog } from './errors.js';
import { detectPackageRunner, serverDeadlineMs } from './package-runner.js';
import { DEFAULT_STDERR_LIMIT, StderrBuffer } from './stderr-buffer.js';
import { listAllTools, type ListAllToolsOptions, type ListAllToolsResult } from './list-tools.js';
import type { ProbeOutcome, ProtocolEra, RevisionMemory } from './revision-memory.js';
import { mutualModernRevision } from '../util/protocol-revisions.js';
import { spawnRequest } from './spawn-request.js';
import { NegotiationRetry, planFor, PROBE_WAIT_MS, retryAfter, type Plan } from './negotiation-plan.js';
import { httpAttempt, stdioAttempt, type Attempt, type Limits, type StdioHooks } from './session-attempts.js';

export { PROBE_WAIT_MS } from './negotiation-plan.js';
export type { StdioHooks } from './session-attempts.js';

/** The client side of a session beyond discovery: what it declares in initialize and the handlers behind that. */
export interface ClientRole {
  /** ClientCapabilities sent in initialize. */
  capabilities: Record<string, unknown>;
  /** Register request and notification handlers on a new client for `server`, before it connects. */
  install(client: Client, server: string): void;
  /** How the client negotiates the protocol revision and answers input_required (the gateway's 2026-07-28 sessions). */
  clientOptions?: Pick<ClientOptions, 'versionNegotiation' | 'inputRequired'> | undefined;
}

/** A connected server: what initialize told us, plus how to end it. */
export interface LiveSession {
  client: Client;
  serverInfo?: ServerInfo;
  protocolVersion?: string;
  capabilities?: Record<string, unknown>;
  instructions?: string;
  /** How the protocol revision was agreed (what RevisionMemory records). */
  negotiation: { era: ProtocolEra; revision?: string; probe: ProbeOutcome };
  /** Things worth knowing about the connection (e.g. the SSE fallback was used). */
  notes: string[];
  /** What the server sent that classification needs (its JSON-RPC errors, an oversized response). */
  wire: WireLog;
  /** True once a stdio server's process has ended. */
  exited(): boolean;
  /** Normal shutdown: stdin EOF, SIGTERM then SIGKILL of the process group (stdio); abort (HTTP). */
  close(): Promise<void>;
  /** Immediate shutdown (deadline passed, interrupted). */
  kill(): Promise<void>;
  /** A later failure (tools/list, tools/call) in the server's own terms: authorization failures become AuthErrors. */
  explainError(error: unknown): unknown;
  /**
   * Every tools/list page (listAllTools). A listing the server marked cacheable (`ttlMs`, 2026-07-28) is reused by
   * this session until it expires or the server says the list changed.
   */
  listTools(options?: ListAllToolsOptions): Promise<ListAllToolsResult>;
}

/**
 * How a session is made: `role` declares client capabilities and installs handlers (call --execute); `hostEnv` is the
 * environment stdio servers inherit from, through their client's policy (default: process.env).
 */
export interface ConnectOptions extends StdioHooks {
  role?: ClientRole | undefined;
  hostEnv?: Readonly<Record<string, string | undefined>> | undefined;
  /** Which HTTP servers get OAuth, and how (src/auth); without it a 401 is AUTH_REQUIRED straight away. */
  auth?: AuthResolver | undefined;
  /**
   * The run's secrets. Every credential a session sends (configured headers, the Basic header derived from URL
   * userinfo) is registered here before the request that carries it, tokens obtained later with registerSecret;
   * output and stderr are redacted with the same set. Defaults to the spec's own secrets.
   */
  secrets?: SecretSet | undefined;
  /** Cap on one response (HTTP body, SSE stream, stdout line); past it the server fails with RESPONSE_TOO_LARGE. */
  maxResponseBytes?: number | undefined;
  /**
   * What each server spoke last time (the CLI's RevisionStore under the state directory): a server known to speak only
   * the 2025 revisions gets `initialize` without a probe, one known to speak 2026-07-28 gets the whole deadline to
   * answer `server/discover`. Without it every connection probes.
   */
  revisions?: RevisionMemory | undefined;
  /** How long a stdio server may take to answer the `server/discover` probe (PROBE_WAIT_MS). */
  probeWaitMs?: number | undefined;
}

/**
 * Start (stdio) or reach (HTTP/SSE) one server and complete the handshake within `deadline`: `server/discover` for a
 * 2026-07-28 server, `initialize` for the earlier revisions (the negotiation rule is in docs/protocol.md).
 * Throws DiscoveryError with a stable reason; whatever was started is dead by then.
 * `auth` decides which HTTP servers get OAuth (src/auth): without it, a 401 is AUTH_REQUIRED straight away.
 */
export async function connectServer(spec: ServerSpec, deadline: Deadline, stderr: StderrBuffer, options: ConnectOptions = {}): Promise<LiveSession> {
  const auth = options.auth;
  const secrets = options.secrets ?? new SecretSet();
  secrets.registerServer(spec);
  const limits: Limits = {
    secrets,
    maxResponseBytes: options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES,
    deadline,
    probeWaitMs: options.probeWaitMs ?? PROBE_WAIT_MS,
  };
  if (spec.transport === 'unlaunchable') {
    throw new DiscoveryError('UNLAUNCHABLE', secrets.redact(spec.unlaunchableReason ?? 'this server entry cannot be launched'));
  }
  let open: (plan: Plan, notes: string[]) => Promise<LiveSession>;
  if (spec.transport === 'stdio') {
    if (!spec.command) throw new DiscoveryError('UNLAUNCHABLE', 'no command configured');
    const hooks: StdioHooks = { packageRunner: options.packageRunner, onSpawn: options.onSpawn, onFirstMessage: options.onFirstMessage };
    const request = spawnRequest(spec, options.hostEnv ?? process.env);
    open = (plan, notes) => attempt(spec, limits, plan, stdioAttempt(request, stderr, makeClient(spec, stderr, options.role), limits, hooks), notes);
  } else {
    if (!spec.url) throw new DiscoveryError('UNLAUNCHABLE', 'no url configured');
    let url: URL;
    let headers = spec.headers ?? {};
    try {
      url = new URL(spec.url);
    } catch {
      throw new DiscoveryError('UNLAUNCHABLE', `invalid url ${redactUrl(spec.url)}`);
    }
    // fetch refuses URLs with credentials; send them as Basic auth (what curl and browsers do) unless configured.
    if (url.username || url.password) {
      if (!Object.keys(headers).some((name) => name.toLowerCase() === 'authorization')) headers = { ...headers, Authorization: basicAuthorization(url) };
      url.username = '';
      url.password = '';
    }
    // Registered before the first request: a server echoing a header back must find it redacted everywhere.
    for (const value of Object.values(headers)) secrets.registerHeader(value);
    const http: ServerSpec = { ...spec, headers };
    const over = (kind: 'http' | 'sse', plan: Plan, notes: string[]): Promise<LiveSession> =>
      attempt(http, limits, plan, httpAttempt(http, url, kind, makeClient(http, stderr, options.role), auth?.(http), limits), notes);
    open =
      spec.transport === 'sse'
        ? (plan, notes) => over('sse', plan, notes)
        : async (plan, notes) => {
            try {
              return await over('http', plan, notes);
            } catch (error) {
              // VS Code's rule: Streamable HTTP first, legacy SSE on a 4xx other than an auth failure. A refused
              // protocol version is the server's answer, not a missing endpoint: it never falls back.
              const status = error instanceof DiscoveryError && error.reason === 'HTTP_ERROR' ? httpStatus(error.cause) : undefined;
              if (!spec.sseFallback || status === undefined || status < 400 || status > 499 || status === 401 || status === 403) throw error;
              const note = `Streamable HTTP answered ${status}; fell back to the legacy SSE transport`;
              stderr.note(note);
              return over('sse', plan, [...notes, note]);
            }
          };
  }
  // A role that fixes the negotiation (the gateway's sessions) connects as it says; nothing is remembered of it.
  const forced = planForRole(options.role);
  const memory = forced ? undefined : options.revisions;
  const remembered = memory?.recall(spec);
  const plan = forced ?? planFor(remembered);
  let live: LiveSession;
  try {
    live = await open(plan, []);
  } catch (error) {
    // One more connection in the other era when this one showed the server speaks it (see NegotiationRetry).
    // A pinned role wants that revision or nothing; a legacy-first role may still move to a 2026-only server's revision.
    if (!(error instanceof NegotiationRetry) || deadline.error || forced?.kind === 'pin') throw error;
    stderr.restart();
    stderr.note(error.note);
    try {
      live = await open(error.next, [error.note]);
    } catch (again) {
      // It ended on the probe and fails without one too: not worth a probe (and a second start) next time.
      if (error.next.kind === 'legacy' && error.next.probe === 'exited') memory?.remember(spec, { era: 'legacy', probe: 'exited' });
      throw again;
    }
  }
  const { era, revision, probe } = live.negotiation;
  // A verdict confirmed again keeps saying how it was first learned.
  if (memory && revision) memory.remember(spec, { revision, era, probe: probe === 'remembered' && remembered ? remembered.probe : probe });
  // A stdio server answering the probe after the wait (slow to start) speaks 2026-07-28: the next run waits for it.
  const remember = (): void => {
    const late = era === 'legacy' ? mutualModernRevision(live.wire.discoverVersions) : undefined;
    if (memory && late) memory.remember(spec, { revision: late, era: 'modern', probe: 'answered' });
  };
  const { close, kill } = live;
  return {
    ...live,
    close: () => {
      remember();
      return close();
    },
    kill: () => {
      remember();
      return kill();
    },
  };
}

function planForRole(role: ClientRole | undefined): Plan | undefined {
  const mode = role?.clientOptions?.versionNegotiation?.mode;
  if (mode === 'legacy') return { kind: 'legacy', probe: 'remembered' };
  if (mode !== undefined && typeof mode === 'object' && 'pin' in mode) return { kind: 'pin', revision: mode.pin, probe: 'remembered' };
  return undefined;
}

async function attempt(spec: ServerSpec, limits: Limits, plan: Plan, made: Attempt, notes: string[]): Promise<LiveSession> {
  const { client, transport, wire } = made;
  const { deadline } = limits;
  const stdio = spec.transport === 'stdio';
  // The probe waits PROBE_WAIT_MS on stdio (silence there is a 2025 server); over HTTP, and for a server known to
  // speak 2026-07-28, it waits the whole deadline (silence over HTTP is an outage, not an era).
  if (plan.kind === 'auto')
    client.setVersionNegotiation({ mode: 'auto', probe: stdio ? { timeoutMs: Math.max(1, Math.min(limits.probeWaitMs, deadline.remaining())) } : {} });
  else if (plan.kind === 'pin') client.setVersionNegotiation({ mode: { pin: plan.revision } });
  deadline.onExpire(() => void made.kill());
  try {
    await deadline.race(client.connect(transport, { timeout: deadline.remaining() }));
  } catch (error) {
    const stage = made.stage();
    // Classified before the kill: after it, every stdio server has exited and would read CONNECTION_CLOSED.
    const cause = explainWith(made.auth, probeFailureCause(error));
    const exited = made.exited();
    const { code, serverError, supported } = classifyFailure(cause, stage, exited, wire);
    await made.kill();
    const url = spec.url ? redactUrl(spec.url) : undefined;
    const message = describeError(cause, code, { stage, ...(url ? { url } : {}), ...(serverError ? { serverError } : {}), wire });
    const failed = new DiscoveryError(code, limits.secrets.redact(message), {
      cause,
      ...(code === 'AUTH_REQUIRED' ? { hint: authHint(spec, cause) } : {}),
      ...(serverError ? { serverCode: serverError.code } : {}),
      ...(supported ? { supported } : {}),
    });
    const retry = retryAfter(plan, failed, exited, wire.probeAnswered, error);
    throw retry ? new NegotiationRetry(failed, retry.next, retry.note) : failed;
  }
  const revision = client.getNegotiatedProtocolVersion();
  const era: ProtocolEra = client.getProtocolEra() === 'modern' ? 'modern' : 'legacy';
  const probe: ProbeOutcome = plan.kind !== 'auto' ? plan.probe : wire.probeAnswered || era === 'modern' ? 'answered' : 'silent';
  const serverInfo = client.getServerVersion() as ServerInfo | undefined;
  const capabilities = client.getServerCapabilities() as Record<string, unknown> | undefined;
  const instructions = client.getInstructions();
  let cached: { until: number; changes: number; listing: ListAllToolsResult } | undefined;
  const listTools = async (options?: ListAllToolsOptions): Promise<ListAllToolsResult> => {
    if (cached && Date.now() < cached.until && cached.changes === wire.toolListChanges) return cached.listing;
    const changes = wire.toolListChanges;
    const listing = await listAllTools(client, { ...options, overHttp: !stdio });
    cached = listing.cache ? { until: Date.now() + listing.cache.ttlMs, changes, listing } : undefined;
    return listing;
  };
  return {
    client,
    ...(serverInfo ? { serverInfo } : {}),
    ...(revision ? { protocolVersion: revision } : {}),
    ...(capabilities ? { capabilities } : {}),
    ...(instructions !== undefined ? { instructions } : {}),
    negotiation: { era, ...(revision ? { revision } : {}), probe },
    notes,
    wire,
    exited: made.exited,
    close: made.close,
    kill: made.kill,
    explainError: (error) => explainWith(made.auth, error),
    listTools,
  };
}

/**
 * What made the `server/discover` probe fail: the SDK wraps it (EraNegotiationFailed), but a refused sign-in, a
 * capped answer or an HTTP status is the server's failure, classified and worded as such.
 */
function probeFailureCause(error: unknown): unknown {
  if (error instanceof SdkError && error.code === SdkErrorCode.EraNegotiationFailed && error.cause instanceof Error) return error.cause;
  return error;
}

/** Authorization failures in OAuth's terms (AuthError); a deadline or an interruption stays what it is. */
function explainWith(auth: ServerAuth | undefined, error: unknown): unknown {
  if (!auth || error instanceof DeadlineError || error instanceof InterruptedError) return error;
  return auth.explain(error);
}

/** A client with no capabilities (discovery) or the role's capabilities and handlers (call --execute). */
function makeClient(spec: ServerSpec, stderr: StderrBuffer, role: ClientRole | undefined): Client {
  const client = new Client({ name: 'mcpns', version: VERSION }, { capabilities: role?.capabilities ?? {}, ...role?.clientOptions });
  // An authorization failure is the server's reported failure (with its hint), not transport noise for its stderr tail.
  client.onerror = (error) => {
    if (!(error instanceof AuthError)) stderr.note(`transport: ${error.message}`);
  };
  role?.install(client, spec.name);
  return client;
}

/** What `openSession` returns: a connected client and how to end it (always call close()). */
export type OpenSession = Omit<LiveSession, 'exited' | 'kill'> & {
  /** The server's stderr so far (bounded tail). */
  stderr(): string;
};

/**
 * Connect to one server with the same transports, deadline and process-group handling as discovery, for commands
 * that talk to a server themselves (`mcpns call --execute`). `timeoutMs` bounds spawn + initialize (a server's own
 * `timeoutMs` wins; absent, 10 s or 60 s through a package runner); aborting
 * `signal` later still kills the server. Throws DiscoveryError (McpnsError code TRANSPORT, `reason` = discovery code).
 */
export async function openSession(
  spec: ServerSpec,
  opts: { timeoutMs?: number | undefined; signal?: AbortSignal; stderrLimitBytes?: number } & ConnectOptions,
): Promise<OpenSession> {
  const secrets = opts.secrets ?? new SecretSet();
  const stderr = new StderrBuffer(opts.stderrLimitBytes ?? DEFAULT_STDERR_LIMIT, secrets);
  // --timeout when given, else the server's own deadline or the default for its kind (60 s for a package runner).
  const deadline = new Deadline(serverDeadlineMs(spec, { timeoutMs: opts.timeoutMs }), opts.signal);
  const runner = spec.transport === 'stdio' && detectPackageRunner(spec.command, spec.args) !== undefined;
  let live: LiveSession;
  try {
    live = await connectServer(spec, deadline, stderr, { ...opts, secrets, ...(runner ? { packageRunner: true } : {}) });
  } catch (error) {
    // What the server wrote before it failed is where its real error is (the gateway shows its last lines).
    if (error instanceof DiscoveryError) error.stderr = stderr.text();
    throw error;
  } finally {
    deadline.dispose();
  }
  const onAbort = (): void => void live.kill();
  opts.signal?.addEventListener('abort', onAbort, { once: true });
  const { exited: _exited, kill: _kill, ...session } = live;
  return {
    ...session,
    stderr: () => stderr.text(),
    close: async () => {
      opts.signal?.removeEventListener('abort', onAbort);
      await live.close();
    },
  };
}
