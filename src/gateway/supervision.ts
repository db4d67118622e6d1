/**
 * How the gateway supervises an upstream that fails: when it tries again (the documented backoff) and which failures
 * it does not retry, because trying again cannot help until the configuration changes.
 */

/** Delays before each retry of a server that keeps failing: 1 s, 2 s, 5 s, 10 s, 30 s, then every 60 s. */
export const RESTART_BACKOFF_MS: readonly number[] = [1000, 2000, 5000, 10_000, 30_000, 60_000];

/** The delay before the next try after `failures` failures in a row (1 for the first). */
export function retryDelayMs(failures: number): number {
  return RESTART_BACKOFF_MS[Math.min(Math.max(failures, 1), RESTART_BACKOFF_MS.length) - 1]!;
}

/**
 * Failures a retry cannot cure: the command cannot be started (not found, not executable), the entry cannot be
 * launched as configured, or the server speaks no protocol version mcpns speaks. A config reload starts it again.
 */
const PERMANENT = new Set(['SPAWN_FAILED', 'UNLAUNCHABLE', 'PROTOCOL_VERSION_UNSUPPORTED']);

export function isPermanentFailure(code: string): boolean {
  return PERMANENT.has(code);
}

/** Lines mcpns itself adds to a server's stderr buffer (notes), not the server's own words. */
const OWN_NOTE = /^\[mcpns\] /;

/** The last `max` lines a server wrote to stderr (mcpns's own notes left out), as `list` shows them for a failure. */
export function stderrTail(text: string, max = 10): string[] {
  const lines = text.trimEnd() ? text.trimEnd().split('\n') : [];
  return lines.filter((line) => !OWN_NOTE.test(line) && line.trim() !== '').slice(-max);
}

/** A call cut by a lost connection is answered with this: the server, why, the last lines of its stderr, what comes next. */
export function lostMessage(server: string, reason: string, stderr: string): string {
  const tail = stderrTail(stderr, 3).join(' | ');
  return `upstream server "${server}" ${reason}${tail ? ` (its stderr: ${tail})` : ''}; mcpns is restarting it`;
}
