import type { Command, OptionValues } from '@commander-js/extra-typings';
import { OPTIONS } from './table.js';

/**
 * The output flags every command may carry, as the console reads them. Commands without some of these options
 * simply leave them undefined (a command's typed options always satisfy this shape).
 */
export interface OutputFlags {
  json?: true | undefined;
  format?: string | undefined;
  color?: boolean | undefined;
  verbose?: true | undefined;
  quiet?: true | undefined;
}

/** --json/--no-color/--verbose/--quiet. */
export function withOutputOptions<A extends unknown[], O extends OptionValues, G extends OptionValues>(command: Command<A, O, G>) {
  return command
    .option(OPTIONS.json.flags, OPTIONS.json.description)
    .option(OPTIONS.noColor.flags, OPTIONS.noColor.description)
    .option(OPTIONS.verbose.flags, OPTIONS.verbose.description)
    .option(OPTIONS.quiet.flags, OPTIONS.quiet.description);
}

/** --wide: commands that print tables fit them to the terminal unless told otherwise. */
export function withTableOptions<A extends unknown[], O extends OptionValues, G extends OptionValues>(command: Command<A, O, G>) {
  return command.option(OPTIONS.wide.flags, OPTIONS.wide.description);
}
