import { DEFAULT_TIMEOUT_MS, PACKAGE_RUNNER_TIMEOUT_MS } from '../../discovery/defaults.js';

/**
 * What an option does to spawn first (src/cli/early-spawn.ts), which reads the command line before commander is
 * loaded: `none` — it does not change which servers start or how; `config` — the config file; `servers` — only these
 * servers; `concurrency` — how many start at once; `json` / `format` / `quiet` — how the status line is written;
 * `decline` — anything spawn first does not model (another source, a profile, --catalog…): it steps aside.
 */
export type SpawnEffect = 'none' | 'config' | 'servers' | 'concurrency' | 'json' | 'format' | 'quiet' | 'decline';

/** One option as declared: its commander flags, its help text, and what it does to spawn first. */
export interface OptionSpec {
  flags: string;
  description: string;
  spawn: SpawnEffect;
  /** Declared by commands with positional arguments only (which never spawn first); spawn first ignores it. */
  positionalCommands?: true;
}

/** A positive integer, or undefined (the parser commander uses, parsers.ts, and spawn first share it). */
export function positiveIntegerValue(value: string): number | undefined {
  const number = Number(value);
  return Number.isInteger(number) && number > 0 ? number : undefined;
}

/**
 * The options of the commands that discover servers, declared once: the option groups (src/cli/options/) and the
 * commands build their commander options from these entries, and spawn first reads the command line with them, so
 * an option added here is understood by both (commander-free: spawn first runs before commander is loaded).
 */
