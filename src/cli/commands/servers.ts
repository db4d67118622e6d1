import type { Command } from '@commander-js/extra-typings';
import { summarizeServer } from '../../config/describe-server.js';
import { displayPath } from '../../config/load-core.js';
import { selectServers } from '../../config/select-servers.js';
import { EXIT } from '../../exit-codes.js';
import { terminalSafe } from '../../util/terminal-safe.js';
import { defineAction, type CommandHost } from '../services/command.js';
import { withServerOption } from '../options/discovery-options.js';
import { withOutputOptions, withTableOptions } from '../options/output-options.js';
import { withSourceOptions } from '../options/source-options.js';
import { makeChalk, renderTable, type Cell } from '../services/render-table.js';
import { loadConfiguration, MASKED_NOTE } from '../services/configuration.js';
import { revisionStore } from '../services/revisions.js';

export function registerServers(program: Command, host: CommandHost): void {
  const base = program
    .command('servers')
    .description('show the configured servers without connecting to them (secrets redacted)')
    .addHelpText(
      'after',
      '\nExamples:\n  mcpns servers\n  mcpns servers --scan --json\n  mcpns servers --client gemini-cli --approval-mode yolo\n\nNever starts a server. Env and header values are never shown, only their names.\nVERDICT is what the server\'s own client does with it in a non-interactive run (claude -p, codex exec, gemini -p,\nopencode run): LOADED, DISABLED, REFUSED (CONFIG_REJECTED), SHADOWED, DUPLICATE, NOT_TRUSTED (the project or folder\nis not trusted) or NOT_APPROVED (started, but its tools are not offered in that approval mode).\n"MCP <revision>" is the protocol revision the server spoke the last time mcpns connected to it (and when).',
    );
  const command = withTableOptions(withOutputOptions(withSourceOptions(withServerOption(base))));

  defineAction(command, host, async (runtime, options) => {
    const config = await loadConfiguration(runtime, options);
    // What each server spoke the last time mcpns connected to it (the revision memory; nothing is started here).
    const revisions = revisionStore(runtime);
    const summaries = selectServers(config.servers, options.server).map((server) => {
      const remembered = server.transport === 'unlaunchable' ? undefined : revisions.recall(server, { expired: true });
      const revision = remembered?.revision;
      return { ...summarizeServer(server), ...(remembered && revision ? { protocol: { revision, era: remembered.era, seen: remembered.at } } : {}) };
    });
    // (Under --verbose the configuration service already said so.)
    if (summaries.some((server) => server.maskedSecrets) && !runtime.console.settings.verbose) runtime.console.note(MASKED_NOTE);
    if (runtime.console.json) {
      runtime.console.out(JSON.stringify({ schemaVersion: 1, files: config.files, servers: summaries, diagnostics: config.diagnostics }, null, 2) + '\n');
      return EXIT.OK;
    }
    const chalk = makeChalk(runtime.console.color);
    // An approval note shared by several servers (every server of a .mcp.json not confirmed yet) is said once, under
    // the table; each of their rows keeps its label ("not confirmed yet").
    const shared = sharedNotes(summaries.map((server) => ({ name: server.name, note: server.approval })));
    const rows = summaries.map((server): Cell[] => [
      terminalSafe(server.name),
      server.transport + (server.sseFallback ? '+sse' : ''),
      terminalSafe(server.target),
      {
        text: terminalSafe(`${server.source}${server.line ? `:${server.line}` : ''}`) + (server.client !== 'mcpns' ? ` (${server.client})` : ''),
      },
      server.verdict.code === 'LOADED'
        ? { text: 'LOADED', paint: chalk.green }
        : { text: `${server.verdict.code}${server.verdict.reason ? ` (${terminalSafe(server.verdict.reason)})` : ''}`, paint: chalk.yellow },
      [
        server.cwd ? `cwd: ${server.cwd === runtime.io.cwd ? '.' : displayPath(server.cwd, runtime.io.cwd)}` : '',
        server.environment ? `inherits: ${server.environment.label}` : '',
        server.envKeys.length ? `env: ${server.envKeys.join(', ')}` : '',
        server.headerKeys.length ? `headers: ${server.headerKeys.join(', ')}` : '',
        server.toolFilter?.include ? `include: ${server.toolFilter.include.join(', ')}` : '',
        server.toolFilter?.exclude ? `exclude: ${server.toolFilter.exclude.join(', ')}` : '',
        server.toolFilter?.settingsExclude ? `tools.exclude: ${server.toolFilter.settingsExclude.map((entry) => entry.name).join(', ')}` : '',
        server.shadowedBy ? `shadowed by ${server.shadowedBy}` : '',
        server.approval && shared.has(server.approval) ? noteLabel(server.approval) : (server.approval ?? ''),
        server.protocol ? `MCP ${server.protocol.revision} (${server.protocol.seen.slice(0, 10)})` : '',
        server.verdict.fix ? `to load it: ${server.verdict.fix}` : '',
        server.oauth
          ? `oauth: ${[server.oauth.grantType === 'client_credentials' ? 'client credentials' : '', server.oauth.clientId ? `client ${server.oauth.clientId}` : '', server.oauth.scopes?.length ? `scopes ${server.oauth.scopes.join(' ')}` : '', server.oauth.callbackPort ? `port ${server.oauth.callbackPort}` : ''].filter(Boolean).join(', ') || 'settings'}`
          : '',
      ]
        .filter(Boolean)
        .map((part) => terminalSafe(part))
        .join('; '),
    ]);
    const columns = [
      'NAME',
      'TRANSPORT',
      { header: 'COMMAND / URL', shrinkRank: 2 },
      'SOURCE',
      { header: 'VERDICT', shrinkRank: 3 },
      { header: 'NOTES', shrinkRank: 1 },
    ];
    const width = options.wide ? undefined : runtime.console.stdoutColumns;
    let text = rows.length ? renderTable(columns, rows, { chalk, width }) : 'no servers configured\n';
    for (const [note, names] of shared) text += `\n${terminalSafe(note)} (${names.map((name) => terminalSafe(name)).join(', ')})\n`;
    text += config.files.length
      ? `\n${summaries.length} servers from ${config.files.length} file${config.files.length === 1 ? '' : 's'}: ${config.files.join(', ')}\n`
      : '\nno config files were found\n';
    runtime.console.out(text);
    return EXIT.OK;
  });
}

/** Notes (with an explanation after ": ") that two or more servers share, each with those servers' names. */
function sharedNotes(rows: readonly { name: string; note: string | undefined }[]): Map<string, string[]> {
  const byNote = new Map<string, string[]>();
  for (const { name, note } of rows) if (note?.includes(': ')) byNote.set(note, [...(byNote.get(note) ?? []), name]);
  return new Map([...byNote].filter(([, names]) => names.length >= 2));
}

/** What a row says of a shared note: the part before its explanation. */
const noteLabel = (note: string): string => note.slice(0, note.indexOf(': '));
