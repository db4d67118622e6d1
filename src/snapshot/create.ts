import { isAbsolute, relative } from 'node:path';
import { compareTools } from '../catalog/build.js';
import { CATALOG_SCHEMA_VERSION, type Catalog, type CatalogServer, type CatalogTool } from '../catalog/types.js';
import { canonicalJson, canonicalPretty } from '../util/canonical-json.js';
import { toolHashes, type ToolHashes } from '../catalog/hash.js';

/** A tool as pinned in a lock file: the catalog tool plus the hashes of its parts. */
export type SnapshotTool = CatalogTool & { hashes: ToolHashes };

/**
 * The lock file (`mcpns snapshot`): the catalog document without volatile fields, plus per-tool hashes.
 * It has no `generatedAt`, no per-server `durationMs`, `verdict` or `order` and no per-tool `listIndex`: its bytes depend only on what the servers
 * offer, so an unchanged surface gives an unchanged file (git history says when it changed).
 */
export interface Snapshot {
  schemaVersion: typeof CATALOG_SCHEMA_VERSION;
  style: string;
  servers: CatalogServer[];
  tools: SnapshotTool[];
  [key: string]: unknown;
}

export interface SnapshotOptions {
  /** Config `source` paths are made relative to this directory (machine-independent lock files). */
  cwd?: string;
  /** Paths under the home directory (client configs such as ~/.claude.json) are written as `~/…`. */
  home?: string;
}

/**
 * Server fields that are not the servers' surface: `durationMs` changes from run to run, `verdict` follows the
 * machine's trust and approval state, `order` the config's order (as `listIndex` follows the server's listing; a lock
 * file written before it existed still matches).
 */
const VOLATILE_SERVER_FIELDS = ['durationMs', 'verdict', 'order'] as const;

/**
 * Build the lock-file document from a catalog: servers and tools sorted, qualified names in the
 * slash style, per-tool hashes, volatile fields dropped, config paths relative. Pure.
 */
export function createSnapshot(catalog: Catalog | Snapshot, options: SnapshotOptions = {}): Snapshot {
  const servers = [...catalog.servers].map((server) => snapshotServer(server, options)).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const tools = [...catalog.tools].sort(compareTools).map((tool): SnapshotTool => {
    // listIndex: the server's listing order is not part of the surface a lock file pins.
    const { hashes: _stale, listIndex: _listIndex, ...rest } = tool;
    return { ...rest, qualifiedName: `${tool.server}/${tool.name}`, hashes: toolHashes(tool) };
  });
  const { generatedAt: _generatedAt, servers: _servers, tools: _tools, ...extra } = catalog;
  return { ...extra, schemaVersion: CATALOG_SCHEMA_VERSION, style: 'slash', servers, tools };
}

/** The exact bytes written to the lock file (canonical pretty JSON). */
export function serializeSnapshot(snapshot: Snapshot): string {
  return canonicalPretty(snapshot);
}

/**
 * Whether two documents pin the same surface: compared after both went through createSnapshot,
 * so formatting, key order, stale hashes and volatile fields do not count as a change.
 */
export function sameSnapshotContent(a: Catalog | Snapshot, b: Catalog | Snapshot): boolean {
  return canonicalJson(createSnapshot(a)) === canonicalJson(createSnapshot(b));
}

function snapshotServer(server: CatalogServer, options: SnapshotOptions): CatalogServer {
  const copy: CatalogServer = { ...server, ...(server.source !== undefined ? { source: portablePath(server.source, options) } : {}) };
  for (const field of VOLATILE_SERVER_FIELDS) delete copy[field];
  return copy;
}

/** Relative to cwd when inside it, `~/…` when under home, forward slashes always. */
export function portablePath(file: string, options: SnapshotOptions): string {
  if (!isAbsolute(file)) return file.replaceAll('\\', '/');
  for (const [base, prefix] of [
    [options.cwd, ''],
    [options.home, '~/'],
  ] as const) {
    if (!base) continue;
    const rel = relative(base, file);
    if (rel && !rel.startsWith('..') && !isAbsolute(rel)) return `${prefix}${rel.replaceAll('\\', '/')}`;
  }
  return file.replaceAll('\\', '/');
}
