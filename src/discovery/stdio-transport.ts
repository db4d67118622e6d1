import { spawn, type ChildProcess } from 'node:child_process';
import { getDefaultEnvironment } from '@modelcontextprotocol/sdk/client/stdio.js';
import { serializeMessage } from '@modelcontextprotocol/sdk/shared/stdio.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { JSONRPCMessageSchema, type JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import type { StderrBuffer } from './stderr-buffer.js';

/** A single stdout line larger than this is dropped (the SDK's own limit is 10 MB, too small for huge tool lists). */
export const DEFAULT_MAX_LINE_BYTES = 256 * 1024 * 1024;

/** Grace after ending stdin before the process group gets SIGTERM (normal close). */
const STDIN_GRACE_MS = 300;
/** Grace after SIGTERM before SIGKILL. */
const TERM_GRACE_MS = 300;
/** After the direct child exits, how long to wait for the rest of stdout before reporting the close. */
const EXIT_FLUSH_MS = 100;

/** The command could not be started at all (ENOENT, EACCES…); `code` is Node's errno code. */
export class SpawnError extends Error {
  readonly code: string | undefined;
  constructor(command: string, cause: NodeJS.ErrnoException) {
    super(`cannot start "${command}"${cause.code ? ` (${cause.code})` : ''}`, { cause });
    this.name = 'SpawnError';
    this.code = cause.code;
  }
}

export interface StdioProcessOptions {
  command: string;
  args?: string[];
  /**
   * The child's complete environment, computed before the spawn (`spawnEnvironment` in src/config/spawn-env.ts).
   * Absent: the MCP SDK's default allow-list only.
   */
  env?: Record<string, string>;
  cwd?: string;
  /** Receives everything the server writes on stderr, plus notes about stdout noise. */
  stderr: StderrBuffer;
  maxLineBytes?: number;
  /** Called when a stdout line over maxLineBytes was dropped (the request it answered will never complete). */
  onOversizedLine?: () => void;
}

/**
 * MCP stdio client transport that owns the server's whole process group.
 *
 * Why not the SDK's StdioClientTransport: its close() signals only the direct child, so grandchildren of
 * wrappers (`sh -c`, `npx`) survive and keep our pipes open (SDK issue #2023); an unread stderr pipe deadlocks
 * it (#2776); and one stdout line above 10 MB kills the session. Here the child leads its own process group
 * (`detached: true`), close() ends stdin, then SIGTERMs and finally SIGKILLs the group; stderr is always drained
 * into a bounded buffer; non-JSON stdout lines are noted there and skipped.
 */
