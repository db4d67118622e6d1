import { Command, CommanderError } from '@commander-js/extra-typings';
import { EXIT } from '../exit-codes.js';
import { VERSION } from '../version.js';
import { terminalSafe } from '../util/terminal-safe.js';
import { reportError, type CommandHost } from './services/command.js';
import { registerCommands } from './commands/index.js';
import type { CliIo } from './services/io.js';
import { CliConsole } from './services/console.js';
import { versionDocument, wantsVersionDocument } from './services/version-info.js';

/** Before any command has parsed its options, --json is guessed from argv (for commander's own parse errors). */
function argvWantsJson(argv: readonly string[]): boolean {
  return argv.some((arg, index) => arg === '--json' || arg === '--format=json' || (arg === '--format' && argv[index + 1] === 'json'));
}

/**
 * Run the CLI. Never exits the process: returns the exit code (the entry point sets it).
 * commander parse errors are mapped to 2 (its default 1 would collide with "findings").
 */
export async function main(argv: string[], io: CliIo): Promise<number> {
  let exitCode: number = EXIT.OK;
  let jsonErrors = argvWantsJson(argv);
  const pending: Promise<void>[] = [];
  const host: CommandHost = {
    io,
    setExitCode: (code) => void (exitCode = code),
    setJsonErrors: (json) => void (jsonErrors = json),
    afterOutput: (work) => void pending.push(work),
  };
  try {
    return await run();
  } finally {
    // The output is written; now the servers are ended (nothing mcpns started outlives main).
    await Promise.all(pending);
  }

  async function run(): Promise<number> {
    if (wantsVersionDocument(argv)) {
      io.stdout.write(JSON.stringify(await versionDocument(process.versions.node), null, 2) + '\n');
      return EXIT.OK;
    }
    const program = new Command('mcpns')
      .description(
        'Discover the tools of many MCP servers, print them namespaced, check them for collisions and naming problems, and serve them all to a client through one gateway (mcpns serve).',
      )
      .version(VERSION, '-V, --version', 'print the mcpns version (with --json: Node, MCP SDK and protocol revisions too)')
      .helpOption('-h, --help', 'show help')
      .showSuggestionAfterError(true)
      .exitOverride()
      .configureOutput({
        writeOut: (text) => io.stdout.write(text),
        writeErr: (text) => io.stderr.write(text),
        outputError: (text, write) => {
          if (!jsonErrors) write(terminalSafe(text.startsWith('error:') ? `mcpns: ${text}` : text, { multiline: true }));
        },
      })
      .addHelpText(
        'after',
        `\nExit codes: 0 clean · 1 findings at --fail-on, a failed server, or a tool error · 2 usage/config/internal error · 130 interrupted\nThe gateway: mcpns serve --for <client> (stdio; --http [host:]port for Streamable HTTP), see mcpns serve --help\nDocs: README.md, docs/serve.md, docs/rules.md, docs/presets.md`,
      );
    await registerCommands(program, host, argv);

    const fallbackConsole = (): CliConsole => new CliConsole(io, { json: jsonErrors, quiet: false, verbose: false, color: false });
    try {
      await program.parseAsync(argv, { from: 'user' });
    } catch (error) {
      if (error instanceof CommanderError) {
        if (error.code === 'commander.helpDisplayed' || error.code === 'commander.version' || error.code === 'commander.help') return EXIT.OK;
        if (jsonErrors) fallbackConsole().error({ code: 'USAGE', message: error.message.replace(/^error: /, '') });
        return EXIT.ERROR;
      }
      return reportError(error, { io, console: fallbackConsole() });
    }
    if (io.signal.aborted) return EXIT.INTERRUPTED;
    return exitCode;
  }
}
