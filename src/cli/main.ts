import { Command, CommanderError } from 'commander';
import { EXIT } from '../exit-codes.js';
import { isMcpnsError } from '../errors.js';
import { VERSION } from '../version.js';
import { terminalSafe } from '../util/terminal-safe.js';
import type { CliIo } from './io.js';
import { CommandContext, type CommonOptions } from './shared.js';
import { registerCommands } from './commands/index.js';

/** What a command's action receives: the context, its positional arguments, and returns an exit code. */
export type CommandHandler = (context: CommandContext, ...positionals: unknown[]) => Promise<number>;

export interface Registrar {
  /** Wrap a handler as a commander action; errors become exit 2 with a clear message. */
  action(handler: CommandHandler): (...args: unknown[]) => Promise<void>;
}

/**
 * Run the CLI. Never exits the process: returns the exit code (the entry point sets it).
 * commander parse errors are mapped to 2 (its default 1 would collide with "findings").
 */
export async function main(argv: string[], io: CliIo): Promise<number> {
  let exitCode: number = EXIT.OK;
  let jsonErrors = argv.includes('--json') || argv.some((arg, index) => (arg === '--format' && argv[index + 1] === 'json') || arg === '--format=json');

  const program = new Command('mcpns')
    .description('Discover the tools of many MCP servers, print them namespaced, and check them for collisions and naming problems.')
    .version(VERSION, '-V, --version', 'print the mcpns version')
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
      `\nExit codes: 0 clean · 1 findings at --fail-on, a failed server, or a tool error · 2 usage/config/internal error · 130 interrupted\nDocs: README.md, docs/rules.md, docs/presets.md`,
    );

  const registrar: Registrar = {
    action:
      (handler) =>
      async (...args: unknown[]) => {
        const command = args[args.length - 1] as Command;
        const options = command.optsWithGlobals() as CommonOptions;
        jsonErrors = options.json === true || options.format === 'json';
        const context = new CommandContext(io, options);
        try {
          exitCode = await handler(context, ...args.slice(0, -2));
        } catch (error) {
          exitCode = reportError(error, context, jsonErrors);
        }
      },
  };
  await registerCommands(program, registrar, argv);

  try {
    await program.parseAsync(argv, { from: 'user' });
  } catch (error) {
    if (error instanceof CommanderError) {
      if (error.code === 'commander.helpDisplayed' || error.code === 'commander.version' || error.code === 'commander.help') return EXIT.OK;
      if (jsonErrors) io.stderr.write(JSON.stringify({ error: { code: 'USAGE', message: error.message.replace(/^error: /, '') } }) + '\n');
      return EXIT.ERROR;
    }
    const context = new CommandContext(io, {});
    return reportError(error, context, jsonErrors);
  }
  if (io.signal.aborted) return EXIT.INTERRUPTED;
  return exitCode;
}

function reportError(error: unknown, context: CommandContext, asJson: boolean): number {
  if (context.io.signal.aborted) return EXIT.INTERRUPTED;
  if (isMcpnsError(error)) {
    if (asJson) {
      const payload: Record<string, unknown> = { code: error.code, message: error.message };
      if (error.location.file) payload['file'] = error.location.file;
      if (error.location.line) payload['line'] = error.location.line;
      if (error.location.column) payload['column'] = error.location.column;
      if (error.location.path) payload['path'] = error.location.path;
      if (error.hint) payload['hint'] = error.hint;
      if (error.details) Object.assign(payload, error.details);
      context.output.err(JSON.stringify({ error: payload }) + '\n');
    } else {
      // Messages quote names from servers, plans and argv: make them terminal-safe (JSON above keeps them exact).
      context.output.err(
        `mcpns: error: ${terminalSafe(error.message, { multiline: true })}\n${error.hint ? `  hint: ${terminalSafe(error.hint, { multiline: true })}\n` : ''}`,
      );
    }
    return EXIT.ERROR;
  }
  const message = error instanceof Error ? error.message : String(error);
  if (asJson) context.output.err(JSON.stringify({ error: { code: 'INTERNAL', message } }) + '\n');
  else
    context.output.err(
      `mcpns: internal error: ${terminalSafe(message, { multiline: true })}\n${context.io.env['MCPNS_DEBUG'] && error instanceof Error ? `${error.stack}\n` : ''}`,
    );
  return EXIT.ERROR;
}
