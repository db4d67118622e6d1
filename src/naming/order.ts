import type { NamingInput } from './types.js';

/** Compares two tools by their index in `NamingInput.tools`: negative when the first is registered first. */
export type Precedence = (a: number, b: number) => number;

/**
 * Readiness times closer than this are one moment: a server's start-up time jitters by hundreds of milliseconds from
 * run to run (more on a loaded machine), so two equally fast servers would swap places between runs and the same file
 * would give two catalogs. Within one moment the config's order decides; a server slower by more still comes later.
 */
export const SAME_MOMENT_MS = 500;

/**
 * The order a client that starts all its servers together registers tools in: a server's tools when it is ready
 * (mcpns's own discovery time, `readyMs`, grouped into moments of SAME_MOMENT_MS from the first server of each; servers
 * without one after those with one), servers of one moment in input order (the config's), and a server's tools in the
 * order it listed them (`listIndex`; input order without one). Claude Code, Gemini CLI and opencode decide name
 * collisions this way (test/fidelity/clients/: the `order` scenarios).
 */
export function registrationPrecedence(input: NamingInput): Precedence {
  const rank = serverRanks(input);
  const unknown = Number.MAX_SAFE_INTEGER;
  return (a, b) => {
    const left = input.tools[a]!;
    const right = input.tools[b]!;
    if (left.server !== right.server) {
      return (rank.get(left.server) ?? unknown) - (rank.get(right.server) ?? unknown) || (left.server < right.server ? -1 : 1);
    }
    return (left.listIndex ?? Number.MAX_SAFE_INTEGER) - (right.listIndex ?? Number.MAX_SAFE_INTEGER) || a - b;
  };
}

/** Each server's place in registration order: by moment of readiness, then input order (the first entry of a name counts). */
function serverRanks(input: NamingInput): Map<string, number> {
  const first = new Map<string, { readyMs: number; index: number }>();
  input.servers.forEach((server, index) => {
    if (!first.has(server.name)) first.set(server.name, { readyMs: server.readyMs ?? Number.POSITIVE_INFINITY, index });
  });
  const byReadiness = [...first.entries()].sort(([, a], [, b]) => a.readyMs - b.readyMs || a.index - b.index);
  const moments: Array<{ name: string; moment: number; index: number }> = [];
  let moment = -1;
  let momentStart = Number.NEGATIVE_INFINITY;
  for (const [name, { readyMs, index }] of byReadiness) {
    // A moment starts at its first server: it spans SAME_MOMENT_MS at most, however many servers follow closely.
    if (!(readyMs - momentStart <= SAME_MOMENT_MS) || readyMs === Number.POSITIVE_INFINITY) {
      moment++;
      momentStart = readyMs;
    }
    moments.push({ name, moment, index });
  }
  moments.sort((a, b) => a.moment - b.moment || a.index - b.index);
  return new Map(moments.map(({ name }, position) => [name, position]));
}

/**
 * The note a rendering carries when registration order decided a collision: across servers the order depends on
 * which server is ready first, which varies from run to run; inside a server it is the server's listing order, which
 * a catalog without `listIndex` (an older file) does not record.
 */
export function registrationNote(
  input: NamingInput,
  product: string,
  keeps: 'first' | 'last',
): (outcome: { acrossServers: boolean; withinServer: boolean }) => string | undefined {
  return ({ acrossServers, withinServer }) => {
    const notes: string[] = [];
    if (acrossServers) {
      notes.push(
        `which server keeps a shared name depends on which one ${product} finds ready ${keeps === 'first' ? 'first (it keeps the first)' : 'last (later ones overwrite earlier ones)'}; mcpns went by the order its own discovery saw them ready (within ${SAME_MOMENT_MS / 1000} s of each other: config order)`,
      );
    }
    if (withinServer && input.tools.some((tool) => tool.listIndex === undefined)) {
      notes.push(`inside a server ${product} goes by the order the server lists its tools, which this catalog does not record; mcpns assumed name order`);
    }
    return notes.length ? notes.join('; ') : undefined;
  };
}
