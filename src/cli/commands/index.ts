import type { Command } from '@commander-js/extra-typings';
import type { CommandHost, RegisterCommand } from '../services/command.js';

/** One command of mcpns: its name, how its module is loaded, and whether it discovers the selected servers. */
export interface CommandEntry {
  name: string;
  /** The command's `register<Name>` (its module is imported only when the command runs, or for help). */
  load: () => Promise<RegisterCommand>;
  /**
   * It starts every selected server (list, the checks, snapshot, export; a command that serves them until signalled
   * counts too): the entry point starts them before the CLI is loaded (spawn first, src/cli/early-spawn.ts).
   */
  discovers: boolean;
  /** It reads the other commands' declarations (completion): every command is registered when it runs. */
  introspects?: boolean;
}

/**
 * The command manifest, in help order: the one list of commands. A run imports only the module of the command it
 * invokes (help and unknown commands load them all), so `list` does not pay for ajv, the route engine or the reporters.
 */
export const COMMANDS: readonly CommandEntry[] = [
  { name: 'list', load: async () => (await import('./list.js')).registerList, discovers: true },
  { name: 'servers', load: async () => (await import('./servers.js')).registerServers, discovers: false },
  { name: 'check-conflicts', load: async () => (await import('./check-conflicts.js')).registerCheckConflicts, discovers: true },
  { name: 'lint', load: async () => (await import('./lint.js')).registerLint, discovers: true },
  { name: 'check', load: async () => (await import('./check.js')).registerCheck, discovers: true },
  { name: 'call', load: async () => (await import('./call.js')).registerCall, discovers: false },
  { name: 'export', load: async () => (await import('./export.js')).registerExport, discovers: true },
  { name: 'snapshot', load: async () => (await import('./snapshot.js')).registerSnapshot, discovers: true },
  { name: 'diff', load: async () => (await import('./diff.js')).registerDiff, discovers: false },
  { name: 'route', load: async () => (await import('./route.js')).registerRoute, discovers: false },
  { name: 'search', load: async () => (await import('./search.js')).registerSearch, discovers: false },
  { name: 'plan', load: async () => (await import('./plan.js')).registerPlan, discovers: false },
  { name: 'init', load: async () => (await import('./init.js')).registerInit, discovers: false },
  { name: 'auth', load: async () => (await import('./auth.js')).registerAuth, discovers: false },
  // Runs until signalled; its first discovery adopts what spawn first started (test/integration/early-spawn.test.ts).
  { name: 'serve', load: async () => (await import('./serve.js')).registerServe, discovers: true },
  { name: 'completion', load: async () => (await import('./completion.js')).registerCompletion, discovers: false, introspects: true },
];

/** The manifest entry of the invoked command (the first argument not starting with "-"), if it is one. */
export function invokedCommand(argv: readonly string[]): CommandEntry | undefined {
  const invoked = argv.find((arg) => !arg.startsWith('-'));
  return COMMANDS.find((command) => command.name === invoked);
}

/** Register the invoked command, or all of them when it is not one or reads the others (completion). */
export async function registerCommands(program: Command, host: CommandHost, argv: readonly string[]): Promise<void> {
  const invoked = invokedCommand(argv);
  const registers = await Promise.all((invoked && !invoked.introspects ? [invoked] : COMMANDS).map((command) => command.load()));
  for (const register of registers) register(program, host);
}
