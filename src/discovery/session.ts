import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { AuthError, authHint } from '../auth/errors.js';
import type { AuthResolver, ServerAuth } from '../auth/server-auth.js';
import type { ServerInfo } from '../catalog/types.js';
import type { ServerSpec } from '../config/model.js';
import { collectSecrets, redactText, redactUrl } from '../util/redact.js';
import { VERSION } from '../version.js';
import { Deadline, DeadlineError, InterruptedError } from './deadline.js';
import { classifyError, describeError, DiscoveryError, httpStatus, type Stage } from './errors.js';
import { DEFAULT_STDERR_LIMIT, StderrBuffer } from './stderr-buffer.js';
import { ProcessGroupStdioTransport } from './stdio-transport.js';
import { spawnEnvironment } from '../config/spawn-env.js';
import type { ClientRole } from './types.js';

/** Upper bound for closing an HTTP client (aborting its fetches should be immediate). */
const HTTP_CLOSE_BOUND_MS = 1000;

/** A connected server: what initialize told us, plus how to end it. */
export interface LiveSession {
  client: Client;
  serverInfo?: ServerInfo;
  protocolVersion?: string;
  capabilities?: Record<string, unknown>;
  instructions?: string;
  /** Things worth knowing about the connection (e.g. the SSE fallback was used). */
  notes: string[];
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
  exited(): boolean;
  stage(): Stage;
  close(): Promise<void>;
  kill(): Promise<void>;
  /** OAuth of an HTTP attempt, when the server gets it. */
  auth?: ServerAuth;
}

/** Messages shown to users must never contain env or header values: scrub them with the spec's own secrets. */
export function scrub(spec: ServerSpec, message: string): string {
  return redactText(message, collectSecrets([spec]));
}

/**
 * How a session is made: `role` declares client capabilities and installs handlers (call --execute); `hostEnv` is the
 * environment stdio servers inherit from, through their client's policy (default: process.env).
 */
export interface ConnectOptions {
  role?: ClientRole | undefined;
  hostEnv?: Readonly<Record<string, string | undefined>> | undefined;
  /** Which HTTP servers get OAuth, and how (src/auth); without it a 401 is AUTH_REQUIRED straight away. */
  auth?: AuthResolver | undefined;
}

/**
 * Start (stdio) or reach (HTTP/SSE) one server and complete initialize within `deadline`.
 * Throws DiscoveryError with a stable reason; whatever was started is dead by then.
 * `auth` decides which HTTP servers get OAuth (src/auth): without it, a 401 is AUTH_REQUIRED straight away.
 */
export async function connectServer(spec: ServerSpec, deadline: Deadline, stderr: StderrBuffer, options: ConnectOptions = {}): Promise<LiveSession> {
  const newClient = (): Client => makeClient(spec, stderr, options.role);
  const auth = options.auth;
  if (spec.transport === 'unlaunchable') {
    throw new DiscoveryError('UNLAUNCHABLE', scrub(spec, spec.unlaunchableReason ?? 'this server entry cannot be launched'));
  }
  if (spec.transport === 'stdio') {
    if (!spec.command) throw new DiscoveryError('UNLAUNCHABLE', 'no command configured');
    return attempt(spec, deadline, stdioAttempt(spec, stderr, spawnEnvironment(spec, options.hostEnv ?? process.env), newClient()), []);
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
    const basic = Buffer.from(`${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}`).toString('base64');
    if (!Object.keys(headers).some((name) => name.toLowerCase() === 'authorization')) headers = { ...headers, Authorization: `Basic ${basic}` };
    url.username = '';
    url.password = '';
  }
  spec = { ...spec, headers };
  if (spec.transport === 'sse') return attempt(spec, deadline, httpAttempt(spec, url, 'sse', newClient(), auth?.(spec)), []);
  try {
    return await attempt(spec, deadline, httpAttempt(spec, url, 'http', newClient(), auth?.(spec)), []);
  } catch (error) {
    const status = error instanceof DiscoveryError ? httpStatus(error.cause) : undefined;
    // VS Code's rule: Streamable HTTP first, legacy SSE on a 4xx other than an auth failure.
    if (!spec.sseFallback || status === undefined || status < 400 || status > 499 || status === 401 || status === 403) throw error;
    const notes = [`Streamable HTTP answered ${status}; fell back to the legacy SSE transport`];
    stderr.note(notes[0] as string);
    return attempt(spec, deadline, httpAttempt(spec, url, 'sse', newClient(), auth?.(spec)), notes);
  }
}

