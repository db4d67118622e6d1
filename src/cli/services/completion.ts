/**
 * Shell completion from commander's own data: the commands, options, choices and arguments every command module
 * declares are what gets completed, so a new option completes in every shell with no edit here. Value lists that
 * are not commander choices come from mcpns's own tables (naming targets, client ids, finding codes) and, for
 * server and profile names, from the configuration as the command line would read it (never a server started).
 * The shell scripts (completionScript) only hand the words over and show the answer.
 */
import type { Argument, Command, Option } from '@commander-js/extra-typings';
import { ALL_CODES } from '../../checks/codes.js';
import { CLIENT_IDS } from '../../config/clients/registry.js';
import { listTargets } from '../../naming/index.js';

/** The answer that asks the shell to complete file names itself. */
export const COMPLETE_FILES = '__mcpns_files__';
export const SHELLS = ['bash', 'zsh', 'fish'] as const;
export type Shell = (typeof SHELLS)[number];

/** Names only the configuration knows, read on demand (none when it cannot be read). */
export interface ConfigNames {
  servers(given: ConfigSelection): string[];
  profiles(given: ConfigSelection): string[];
}

/** The source options already on the command line, so names come from the config that run would read. */
export interface ConfigSelection {
  configFiles: string[];
  clients: string[];
  scan: boolean;
}

type AnyCommand = Command<unknown[], Record<string, unknown>, Record<string, unknown>>;

/** Options whose value is a comma-separated list: each item completes on its own. */
const COMMA_LISTS = new Set(['--server', '--preset', '--style', '--ignore']);

/**
 * Candidates for the last word of `words` (the words after `mcpns`; the last one is being typed, possibly empty),
 * one per line as `value` or `value<TAB>description`, or COMPLETE_FILES alone.
 */
export function completeWords(root: AnyCommand, words: readonly string[], names: ConfigNames): string[] {
  const current = words.at(-1) ?? '';
  const before = words.slice(0, -1);
  const selection: ConfigSelection = { configFiles: [], clients: [], scan: false };
  let command = root;
  let expecting: Option | undefined;
  let operands = 0;
  let afterDoubleDash = false;
  for (const word of before) {
    if (expecting) {
      if (expecting.long === '--config') selection.configFiles.push(word);
      if (expecting.long === '--client') selection.clients.push(word);
      expecting = undefined;
      continue;
    }
    if (word === '--') {
      afterDoubleDash = true;
      continue;
    }
    if (!afterDoubleDash && word.startsWith('-') && word !== '-') {
      const [flag, value] = splitFlag(word);
      const option = findOption(command, flag);
      if (option?.long === '--scan') selection.scan = true;
      if (option && value !== undefined && option.long === '--config') selection.configFiles.push(value);
      if (option?.required && value === undefined) expecting = option;
      continue;
    }
    const sub = operands === 0 ? command.commands.find((candidate) => candidate.name() === word || candidate.aliases().includes(word)) : undefined;
    if (sub) command = sub as AnyCommand;
    else operands++;
  }

  const help = root.createHelp();
  if (expecting) return values(expecting, current, names, selection);
  if (!afterDoubleDash && current.startsWith('--') && current.includes('=')) {
    const [flag, value] = splitFlag(current);
    const option = findOption(command, flag);
    const answers = option ? values(option, value ?? '', names, selection) : [];
    return answers[0] === COMPLETE_FILES ? answers : answers.map((answer) => `${flag}=${answer}`);
  }
  if (!afterDoubleDash && current.startsWith('-')) {
    const options = help.visibleOptions(command);
    // A lone "-" offers the long spellings only (each short one is the same option again).
    const flags = options.flatMap((option) =>
      (current === '-' ? [option.long] : [option.long, option.short]).filter((flag): flag is string => !!flag).map((flag) => ({ flag, option })),
    );
    return flags.filter(({ flag }) => flag.startsWith(current)).map(({ flag, option }) => `${flag}\t${oneLine(option.description)}`);
  }
  if (operands === 0 && command.commands.length) {
    return help
      .visibleCommands(command)
      .filter((sub) => sub.name().startsWith(current))
      .map((sub) => `${sub.name()}\t${oneLine(sub.description())}`);
  }
  const argument: Argument | undefined = command.registeredArguments[Math.min(operands, command.registeredArguments.length - 1)];
  if (argument?.argChoices) return argument.argChoices.filter((choice) => choice.startsWith(current));
  // An argument that names a file (by its name or its help text): the shell completes file names.
  return argument && /\b(file|catalog|snapshot|path|dir)/i.test(`${argument.name()} ${argument.description}`) ? [COMPLETE_FILES] : [];
}

function values(option: Option, current: string, names: ConfigNames, selection: ConfigSelection): string[] {
  const comma = COMMA_LISTS.has(option.long ?? '') ? current.lastIndexOf(',') + 1 : 0;
  const done = current.slice(0, comma);
  const typed = current.slice(comma);
  const known = knownValues(option, names, selection);
  if (known === COMPLETE_FILES) return [COMPLETE_FILES];
  const already = new Set(done.split(',').filter(Boolean));
  return [...new Set(known)].filter((value) => value.startsWith(typed) && !already.has(value)).map((value) => done + value);
}

