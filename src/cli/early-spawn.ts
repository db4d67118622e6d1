import { DEFAULT_CONCURRENCY } from '../discovery/defaults.js';
import { COMMANDS } from './commands/index.js';
import { OPTIONS, optionGrammar, positiveIntegerValue } from './options/table.js';
import type { EarlyContext, EarlyPlan, EarlySpawn } from './services/spawn-first.js';

export type { EarlyContext, EarlySpawn } from './services/spawn-first.js';

/**
 * Spawn first. For the commands that discover every selected server (`discovers` in the command manifest,
 * commands/index.ts), the entry point calls this before it loads commander, zod, the MCP SDK, the naming engine or
 * the reporters: it reads mcpns.config.json through the config core (zod-free: the precompiled validator decides),
 * and starts the servers the first discovery slots will take, so they boot while the rest of mcpns loads. Each
 * process is started from `spawnRequest`, the function discovery spawns from, so discovery adopts it
 * (src/discovery/prespawn.ts). The command line is read with the options' own declarations (options/table.ts, the
 * table commander's options are built from), each saying what it does to this path; anything unusual (another
 * config format, a config the validator rejects, a namespace that hides servers, --catalog, an option it does not
 * know…) simply skips this, and everything runs as before. The command line is read here with the option table
 * alone; the config reader and the spawning half (services/spawn-first.ts) are loaded only when it may start servers,
 * so a command line that declines (`list --catalog`) pays for neither.
 */
const GRAMMAR = optionGrammar(Object.values(OPTIONS));

/** What the command line asks for, or undefined when it is anything this path does not handle exactly. */
export function planFrom(argv: readonly string[]): EarlyPlan | undefined {
  if (!COMMANDS.find((command) => command.name === argv[0])?.discovers) return undefined;
  const plan: EarlyPlan = { command: argv[0], concurrency: DEFAULT_CONCURRENCY, json: false, quiet: false };
  for (let index = 1; index < argv.length; index++) {
    const arg = argv[index]!;
    const equals = arg.startsWith('--') ? arg.indexOf('=') : -1;
    const name = equals > 0 ? arg.slice(0, equals) : arg;
    const inline = equals > 0 ? arg.slice(equals + 1) : undefined;
    const option = GRAMMAR.get(name);
    if (!option || option.spawn === 'decline') return undefined;
    if (option.takes === 'none') {
      if (inline !== undefined) return undefined;
      if (option.spawn === 'json') plan.json = true;
      if (option.spawn === 'quiet') plan.quiet = true;
      continue;
    }
    const values = inline !== undefined ? [inline] : [];
    if (inline === undefined && option.takes === 'value' && index + 1 < argv.length) values.push(argv[++index]!);
    while (inline === undefined && option.takes === 'list' && index + 1 < argv.length && !argv[index + 1]!.startsWith('-')) values.push(argv[++index]!);
    if (!values.length) return undefined;
    const value = values[0]!;
    if (option.spawn === 'config') {
      if (plan.configFile !== undefined) return undefined; // several sources are merged: not this path
      plan.configFile = value;
    } else if (option.spawn === 'servers') {
      plan.servers = [
        ...(plan.servers ?? []),
        ...values
          .flatMap((each) => each.split(','))
          .map((each) => each.trim())
          .filter(Boolean),
      ];
    } else if (option.spawn === 'format') {
      plan.json = value === 'json';
    } else if (option.spawn === 'concurrency') {
      const count = positiveIntegerValue(value);
      if (count === undefined) return undefined;
      plan.concurrency = count;
    }
  }
  return plan;
}

/**
 * Start the servers the command is about to discover (at most `--concurrency` of them, in discovery order). Says how
 * many were started (0 whenever anything is not exactly what this path handles) and which looked-up config it named
 * on stderr. Never rejects.
 */
export async function spawnEarly(argv: readonly string[], context: EarlyContext): Promise<EarlySpawn> {
  let plan: EarlyPlan | undefined;
  try {
    plan = planFrom(argv);
  } catch {
    plan = undefined;
  }
  if (!plan) return { started: 0 };
  const { startEarly } = await import('./services/spawn-first.js');
  return startEarly(plan, context);
}
