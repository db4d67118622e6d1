import { McpnsError } from '../errors.js';

/** An unknown server name: exit 2 listing the known ones. */
export function unknownServer(name: string, known: readonly string[]): McpnsError {
  const sorted = [...new Set(known)].sort();
  return new McpnsError('UNKNOWN_SERVER', `unknown server "${name}"`, {
    hint: sorted.length ? `known servers: ${sorted.join(', ')}` : 'no servers are configured',
    details: { known: sorted },
  });
}

/** The entries named by `--server` (all when none is named); an unknown name is exit 2 listing the known ones. */
export function selectServers<T extends { name: string }>(servers: readonly T[], names: readonly string[] | undefined): T[] {
  if (!names?.length) return [...servers];
  const known = servers.map((server) => server.name);
  for (const name of names) if (!known.includes(name)) throw unknownServer(name, known);
  const wanted = new Set(names);
  return servers.filter((server) => wanted.has(server.name));
}
