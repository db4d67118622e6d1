import { resolve } from 'node:path';
import { readConfig } from '../config/load-core.js';
import { displayPath, findOwnConfig } from '../config/locate.js';
import { DEFAULT_CONCURRENCY } from '../discovery/defaults.js';
import { prespawn } from '../discovery/prespawn.js';
import { spawnRequest } from '../discovery/spawn-request.js';
import { COMMANDS } from './commands/index.js';
import { messageLine, readingMessage } from './services/console.js';

/**
 * Spawn first. For the commands that discover every selected server (`discovers` in the command manifest,
 * commands/index.ts), the entry point calls this before it loads commander, zod, the MCP SDK, the naming engine or
 * the reporters: it reads mcpns.config.json through the config core (zod-free: the precompiled validator decides),
 * and starts the servers the first discovery slots will take, so they boot while the rest of mcpns loads. Each
 * process is started from `spawnRequest`, the function discovery spawns from, so discovery adopts it
 * (src/discovery/prespawn.ts); anything unusual (another config format, a config the validator rejects, a
 * namespace that hides servers, --catalog, an option not listed here…) simply skips this, and everything runs as
 * before.
 */
/** Options that do not change which servers are started or how. */
const FLAGS = new Set([
  '--json',
  '--no-color',
  '-v',
  '--verbose',
  '-q',
  '--quiet',
  '--wide',
  '--fail-fast',
  '--update',
  '--allow-partial',
  // serve (not --lazy: it starts nothing until the first request)
  '--dry-run',
  '--log-args',
  '--no-watch',
]);
const VALUES = new Set([
  '--timeout',
  '--format',
  '--fail-on',
  '-o',
  '--output',
  '--style',
  '--preset',
  '--provider',
  '--map-out',
  '--baseline',
  '--write-baseline',
  // serve
  '--http',
  '--token-file',
  '--allowed-host',
  '--allowed-origin',
  '--for',
  '--as',
  '--log-file',
  '--page-size',
]);
/** Options taking any number of values (up to the next option). */
const LISTS = new Set(['--server', '--ignore']);

interface EarlyPlan {
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

/** What spawnEarly did: how many servers it started, and the looked-up config it named on stderr (if it did). */
export interface EarlySpawn {
  started: number;
  announced?: string;
}

/** What the command line asks for, or undefined when it is anything this path does not handle exactly. */
function planFrom(argv: readonly string[]): EarlyPlan | undefined {
  if (!COMMANDS.find((command) => command.name === argv[0])?.discovers) return undefined;
  const plan: EarlyPlan = { concurrency: DEFAULT_CONCURRENCY, json: false, quiet: false };
  for (let index = 1; index < argv.length; index++) {
    const arg = argv[index]!;
    const equals = arg.startsWith('--') ? arg.indexOf('=') : -1;
    const name = equals > 0 ? arg.slice(0, equals) : arg;
    const inline = equals > 0 ? arg.slice(equals + 1) : undefined;
    if (FLAGS.has(name) && inline === undefined) {
      if (name === '--json') plan.json = true;
      if (name === '-q' || name === '--quiet') plan.quiet = true;
      continue;
    }
    if (LISTS.has(name)) {
      const values = inline !== undefined ? [inline] : [];
      while (inline === undefined && index + 1 < argv.length && !argv[index + 1]!.startsWith('-')) values.push(argv[++index]!);
      if (!values.length) return undefined;
      if (name === '--server') {
        plan.servers = [
          ...(plan.servers ?? []),
          ...values
            .flatMap((value) => value.split(','))
            .map((value) => value.trim())
            .filter(Boolean),
        ];
      }
      continue;
    }
    if (!VALUES.has(name) && name !== '-c' && name !== '--config' && name !== '--concurrency') return undefined;
    const value = inline ?? argv[++index];
    if (value === undefined) return undefined;
    if (name === '-c' || name === '--config') {
      if (plan.configFile !== undefined) return undefined; // several sources are merged: not this path
      plan.configFile = value;
    } else if (name === '--format') {
      plan.json = value === 'json';
    } else if (name === '--concurrency') {
      const count = Number(value);
      if (!Number.isInteger(count) || count <= 0) return undefined;
      plan.concurrency = count;
    }
  }
  return plan;
}

/**
 * Start the servers the command is about to discover (at most `--concurrency` of them, in discovery order). Says how
 * many were started (0 whenever anything is not exactly what this path handles) and which looked-up config it named
 * on stderr. Never throws.
 */
export function spawnEarly(argv: readonly string[], context: EarlyContext): EarlySpawn {
  const nothing: EarlySpawn = { started: 0 };
  try {
    const plan = planFrom(argv);
    if (!plan) return nothing;
    const lookedUp = plan.configFile === undefined;
    const file = lookedUp ? findOwnConfig(context.cwd, context.home) : resolve(context.cwd, plan.configFile!);
    if (!file) return nothing;
    // The reader itself, without zod: a config it cannot decide alone says so, and this path steps aside.
    const { config } = readConfig({ configFiles: [file], cwd: context.cwd, env: context.env, home: context.home });
    if (!config) return nothing;
    if (Object.values(config.namespaces).some((namespace) => namespace.enabled === false)) return nothing; // hides servers
    const known = new Set(config.servers.map((server) => server.name));
    if (plan.servers?.some((name) => !known.has(name))) return nothing; // an error the command itself reports
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
