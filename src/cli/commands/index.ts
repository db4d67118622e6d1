import type { Command } from '@commander-js/extra-typings';
import type { CommandHost, RegisterCommand } from '../services/command.js';

/**
 * Every command, in help order, loaded on demand: a run imports only the module of the command it invokes
 * (help and unknown commands load them all), so `list` does not pay for ajv, the route engine or the reporters.
 */
const COMMANDS: Record<string, () => Promise<RegisterCommand>> = {
  list: async () => (await import('./list.js')).registerList,
  servers: async () => (await import('./servers.js')).registerServers,
  'check-conflicts': async () => (await import('./check-conflicts.js')).registerCheckConflicts,
  lint: async () => (await import('./lint.js')).registerLint,
  check: async () => (await import('./check.js')).registerCheck,
  call: async () => (await import('./call.js')).registerCall,
  export: async () => (await import('./export.js')).registerExport,
  snapshot: async () => (await import('./snapshot.js')).registerSnapshot,
  diff: async () => (await import('./diff.js')).registerDiff,
  route: async () => (await import('./route.js')).registerRoute,
  plan: async () => (await import('./plan.js')).registerPlan,
  init: async () => (await import('./init.js')).registerInit,
  auth: async () => (await import('./auth.js')).registerAuth,
  serve: async () => (await import('./serve.js')).registerServe,
};

export const COMMAND_NAMES = Object.keys(COMMANDS);

/** Register the invoked command (the first argument not starting with "-"), or all of them when it is not one. */
export async function registerCommands(program: Command, host: CommandHost, argv: readonly string[]): Promise<void> {
  const invoked = argv.find((arg) => !arg.startsWith('-'));
  const names = invoked !== undefined && Object.hasOwn(COMMANDS, invoked) ? [invoked] : COMMAND_NAMES;
  const registers = await Promise.all(names.map((name) => COMMANDS[name]!()));
  for (const register of registers) register(program, host);
}
