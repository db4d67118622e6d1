import type { NamingInput, NamingServer } from '../../../src/naming/index.js';

/** A naming input from [server, tool] pairs; servers in order of first appearance unless given. */
export function input(pairs: [string, string][], servers?: (string | NamingServer)[]): NamingInput {
  const list = servers ?? [...new Set(pairs.map(([server]) => server))];
  return {
    servers: list.map((server) => (typeof server === 'string' ? { name: server } : server)),
    tools: pairs.map(([server, tool]) => ({ server, tool })),
  };
}
