import type { Command } from 'commander';
import { McpnsError } from '../../errors.js';
import type { Registrar } from '../main.js';
import { addOutputOptions } from '../shared.js';

/** Placeholder: `mcpns diff` is not implemented yet. */
export function registerDiff(program: Command, registrar: Registrar): void {
  const command = program.command('diff').description('(not implemented yet)').allowUnknownOption().argument('[args...]');
  addOutputOptions(command);
  command.action(
    registrar.action(async () => {
      throw new McpnsError('USAGE', '`mcpns diff` is not implemented yet');
    }),
  );
}
