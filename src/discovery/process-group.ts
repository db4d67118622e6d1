import type * as ChildProcesses from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { settledOrAfter } from '../util/settle.js';

// node:child_process (with net, stream and dgram: ~3 ms of start-up) is loaded on the first spawn: the entry point
// imports this module for the registry it ends on a signal, and most commands start no process.
const requireBuiltin = createRequire(import.meta.url);
let childProcesses: typeof ChildProcesses | undefined;
const loadChildProcesses = (): typeof ChildProcesses => (childProcesses ??= requireBuiltin('node:child_process') as typeof ChildProcesses);

/** Where a group's stderr goes: a discovery's StderrBuffer, or a prespawned group's holding area. */
export interface StderrSink {
  append(chunk: Buffer): void;
}

/**
 * The lifecycle of one stdio server process and everything it starts: spawn it as the leader of its own process
 * group, drain its stderr from the first byte, and end the whole group in the MCP stdio order (stdin EOF, SIGTERM,
 * SIGKILL) with graces chosen by why it ends. No SDK import here: this module is on the path to the first spawn.
 *
 * Every group lives in a module-level registry until it is known to be gone, so the entry point can end all of
 * them on SIGTERM/SIGHUP/a second Ctrl-C (`terminateAllGroups`) and shorten every grace (`hurryAllGroups`).
 */

/**
 * After stdin EOF on a normal close: most servers exit at once; one that has not, and has written nothing to stderr
 * for this long, gets SIGTERM. A server still writing (flushing its logs) is still working: the grace restarts with
 * each write, up to STDIN_GRACE_CAP_MS.
 */
export const STDIN_GRACE_MS = 25;
const STDIN_GRACE_CAP_MS = 2000;
/** After SIGTERM, before SIGKILL. */
export const TERM_GRACE_MS = 300;
/** After SIGTERM of a package runner (npx, uvx…) that may be mid-install: room to clean its cache. */
export const RUNNER_TERM_GRACE_MS = 5000;
/**
 * Once the whole group is gone, how long to wait for stderr to reach end-of-file. Only a process outside the group
 * that inherited the pipe (a `setsid` daemon) can hold it open; normally EOF is already there.
 */
const STDERR_DRAIN_BOUND_MS = 1000;

/** How a group is ended: how long to wait after stdin EOF (0: signal at once) and after SIGTERM. */
export interface ShutdownPolicy {
  stdinGraceMs: number;
  termGraceMs: number;
}

/** Normal close after a successful session. */
export const CLOSE_POLICY: ShutdownPolicy = { stdinGraceMs: STDIN_GRACE_MS, termGraceMs: TERM_GRACE_MS };
/**
 * After stdin EOF when a request was just cancelled (`--call-timeout`): notifications/cancelled is in the pipe
 * ahead of the EOF, and a server that was busy (or a loaded machine) needs a moment to read it and stop the work;
 * SIGTERM after 25 ms cut it off before it read the cancel. A server that exits on EOF costs nothing more; an
 * interrupt (Ctrl-C) still ends every group at once.
 */
export const CANCELLED_STDIN_GRACE_MS = 500;
/** Normal close of a session whose last request was cancelled. */
export const CANCELLED_CLOSE_POLICY: ShutdownPolicy = { stdinGraceMs: CANCELLED_STDIN_GRACE_MS, termGraceMs: TERM_GRACE_MS };
/** A deadline passed or the run was interrupted: the server may be working; SIGTERM now, SIGKILL after the grace. */
export const KILL_POLICY: ShutdownPolicy = { stdinGraceMs: 0, termGraceMs: TERM_GRACE_MS };

export interface SpawnGroupOptions {
  command: string;
  args: string[];
  /** The complete environment of the process (nothing is added here). */
  env: Record<string, string>;
  cwd?: string;
  /** Receives every byte of stderr. */
  stderr: StderrSink;
  /** SIGTERM grace when the group is ended early (deadline, interrupt); default TERM_GRACE_MS. */
  interruptGraceMs?: number;
}

const live = new Set<ProcessGroup>();

