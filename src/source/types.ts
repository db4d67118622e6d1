import type { ServerDiscovery } from '../catalog/types.js';
import type { DiscoveryOptions } from '../discovery/types.js';

/**
 * Where tools come from: live servers (`live-source.ts`), a saved catalog document (`file-source.ts`) or in-memory
 * discoveries (`memory-source.ts`). Every command and check runs the same way on each: `acquireCatalog`
 * (`acquire.ts`) turns a source into the catalog. The port lives here, beside the code that consumes it.
 */
export interface ToolSource {
  /** Every server name the source knows, enabled or not (unknown `--server` names are an error listing these). */
  readonly serverNames: readonly string[];
  /** When the source has a fixed generation time (a saved catalog), the catalog keeps it. */
  readonly generatedAt?: string | undefined;
  /** The discoveries of the selected servers (all when undefined). Never throws for one server's failure. */
  discover(selected: readonly string[] | undefined, options: DiscoveryOptions): Promise<ServerDiscovery[]>;
}
