/**
 * How a command is wired: each command module declares its options once (commander with extra-typings infers the
 * options object from those declarations) and hands its handler to `defineAction`, which builds the console from the
 * output flags, runs the handler and turns what it throws into an exit code and one error message.
 */
import type { Command, OptionValues } from '@commander-js/extra-typings';
import { EXIT } from '../../exit-codes.js';
import { isMcpnsError } from '../../errors.js';
import type { CliIo } from './io.js';
import type { OutputFlags } from '../options/output-options.js';
import { CliConsole, decideColor } from './console.js';
import { routeSdkWarnings } from './sdk-warnings.js';

/** What a handler works with: the outside world (io) and the console every output goes through. */
export interface Runtime {
  io: CliIo;
  console: CliConsole;
  /**
   * Results first, cleanup after: work (ending the servers) that must finish before mcpns exits but need not delay
   * the command's output. main awaits it after the handler returns.
   */
  afterOutput?: (work: Promise<void>) => void;
}

/** What main hands to every command module. */
export interface CommandHost {
  io: CliIo;
  /** Called by defineAction with the exit code the handler produced. */
  setExitCode(code: number): void;
  /** Called as soon as a command's options are known, so a later parse error is reported in the right form. */
  setJsonErrors(json: boolean): void;
  /** Work to finish after the command's output (see Runtime.afterOutput). */
  afterOutput(work: Promise<void>): void;
}

/** Every command module exports one of these; main loads only the invoked command's module. */
export type RegisterCommand = (program: Command, host: CommandHost) => void;

/** Console settings from a command's output flags. */
export function consoleFor(io: CliIo, options: OutputFlags): CliConsole {
  const json = options.json === true || options.format === 'json';
  return new CliConsole(io, {
    json,
    quiet: options.quiet === true,
    verbose: options.verbose === true,
    color: decideColor(io, options.color === false),
  });
}

/**
 * Attach `run` as the command's action. It receives the typed options and positional arguments and returns the
 * exit code; an McpnsError becomes its exit code (2 by default) with its message and hint (one JSON line under --json), anything else
 * an internal error (exit 2), and an interrupted run exit 130. (An McpnsError may carry exit code 1 instead: a call
 * that timed out, a declined confirmation.)
 */
export function defineAction<A extends unknown[], O extends OptionValues & OutputFlags, G extends OptionValues>(
  command: Command<A, O, G>,
  host: CommandHost,
  run: (runtime: Runtime, options: O, ...args: A) => Promise<number>,
): void {
  const reporting: ErrorReporting = { codeInText: codesInText.has(command) };
  command.action(async () => {
    const options = command.opts();
    const console = consoleFor(host.io, options);
    host.setJsonErrors(console.json);
    // The SDK's own console warnings go through this console (scrubbed, terminal-safe) while the command runs.
    const unroute = routeSdkWarnings(console);
    try {
      const code = await run({ io: host.io, console, afterOutput: (work) => host.afterOutput(work) }, options, ...command.processedArgs);
      host.setExitCode(host.io.signal.aborted ? reportError(undefined, { io: host.io, console }) : code);
    } catch (error) {
      host.setExitCode(reportError(error, { io: host.io, console }, reporting));
    } finally {
      unroute();
    }
  });
}

const codesInText = new WeakSet<object>();

/** The command's errors name their code in human output too (see ErrorReporting.codeInText). */
export function namingErrorCodes<C extends object>(command: C): C {
  codesInText.add(command);
  return command;
}

export interface ErrorReporting {
  /**
   * Name the error's code in human output too (`mcpns: error: CALL_TIMEOUT: …`), as discovery failures do: a script
   * reading a call's stderr tells a timeout from a refusal without --json. Usage errors keep their plain form.
   */
  codeInText?: boolean;
}

/** Print an error once, in the console's form, and return its exit code (130 when the run was interrupted). */
export function reportError(error: unknown, runtime: Runtime, reporting: ErrorReporting = {}): number {
  if (runtime.io.signal.aborted) {
    // One line, whatever was under way: no per-server failures, no advice about partial results.
    runtime.console.error({ code: 'INTERRUPTED', message: 'interrupted' }, 'mcpns: interrupted\n');
    return EXIT.INTERRUPTED;
  }
  if (isMcpnsError(error)) {
    const { file, line, column, path } = error.location;
    const showCode = reporting.codeInText === true && error.code !== 'USAGE' && !error.message.includes(`${error.code}: `);
    runtime.console.error(
      {
        code: error.code,
        message: error.message,
        ...(file ? { file } : {}),
        ...(line ? { line } : {}),
        ...(column ? { column } : {}),
        ...(path ? { path } : {}),
        ...(error.hint ? { hint: error.hint } : {}),
        ...error.details,
      },
      undefined,
      { showCode },
    );
    return error.exitCode;
  }
  const message = error instanceof Error ? error.message : String(error);
  const stack = runtime.io.env['MCPNS_DEBUG'] && error instanceof Error ? `${error.stack}\n` : '';
  runtime.console.error({ code: 'INTERNAL', message }, `mcpns: internal error: ${message}\n${stack}`);
  return EXIT.ERROR;
}