/** A spawned server: its direct child leads a process group that is ended as a whole. */
export class ProcessGroup {
  /** How the direct child ended, once it has. */
  exit: { code: number | null; signal: NodeJS.Signals | null } | undefined;
  /** Set when the command could not be started (ENOENT, EACCES…). */
  spawnError: NodeJS.ErrnoException | undefined;
  /**
   * SIGTERM grace when the group is ended early (a deadline, an interrupt): the long one while a package runner may
   * be installing, the usual one otherwise. `interrupt()` and `terminateAllGroups` use it.
   */
  interruptGraceMs = TERM_GRACE_MS;

  private readonly exited: Promise<void>;
  private readonly stderrEnded: Promise<void>;
  private readonly spawned: Promise<void>;
  private hurried = false;
  /** Where stderr goes (a discovery's buffer; a prespawned group's own until it is adopted). */
  private stderrSink!: StderrSink;
  /** When stderr last carried data (a server still writing is still working). */
  private lastOutputAt = 0;
  private readonly hurryWaiters = new Set<() => void>();
  private shutdown: Promise<void> | undefined;

  private constructor(readonly child: ChildProcess) {
    this.spawned = new Promise<void>((resolve) => {
      child.once('spawn', () => resolve());
      child.once('error', () => resolve());
    });
    this.exited = new Promise<void>((resolve) => {
      child.once('exit', (code, signal) => {
        this.exit = { code, signal };
        resolve();
      });
      child.once('error', (error: NodeJS.ErrnoException) => {
        // 'error' without 'exit' means the process never ran.
        if (child.pid === undefined) {
          this.spawnError = error;
          resolve();
        }
      });
    });
    this.stderrEnded = new Promise<void>((resolve) => {
      if (!child.stderr) return resolve();
      child.stderr.once('end', resolve);
      child.stderr.once('close', resolve);
    });
    // EPIPE when the server is already gone: its end is reported through 'exit'.
    child.stdin?.on('error', () => {});
    child.stdout?.on('error', () => {});
    child.stderr?.on('error', () => {});
    live.add(this);
  }

  /**
   * Spawn `command` as the leader of a new process group. stderr is drained into `options.stderr` at once (a server
   * blocked on a full stderr pipe never answers); stdout is left paused until the transport reads it, so nothing
   * is lost when the SDK is loaded after the spawn. Throws synchronously only on invalid arguments.
   */
  static spawn(options: SpawnGroupOptions): ProcessGroup {
    const child = loadChildProcesses().spawn(options.command, options.args, {
      env: options.env,
      cwd: options.cwd,
      stdio: ['pipe', 'pipe', 'pipe'],
      detached: true,
      shell: false,
      windowsHide: true,
    });
    const group = new ProcessGroup(child);
    if (options.interruptGraceMs !== undefined) group.interruptGraceMs = options.interruptGraceMs;
    group.stderrSink = options.stderr;
    child.stderr?.on('data', (chunk: Buffer) => {
      group.lastOutputAt = Date.now();
      group.stderrSink.append(chunk);
    });
    return group;
  }

