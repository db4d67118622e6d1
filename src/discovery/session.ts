import { Client, SSEClientTransport, StreamableHTTPClientTransport, type ClientOptions, type Transport } from '@modelcontextprotocol/client';
import { AuthError, authHint } from './auth-error.js';
import type { AuthResolver, ServerAuth } from './auth-port.js';
import type { ServerInfo } from '../catalog/types.js';
import type { ServerSpec } from '../config/model.js';
import { basicAuthorization, redactUrl, SecretSet } from '../util/redact.js';
import { settledOrAfter } from '../util/settle.js';
import { VERSION } from '../version.js';
import { Deadline, DeadlineError, InterruptedError } from './deadline.js';
import { DEFAULT_MAX_RESPONSE_BYTES } from './defaults.js';
import { classifyFailure, describeError, DiscoveryError, httpStatus, ResponseTooLargeError, WireLog, type Stage } from './errors.js';
import { detectPackageRunner, serverDeadlineMs } from './package-runner.js';
import { DEFAULT_STDERR_LIMIT, StderrBuffer } from './stderr-buffer.js';
import { ProcessGroupStdioTransport } from './stdio-transport.js';
import { guardInboundDepth } from './wire-guard.js';
import { cappedFetch } from './capped-fetch.js';
import { spawnRequest, type SpawnRequest } from './spawn-request.js';

/** Upper bound for closing an HTTP client (aborting its fetches should be immediate). */
const HTTP_CLOSE_BOUND_MS = 1000;

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
}

interface Attempt {
  client: Client;
  transport: Transport;
  wire: WireLog;
  exited(): boolean;
  stage(): Stage;
  close(): Promise<void>;
  kill(): Promise<void>;
  /** OAuth of an HTTP attempt, when the server gets it. */
  auth?: ServerAuth;
}

/** Lifecycle hooks of a stdio server (package runners: "installing" until the first MCP message). */
export interface StdioHooks {
  /** Started through a package runner: a deadline or interrupt gives it the long SIGTERM grace. */
  packageRunner?: boolean;
  /** The process has started. */
  onSpawn?: () => void;
  /** The first JSON-RPC message arrived on its stdout. */
  onFirstMessage?: () => void;
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
}

/**
 * Start (stdio) or reach (HTTP/SSE) one server and complete initialize within `deadline`.
 * Throws DiscoveryError with a stable reason; whatever was started is dead by then.
 * `auth` decides which HTTP servers get OAuth (src/auth): without it, a 401 is AUTH_REQUIRED straight away.
 */
export async function connectServer(spec: ServerSpec, deadline: Deadline, stderr: StderrBuffer, options: ConnectOptions = {}): Promise<LiveSession> {
  const newClient = (): Client => makeClient(spec, stderr, options.role);
  const auth = options.auth;
  const secrets = options.secrets ?? new SecretSet();
  secrets.registerServer(spec);
  const limits: Limits = { secrets, maxResponseBytes: options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES, deadline };
  if (spec.transport === 'unlaunchable') {
    throw new DiscoveryError('UNLAUNCHABLE', secrets.redact(spec.unlaunchableReason ?? 'this server entry cannot be launched'));
  }
  if (spec.transport === 'stdio') {
    if (!spec.command) throw new DiscoveryError('UNLAUNCHABLE', 'no command configured');
    const hooks: StdioHooks = { packageRunner: options.packageRunner, onSpawn: options.onSpawn, onFirstMessage: options.onFirstMessage };
    return attempt(spec, limits, stdioAttempt(spawnRequest(spec, options.hostEnv ?? process.env), stderr, newClient(), limits, hooks), []);
  }
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
  spec = { ...spec, headers };
  if (spec.transport === 'sse') return attempt(spec, limits, httpAttempt(spec, url, 'sse', newClient(), auth?.(spec), limits), []);
  try {
    return await attempt(spec, limits, httpAttempt(spec, url, 'http', newClient(), auth?.(spec), limits), []);
  } catch (error) {
    const status = error instanceof DiscoveryError ? httpStatus(error.cause) : undefined;
    // VS Code's rule: Streamable HTTP first, legacy SSE on a 4xx other than an auth failure.
    if (!spec.sseFallback || status === undefined || status < 400 || status > 499 || status === 401 || status === 403) throw error;
    const notes = [`Streamable HTTP answered ${status}; fell back to the legacy SSE transport`];
    stderr.note(notes[0] as string);
    return attempt(spec, limits, httpAttempt(spec, url, 'sse', newClient(), auth?.(spec), limits), notes);
  }
}

/** What every attempt shares: the run's secrets, the response cap and the server's deadline. */
interface Limits {
  secrets: SecretSet;
  maxResponseBytes: number;
  deadline: Deadline;
}

/** A response grew past the cap: remember it for classification and end the attempt now (not at the deadline). */
function tooLarge(limits: Limits, wire: WireLog): void {
  wire.tooLarge ??= new ResponseTooLargeError(limits.maxResponseBytes);
  limits.deadline.abort(wire.tooLarge);
}

