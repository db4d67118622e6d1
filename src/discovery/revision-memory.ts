/**
 * What protocol revision each server spoke, remembered between runs (the negotiation rule is in docs/protocol.md):
 * a server known to speak only the 2025 revisions is connected with `initialize` straight away (no `server/discover`
 * probe, so a server that ignores requests before `initialize` costs no probe wait twice), a server known to speak
 * 2026-07-28 is asked `server/discover` with the whole deadline to answer. `mcpns servers` shows what was remembered.
 *
 * One JSON file under the user's state directory (`<state dir>/protocol/revisions.json`), keyed by a hash of how the
 * server is reached (transport, command, arguments and working directory, or URL): no argument, URL or header value is
 * stored, only the server's name for people reading the file. Reading is bounded; a missing, corrupt or unwritable file
 * is never an error (the run just probes).
 */
import { createHash } from 'node:crypto';
import { chmodSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { ServerSpec } from '../config/model.js';
import { readRegularFile } from '../util/read-file.js';
import { writeFileAtomic } from '../util/write-atomic.js';

/** `modern`: 2026-07-28 or later (`server/discover`, no `initialize`); `legacy`: the `initialize` revisions. */
export type ProtocolEra = 'modern' | 'legacy';

/**
 * How the revision became known: `answered` (the server answered `server/discover`, with a result or an error),
 * `silent` (no answer within the probe wait: a server that ignores requests before `initialize`), `exited` (it ended on
 * the probe), `remembered` (the probe was skipped because of an earlier run), `refused` (it refused the other era's
 * handshake and was reconnected in this one).
 */
export type ProbeOutcome = 'answered' | 'silent' | 'exited' | 'remembered' | 'refused';

export interface RememberedRevision {
  /** The server's name when it was last seen (for people reading the file and `mcpns servers`). */
  name: string;
  /** Absent for a server that exited on the probe and then failed `initialize` too (it is not probed again). */
  revision?: string;
  era: ProtocolEra;
  probe: ProbeOutcome;
  /** When it was last seen (ISO 8601). */
  at: string;
}

/** Where the negotiation looks up and records what a server spoke. */
export interface RevisionMemory {
  recall(spec: ServerSpec): RememberedRevision | undefined;
  remember(spec: ServerSpec, entry: Omit<RememberedRevision, 'name' | 'at'>): void;
}

/**
 * A remembered 2025-era verdict is trusted this long, then the server is probed again: a server upgraded to
 * 2026-07-28 that still answers `initialize` would otherwise never be asked (the SDK's own caution about cached legacy
 * verdicts). At most one probe wait per server per week.
 */
export const LEGACY_VERDICT_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** Entries kept (the most recently seen); the file stays small however many configs a user tries. */
const MAX_ENTRIES = 2000;

const MAX_FILE_BYTES = 4 * 1024 * 1024;

/** What identifies a server for the memory: how it is reached, never its environment, headers or credentials. */
export function revisionKey(spec: Pick<ServerSpec, 'transport' | 'command' | 'args' | 'cwd' | 'url'>): string {
  const identity = spec.transport === 'stdio' ? ['stdio', spec.command ?? '', ...(spec.args ?? []), `cwd=${spec.cwd ?? ''}`] : [spec.transport, spec.url ?? ''];
  return createHash('sha256').update(JSON.stringify(identity)).digest('hex').slice(0, 32);
}

interface RevisionFile {
  version: 1;
  servers: Record<string, RememberedRevision>;
}

/** The file-backed memory (`<state dir>/protocol/revisions.json`). */
export class RevisionStore implements RevisionMemory {
  readonly file: string;
  private loaded: RevisionFile | undefined;

  constructor(
    stateDir: string,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.file = join(stateDir, 'protocol', 'revisions.json');
  }

  /** What `spec` spoke last time; a 2025 verdict past LEGACY_VERDICT_TTL_MS only with `expired` (to show it). */
  recall(spec: ServerSpec, options: { expired?: boolean } = {}): RememberedRevision | undefined {
    const entry = this.read().servers[revisionKey(spec)];
    if (!entry) return undefined;
    if (!options.expired && entry.era === 'legacy' && this.now().getTime() - Date.parse(entry.at) > LEGACY_VERDICT_TTL_MS) return undefined;
    return entry;
  }

  remember(spec: ServerSpec, entry: Omit<RememberedRevision, 'name' | 'at'>): void {
    const key = revisionKey(spec);
    const next: RememberedRevision = { name: spec.name, ...entry, at: this.now().toISOString() };
    if (next.revision === undefined) delete next.revision;
    // Unchanged (the usual run): nothing to write, unless a 2025 verdict's date needs refreshing before it expires.
    // The name is only a label: servers started the same way under several names share one entry.
    const known = this.read().servers[key];
    if (known && known.revision === next.revision && known.era === next.era && known.probe === next.probe) {
      if (next.era !== 'legacy' || this.now().getTime() - Date.parse(known.at) < LEGACY_VERDICT_TTL_MS / 2) return;
    }
    // Read again before writing: another mcpns may have recorded other servers meanwhile.
    this.loaded = undefined;
    const servers = { ...this.read().servers, [key]: next };
    const keys = Object.keys(servers);
    if (keys.length > MAX_ENTRIES) {
      keys.sort((a, b) => Date.parse(servers[a]!.at) - Date.parse(servers[b]!.at));
      for (const old of keys.slice(0, keys.length - MAX_ENTRIES)) delete servers[old];
    }
    this.loaded = { version: 1, servers };
    try {
      writeMemory(this.file, `${JSON.stringify(this.loaded, null, 2)}\n`);
    } catch {
      // A read-only state directory costs a probe next time, nothing more.
    }
  }

  private read(): RevisionFile {
    if (this.loaded) return this.loaded;
    let parsed: unknown;
    try {
      parsed = JSON.parse(readRegularFile(this.file, MAX_FILE_BYTES));
    } catch {
      parsed = undefined;
    }
    this.loaded = { version: 1, servers: validEntries(parsed) };
    return this.loaded;
  }
}

/** The well-formed entries of a parsed file (anything else is dropped: the file is a cache, not a record). */
function validEntries(parsed: unknown): Record<string, RememberedRevision> {
  const servers: Record<string, RememberedRevision> = {};
  const raw = (parsed as { version?: unknown; servers?: unknown } | undefined)?.servers;
  if ((parsed as { version?: unknown } | undefined)?.version !== 1 || raw === null || typeof raw !== 'object') return servers;
  for (const [key, value] of Object.entries(raw as Record<string, unknown>)) {
    if (!/^[0-9a-f]{32}$/.test(key) || value === null || typeof value !== 'object') continue;
    const { name, revision, era, probe, at } = value as Record<string, unknown>;
    if (typeof name !== 'string' || (revision !== undefined && (typeof revision !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(revision)))) continue;
    if (revision === undefined && (era !== 'legacy' || probe !== 'exited')) continue;
    if ((era !== 'modern' && era !== 'legacy') || typeof at !== 'string' || Number.isNaN(Date.parse(at))) continue;
    if (probe !== 'answered' && probe !== 'silent' && probe !== 'exited' && probe !== 'remembered' && probe !== 'refused') continue;
    const entry: RememberedRevision = { name, ...(revision !== undefined ? { revision } : {}), era, probe, at };
    Object.defineProperty(servers, key, { value: entry, enumerable: true, writable: true, configurable: true });
  }
  return servers;
}

/**
 * Private folder, then the atomic write. Not durable (no fsync): the file is a cache (a file lost to a crash costs a
 * probe), and a run with many new servers writes it once per server.
 */
function writeMemory(file: string, text: string): void {
  const directory = dirname(file);
  mkdirSync(directory, { recursive: true, mode: 0o700 });
  chmodSync(directory, 0o700);
  writeFileAtomic(file, text);
}