  /** Send stderr to `target` from now on, after what was collected so far (a prespawned group being adopted). */
  redirectStderr(target: StderrSink, collected: readonly Buffer[] = []): void {
    for (const chunk of collected) target.append(chunk);
    this.stderrSink = target;
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  /** Resolves once the process has started, or failed to (then `spawnError` is set). */
  started(): Promise<void> {
    return this.spawned;
  }

  /** True while any process of the group exists (the leader may be gone while a grandchild lives on). */
  alive(): boolean {
    const pid = this.child.pid;
    if (pid === undefined) return false;
    try {
      process.kill(process.platform === 'win32' ? pid : -pid, 0);
      return true;
    } catch {
      return false;
    }
  }

  /** Signal the whole group; false when it no longer exists. */
  signal(signal: NodeJS.Signals): boolean {
    const pid = this.child.pid;
    if (pid === undefined) return false;
    try {
      // Windows has no process groups: only the direct child can be signalled there.
      process.kill(process.platform === 'win32' ? pid : -pid, signal);
      return true;
    } catch {
      return false;
    }
  }

  /** End the group early (a deadline passed, the run was interrupted): SIGTERM now, SIGKILL after its interrupt grace. */
  interrupt(): Promise<void> {
    return this.end({ stdinGraceMs: 0, termGraceMs: this.interruptGraceMs });
  }

  /** Cut every remaining grace short (a second Ctrl-C or SIGTERM): whatever is still alive is SIGKILLed now. */
  hurry(): void {
    this.hurried = true;
    for (const wake of this.hurryWaiters) wake();
    this.hurryWaiters.clear();
  }

  /**
   * End the group (once; later calls share the first policy unless they are more urgent, which hurries it):
   * stdin EOF, wait `stdinGraceMs` for the group to be gone, SIGTERM, wait `termGraceMs`, SIGKILL. Then wait for
   * stderr to reach end-of-file, so the last lines a dying server wrote are kept, and release the pipes.
   */
  end(policy: ShutdownPolicy): Promise<void> {
    if (this.shutdown) {
      if (policy.stdinGraceMs === 0 && policy.termGraceMs === 0) this.hurry();
      return this.shutdown;
    }
    this.shutdown = (async () => {
      const child = this.child;
      if (child.pid !== undefined) {
        child.stdin?.end();
        let gone = policy.stdinGraceMs > 0 ? await this.quiet(policy.stdinGraceMs) : !this.alive() && this.exit !== undefined;
        if (!gone && this.signal('SIGTERM')) gone = await this.gone(policy.termGraceMs);
        if (!gone) {
          this.signal('SIGKILL');
          await this.gone(TERM_GRACE_MS, { ignoreHurry: true });
        }
        await settledOrAfter(this.stderrEnded, STDERR_DRAIN_BOUND_MS);
        child.stdout?.destroy();
        child.stderr?.destroy();
        child.stdin?.destroy();
      }
      live.delete(this);
    })();
    return this.shutdown;
  }

  /**
   * After stdin EOF: wait for the group to be gone while the server keeps working — until it has been silent on stderr
   * for `idleMs` (at most STDIN_GRACE_CAP_MS in all, or until hurried). True when it is gone.
   */
  private async quiet(idleMs: number): Promise<boolean> {
    const cap = Date.now() + STDIN_GRACE_CAP_MS;
    this.lastOutputAt = Math.max(this.lastOutputAt, Date.now());
    const hurry = this.hurryPromise();
    for (;;) {
      if (this.exit !== undefined || this.spawnError !== undefined || this.hurried) break;
      const now = Date.now();
      const wait = Math.min(this.lastOutputAt + idleMs - now, cap - now);
      if (wait <= 0) break;
      await settledOrAfter(Promise.race([this.exited, hurry]), wait);
    }
    if (this.exit === undefined && this.spawnError === undefined) return false;
    return this.gone(Math.max(idleMs, cap - Date.now()));
  }

  /**
   * Wait until the leader has exited and no process of its group is left, for at most `ms` (or until hurried).
   * The leader's exit is an event; a lingering group is polled briefly (grandchildren die right after a signal).
   */
  private async gone(ms: number, options: { ignoreHurry?: boolean } = {}): Promise<boolean> {
    const end = Date.now() + ms;
    const hurry = options.ignoreHurry ? undefined : this.hurryPromise();
    if (this.exit === undefined && this.spawnError === undefined) await settledOrAfter(hurry ? Promise.race([this.exited, hurry]) : this.exited, ms);
    let pause = 2;
    while (this.alive() && Date.now() < end && (options.ignoreHurry || !this.hurried)) {
      await settledOrAfter(hurry ?? new Promise<void>(() => {}), Math.min(pause, Math.max(1, end - Date.now())));
      pause = Math.min(pause * 2, 20);
    }
    return (this.exit !== undefined || this.spawnError !== undefined) && !this.alive();
  }

  private hurryPromise(): Promise<void> {
    if (this.hurried) return Promise.resolve();
    return new Promise<void>((resolve) => this.hurryWaiters.add(resolve));
  }
}

/** Process groups started and not yet known to be gone. */
export function liveGroupCount(): number {
  return live.size;
}

/** Shorten every grace of every group still alive (a second signal): SIGKILL follows at once. */
export function hurryAllGroups(): void {
  for (const group of live) group.hurry();
}

/**
 * End every group still registered (the entry point's safety net on a signal and before exit): each is interrupted
 * (SIGTERM, its own grace, SIGKILL) unless it is already ending; resolves once all are gone.
 */
export async function terminateAllGroups(): Promise<void> {
  await Promise.all([...live].map((group) => group.interrupt()));
}
