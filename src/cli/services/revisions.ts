import { RevisionStore } from '../../discovery/revision-memory.js';
import { stateDirectory } from '../../util/state-dir.js';
import type { Runtime } from './command.js';

/** What each server spoke last time: `<state dir>/protocol/revisions.json` (docs/protocol.md). */
export function revisionStore(runtime: Runtime): RevisionStore {
  return new RevisionStore(stateDirectory({ env: runtime.io.env, home: runtime.io.home }), () => runtime.io.now());
}