async function attempt(spec: ServerSpec, limits: Limits, made: Attempt, notes: string[]): Promise<LiveSession> {
  const { client, transport, wire } = made;
  const { deadline } = limits;
  // The Client chains an onmessage set before connect(): see every message the server sends.
  transport.onmessage = (message) => wire.observe(message);
  let protocolVersion: string | undefined;
  // The Client hands the negotiated version to the transport once initialize succeeds: capture it there.
  const setVersion = transport.setProtocolVersion?.bind(transport);
  transport.setProtocolVersion = (version: string) => {
    protocolVersion = version;
    setVersion?.(version);
  };
  deadline.onExpire(() => void made.kill());
  try {
    await deadline.race(client.connect(transport, { timeout: deadline.remaining() }));
  } catch (error) {
    const stage = made.stage();
    // Classified before the kill: after it, every stdio server has exited and would read CONNECTION_CLOSED.
    const cause = explainWith(made.auth, error);
    const { code, serverError } = classifyFailure(cause, stage, made.exited(), wire);
    await made.kill();
    const url = spec.url ? redactUrl(spec.url) : undefined;
    const message = describeError(cause, code, { stage, ...(url ? { url } : {}), ...(serverError ? { serverError } : {}), wire });
    throw new DiscoveryError(code, limits.secrets.redact(message), {
      cause,
      ...(code === 'AUTH_REQUIRED' ? { hint: authHint(spec, cause) } : {}),
      ...(serverError ? { serverCode: serverError.code } : {}),
    });
  }
  const serverInfo = client.getServerVersion() as ServerInfo | undefined;
  const capabilities = client.getServerCapabilities() as Record<string, unknown> | undefined;
  const instructions = client.getInstructions();
  return {
    client,
    ...(serverInfo ? { serverInfo } : {}),
    ...(protocolVersion ? { protocolVersion } : {}),
    ...(capabilities ? { capabilities } : {}),
    ...(instructions !== undefined ? { instructions } : {}),
    notes,
    wire,
    exited: made.exited,
    close: made.close,
    kill: made.kill,
    explainError: (error) => explainWith(made.auth, error),
  };
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

function stdioAttempt(request: SpawnRequest, stderr: StderrBuffer, client: Client, limits: Limits, hooks: StdioHooks): Attempt {
  const wire = new WireLog();
  const transport = new ProcessGroupStdioTransport({
    ...request,
    stderr,
    maxLineBytes: limits.maxResponseBytes,
    onOversizedLine: () => tooLarge(limits, wire),
    ...hooks,
  });
  let closing: Promise<void> | undefined;
  return {
    client,
    transport,
    wire,
    exited: () => transport.exit !== undefined,
    stage: () => (transport.pid === undefined ? 'spawn' : 'initialize'),
    // client.close() calls transport.close(): stdin EOF, then the process group is signalled.
    close: () => (closing ??= client.close().then(() => transport.close())),
    kill: () => (closing ??= transport.kill().then(() => client.close())),
  };
}

function httpAttempt(spec: ServerSpec, url: URL, kind: 'http' | 'sse', client: Client, auth: ServerAuth | undefined, limits: Limits): Attempt {
  const requestInit: RequestInit = { headers: { ...(spec.headers ?? {}) } };
  const wire = new WireLog();
  // Every response body is capped; OAuth's token and metadata requests go through the same fetch.
  const capped = cappedFetch(limits.maxResponseBytes, () => tooLarge(limits, wire));
  let closing: Promise<void> | undefined;
  // OAuth (src/auth): the SDK runs the flow through the provider; the wrapped fetch watches the server's challenges.
  // Tokens it obtains are registered with registerSecret (src/util/redact.ts), which every SecretSet includes.
  const transportOptions = { requestInit, ...(auth ? { authProvider: auth.provider, fetch: auth.wrapFetch(capped) } : { fetch: capped }) };
  if (kind === 'sse') {
    const transport = new SSEClientTransport(url, transportOptions);
    guardInboundDepth(transport);
    const close = (): Promise<void> => (closing ??= bounded(client.close()));
    return { client, transport, wire, exited: () => false, stage: () => 'initialize', close, kill: close, ...(auth ? { auth } : {}) };
  }
  const transport = new StreamableHTTPClientTransport(url, transportOptions);
  // What mcpns reads is bounded at 256 levels anyway; the SDK's validators must not overflow the stack first.
  guardInboundDepth(transport);
  return {
    client,
    transport,
    wire,
    ...(auth ? { auth } : {}),
    exited: () => false,
    stage: () => 'initialize',
    close: () =>
      (closing ??= (async () => {
        // Stateful servers keep a session until told otherwise (close() alone sends no DELETE).
        if (transport.sessionId) await bounded(transport.terminateSession().catch(() => {}));
        await bounded(client.close());
      })()),
    kill: () => (closing ??= bounded(client.close())),
  };
}

/** The HTTP close, bounded (aborting fetches should be immediate); never keeps the process alive by itself. */
function bounded(promise: Promise<void>): Promise<void> {
  return settledOrAfter(promise, HTTP_CLOSE_BOUND_MS, { unref: true });
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
