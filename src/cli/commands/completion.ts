import { Argument, Option, type Command } from '@commander-js/extra-typings';
import { UsageError } from '../../errors.js';
import { EXIT } from '../../exit-codes.js';
import { loadConfig } from '../../config/load.js';
import { defineAction, type CommandHost } from '../services/command.js';
import { completeWords, completionScript, SHELLS, type ConfigNames, type ConfigSelection, type Shell } from '../services/completion.js';
import type { CliIo } from '../services/io.js';

export function registerCompletion(program: Command, host: CommandHost): void {
  const command = program
    .command('completion')
    .description('print the shell completion script for bash, zsh or fish')
    .addArgument(shellArgument())
    .argument('[words...]')
    // What the scripts call: the words after "mcpns", the last one being typed (prints one candidate per line).
    .addOption(new Option('--complete', 'complete the words that follow "--"').hideHelp())
    .addHelpText(
      'after',
      `
Examples:
  source <(mcpns completion bash)                                          # in ~/.bashrc
  mcpns completion zsh > "\${fpath[1]}/_mcpns"                              # then restart zsh (compinit)
  mcpns completion fish > ~/.config/fish/completions/mcpns.fish

Completes commands, options, their choices, naming styles and presets, client ids, finding codes, file names, and
the server and profile names of the config the command line would read (no server is started).`,
    );

  defineAction(command, host, async (runtime, options, shell, words) => {
    if (options.complete) {
      // Both positionals take words here: "--" makes every word after it an operand.
      const all = [...(shell !== undefined ? [shell] : []), ...words];
      const root = command.parent as Command;
      const answers = completeWords(root, all, configNames(runtime.io));
      runtime.console.out(answers.length ? answers.join('\n') + '\n' : '');
      return EXIT.OK;
    }
    if (shell === undefined || !(SHELLS as readonly string[]).includes(shell) || words.length) {
      throw new UsageError(`name one shell: mcpns completion ${SHELLS.join('|')}${shell === undefined ? '' : ` (got "${[shell, ...words].join(' ')}")`}`);
    }
    runtime.console.out(completionScript(shell as Shell));
    return EXIT.OK;
  });
}

/** [shell], its choices known to help and to completion, but not enforced by commander: under --complete it is a word. */
function shellArgument(): Argument {
  const argument = new Argument('[shell]', 'the shell');
  argument.argChoices = [...SHELLS];
  return argument;
}

/** Server and profile names of the config the completed command would read; none when it cannot be read. */
function configNames(io: CliIo): ConfigNames {
  const load = (selection: ConfigSelection) => {
    try {
      return loadConfig({ cwd: io.cwd, env: io.env, home: io.home, configFiles: selection.configFiles, clients: selection.clients, scan: selection.scan });
    } catch {
      return undefined;
    }
  };
  return {
    servers: (selection) => (load(selection)?.servers ?? []).map((server) => server.name).sort(),
    profiles: (selection) => Object.keys(load(selection)?.profiles ?? {}).sort(),
  };
}
