import { SSEClientTransport, StreamableHTTPClientTransport, type Client, type Transport } from '@modelcontextprotocol/client';
import type { ServerAuth } from './auth-port.js';
import type { ServerSpec } from '../config/model.js';
import type { SecretSet } from '../util/redact.js';
import { settledOrAfter } from '../util/settle.js';
import type { Deadline } from './deadline.js';
import { ResponseTooLargeError, WireLog, type Stage } from './errors.js';
import type { StderrBuffer } from './stderr-buffer.js';
import { ProcessGroupStdioTransport } from './stdio-transport.js';
import { guardInbound } from './wire-guard.js';
import { cappedFetch } from './capped-fetch.js';
import type { SpawnRequest } from './spawn-request.js';

// One connection attempt's transport: a stdio process group, or Streamable HTTP / legacy SSE with OAuth and the
// response cap (session.ts runs the handshake over it).

/** Upper bound for closing an HTTP client (aborting its fetches should be immediate). */
const HTTP_CLOSE_BOUND_MS = 1000;

export interface Attempt {
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

/** What every attempt shares: the run's secrets, the response cap, the server's deadline and the probe wait. */
export interface Limits {
  secrets: SecretSet;
  maxResponseBytes: number;
  deadline: Deadline;
  probeWaitMs: number;
}

/** A response grew past the cap: remember it for classification and end the attempt now (not at the deadline). */
function tooLarge(limits: Limits, wire: WireLog): void {
  wire.tooLarge ??= new ResponseTooLargeError(limits.maxResponseBytes);
  limits.deadline.abort(wire.tooLarge);
}

export function stdioAttempt(request: SpawnRequest, stderr: StderrBuffer, client: Client, limits: Limits, hooks: StdioHooks): Attempt {
  const wire = new WireLog();
  const transport = new ProcessGroupStdioTransport({
    ...request,
    stderr,
    maxLineBytes: limits.maxResponseBytes,
    onOversizedLine: () => tooLarge(limits, wire),
    observe: (message) => wire.observe(message),
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

export function httpAttempt(spec: ServerSpec, url: URL, kind: 'http' | 'sse', client: Client, auth: ServerAuth | undefined, limits: Limits): Attempt {
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
    guardInbound(transport, (message) => wire.observe(message));
    const close = (): Promise<void> => (closing ??= bounded(client.close()));
    return { client, transport, wire, exited: () => false, stage: () => 'initialize', close, kill: close, ...(auth ? { auth } : {}) };
  }
  const transport = new StreamableHTTPClientTransport(url, transportOptions);
  // What mcpns reads is bounded at 256 levels anyway; the SDK's validators must not overflow the stack first.
  guardInbound(transport, (message) => wire.observe(message));
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
