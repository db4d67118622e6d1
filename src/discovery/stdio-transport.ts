import type { Writable } from 'node:stream';
import { inheritedEnvironment, SDK_DEFAULT_ENV } from '../config/spawn-env.js';
import { serializeMessage, type JSONRPCMessage, type Transport } from '@modelcontextprotocol/client';
import { JSONRPCMessageSchema } from '@modelcontextprotocol/core';
import { CANCELLED_CLOSE_POLICY, CLOSE_POLICY, KILL_POLICY, ProcessGroup, RUNNER_TERM_GRACE_MS, TERM_GRACE_MS, type ShutdownPolicy } from './process-group.js';
import { adoptPrespawned } from './prespawn.js';
import type { StderrBuffer } from './stderr-buffer.js';
import { capDepth, WIRE_MAX_DEPTH } from './wire-guard.js';

/** A single stdout line larger than this is dropped (the SDK's own limit is 10 MB, too small for huge tool lists). */
export const DEFAULT_MAX_LINE_BYTES = 256 * 1024 * 1024;

/** After the direct child exits, how long to wait for the rest of stdout before reporting the close. */
const EXIT_FLUSH_MS = 100;
/**
 * Log notifications (`notifications/message`) past this many in one second are dropped before the SDK reads them: the
 * SDK validates every message against four schemas, so a server writing 100 000 of them held its own tools/list
 * answer (and every other server's) for seconds. Nothing downstream shows more (the gateway forwards 500 a second).
 */
