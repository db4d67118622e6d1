import { Option, type Command, type OptionValues } from '@commander-js/extra-typings';
import { DEFAULT_CONCURRENCY, DEFAULT_MAX_RESPONSE_BYTES, DEFAULT_TIMEOUT_MS, PACKAGE_RUNNER_TIMEOUT_MS } from '../../discovery/defaults.js';
import { byteSize, collectCommaList, positiveInteger } from './parsers.js';

/** How the tools are obtained: a saved catalog or live servers, which of them, under which profile and limits. */
export type DiscoverySettings = {
  /** --catalog: read this catalog document instead of starting servers. */
  catalog?: string | undefined;
  /** --server: only these servers (undefined = all). */
  server?: string[] | undefined;
  profile?: string | undefined;
  /** --timeout when given: absent, each server gets the default for its kind (10 s, 120 s through a package runner). */
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
    .option('--catalog <file>', 'work offline on a catalog document (list --json output or a snapshot); starts no server')
    .option('--profile <name>', 'apply a profile from config (the servers and tools it exposes)')
    .addOption(
      new Option(
        '--timeout <ms>',
        `discovery deadline per server: spawn, initialize and every tools/list page (default: ${DEFAULT_TIMEOUT_MS}; ${PACKAGE_RUNNER_TIMEOUT_MS} for a package runner such as npx or uvx)`,
      ).argParser(positiveInteger),
    )
    .addOption(new Option('--concurrency <n>', 'servers discovered at once').argParser(positiveInteger).default(DEFAULT_CONCURRENCY))
    .addOption(
      new Option('--max-response-size <bytes>', 'cap on one response from a server (HTTP body, stdout line); past it the server fails with RESPONSE_TOO_LARGE')
        .argParser(byteSize)
        .default(DEFAULT_MAX_RESPONSE_BYTES, '64MiB'),
    )
    .option('--include-disabled', 'also discover servers that are disabled in config');
}

/** `--server`, on its own (servers, which starts nothing): comma-separated and repeatable, as everywhere. */
export function withServerOption<A extends unknown[], O extends OptionValues, G extends OptionValues>(
  command: Command<A, O, G>,
  shape: { hasPositionals: boolean } = { hasPositionals: false },
) {
  return command.addOption(
    shape.hasPositionals
      ? new Option('--server <names>', 'only these servers (comma-separated, repeatable)').argParser(collectCommaList)
      : new Option('--server <names...>', 'only these servers (comma- or space-separated, repeatable)').argParser(collectCommaList),
  );
}