export const OPTIONS = {
  // where servers come from (source-options.ts)
  config: { flags: '-c, --config <file>', description: "config file: mcpns.config.json or any client's file (repeatable)", spawn: 'config' },
  client: { flags: '--client <id>', description: "read that client's known config locations (repeatable)", spawn: 'decline' },
  scan: { flags: '--scan', description: "read every known client's config locations", spawn: 'decline' },
  input: { flags: '--input <id=value>', description: 'answer a VS Code ${input:id} variable (repeatable)', spawn: 'decline' },
  approvalMode: {
    flags: '--approval-mode <mode>',
    description: "Gemini CLI's approval mode of the `gemini -p` runs to judge (which servers' tools it offers)",
    spawn: 'none',
  },
  // which servers, how (discovery-options.ts)
  server: { flags: '--server <names...>', description: 'only these servers (comma- or space-separated, repeatable)', spawn: 'servers' },
  serverOne: {
    flags: '--server <names>',
    description: 'only these servers (comma-separated, repeatable)',
    spawn: 'servers',
    positionalCommands: true,
  },
  catalog: {
    flags: '--catalog <file>',
    description: 'work offline on a catalog document (list --json output or a snapshot); starts no server',
    spawn: 'decline',
  },
  profile: { flags: '--profile <name>', description: 'apply a profile from config (the servers and tools it exposes)', spawn: 'decline' },
  timeout: {
    flags: '--timeout <ms>',
    description: `discovery deadline per server: spawn, initialize and every tools/list page (default: ${DEFAULT_TIMEOUT_MS}; ${PACKAGE_RUNNER_TIMEOUT_MS} for a package runner such as npx or uvx)`,
    spawn: 'none',
  },
  concurrency: { flags: '--concurrency <n>', description: 'servers discovered at once', spawn: 'concurrency' },
  maxResponseSize: {
    flags: '--max-response-size <bytes>',
    description: 'cap on one response from a server (HTTP body, stdout line); past it the server fails with RESPONSE_TOO_LARGE',
    spawn: 'none',
  },
  includeDisabled: { flags: '--include-disabled', description: 'also discover servers that are disabled in config', spawn: 'decline' },
  // output (output-options.ts)
  json: { flags: '--json', description: 'machine-readable JSON on stdout; every stderr line is one JSON object', spawn: 'json' },
  noColor: { flags: '--no-color', description: 'never colour output (colour is used only on a TTY anyway; NO_COLOR is honoured)', spawn: 'none' },
  verbose: { flags: '-v, --verbose', description: "more detail on stderr, including each server's stderr", spawn: 'none' },
  quiet: { flags: '-q, --quiet', description: 'no progress, notes or warnings on stderr (errors still go there)', spawn: 'quiet' },
  wide: { flags: '--wide', description: 'do not fit tables to the terminal width (never truncate columns)', spawn: 'none' },
  // reports (report-options.ts, services/check-command.ts)
  format: { flags: '--format <format>', description: 'report format (default: text)', spawn: 'format' },
  failOn: { flags: '--fail-on <severity>', description: 'exit 1 when a finding is at or above this severity', spawn: 'none' },
  ignore: { flags: '--ignore <codes...>', description: 'leave out findings with these codes (comma- or space-separated)', spawn: 'none' },
  ignoreOne: {
    flags: '--ignore <codes>',
    description: 'leave out findings with these codes (comma-separated, repeatable)',
    spawn: 'none',
    positionalCommands: true,
  },
  output: { flags: '-o, --output <file>', description: 'write the report to a file instead of stdout (- for stdout)', spawn: 'none' },
  // report-options.ts names the formats in its help text (report/ is not loaded before the first spawn)
  report: {
    flags: '--report <format=file>',
    description: 'also write the report in another format to a file, from the same run (repeatable), e.g. sarif=mcpns.sarif',
    spawn: 'none',
  },
  baseline: { flags: '--baseline <file>', description: 'fail only on findings that are not in this baseline file', spawn: 'none' },
  writeBaseline: { flags: '--write-baseline <file>', description: "record today's findings in this file (then only new ones fail)", spawn: 'none' },
  failFast: {
    flags: '--fail-fast',
    description: 'exit 2 as soon as a server is unreachable instead of reporting SERVER_UNREACHABLE',
    spawn: 'none',
  },
  // naming (naming-options.ts)
  styles: {
    flags: '--style <styles>',
    description: 'naming styles to evaluate, comma-separated (slash, double-underscore, …); combined with --preset',
    spawn: 'none',
  },
  style: { flags: '--style <style>', description: 'naming style of qualified names (default: naming.style from config, else slash)', spawn: 'none' },
  presets: { flags: '--preset <presets>', description: 'naming targets, comma-separated presets/providers', spawn: 'none' },
  // list, export, snapshot
  all: {
    flags: '--all',
    description: "also show tools hidden by client filters, the profile or the client's trust and approval rules, marked with the reason",
    spawn: 'decline',
  },
  provider: { flags: '--provider <provider>', description: 'request shape and name rule', spawn: 'none' },
  exportPreset: { flags: '--preset <preset>', description: "use this preset's names (default: server__tool)", spawn: 'none' },
  mapOut: { flags: '--map-out <file>', description: 'write the routing map { "<exported name>": { server, tool } } to this file', spawn: 'none' },
  lockOutput: { flags: '-o, --output <file>', description: 'lock file to write ("-" for stdout)', spawn: 'none' },
  update: {
    flags: '--update',
    description: 'rewrite the file only when the surface changed; say "unchanged" or "updated" on stderr',
    spawn: 'none',
  },
  allowPartial: { flags: '--allow-partial', description: 'write the lock file even when a server failed (the exit code is still 1)', spawn: 'none' },
  // serve (serve.ts passes its own text where the help names a constant of the gateway)
  http: {
    flags: '--http <[host:]port>',
    description: 'Streamable HTTP on [HOST:]PORT, not stdio (/mcp; status page at /)',
    // The port is bound before any server starts (a busy one fails with nothing started): nothing to start ahead.
    spawn: 'decline',
  },
  tokenFile: { flags: '--token-file <file>', description: 'with --http: the bearer token to require, read from this file', spawn: 'none' },
  allowedHost: { flags: '--allowed-host <hosts>', description: 'with --http: Host names accepted besides loopback (comma-separated)', spawn: 'none' },
  allowedOrigin: {
    flags: '--allowed-origin <origins>',
    description: 'with --http: Origins accepted besides loopback (comma-separated)',
    spawn: 'none',
  },
  gatewayStyle: { flags: '--style <style>', description: 'how exposed names are built', spawn: 'none' },
  for: {
    flags: '--for <preset>',
    description: "the client's preset: names budgeted to fit it and stay unique",
    spawn: 'none',
  },
  as: { flags: '--as <key>', description: "the client's config key for the gateway", spawn: 'none' },
  dryRun: {
    flags: '--dry-run',
    description: 'print what would be exposed, run the checks, exit as check does',
    spawn: 'none',
  },
  // --lazy starts nothing until the first request: nothing to start ahead.
  lazy: { flags: '--lazy', description: 'start the upstream servers on the first request instead of at start', spawn: 'decline' },
  router: {
    flags: '--router',
    description: 'list a search tool, call_tool and describe_tool (and pins), not every tool',
    spawn: 'none',
  },
  logFile: {
    flags: '--log-file <file>',
    description: 'append a JSON line per request (time, tool, duration, outcome)',
    spawn: 'none',
  },
  noStatusPage: {
    flags: '--no-status-page',
    description: 'with --http: no status page at /',
    spawn: 'none',
  },
  markDescriptions: {
    flags: '--mark-descriptions',
    description: "also prefix shared tools' descriptions with a server mark",
    spawn: 'none',
  },
  logArgs: { flags: '--log-args', description: 'with --log-file: also log tool arguments (secrets redacted)', spawn: 'none' },
  noWatch: { flags: '--no-watch', description: 'do not reload when a config file changes (SIGHUP still reloads)', spawn: 'none' },
  pageSize: { flags: '--page-size <n>', description: 'items per page of the lists served to clients', spawn: 'none' },
  callTimeout: {
    flags: '--call-timeout <ms>',
    description: 'fail a call to an upstream silent this long (no answer, no progress) with -32001 (default 600000)',
    spawn: 'none',
  },
  serveStrict: {
    flags: '--strict',
    description: 'refuse to start on a name collision (default: keep apart, report)',
    spawn: 'none',
  },
  // serve --install / --uninstall edit a client's files and start no server.
  install: {
    flags: '--install <client>',
    description: "write the gateway's entry into this client's config (--dry-run: the diff)",
    spawn: 'decline',
  },
  uninstall: { flags: '--uninstall <client>', description: 'undo --install: every file it changed restored byte for byte', spawn: 'decline' },
  installScope: {
    flags: '--scope <scope>',
    description: "with --install: project or user file (default: as the client's mcp add)",
    spawn: 'decline',
  },
  installCommand: {
    flags: '--command <command>',
    description: 'with --install: how the entry runs mcpns (default: node <this bin>)',
    spawn: 'decline',
  },
  dryRunFailOn: { flags: '--fail-on <severity>', description: 'with --dry-run: exit 1 at or above this severity', spawn: 'none' },
} as const satisfies Record<string, OptionSpec>;