async function attempt(spec: ServerSpec, deadline: Deadline, made: Attempt, notes: string[]): Promise<LiveSession> {
  const { client, transport } = made;
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
    await made.kill();
    const cause = explainWith(made.auth, error);
    const code = classifyError(cause, stage, made.exited());
    const url = spec.url ? redactUrl(spec.url) : undefined;
    throw new DiscoveryError(code, scrub(spec, describeError(cause, code, { stage, ...(url ? { url } : {}) })), {
      cause,
      ...(code === 'AUTH_REQUIRED' ? { hint: authHint(spec, cause) } : {}),
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
  const client = new Client({ name: 'mcpns', version: VERSION }, { capabilities: role?.capabilities ?? {} });
  // An authorization failure is the server's reported failure (with its hint), not transport noise for its stderr tail.
  client.onerror = (error) => {
    if (!(error instanceof AuthError)) stderr.note(`transport: ${error.message}`);
  };
  role?.install(client, spec.name);
  return client;
}

function stdioAttempt(spec: ServerSpec, stderr: StderrBuffer, env: Record<string, string>, client: Client): Attempt {
  const transport = new ProcessGroupStdioTransport({
    command: spec.command as string,
    ...(spec.args ? { args: spec.args } : {}),
    env,
    ...(spec.cwd ? { cwd: spec.cwd } : {}),
    stderr,
  });
  let closing: Promise<void> | undefined;
  return {
    client,
    transport,
    exited: () => transport.exit !== undefined,
    stage: () => (transport.pid === undefined ? 'spawn' : 'initialize'),
    // client.close() calls transport.close(): stdin EOF, then the process group is signalled.
    close: () => (closing ??= client.close().then(() => transport.close())),
    kill: () => (closing ??= transport.kill().then(() => client.close())),
  };
}

function httpAttempt(spec: ServerSpec, url: URL, kind: 'http' | 'sse', client: Client, auth: ServerAuth | undefined): Attempt {
  const requestInit: RequestInit = { headers: { ...(spec.headers ?? {}) } };
  let closing: Promise<void> | undefined;
  // OAuth (src/auth): the SDK runs the flow through the provider; the wrapped fetch watches the server's challenges.
  const oauth = auth ? { authProvider: auth.provider, fetch: auth.wrapFetch(fetch) } : {};
  if (kind === 'sse') {
    const transport = new SSEClientTransport(url, { requestInit, ...oauth });
    const close = (): Promise<void> => (closing ??= bounded(client.close()));
    return { client, transport, exited: () => false, stage: () => 'initialize', close, kill: close, ...(auth ? { auth } : {}) };
  }
  const transport = new StreamableHTTPClientTransport(url, { requestInit, ...oauth });
  return {
    client,
    transport,
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

function bounded(promise: Promise<void>): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, HTTP_CLOSE_BOUND_MS);
    timer.unref();
    promise.then(
      () => {
        clearTimeout(timer);
        resolve();
      },
      () => {
        clearTimeout(timer);
        resolve();
      },
    );
  });
}

/** What `openSession` returns: a connected client and how to end it (always call close()). */
export type OpenSession = Omit<LiveSession, 'exited' | 'kill'> & {
  /** The server's stderr so far (bounded tail). */
  stderr(): string;
};

/**
 * Connect to one server with the same transports, deadline and process-group handling as discovery, for commands
 * that talk to a server themselves (`mcpns call --execute`). `timeoutMs` bounds spawn + initialize; aborting
 * `signal` later still kills the server. Throws DiscoveryError (McpnsError code TRANSPORT, `reason` = discovery code).
 */
export async function openSession(
  spec: ServerSpec,
  opts: {
    timeoutMs: number;
    signal?: AbortSignal;
    stderrLimitBytes?: number;
    hostEnv?: Readonly<Record<string, string | undefined>>;
    role?: ClientRole;
    auth?: AuthResolver;
  },
): Promise<OpenSession> {
  const stderr = new StderrBuffer(opts.stderrLimitBytes ?? DEFAULT_STDERR_LIMIT);
  const deadline = new Deadline(opts.timeoutMs, opts.signal);
  let live: LiveSession;
  try {
    live = await connectServer(spec, deadline, stderr, { role: opts.role, hostEnv: opts.hostEnv, auth: opts.auth });
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
