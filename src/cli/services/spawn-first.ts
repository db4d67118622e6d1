import { resolve } from 'node:path';
import { readConfig } from '../../config/load-core.js';
import { displayPath, findOwnConfig } from '../../config/locate.js';
import { prespawn } from '../../discovery/prespawn.js';
import { spawnRequest } from '../../discovery/spawn-request.js';
import { isGatewayEntry } from '../../gateway/own-entry.js';
import { messageLine, readingMessage } from './console.js';

/**
 * The spawning half of spawn first (src/cli/early-spawn.ts reads the command line into an EarlyPlan and loads this only
 * when the plan may start servers): reads the config through the config core (zod-free: the precompiled validator
 * decides) and starts the first servers from `spawnRequest`, the function discovery spawns from, so discovery adopts
 * each (src/discovery/prespawn.ts).
 */

/** What the command line asks of spawn first. */
export interface EarlyPlan {
  /** The command (`list`, `serve`…). */
  command?: string;
  configFile?: string;
  servers?: string[];
  concurrency: number;
  /** --json / --format json: stderr lines are JSON objects. */
  json: boolean;
  /** -q / --quiet: no status lines. */
  quiet: boolean;
}

export interface EarlyContext {
  cwd: string;
  home: string;
  env: Record<string, string | undefined>;
  stderr: { write(text: string): void };
}

/** What spawn first did: how many servers it started, and the looked-up config it named on stderr (if it did). */
export interface EarlySpawn {
  started: number;
  announced?: string;
}

/**
 * Start the servers `plan` selects (at most its concurrency, in discovery order). Says how many were started (0
 * whenever anything is not exactly what this path handles) and which looked-up config it named on stderr. Never throws.
 */
export function startEarly(plan: EarlyPlan, context: EarlyContext): EarlySpawn {
  const nothing: EarlySpawn = { started: 0 };
  try {
    const lookedUp = plan.configFile === undefined;
    const file = lookedUp ? findOwnConfig(context.cwd, context.home) : resolve(context.cwd, plan.configFile!);
    if (!file) return nothing;
    // The reader itself, without zod: a config it cannot decide alone says so, and this path steps aside.
    const { config } = readConfig({ configFiles: [file], cwd: context.cwd, env: context.env, home: context.home });
    if (!config) return nothing;
    if (Object.values(config.namespaces).some((namespace) => namespace.enabled === false)) return nothing; // hides servers
    const known = new Set(config.servers.map((server) => server.name));
    if (plan.servers?.some((name) => !known.has(name))) return nothing; // an error the command itself reports
    // `serve` skips its own entry (with a note): a config holding one is left to it.
    if (plan.command === 'serve' && config.servers.some((server) => isGatewayEntry(server))) return nothing;
    const wanted = plan.servers ? new Set(plan.servers) : undefined;
    // Discovery's order: the selected, enabled servers in config order; the first `concurrency` start at once.
    const first = config.servers
      .filter((server) => server.enabled && (!wanted || wanted.has(server.name)))
      .slice(0, plan.concurrency)
      .filter((server) => server.transport === 'stdio' && server.command !== undefined); // HTTP servers take a slot but start nothing
    if (!first.length) return nothing;
    // A config found by lookup is named before anything starts from it (as the command itself would name it).
    if (lookedUp && !plan.quiet) {
      const shown = displayPath(file, context.cwd);
      context.stderr.write(messageLine('status', readingMessage(shown, 'mcpns'), { file: shown, client: 'mcpns' }, plan.json));
    }
    for (const server of first) prespawn(spawnRequest(server, context.env));
    return { started: first.length, ...(lookedUp ? { announced: file } : {}) };
  } catch {
    return nothing;
  }
}
