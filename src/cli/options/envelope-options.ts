import { randomUUID } from 'node:crypto';
import { Option, type Command, type OptionValues } from '@commander-js/extra-typings';
import type { EnvelopeFormat } from '../../call/index.js';
import { resolveSettings, type ResolveFlags } from '../../call/resolve-settings.js';
import type { LoadedConfig } from '../../config/loaded.js';
import { UsageError } from '../../errors.js';
import type { EnvelopeOptions } from '../../route/index.js';
import { loadParticipant } from './participant.js';
import { withStyleOption } from './naming-options.js';

export const ENVELOPE_FORMATS = ['mew', 'jsonrpc', 'mcpx'] as const satisfies readonly EnvelopeFormat[];

/** What the envelope options parse to (call, route and plan validate share them). */
export type EnvelopeOptionValues = {
  envelope: EnvelopeFormat;
  from?: string | undefined;
  capabilities?: string | undefined;
  id?: string | undefined;
  ts?: string | undefined;
  style?: string | undefined;
};

/** Everything envelopeSettings reads: the envelope options and what decides resolution (the profile for priorities…). */
export type EnvelopeFlags = EnvelopeOptionValues & ResolveFlags;

/** --envelope/--from/--capabilities/--id/--ts/--style, spelled the same in call, route and plan validate. */
export function withEnvelopeOptions<A extends unknown[], O extends OptionValues, G extends OptionValues>(command: Command<A, O, G>) {
  return withStyleOption(
    command
      .addOption(new Option('--envelope <format>', 'envelope to print').choices(ENVELOPE_FORMATS).default('mew' as const))
      .option('--from <id>', 'participant id (default: config participant.id, else "mcpns")')
      .option('--capabilities <file>', 'participant capabilities (JSON/YAML: an array, or {id?, capabilities})')
      .option('--id <id>', 'envelope id (default: a random UUID; several calls get <id>-1, <id>-2…)')
      .addOption(
        new Option('--ts <timestamp>', 'envelope timestamp (default: now)').argParser((value: string) => {
          if (Number.isNaN(Date.parse(value))) throw new UsageError(`--ts "${value}" is not an RFC 3339 timestamp`);
          return value;
        }),
      ),
  );
}

/** Resolution, participant and ids: everything the envelope builders need, from flags ?? config ?? defaults. */
export function envelopeSettings(options: EnvelopeFlags, config: LoadedConfig | undefined, context: { cwd: string; now: Date }): EnvelopeOptions {
  return {
    resolve: resolveSettings(options, config),
    envelope: options.envelope,
    participant: loadParticipant(context.cwd, config, options),
    id: options.id ?? randomUUID(),
    ts: options.ts ?? context.now.toISOString(),
  };
}
