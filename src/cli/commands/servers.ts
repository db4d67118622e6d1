import type { Command } from 'commander';
import { summarizeServer } from '../../config/describe-server.js';
import { EXIT } from '../../exit-codes.js';
import { terminalSafe } from '../../util/terminal-safe.js';
import type { Registrar } from '../main.js';
import { makeChalk, renderTable } from '../render-table.js';
import { addOutputOptions, addSourceOptions, selectServers, type CommandContext } from '../shared.js';

export function registerServers(program: Command, registrar: Registrar): void {
  const command = program
    .command('servers')
    .description('show the configured servers without connecting to them (secrets redacted)')
    .option('--server <name...>', 'only these servers');
  addSourceOptions(command);
  addOutputOptions(command);
  command.addHelpText(
    'after',
    '\nExamples:\n  mcpns servers\n  mcpns servers --scan --json\n\nNever starts a server. Env and header values are never shown, only their names.',
  );
  command.action(registrar.action((context) => runServers(context)));
}

async function runServers(context: CommandContext): Promise<number> {
  const config = context.config();
  const servers = selectServers(config.servers, context.options.server);
  const summaries = servers.map(summarizeServer);
  if (context.wantsJson) {
    context.output.out(JSON.stringify({ schemaVersion: 1, files: config.files, servers: summaries, diagnostics: config.diagnostics }, null, 2) + '\n');
    return EXIT.OK;
  }
  const chalk = makeChalk(context.useColor);
  const rows = summaries.map((server) => [
    terminalSafe(server.name),
    server.transport + (server.sseFallback ? '+sse' : ''),
    terminalSafe(server.target),
    terminalSafe(`${server.source}${server.line ? `:${server.line}` : ''}`) + (server.client !== 'mcpns' ? chalk.dim(` (${server.client})`) : ''),
    server.enabled ? chalk.green('yes') : chalk.yellow(`no${server.disabledReason ? ` (${terminalSafe(server.disabledReason)})` : ''}`),
    [
      server.envKeys.length ? `env: ${server.envKeys.join(', ')}` : '',
      server.headerKeys.length ? `headers: ${server.headerKeys.join(', ')}` : '',
      server.toolFilter?.include ? `include: ${server.toolFilter.include.join(', ')}` : '',
      server.toolFilter?.exclude ? `exclude: ${server.toolFilter.exclude.join(', ')}` : '',
      server.shadowedBy ? `shadowed by ${server.shadowedBy}` : '',
    ]
      .filter(Boolean)
      .map((part) => terminalSafe(part))
      .join('; '),
  ]);
  let text = rows.length ? renderTable(['NAME', 'TRANSPORT', 'COMMAND / URL', 'SOURCE', 'ENABLED', 'NOTES'], rows, chalk) : 'no servers configured\n';
  text += config.files.length
    ? `\n${summaries.length} servers from ${config.files.length} file${config.files.length === 1 ? '' : 's'}: ${config.files.join(', ')}\n`
    : '\nno config files were found\n';
  context.output.out(text);
  return EXIT.OK;
}
