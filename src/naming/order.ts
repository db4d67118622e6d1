import type { NamingInput } from './types.js';

/** Compares two tools by their index in `NamingInput.tools`: negative when the first is registered first. */
export type Precedence = (a: number, b: number) => number;

/**
 * The order a client that starts all its servers together registers tools in: a server's tools when it is ready
 * (mcpns's own discovery time, `readyMs`; servers without one after those with one, then in input order), and a
 * server's tools in the order it listed them (`listIndex`; input order without one). Claude Code, Gemini CLI and
 * opencode decide name collisions this way (test/fidelity/clients/: the `order` scenarios).
 */
export function registrationPrecedence(input: NamingInput): Precedence {
  const ready = new Map<string, { readyMs: number; index: number }>();
  input.servers.forEach((server, index) => {
    if (!ready.has(server.name)) ready.set(server.name, { readyMs: server.readyMs ?? Number.MAX_SAFE_INTEGER, index });
  });
  const unknown = { readyMs: Number.MAX_SAFE_INTEGER, index: Number.MAX_SAFE_INTEGER };
  return (a, b) => {
    const left = input.tools[a]!;
    const right = input.tools[b]!;
    if (left.server !== right.server) {
      const l = ready.get(left.server) ?? unknown;
      const r = ready.get(right.server) ?? unknown;
      return l.readyMs - r.readyMs || l.index - r.index || (left.server < right.server ? -1 : 1);
    }
    return (left.listIndex ?? Number.MAX_SAFE_INTEGER) - (right.listIndex ?? Number.MAX_SAFE_INTEGER) || a - b;
  };
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
        `which server keeps a shared name depends on which one ${product} finds ready ${keeps === 'first' ? 'first (it keeps the first)' : 'last (later ones overwrite earlier ones)'}; mcpns went by the order its own discovery saw them ready`,
      );
    }
    if (withinServer && input.tools.some((tool) => tool.listIndex === undefined)) {
      notes.push(`inside a server ${product} goes by the order the server lists its tools, which this catalog does not record; mcpns assumed name order`);
    }
    return notes.length ? notes.join('; ') : undefined;
  };
}