function knownValues(option: Option, names: ConfigNames, selection: ConfigSelection): string[] | typeof COMPLETE_FILES {
  if (option.argChoices) return option.argChoices;
  switch (option.long) {
    case '--server':
      return names.servers(selection);
    case '--profile':
      return names.profiles(selection);
    case '--preset':
    case '--for': // serve: the client the gateway's names are budgeted for
      return listTargets()
        .filter((target) => target.kind !== 'style')
        .map((target) => target.id);
    case '--style':
      return listTargets()
        .filter((target) => target.kind === 'style')
        .map((target) => target.id);
    case '--client':
      return [...CLIENT_IDS];
    case '--as': // serve: the gateway's key in the client's config; its default
      return ['mcpns'];
    case '--ignore':
      return [...ALL_CODES];
  }
  return /<[^>]*(file|dir|path)[^>]*>/i.test(option.flags) ? COMPLETE_FILES : [];
}

function splitFlag(word: string): [string, string | undefined] {
  const equals = word.indexOf('=');
  return equals < 0 ? [word, undefined] : [word.slice(0, equals), word.slice(equals + 1)];
}

/** An option of the command or of a command above it (commander accepts the program's options anywhere). */
function findOption(command: AnyCommand, flag: string): Option | undefined {
  for (let at: AnyCommand | null = command; at; at = at.parent as AnyCommand | null) {
    const option = at.options.find((candidate) => candidate.long === flag || candidate.short === flag);
    if (option) return option;
  }
  return undefined;
}

const oneLine = (text: string): string => text.replace(/\s+/g, ' ').trim();

/** The script a shell loads: it hands the words to `mcpns completion --complete --` and shows the answer. */
export function completionScript(shell: Shell): string {
  return SCRIPTS[shell];
}

const SCRIPTS: Record<Shell, string> = {
  bash: `# mcpns completion for bash. Load it with: source <(mcpns completion bash)
# or install it: mcpns completion bash > ~/.local/share/bash-completion/completions/mcpns
_mcpns() {
  local line="\${COMP_LINE:0:COMP_POINT}" cur="\${COMP_WORDS[COMP_CWORD]}"
  local -a words candidates
  IFS=$' \\t' read -ra words <<< "$line"
  [[ "$line" =~ [[:space:]]$ ]] && words+=("")
  local full="\${words[\${#words[@]}-1]}"
  local IFS=$'\\n'
  candidates=($(command mcpns completion --complete -- "\${words[@]:1}" 2>/dev/null))
  if [[ "\${candidates[0]}" == "${COMPLETE_FILES}" ]]; then
    COMPREPLY=($(compgen -f -- "$cur"))
    compopt -o filenames 2>/dev/null
    return 0
  fi
  local prefix="\${full%"$cur"}" candidate
  COMPREPLY=()
  for candidate in "\${candidates[@]}"; do
    candidate="\${candidate%%$'\\t'*}"
    COMPREPLY+=("\${candidate#"$prefix"}")
  done
}
complete -F _mcpns mcpns
`,
  zsh: `#compdef mcpns
# mcpns completion for zsh. Load it with: source <(mcpns completion zsh) (after compinit)
# or install it: mcpns completion zsh > "\${fpath[1]}/_mcpns"
_mcpns() {
  local -a lines described plain
  local line
  lines=("\${(@f)$(command mcpns completion --complete -- "\${(@)words[2,CURRENT]}" 2>/dev/null)}")
  if [[ "\${lines[1]}" == "${COMPLETE_FILES}" ]]; then
    _files
    return
  fi
  for line in "\${lines[@]}"; do
    [[ -z "$line" ]] && continue
    if [[ "$line" == *$'\\t'* ]]; then
      described+=("\${\${line%%$'\\t'*}//:/\\\\:}:\${line#*$'\\t'}")
    else
      plain+=("$line")
    fi
  done
  (( \${#described} )) && _describe -t mcpns mcpns described
  (( \${#plain} )) && compadd -Q -- "\${plain[@]}"
  return 0
}
if [[ "\${funcstack[1]}" == "_mcpns" ]]; then
  _mcpns "$@"
else
  compdef _mcpns mcpns
fi
`,
  fish: `# mcpns completion for fish. Install it: mcpns completion fish > ~/.config/fish/completions/mcpns.fish
function __mcpns_complete
    set -l words (commandline -opc) (commandline -ct)
    set -l lines (command mcpns completion --complete -- $words[2..-1] 2>/dev/null)
    if test "$lines[1]" = ${COMPLETE_FILES}
        __fish_complete_path (commandline -ct)
        return
    end
    printf '%s\\n' $lines
end
complete -c mcpns -f -a '(__mcpns_complete)'
`,
};
