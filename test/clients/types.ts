/**
 * The real-client suite's data model (test/clients/README.md). A scenario is a set of fixture servers written into one
 * client's own config files (plus the trust and approval files it reads), run once by the real client and once by
 * `mcpns list --client <client> --preset <preset> --json` in the same folder with the same HOME.
 */

export type ClientId = 'claude-code' | 'codex' | 'gemini-cli' | 'opencode';

/**
 * What the client does with a server, in the suite's words (mcpns's `verdict` codes in lower case):
 * loaded — started and its tools offered to the model (a tool may still lose a name collision);
 * disabled — switched off in the client's config, not started;
 * refused — the client rejects the entry (its name or shape), not started;
 * not-trusted — the project or folder is not trusted, so the client does not load it (or does not run at all);
 * not-approved — started, but none of its tools is offered in this run mode.
 */
export type Verdict = 'loaded' | 'disabled' | 'refused' | 'not-trusted' | 'not-approved';

export interface FixtureServer {
  /** The config key: the server's name everywhere. */
  name: string;
  /** Tool names, each exactly as the server lists it. */
  tools?: string[];
  /** `<prefix>001` … `<prefix><count>` after `tools`. */
  generate?: { prefix: string; count: number };
  /** Tools listed with `annotations.readOnlyHint: true`. */
  readOnly?: string[];
  /** Answer tools/list this much later (the server becomes ready after the others). */
  delayMs?: number;
  /** Which of the client's files holds the entry (each driver says which scopes it knows; default: its first). */
  scope?: string;
  /** Extra fields merged into the client's entry as written (`trust`, `enabled`, `required`…). */
  entry?: Record<string, unknown>;
  /** What the client does with it, and what mcpns must say. */
  expect: Verdict;
}

export interface Scenario {
  id: string;
  description: string;
  servers: FixtureServer[];
  /** Client-specific files and settings (approval lists, trust files), read by that client's driver. */
  setup?: Record<string, unknown>;
  /** Extra arguments for the client (e.g. Gemini's `--approval-mode yolo`). */
  clientArgs?: string[];
  /** Extra arguments for `mcpns list` (the same run mode, in mcpns's terms). */
  mcpnsArgs?: string[];
  /** Model name the client is configured with (Codex: a catalog model defers MCP tools behind tool_search). */
  model?: string;
  /** The fake model answers a request offering `tool_search` with one search for every fixture tool. */
  searchAll?: true;
  /** Run the client and mcpns in this subfolder of the project (created), instead of the project folder itself. */
  cwd?: string;
}

/** The folders of one run: a temporary HOME and a project folder inside it (a git repository). */
export interface RunDirs {
  root: string;
  home: string;
  project: string;
  /** The fixture servers append `{ label, method, pid }` lines here. */
  serverLog: string;
}

export interface WriteContext {
  dirs: RunDirs;
  /** The fake LLM endpoint, e.g. http://127.0.0.1:4123 (empty when only mcpns reads the files). */
  llmUrl: string;
  /** argv of a fixture server: [node, named-tools.js, --log …, --label <name>, …tools]. */
  serverArgv(server: FixtureServer): string[];
}

export interface ClientDriver {
  id: ClientId;
  /** The naming preset that reproduces this client. */
  preset: string;
  label: string;
  /** Scopes this driver can write entries to, the default first. */
  scopes: string[];
  /** Files to write (absolute path → content) for a scenario. */
  files(scenario: Scenario, context: WriteContext): Record<string, string>;
  /** Environment of the client (on top of a minimal PATH/HOME/LANG). */
  env(scenario: Scenario, context: WriteContext): Record<string, string>;
  /** Arguments after the binary. */
  argv(scenario: Scenario): string[];
  /** Environment for mcpns in the same run (e.g. CODEX_HOME), on top of PATH/HOME. */
  mcpnsEnv(context: WriteContext): Record<string, string>;
}

/** One tool as the client sent it to its model. */
export interface SentName {
  name: string;
  /** Responses-API namespace holding the function (Codex). */
  namespace?: string;
  /** Delivered later through Codex's tool_search, not in the first request. */
  searched?: true;
}

/** What the real client did in a scenario, as recorded (test/fidelity/clients/<client>.json). */
export interface ObservedServer {
  name: string;
  /** What the client did with it (the scenario's expectation, which the run confirmed). */
  verdict: Verdict;
  /** The client sent initialize to it. */
  started: boolean;
  /** Every tool the server lists, with the name the client offered its model (`sent: null` when it did not). */
  tools: Array<{ tool: string; sent: SentName | null }>;
}

export interface ObservedScenario {
  id: string;
  description: string;
  exitCode: number | null;
  servers: ObservedServer[];
}

export interface Recording {
  client: ClientId;
  package: string;
  version: string;
  /** Day of the run (UTC). */
  date: string;
  command: string;
  scenarios: ObservedScenario[];
}
