import { Option, type Command } from '@commander-js/extra-typings';
import { UsageError } from '../../errors.js';
import { EXIT } from '../../exit-codes.js';
import { EXPORT_PROVIDERS, exportTools } from '../../export/providers.js';
import { getTarget } from '../../naming/index.js';
import { namespacePrefixes } from '../../naming/prefixes.js';
import { defineAction, type CommandHost } from '../services/command.js';
import { withDiscoveryOptions } from '../options/discovery-options.js';
import { withOutputOptions } from '../options/output-options.js';
import { withSourceOptions } from '../options/source-options.js';
import { obtainCatalog } from '../services/catalog.js';
import { loadConfigurationFor } from '../services/configuration.js';
import { outputFile, writeOutputFile } from '../services/write-output.js';

export function registerExport(program: Command, host: CommandHost): void {
  const base = program
    .command('export')
    .description('LLM-ready tool definitions for a provider, plus the routing map from each exported name back to (server, tool)')
    .addOption(new Option('--provider <provider>', 'request shape and name rule').choices(EXPORT_PROVIDERS).makeOptionMandatory())
    .addOption(
      new Option('--preset <preset>', "use this preset's names (default: server__tool)").argParser((value: string) => {
        getTarget(value);
        return value;
      }),
    )
    .option('--map-out <file>', 'write the routing map { "<exported name>": { server, tool } } to this file')
    .addHelpText(
      'after',
      `
Examples:
  mcpns export --provider openai > tools.json
  mcpns export --provider anthropic --map-out routes.json
  mcpns export --provider gemini --catalog catalog.json --json
  mcpns export --provider mcp --preset claude-code --profile single

Without --json stdout is the provider's tools array, ready for the request; --json wraps it with the map,
problems and notes. A name that breaks the provider's rule or is shared by two tools is reported on stderr,
those tools are left out (never renamed), and the exit code is 1 (also when a server failed).`,
    );
  const command = withOutputOptions(withDiscoveryOptions(withSourceOptions(base)));

  defineAction(command, host, async (runtime, options) => {
    const config = await loadConfigurationFor(runtime, options);
    if (options.mapOut === '-')
      throw new UsageError('--map-out needs a file name: stdout already carries the tools', { hint: '--json prints the tools and the map together' });
    const mapOut = options.mapOut === undefined ? undefined : outputFile(runtime.io.cwd, options.mapOut, '--map-out');
    const { catalog } = await obtainCatalog(runtime, { settings: options, config });
    const result = exportTools(catalog, {
      provider: options.provider,
      ...(options.preset ? { preset: options.preset } : {}),
      prefixes: config ? namespacePrefixes(config) : {},
      ...(config ? { serverOrder: config.servers.map((server) => server.name) } : {}),
    });

    if (mapOut) writeOutputFile(mapOut, JSON.stringify(result.map, null, 2) + '\n');
    runtime.console.out(JSON.stringify(runtime.console.json ? result : result.tools, null, 2) + '\n');

    for (const problem of result.problems) runtime.console.error({ code: problem.code, message: `${problem.code}: ${problem.message}` });
    if (runtime.console.settings.verbose) for (const note of result.notes) runtime.console.note(note);
    else if (result.notes.length) runtime.console.warn(`${result.notes.length} schema/limit notes (--verbose or --json shows them)`);

    const failed = catalog.servers.filter((server) => server.status === 'error');
    return result.problems.length || failed.length ? EXIT.FINDINGS : EXIT.OK;
  });
}
