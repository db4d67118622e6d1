import type { ServerSpec } from '../config/model.js';
import { spawnEnvironment } from '../config/spawn-env.js';
import { detectPackageRunner } from './package-runner.js';

/** What a server process is started from (the complete environment, as spawned). */
export interface SpawnRequest {
  command: string;
  args: string[];
  env: Record<string, string>;
  cwd?: string | undefined;
  /** Started through a package runner (npx, uvx…): ended with the long grace while it may be installing. */
  packageRunner?: boolean;
}

/**
 * The one way a stdio server's spec, the host's environment and its client's policy (`spec.envPolicy`) become a
 * process: discovery's transport spawns exactly this, and spawn first (src/cli/early-spawn.ts) starts exactly this
 * ahead of it, so the two meet at the adoption key (prespawn.ts) by construction.
 */
export function spawnRequest(spec: ServerSpec, hostEnv: Readonly<Record<string, string | undefined>>): SpawnRequest {
  const command = spec.command ?? '';
  const args = spec.args ?? [];
  return { command, args, env: spawnEnvironment(spec, hostEnv), cwd: spec.cwd || undefined, packageRunner: detectPackageRunner(command, args) !== undefined };
}
