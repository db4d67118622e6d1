import { Option, type Command, type OptionValues } from '@commander-js/extra-typings';
import { DEFAULT_CONCURRENCY, DEFAULT_MAX_RESPONSE_BYTES } from '../../discovery/defaults.js';
import { byteSize, collectCommaList, positiveInteger } from './parsers.js';
import { OPTIONS } from './table.js';

/**
 * The environment variable that sets --timeout when the flag is absent: a slow or loaded CI machine raises every
 * deadline at once without editing each command line.
 */
const TIMEOUT_ENV = 'MCPNS_TIMEOUT';

/** How the tools are obtained: a saved catalog or live servers, which of them, under which profile and limits. */
export type DiscoverySettings = {
  /** --catalog: read this catalog document instead of starting servers. */
  catalog?: string | undefined;
  /** --server: only these servers (undefined = all). */
  server?: string[] | undefined;
  profile?: string | undefined;
  /** --timeout (or MCPNS_TIMEOUT) when given: absent, each server gets the default for its kind (10 s, 120 s through a package runner). */
  timeout?: number | undefined;
  concurrency: number;
  includeDisabled?: true | undefined;
  /** --max-response-size: cap on one response from a server, in bytes. */
  maxResponseSize: number;
};

/**
 * --catalog/--server/--profile/--timeout/--concurrency/--include-disabled.
 *
 * `--server` is comma-separated and repeatable everywhere. Commands without positional arguments also accept the
 * older space-separated form (`--server a b`); commands with positional arguments (call, route, plan, diff) do not,
 * because a variadic option would swallow them.
 */
export function withDiscoveryOptions<A extends unknown[], O extends OptionValues, G extends OptionValues>(
  command: Command<A, O, G>,
  shape: { hasPositionals: boolean } = { hasPositionals: false },
) {
  return withServerOption(command, shape)
    .option(OPTIONS.catalog.flags, OPTIONS.catalog.description)
    .option(OPTIONS.profile.flags, OPTIONS.profile.description)
    .addOption(new Option(OPTIONS.timeout.flags, OPTIONS.timeout.description).argParser(positiveInteger).env(TIMEOUT_ENV))
    .addOption(new Option(OPTIONS.concurrency.flags, OPTIONS.concurrency.description).argParser(positiveInteger).default(DEFAULT_CONCURRENCY))
    .addOption(new Option(OPTIONS.maxResponseSize.flags, OPTIONS.maxResponseSize.description).argParser(byteSize).default(DEFAULT_MAX_RESPONSE_BYTES, '64MiB'))
    .option(OPTIONS.includeDisabled.flags, OPTIONS.includeDisabled.description);
}

/** `--server`, on its own (servers, which starts nothing): comma-separated and repeatable, as everywhere. */
export function withServerOption<A extends unknown[], O extends OptionValues, G extends OptionValues>(
  command: Command<A, O, G>,
  shape: { hasPositionals: boolean } = { hasPositionals: false },
) {
  return command.addOption(
    shape.hasPositionals
      ? new Option(OPTIONS.serverOne.flags, OPTIONS.serverOne.description).argParser(collectCommaList)
      : new Option(OPTIONS.server.flags, OPTIONS.server.description).argParser(collectCommaList),
  );
}
