import { ProcessGroup, RUNNER_TERM_GRACE_MS } from './process-group.js';
import type { SpawnRequest } from './spawn-request.js';
import type { StderrBuffer } from './stderr-buffer.js';

/**
 * Spawn first: the CLI starts the servers it is about to discover before it loads the MCP SDK, the naming engine
 * and the reporters, so they boot while mcpns does (src/cli/early-spawn.ts). Each process waits here until discovery
 * asks for a server with exactly the same command, arguments, environment and working directory, and adopts it with
 * everything it has written so far (stdout is left unread; stderr is kept). Anything not adopted is ended. The exact
 * match is what keeps this safe: a guess that differs in any way is never used, only ended.
 */

/** What a waiting process wrote to stderr, raw (the adopting discovery decodes and redacts it), up to a bound. */
class HeldStderr {
  readonly chunks: Buffer[] = [];
  private size = 0;
  dropped = 0;

  append(chunk: Buffer): void {
    this.chunks.push(chunk);
    this.size += chunk.length;
    while (this.size > HELD_STDERR_LIMIT && this.chunks.length > 1) {
      const first = this.chunks.shift()!;
      this.size -= first.length;
      this.dropped += first.length;
    }
  }
}

/** Bytes of stderr kept per waiting process (a discovery keeps a 64 KiB tail of it anyway). */
const HELD_STDERR_LIMIT = 256 * 1024;

const waiting = new Map<string, Array<{ group: ProcessGroup; stderr: HeldStderr }>>();

/**
 * Keeps a waiting process's stdout unread until adoption: Node resumes (and so discards) the output of a child's
 * untouched stdout when the child exits, but not of one with a 'readable' listener. Buffered output is bounded by the
 * stream's highWaterMark; the rest waits in the pipe.
 */
const holdStdout = (): void => {};

function keyOf(request: SpawnRequest): string {
  const env = Object.keys(request.env)
    .sort()
    .map((name) => [name, request.env[name]]);
  return JSON.stringify([request.command, request.args, env, request.cwd ?? null]);
}

/** Start a server ahead of discovery (a spawn that fails at once is simply not kept). */
export function prespawn(request: SpawnRequest): void {
  let group: ProcessGroup;
  const stderr = new HeldStderr();
  try {
    group = ProcessGroup.spawn({
      command: request.command,
      args: request.args,
      env: request.env,
      ...(request.cwd !== undefined ? { cwd: request.cwd } : {}),
      stderr,
      ...(request.packageRunner ? { interruptGraceMs: RUNNER_TERM_GRACE_MS } : {}),
    });
  } catch {
    return;
  }
  group.child.stdout?.on('readable', holdStdout);
  const key = keyOf(request);
  const list = waiting.get(key);
  if (list) list.push({ group, stderr });
  else waiting.set(key, [{ group, stderr }]);
}

/** A prespawned process started from exactly `request`, now writing its stderr into `stderr`; undefined if none. */
export function adoptPrespawned(request: SpawnRequest, stderr: StderrBuffer): ProcessGroup | undefined {
  const key = keyOf(request);
  const list = waiting.get(key);
  const held = list?.shift();
  if (!held) return undefined;
  if (!list!.length) waiting.delete(key);
  if (held.stderr.dropped) stderr.note(`… ${held.stderr.dropped} earlier bytes of stderr dropped while the process waited to be adopted`);
  held.group.redirectStderr(stderr, held.stderr.chunks);
  held.group.child.stdout?.off('readable', holdStdout);
  return held.group;
}

/** How many prespawned processes are waiting to be adopted. */
export function prespawnedCount(): number {
  let count = 0;
  for (const list of waiting.values()) count += list.length;
  return count;
}

/** How many waiting prespawned processes have already ended (their exit handled). */
export function prespawnedEnded(): number {
  let count = 0;
  for (const list of waiting.values()) for (const { group } of list) if (group.exit !== undefined) count++;
  return count;
}

/** End every prespawned process nobody adopted (discovery is over, or the command failed before it). */
export async function discardPrespawned(): Promise<void> {
  const held = [...waiting.values()].flat();
  waiting.clear();
  await Promise.all(held.map(({ group }) => group.interrupt()));
}
