import type { Command, OptionValues } from '@commander-js/extra-typings';

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
    .option('--json', 'machine-readable JSON on stdout; every stderr line is one JSON object')
    .option('--no-color', 'never colour output (colour is used only on a TTY anyway; NO_COLOR is honoured)')
    .option('-v, --verbose', "more detail on stderr, including each server's stderr")
    .option('-q, --quiet', 'no progress, notes or warnings on stderr (errors still go there)');
}

/** --wide: commands that print tables fit them to the terminal unless told otherwise. */
export function withTableOptions<A extends unknown[], O extends OptionValues, G extends OptionValues>(command: Command<A, O, G>) {
  return command.option('--wide', 'do not fit tables to the terminal width (never truncate columns)');
}
