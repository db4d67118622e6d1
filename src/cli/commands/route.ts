import type { Command } from 'commander';
import { McpnsError } from '../../errors.js';
import type { Registrar } from '../main.js';
import { addOutputOptions } from '../shared.js';

/** Placeholder: `mcpns route` is not implemented yet. */
export function registerRoute(program: Command, registrar: Registrar): void {
  const command = program.command('route').description('(not implemented yet)').allowUnknownOption().argument('[args...]');
  addOutputOptions(command);
  command.action(
    registrar.action(async () => {
      throw new McpnsError('USAGE', '`mcpns route` is not implemented yet');
    }),
  );
}
