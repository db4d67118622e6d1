import { containsSecret, type SecretSet } from '../util/redact.js';
import { canonicalJson } from '../util/canonical-json.js';
import type { Snapshot } from './create.js';

/**
 * Where a lock file would record a secret: server-provided text (tool definitions, instructions, server info, error
 * messages) that echoes a configured or derived credential. Returns the place (`server "x"`, `tool "s/t"`), never
 * the value, or undefined. Uses the same set and threshold (MIN_SECRET_LENGTH) as output redaction: a value short
 * enough to be printed unredacted is the only kind a lock may contain.
 */
export function findSecretLeak(snapshot: Snapshot, secrets: SecretSet | readonly string[]): string | undefined {
  const places: Array<[string, unknown]> = [
    ...snapshot.servers.map((server): [string, unknown] => [
      `server "${server.name}"`,
      [server.instructions, server.serverInfo, server.error, server.notes, server.malformedTools],
    ]),
    ...snapshot.tools.map((tool): [string, unknown] => [`tool "${tool.qualifiedName}"`, tool]),
  ];
  for (const [where, value] of places) if (containsSecret(canonicalJson(value), secrets)) return where;
  return undefined;
}
