import type { Command } from 'commander';
import { McpnsError } from '../../errors.js';
import type { Registrar } from '../main.js';
import { addOutputOptions } from '../shared.js';

/** Placeholder: `mcpns check-conflicts` is not implemented yet. */
export function registerCheckConflicts(program: Command, registrar: Registrar): void {
  const command = program.command('check-conflicts').description('(not implemented yet)').allowUnknownOption().argument('[args...]');
  addOutputOptions(command);
  command.action(
    registrar.action(async () => {
      throw new McpnsError('USAGE', '`mcpns check-conflicts` is not implemented yet');
    }),
  );
}
