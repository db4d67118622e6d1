import { Option, type Command, type OptionValues } from '@commander-js/extra-typings';
import { GEMINI_APPROVAL_MODES } from '../../config/approval-mode.js';
import { UsageError } from '../../errors.js';
import { collect } from './parsers.js';
import { OPTIONS } from './table.js';

/** Where servers come from, as every command that reads configuration takes it. */
export interface SourceOptions {
  config?: string[] | undefined;
  client?: string[] | undefined;
  scan?: true | undefined;
  input?: string[] | undefined;
  approvalMode?: (typeof GEMINI_APPROVAL_MODES)[number] | undefined;
}

/**
 * --config/--client/--scan/--input: where servers come from; --approval-mode: the run mode of the client whose files
 * they are, where it decides what the client offers (Gemini CLI's; docs/clients.md § Trust and approval).
 */
export function withSourceOptions<A extends unknown[], O extends OptionValues, G extends OptionValues>(command: Command<A, O, G>) {
  return command
    .option(OPTIONS.config.flags, OPTIONS.config.description, collect)
    .option(OPTIONS.client.flags, OPTIONS.client.description, collect)
    .option(OPTIONS.scan.flags, OPTIONS.scan.description)
    .option(OPTIONS.input.flags, OPTIONS.input.description, collect)
    .addOption(new Option(OPTIONS.approvalMode.flags, OPTIONS.approvalMode.description).choices(GEMINI_APPROVAL_MODES).default('default' as const));
}

/** Parse --input id=value pairs. */
export function parseInputs(pairs: readonly string[] | undefined): Record<string, string> {
  const inputs: Record<string, string> = Object.create(null) as Record<string, string>;
  for (const pair of pairs ?? []) {
    const at = pair.indexOf('=');
    if (at <= 0) throw new UsageError(`--input expects id=value, got "${pair}"`);
    inputs[pair.slice(0, at)] = pair.slice(at + 1);
  }
  return inputs;
}