export class ProcessGroupStdioTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;

  /** Negotiated protocol version, set by the Client once initialize succeeds. */
  protocolVersion: string | undefined;
  /** How the direct child ended, once it has. */
  exit: { code: number | null; signal: NodeJS.Signals | null } | undefined;

  private child: ChildProcess | undefined;
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  private discardingLine = false;
  private closed = false;
  private finished = false;
  private terminating: Promise<void> | undefined;
  private readonly maxLineBytes: number;

  constructor(private readonly options: StdioProcessOptions) {
    this.maxLineBytes = options.maxLineBytes ?? DEFAULT_MAX_LINE_BYTES;
  }

  get pid(): number | undefined {
    return this.child?.pid;
  }

  setProtocolVersion(version: string): void {
    this.protocolVersion = version;
  }

  start(): Promise<void> {
    if (this.child) throw new Error('ProcessGroupStdioTransport already started');
    const { command, args = [], env, cwd, stderr } = this.options;
    return new Promise<void>((resolve, reject) => {
      let child: ChildProcess;
      try {
        child = spawn(command, args, {
          env: env ?? getDefaultEnvironment(),
          cwd,
          stdio: ['pipe', 'pipe', 'pipe'],
          detached: true,
          shell: false,
          windowsHide: true,
        });
      } catch (error) {
        reject(new SpawnError(command, error as NodeJS.ErrnoException));
        return;
      }
      this.child = child;
      let started = false;
      child.once('spawn', () => {
        started = true;
        resolve();
      });
      child.on('error', (error: NodeJS.ErrnoException) => {
        if (!started) {
          this.closed = true;
          reject(new SpawnError(command, error));
        } else this.onerror?.(error);
      });
      child.on('exit', (code, signal) => {
        this.exit = { code, signal };
        // Give the last stdout bytes a moment, unless stdout already ended.
        const timer = setTimeout(() => this.finish(), EXIT_FLUSH_MS);
        timer.unref();
      });
      child.stdout?.on('data', (chunk: Buffer) => this.onStdout(chunk));
      child.stdout?.on('close', () => {
        if (this.exit) this.finish();
      });
      // Always drain stderr: a server blocked on a full stderr pipe never answers.
      child.stderr?.on('data', (chunk: Buffer) => stderr.append(chunk));
      // EPIPE when the server is already gone: the close is reported through 'exit'.
      child.stdin?.on('error', () => {});
      child.stdout?.on('error', () => {});
      child.stderr?.on('error', () => {});
    });
  }

  send(message: JSONRPCMessage): Promise<void> {
    return new Promise((resolve, reject) => {
      const stdin = this.child?.stdin;
      if (!stdin || stdin.destroyed || !stdin.writable || this.closed) {
        reject(new Error('not connected'));
        return;
      }
      if (stdin.write(serializeMessage(message))) resolve();
      else stdin.once('drain', resolve);
    });
  }

  /** Normal shutdown (the spec's sequence): end stdin, wait, SIGTERM the group, wait, SIGKILL the group. */
  close(): Promise<void> {
    return this.terminate(STDIN_GRACE_MS);
  }

  /** Immediate shutdown (deadline, interrupt): SIGTERM the group at once, SIGKILL shortly after. */
  kill(): Promise<void> {
    return this.terminate(0);
  }

  private terminate(stdinGraceMs: number): Promise<void> {
    this.terminating ??= (async () => {
      const child = this.child;
      if (child?.pid !== undefined) {
        const pid = child.pid;
        child.stdin?.end();
        if (stdinGraceMs > 0 && !this.exit) await waitFor(() => this.exit !== undefined, stdinGraceMs);
        // The leader may be gone while a grandchild lives on in its group: always signal the group.
        if (signalGroup(pid, 'SIGTERM')) {
          await waitFor(() => !groupAlive(pid), TERM_GRACE_MS);
          if (groupAlive(pid)) signalGroup(pid, 'SIGKILL');
        }
        if (!this.exit) await waitFor(() => this.exit !== undefined, TERM_GRACE_MS);
        child.stdout?.destroy();
        child.stderr?.destroy();
        child.stdin?.destroy();
      }
      this.finish();
    })();
    return this.terminating;
  }

  /** Report the close once (the child exited, stdout ended, or we closed it). */
  private finish(): void {
    this.closed = true;
    if (this.finished) return;
    this.finished = true;
    this.onclose?.();
  }

  private onStdout(chunk: Buffer): void {
    let start = 0;
    let index: number;
    while ((index = chunk.indexOf(0x0a, start)) !== -1) {
      const part = chunk.subarray(start, index);
      start = index + 1;
      if (this.discardingLine) {
        this.discardingLine = false;
        continue;
      }
      const line = this.pending.length ? Buffer.concat([...this.pending, part]) : part;
      this.pending = [];
      this.pendingBytes = 0;
      this.onLine(line);
    }
    if (start < chunk.length && !this.discardingLine) {
      const rest = chunk.subarray(start);
      this.pending.push(rest);
      this.pendingBytes += rest.length;
      if (this.pendingBytes > this.maxLineBytes) {
        this.options.stderr.note(`a stdout line over ${this.maxLineBytes} bytes was dropped`);
        this.pending = [];
        this.pendingBytes = 0;
        this.discardingLine = true;
        this.options.onOversizedLine?.();
      }
    }
  }

  private onLine(line: Buffer): void {
    const text = line.toString('utf8').replace(/\r$/, '');
    if (!text.trim()) return;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      this.options.stderr.note(`non-JSON line on stdout ignored: ${this.options.stderr.excerpt(text, 200)}`);
      return;
    }
    const parsed = JSONRPCMessageSchema.safeParse(value);
    if (!parsed.success) {
      this.options.stderr.note(`stdout line that is not a JSON-RPC message ignored: ${this.options.stderr.excerpt(text, 200)}`);
      return;
    }
    this.onmessage?.(parsed.data);
  }
}

/** Send a signal to a whole process group; false when the group no longer exists. */
function signalGroup(pid: number, signal: NodeJS.Signals): boolean {
  try {
    // Windows has no process groups: only the direct child can be signalled there.
    process.kill(process.platform === 'win32' ? pid : -pid, signal);
    return true;
  } catch {
    return false;
  }
}

function groupAlive(pid: number): boolean {
  try {
    process.kill(process.platform === 'win32' ? pid : -pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Poll `condition` every 20 ms for up to `ms`. */
async function waitFor(condition: () => boolean, ms: number): Promise<void> {
  const end = Date.now() + ms;
  while (!condition() && Date.now() < end) await new Promise((resolve) => setTimeout(resolve, 20));
}