/** How spawn first reads one name of an option: whether it takes a value (`list`: up to the next option) and its effect. */
export interface OptionGrammar {
  takes: 'none' | 'value' | 'list';
  spawn: SpawnEffect;
}

/** Every name (`-c`, `--config`…) of the options in `specs`, read off their flags; the options of positional commands left out. */
export function optionGrammar(specs: readonly OptionSpec[]): Map<string, OptionGrammar> {
  const grammar = new Map<string, OptionGrammar>();
  for (const spec of specs) {
    if (spec.positionalCommands) continue;
    const match = /^(?:(-\w), )?(--[\w-]+)(?: <[^>]+?(\.\.\.)?>)?$/.exec(spec.flags);
    if (!match) throw new Error(`internal: option flags spawn first cannot read: ${spec.flags}`);
    const takes = spec.flags.includes('<') ? (match[3] ? 'list' : 'value') : 'none';
    for (const name of [match[1], match[2]]) {
      if (name === undefined) continue;
      const known = grammar.get(name);
      // The same name in two entries (--preset of export and of the checks) must read the same way.
      if (known && (known.takes !== takes || known.spawn !== spec.spawn)) throw new Error(`internal: ${name} is declared two ways`);
      grammar.set(name, { takes, spawn: spec.spawn });
    }
  }
  return grammar;
}
