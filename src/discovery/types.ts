import type { CatalogServer, CatalogTool } from '../catalog/types.js';
import type { ServerSpec } from '../config/model.js';

export interface DiscoveryProgress {
  server: string;
  phase: 'start' | 'done' | 'failed';
  done: number;
  total: number;
}

export interface DiscoveryOptions {
  /** One deadline per server covering spawn, initialize and every tools/list page (ms). */
  timeoutMs: number;
  /** How many servers are discovered at once. */
  concurrency: number;
  /** Guard against runaway pagination. */
  maxPages?: number;
  /** Bytes of each server's stderr kept (the rest is counted and dropped). */
  stderrLimitBytes?: number;
  /** Aborting stops every discovery and kills every child (SIGINT). */
  signal?: AbortSignal;
  onProgress?: (event: DiscoveryProgress) => void;
}

/** Tools of one server as discovered: everything the catalog needs except the qualified name. */
export type DiscoveredTool = Omit<CatalogTool, 'qualifiedName'>;

export interface ServerDiscovery {
  server: CatalogServer;
  tools: DiscoveredTool[];
  /** Tail of the server's stderr (bounded); shown with --verbose and when the server fails. */
  stderr: string;
}

/**
 * Where tools come from. Live servers, a saved catalog, or in-memory fixtures all implement this,
 * so every command and check runs the same way on each.
 */
export interface ToolSource {
  discover(servers: ServerSpec[], options: DiscoveryOptions): Promise<ServerDiscovery[]>;
}
