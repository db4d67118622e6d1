import type { Command } from 'commander';
import { McpnsError } from '../../errors.js';
import type { Registrar } from '../main.js';
import { addOutputOptions } from '../shared.js';

/** Placeholder: `mcpns snapshot` is not implemented yet. */
export function registerSnapshot(program: Command, registrar: Registrar): void {
  const command = program.command('snapshot').description('(not implemented yet)').allowUnknownOption().argument('[args...]');
  addOutputOptions(command);
  command.action(
    registrar.action(async () => {
      throw new McpnsError('USAGE', '`mcpns snapshot` is not implemented yet');
    }),
  );
}
