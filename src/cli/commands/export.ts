import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Command } from 'commander';
import { Option } from 'commander';
import { McpnsError } from '../../errors.js';
import { EXIT } from '../../exit-codes.js';
import { EXPORT_PROVIDERS, exportTools, type ExportProvider } from '../../export/providers.js';
import { namespacePrefixes } from '../../naming/prefixes.js';
import { terminalSafe } from '../../util/terminal-safe.js';
import type { Registrar } from '../main.js';
import { addCatalogOptions, addOutputOptions, addSourceOptions, type CommandContext } from '../shared.js';

interface ExportCliOptions {
  provider: ExportProvider;
  preset?: string;
  mapOut?: string;
}

export function registerExport(program: Command, registrar: Registrar): void {
  const command = program
    .command('export')
    .description('LLM-ready tool definitions for a provider, plus the routing map from each exported name back to (server, tool)')
    .addOption(new Option('--provider <provider>', 'request shape and name rule').choices(EXPORT_PROVIDERS).makeOptionMandatory())
    .option('--preset <preset>', "use this preset's names (default: server__tool)")
    .option('--map-out <file>', 'write the routing map { "<exported name>": { server, tool } } to this file');
  addSourceOptions(command);
  addCatalogOptions(command);
  addOutputOptions(command);
  command.addHelpText(
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
  command.action(registrar.action((context) => runExport(context)));
}

async function runExport(context: CommandContext): Promise<number> {
  const options = context.options as ExportCliOptions & typeof context.options;
  const config = context.options.catalog ? context.optionalConfig() : context.config();
  const { catalog } = await context.catalog();
  const result = exportTools(catalog, {
    provider: options.provider,
    ...(options.preset ? { preset: options.preset } : {}),
    prefixes: config ? namespacePrefixes(config) : {},
  });

  if (options.mapOut) {
    const file = resolve(context.io.cwd, options.mapOut);
    try {
      writeFileSync(file, JSON.stringify(result.map, null, 2) + '\n');
    } catch (error) {
      throw new McpnsError('IO', `cannot write --map-out ${options.mapOut}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`, {
        location: { file },
      });
    }
  }

  if (context.wantsJson) context.output.out(JSON.stringify(result, null, 2) + '\n');
  else context.output.out(JSON.stringify(result.tools, null, 2) + '\n');

  for (const problem of result.problems) {
    context.output.err(`mcpns: error: ${problem.code}: ${terminalSafe(problem.message)}\n`);
  }
  if (context.options.verbose) for (const note of result.notes) context.output.err(`mcpns: note: ${terminalSafe(note)}\n`);
  else if (result.notes.length) context.warn(`${result.notes.length} schema/limit notes (--verbose or --json shows them)`);

  const failed = catalog.servers.filter((server) => server.status === 'error');
  return result.problems.length || failed.length ? EXIT.FINDINGS : EXIT.OK;
}
