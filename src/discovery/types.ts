import type { AuthResolver } from './auth-port.js';
import type { ClientRole, LiveSession } from './session.js';
import type { JsonLimits } from '../util/json-walk.js';
import type { SecretSet } from '../util/redact.js';
import type { PackageRunner } from './package-runner.js';
import type { RevisionMemory } from './revision-memory.js';
import type { AbandonedLock } from './npx-cache.js';
import type { ServerDiscovery } from '../catalog/types.js';

export interface DiscoveryProgress {
  server: string;
  /**
   * `start`: the server's turn came. `installing`: a package runner (npx, uvx…) is running and has produced no MCP
   * output yet. `installed`: its first MCP message arrived. `done`/`failed`: its discovery ended.
   */
  phase: 'start' | 'installing' | 'installed' | 'done' | 'failed';
  done: number;
  total: number;
  /** The package runner, on `installing` and `installed`. */
  runner?: PackageRunner;
  /** On `installing`: npx found a lock an interrupted install left in its install folder and waits for it first. */
  lockWait?: AbandonedLock;
  /** On `done`/`failed`: what the server's discovery found (a failure can be reported at once, not at the end). */
  discovery?: ServerDiscovery;
}

export interface DiscoveryOptions {
  /**
   * One deadline per server covering spawn, initialize and every tools/list page (ms), given explicitly (`--timeout`).
   * A server's own `timeoutMs` wins over it. Absent: `defaultTimeoutMs`, or `runnerTimeoutMs` for a package runner.
   */
  timeoutMs?: number;
  /** Deadline when none is given (default 10 000 ms). */
  defaultTimeoutMs?: number;
  /** Deadline when none is given and the server is started through a package runner (default 120 000 ms). */
  runnerTimeoutMs?: number;
  /** How many servers are discovered at once. */
  concurrency: number;
  /** Guard against runaway pagination. */
  maxPages?: number;
  /** Bytes of each server's stderr kept (the rest is counted and dropped). */
  stderrLimitBytes?: number;
  /** Aborting stops every discovery and kills every child (SIGINT). */
  signal?: AbortSignal;
  /** OAuth for HTTP servers (stored tokens, never a browser): `createAuthResolver` in src/auth/server-auth.ts. */
  auth?: AuthResolver;
  /** What each server spoke last time (RevisionStore): decides the handshake (docs/protocol.md). */
  revisions?: RevisionMemory;
  /** How long a stdio server may take to answer the `server/discover` probe (default PROBE_WAIT_MS, 2 s). */
  probeWaitMs?: number;
  /**
   * The run's secrets (the CLI's output scrubber uses the same set). Discovery registers every credential it sends
   * here before sending it and redacts stderr tails and error messages with it. Defaults to each server's own.
   */
  secrets?: SecretSet;
  /** Cap on one response from a server (HTTP body or SSE stream, stdout line); default 64 MiB. */
  maxResponseBytes?: number;
  /** Depth and size limits per tool definition (and for serverInfo/capabilities); default DEFAULT_TOOL_LIMITS. */
  toolLimits?: JsonLimits;
  onProgress?: (event: DiscoveryProgress) => void;
  /** The environment stdio servers inherit from, each through its client's policy (default: process.env). */
  hostEnv?: Readonly<Record<string, string | undefined>>;
  /** How the client presents itself (capabilities, handlers); default: no capabilities (a plain discovery). */
  role?: ClientRole;
  /**
   * Offered every session that listed its tools: returning true keeps it open and makes the caller its owner (it must
   * close it). `call --execute` keeps the session discovery opened, so one session serves the whole call.
   */
  hold?: (server: string, session: HeldSession) => boolean;
  /**
   * Print first, clean up after: each successful server's shutdown (stdin EOF, SIGTERM/SIGKILL of its group) is
   * handed to this callback instead of being awaited, so results are available as soon as the last tools/list
   * answers. The caller must await every promise it receives before exiting. Failed servers are always ended before
   * discovery resolves (their stderr explains the failure).
   */
  deferClose?: (closing: Promise<void>) => void;
}

/** A connected session handed over by discovery (`DiscoveryOptions.hold`). */
export interface HeldSession {
  session: LiveSession;
  /** The server's stderr so far (bounded tail). */
  stderr(): string;
}
