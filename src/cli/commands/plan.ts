import type { Command } from 'commander';
import { McpnsError } from '../../errors.js';
import type { Registrar } from '../main.js';
import { addOutputOptions } from '../shared.js';

/** Placeholder: `mcpns plan` is not implemented yet. */
export function registerPlan(program: Command, registrar: Registrar): void {
  const command = program.command('plan').description('(not implemented yet)').allowUnknownOption().argument('[args...]');
  addOutputOptions(command);
  command.action(
    registrar.action(async () => {
      throw new McpnsError('USAGE', '`mcpns plan` is not implemented yet');
    }),
  );
}