export const MAX_LOG_NOTIFICATIONS_PER_SECOND = 1000;

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
  /**
   * The command is a package runner (npx, uvx…) that may be installing: on a deadline or interrupt it gets SIGTERM
   * and the long grace, so it can clean its cache before anything is SIGKILLed.
   */
  packageRunner?: boolean;
  /** Called once the process has started. */
  onSpawn?: () => void;
  /** Called once, when the first JSON-RPC message arrives on stdout (a package runner has finished installing). */
  onFirstMessage?: () => void;
  /**
   * Sees every JSON-RPC message from the server before whichever handler is set (the SDK's version-negotiation window
   * takes `onmessage` over while it probes).
   */
  observe?: (message: JSONRPCMessage) => void;
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

  /**
   * Sees each parsed stdout message before its JSON-RPC check and onmessage; true when it took the message (the
   * gateway's raw forwarding takes the answers to its own requests there, without a schema walk per answer).
   */
  onRawMessage?: ((value: unknown) => boolean) | undefined;

  /**
   * Sees each stdout line as text before it is parsed; true when it took the line (the gateway's raw forwarding passes
   * the answers to its own requests on as they came, as a hand-written proxy does, without parsing them).
   */
  onRawLine?: ((text: string) => boolean) | undefined;

  /**
   * Messages sent while the event loop handles what it read: joined, they leave in one write when the turn is over
   * (one write syscall per turn, not one per message; cheaper than corking the stream, which buffers each one).
   */
  private queued: string[] = [];

  private group: ProcessGroup | undefined;
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  private discardingLine = false;
  private closed = false;
  private finished = false;
  private sawMessage = false;
  /** Log notifications in the current second (see MAX_LOG_NOTIFICATIONS_PER_SECOND), and whether a drop was noted. */
  private logWindow = { second: -1, count: 0, noted: false };
  /** notifications/cancelled went out: close() leaves the server time to read it (CANCELLED_CLOSE_POLICY). */
  private cancelSent = false;
  private readonly maxLineBytes: number;

  constructor(private readonly options: StdioProcessOptions) {
    this.maxLineBytes = options.maxLineBytes ?? DEFAULT_MAX_LINE_BYTES;
  }

  get pid(): number | undefined {
    return this.group?.pid;
  }

  /**
   * Where the server's stderr goes. With `pid`, this is also how the SDK recognizes a stdio transport: it probes
   * `server/discover` in place and takes silence for a 2025-era server, instead of failing as it would over HTTP.
   */
  get stderr(): StderrBuffer {
    return this.options.stderr;
  }

  /** How the direct child ended, once it has. */
  get exit(): { code: number | null; signal: NodeJS.Signals | null } | undefined {
    return this.group?.exit;
  }

  setProtocolVersion(version: string): void {
    this.protocolVersion = version;
  }

  async start(): Promise<void> {
    if (this.group) throw new Error('ProcessGroupStdioTransport already started');
    const { command, args = [], env, cwd, stderr } = this.options;
    const request = { command, args, env: env ?? inheritedEnvironment(SDK_DEFAULT_ENV, process.env), cwd: cwd || undefined };
    // Started ahead by the CLI (spawn first) from exactly this command, arguments, environment and directory?
    let group = adoptPrespawned(request, stderr);
    if (!group) {
      try {
        group = ProcessGroup.spawn({ ...request, stderr, ...(this.options.packageRunner ? { interruptGraceMs: RUNNER_TERM_GRACE_MS } : {}) });
      } catch (error) {
        this.closed = true;
        throw new SpawnError(command, error as NodeJS.ErrnoException);
      }
    }
    this.group = group;
    const child = group.child;
    await group.started();
    if (group.spawnError) {
      this.closed = true;
      await group.end(KILL_POLICY);
      throw new SpawnError(command, group.spawnError);
    }
    child.on('error', (error: Error) => this.onerror?.(error));
    // Give the last stdout bytes a moment after the exit, unless stdout already ended. An adopted process may have
    // ended already (its output is still unread).
    const afterExit = (): void => void setTimeout(() => this.finish(), EXIT_FLUSH_MS).unref();
    if (group.exit) afterExit();
    else child.once('exit', afterExit);
    child.stdout?.on('data', (chunk: Buffer) => this.onStdout(chunk));
    // An adopted process's output so far waits in the stream's buffer: hand it over now (read() emits 'data'), not on a
    // later tick, by which time a server that has already exited may have been reported closed.
    while (child.stdout?.readableLength && child.stdout.read() !== null);
    child.stdout?.on('close', () => {
      if (group.exit) this.finish();
    });
    this.options.onSpawn?.();
  }

  send(message: JSONRPCMessage): Promise<void> {
    return new Promise((resolve, reject) => {
      const stdin = this.writableStdin();
      if (!stdin) {
        reject(new Error('not connected'));
        return;
      }
      if ('method' in message && message.method === 'notifications/cancelled') this.cancelSent = true;
      if (this.write(stdin, serializeMessage(message))) resolve();
      else stdin.once('drain', resolve);
    });
  }

  /**
   * One serialized message (a line ending in a newline), written as is beside the SDK's: the gateway's raw forwarding,
   * which needs no promise per message. False when the child's stdin is gone.
   */
  sendText(line: string): boolean {
    const stdin = this.writableStdin();
    if (!stdin) return false;
    this.write(stdin, line);
    return true;
  }

  private writableStdin(): Writable | undefined {
    const stdin = this.group?.child.stdin;
    return !stdin || stdin.destroyed || !stdin.writable || this.closed ? undefined : stdin;
  }

  private write(stdin: Writable, text: string): boolean {
    if (!this.queued.length) setImmediate(() => this.flush());
    this.queued.push(text);
    return !stdin.writableNeedDrain;
  }

  /** Hand what is queued to the child's stdin: at the end of the turn, and before stdin is ended. */
  private flush(): void {
    if (!this.queued.length) return;
    const text = this.queued.length === 1 ? this.queued[0]! : this.queued.join('');
    this.queued = [];
    this.writableStdin()?.write(text);
  }

  /**
   * Normal shutdown (the spec's sequence): end stdin, a short grace (a longer one after a cancel), SIGTERM the group,
   * its grace, SIGKILL the group.
   */
  close(): Promise<void> {
    return this.terminate(this.cancelSent ? CANCELLED_CLOSE_POLICY : CLOSE_POLICY);
  }

  /**
   * Immediate shutdown (deadline, interrupt): SIGTERM the group at once, SIGKILL after the grace — the long one for a
   * package runner that has not answered yet (it may be mid-install and must be able to clean its cache).
   */
  async kill(): Promise<void> {
    this.flush();
    await this.group?.interrupt();
    this.finish();
  }

  private async terminate(policy: ShutdownPolicy): Promise<void> {
    this.flush();
    await this.group?.end(policy);
    this.finish();
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
    // A CRLF line ends in \r: it is not part of the message.
    const text = (line.length && line[line.length - 1] === 0x0d ? line.subarray(0, -1) : line).toString('utf8');
    if (this.sawMessage && this.onRawLine?.(text)) return;
    if (!text.trim()) return;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      this.options.stderr.note(`non-JSON line on stdout ignored: ${this.options.stderr.excerpt(text, 200)}`);
      return;
    }
    // Only a line this long can nest that deep (each level costs at least two characters).
    if (text.length > 2 * WIRE_MAX_DEPTH && capDepth(value)) this.options.stderr.note(`a value nested more than ${WIRE_MAX_DEPTH} levels deep was cut there`);
    if (this.sawMessage && this.onRawMessage?.(value)) return;
    // A notification is checked by hand (what the schema asks of one): a server that floods log notifications costs
    // a few property reads per message, not a schema walk.
    const parsed = isPlainNotification(value) ? { success: true as const, data: value } : JSONRPCMessageSchema.safeParse(value);
    if (!parsed.success) {
      this.options.stderr.note(`stdout line that is not a JSON-RPC message ignored: ${this.options.stderr.excerpt(text, 200)}`);
      return;
    }
    if (!this.sawMessage) {
      this.sawMessage = true;
      // A runner that speaks MCP has finished installing: from now on it is ended like any server.
      if (this.group) this.group.interruptGraceMs = TERM_GRACE_MS;
      this.options.onFirstMessage?.();
    }
    if ((parsed.data as { method?: unknown }).method === 'notifications/message' && this.logFlooded()) return;
    this.options.observe?.(parsed.data);
    this.deliver(parsed.data);
  }

  /** True when this log notification is over the second's cap (the first drop is noted in the stderr tail). */
  private logFlooded(): boolean {
    const second = Math.floor(performance.now() / 1000);
    const window = this.logWindow;
    if (window.second !== second) {
      window.second = second;
      window.count = 0;
    }
    if (++window.count <= MAX_LOG_NOTIFICATIONS_PER_SECOND) return false;
    if (!window.noted) {
      window.noted = true;
      this.options.stderr.note(`log notifications over ${MAX_LOG_NOTIFICATIONS_PER_SECOND} a second were dropped`);
    }
    return true;
  }

  /** Messages that wait for the notification handler the SDK has scheduled (see `deliver`), from `backlogHead` on. */
  private backlog: JSONRPCMessage[] | undefined;
  private backlogHead = 0;

  /**
   * Hand a message to the SDK in order. The SDK runs a notification's handler a microtask later but settles a response
   * at once: a progress notification and the response it precedes, read in one chunk, reached the handler after the
   * response had removed it, and the call's last progress line was lost. After a notification, what follows waits
   * for one microtask (queued after the SDK's, so it runs after the handler). The backlog is read from a moving head,
   * never copied: a server that writes 100 000 notifications in one burst costs linear time, not quadratic.
   */
  private deliver(message: JSONRPCMessage): void {
    if (this.backlog) {
      this.backlog.push(message);
      return;
    }
    this.onmessage?.(message);
    if (isNotification(message)) this.deferBacklog();
  }

  private deferBacklog(): void {
    this.backlog ??= [];
    queueMicrotask(() => this.drainBacklog());
  }

  private drainBacklog(): void {
    const backlog = this.backlog;
    if (!backlog) return;
    while (this.backlogHead < backlog.length) {
      const message = backlog[this.backlogHead++]!;
      this.onmessage?.(message);
      if (isNotification(message)) return void queueMicrotask(() => this.drainBacklog());
    }
    this.backlog = undefined;
    this.backlogHead = 0;
  }
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A JSON-RPC notification JSONRPCMessageSchema accepts as it is: jsonrpc 2.0, a method, object params without `_meta`,
 * no other member (the schema is strict). Anything else (`_meta` included) goes through the schema.
 */
function isPlainNotification(value: unknown): value is JSONRPCMessage {
  if (!isObject(value) || value['jsonrpc'] !== '2.0' || typeof value['method'] !== 'string') return false;
  for (const key in value) if (key !== 'jsonrpc' && key !== 'method' && key !== 'params') return false;
  const params = value['params'];
  return params === undefined || (isObject(params) && params['_meta'] === undefined);
}

function isNotification(message: JSONRPCMessage): boolean {
  return 'method' in message && !('id' in message);
}
