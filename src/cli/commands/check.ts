import type { Command } from 'commander';
import { McpnsError } from '../../errors.js';
import type { Registrar } from '../main.js';
import { addOutputOptions } from '../shared.js';

/** Placeholder: `mcpns check` is not implemented yet. */
export function registerCheck(program: Command, registrar: Registrar): void {
  const command = program.command('check').description('(not implemented yet)').allowUnknownOption().argument('[args...]');
  addOutputOptions(command);
  command.action(
    registrar.action(async () => {
      throw new McpnsError('USAGE', '`mcpns check` is not implemented yet');
    }),
  );
}
