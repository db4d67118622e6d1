/**
 * The normalized model of a configured server. Every config reader (mcpns's own file and every
 * client's file) maps its entries into ServerSpec; discovery and `mcpns servers` only read this.
 */
export type ClientId =
  | 'mcpns'
  | 'claude-desktop'
  | 'claude-code'
  | 'vscode'
  | 'cursor'
  | 'windsurf'
  | 'codex'
  | 'gemini-cli'
  | 'opencode'
  | 'zed'
  | 'cline'
  | 'continue'
  | 'goose'
  | 'generic';

export type TransportKind = 'stdio' | 'http' | 'sse';

export interface Diagnostic {
  level: 'error' | 'warning' | 'info';
  /** Stable SCREAMING_SNAKE code, e.g. URL_WITHOUT_TYPE, UNRESOLVED_VARIABLE, STRICT_JSON_COMMENT. */
  code: string;
  message: string;
  file?: string;
  /** JSON Pointer to the entry or field, e.g. "/mcpServers/github/env". */
  pointer?: string;
  line?: number;
  column?: number;
  /** The client itself would refuse this: its whole file, or this one entry (reported as CONFIG_REJECTED). */
  rejects?: 'file' | 'entry';
  /** Client whose rule this is, for "Claude Code would refuse…" wording. */
  client?: ClientId;
}

export interface ServerSource {
  client: ClientId;
  /** Path of the file as given or found (relative to cwd when inside it). */
  file: string;
  scope?: string;
  /** JSON Pointer of the entry inside the file. */
  pointer: string;
  /** 1-based line and column of the entry's key, when known. */
  line?: number;
  column?: number;
}

export interface ToolFilter {
  /** Only these tools are visible (empty/undefined = all). */
  include?: string[];
  /** These tools are hidden; exclude wins over include. */
  exclude?: string[];
  /** How entries match tool names: exact names, globs, or Gemini's "name(" prefix form. */
  match: 'exact' | 'glob' | 'gemini';
  /** Which config field the filter came from, for "hidden because …" messages. */
  field?: string;
  /** Field of the include list (e.g. "includeTools"), when it differs from the exclude list's. */
  includeField?: string;
  /** Field of the exclude list (e.g. "excludeTools"). */
  excludeField?: string;
  /** Patterns match `${prefix}${tool}` (opencode globs run over `<server>_<tool>`). */
  prefix?: string;
  /**
   * Gemini CLI's `tools.exclude` (user and project settings, merged): names matched against the tool's registered
   * name (`mcp_<server>_<tool>`, sanitized) and that name without `mcp_<server>_` — so a bare name hides that tool
   * of every server.
   */
  settingsExclude?: Array<{ name: string; file: string }>;
}

/** mcpns config `envInherit`: the whole environment (default), the MCP SDK's allow-list, or that list plus these names. */
export type EnvInheritSetting = 'all' | 'minimal' | string[];

/**
 * How a stdio server's environment is built from the one mcpns runs in, the way its client builds it
 * (docs/clients.md): inherit everything, a fixed allow-list, or nothing; then the client's own variables; then the
 * entry's `env`. Computed by `spawnEnvironment` (src/config/spawn-env.ts) before the process is started.
 */
export interface EnvPolicy {
  /** 'all': every variable; 'names': only `names`. */
  inherit: 'all' | 'names';
  /** The variables passed through when `inherit` is 'names'. */
  names?: string[];
  /** Leave out variables whose names or values look secret (Gemini CLI's redaction of the inherited environment). */
  dropSecrets?: boolean;
  /** Variables the client itself sets for every server (CLAUDE_PROJECT_DIR, GEMINI_CLI). */
  set?: Record<string, string>;
  /** Short description for `mcpns servers`: "all (Claude Code)", "minimal (MCP SDK allow-list)"… */
  label: string;
}

/**
 * OAuth settings of a remote server: mcpns's `oauth` object, or the equivalent fields of a client's config
 * (docs/auth.md maps each client). Every field is optional: without any, a server that answers 401 is signed in to
 * with `mcpns auth login` (dynamic registration or a Client ID Metadata Document).
 */
export interface OAuthSettings {
  /** A pre-registered client id. */
  clientId?: string;
  /** Its secret (a secret: never printed). */
  clientSecret?: string;
  /** Scopes to request, in addition to what the server's challenge asks for. */
  scopes?: string[];
  /** Fixed port of the loopback redirect listener (when the client was registered with one). */
  callbackPort?: number;
  /** An https URL used as client_id when the authorization server supports Client ID Metadata Documents. */
  clientMetadataUrl?: string;
  /** `client_credentials`: CI mode, tokens obtained on demand without sign-in. */
  grantType?: 'authorization_code' | 'client_credentials';
  /** private_key_jwt: absolute path of a PEM private key. */
  privateKeyFile?: string;
  /** private_key_jwt: the PEM private key itself (a secret: never printed). */
  privateKey?: string;
  /** private_key_jwt signing algorithm (RS256 when not given). */
  signingAlgorithm?: string;
  /** The authorization server (issuer URL) these credentials belong to: they are never sent to another one. */
  issuer?: string;
}

/** What a client does with a server (`verdict` in `servers --json` and `list --json`, the CLIENT column of `servers`). */
export type VerdictCode = 'LOADED' | 'DISABLED' | 'REFUSED' | 'SHADOWED' | 'DUPLICATE' | 'NOT_TRUSTED' | 'NOT_APPROVED';

/**
 * Why a server's own client would not load it, or would load it without offering its tools, in the non-interactive
 * run mcpns models (`claude -p`, `codex exec`, `gemini -p`, `opencode run`; docs/clients.md § Trust and approval).
 * NOT_TRUSTED: the project or folder is not trusted (Codex skips the project's config; Gemini CLI does not run at all).
 * NOT_APPROVED: the client starts it but offers none of its tools in that run mode (Gemini CLI's approval rules,
 * Claude Code's `permissions.deny`).
 * Reported as the finding of the same code by every checking command.
 */
export interface ServerGate {
  code: 'NOT_TRUSTED' | 'NOT_APPROVED';
  client: ClientId;
  /** What the client does and why, e.g. "Codex does not load .codex/config.toml of a project it does not trust". */
  reason: string;
  /** What would change it. */
  fix: string;
  /** The file the decision comes from (a trust list, the settings), for the finding's location. */
  file?: string;
}

/**
 * A started server of which the client offers only some tools (NOT_APPROVED for the others):
 * - `gemini-cli`: only tools whose name in the client starts with `namePrefix`: Gemini CLI matches its trust and allow
 *   rules (`mcp_<server>_*`) against the tool names it sanitized and shortened, so a shortened name loses the prefix;
 * - `claude-code`: not the tools a content-less `permissions.deny` rule names (`mcp__<server>__<tool>`, a "*" pattern).
 */
export type ToolGate =
  { client: 'gemini-cli'; namePrefix: string; reason: string; fix: string } | { client: 'claude-code'; deny: Array<{ rule: string; file: string }> };

export interface ServerSpec {
  /** The configured server name (the config key): the namespace of its tools. */
  name: string;
  transport: TransportKind | 'unlaunchable';
  /** Why a server cannot be launched (e.g. a URL without type in Claude Code). */
  unlaunchableReason?: string;
  command?: string;
  args?: string[];
  /** Literal environment for the child (values are secrets: never print them). */
  env?: Record<string, string>;
  cwd?: string;
  /** How the inherited part of a stdio server's environment is chosen (absent: the whole environment). */
  envPolicy?: EnvPolicy;
  url?: string;
  /** HTTP headers (values are secrets: never print them). */
  headers?: Record<string, string>;
  /** Try Streamable HTTP first, fall back to SSE on a 4xx (VS Code, Cursor, Gemini url-only…). */
  sseFallback?: boolean;
  /** OAuth settings of a remote server (client id, secrets, scopes, grant type…); absent = defaults (sign-in on demand). */
  oauth?: OAuthSettings;
  enabled: boolean;
  /** Why the server is disabled, when it is. */
  disabledReason?: string;
  /**
   * The client would refuse this server or its whole file (strict JSON with comments, an entry it rejects…): not
   * loaded by that client, reported as CONFIG_REJECTED by check/lint, discovered only by `list --all`.
   */
  rejected?: { reason: string; file: string; line?: number; column?: number };
  /** Per-server discovery deadline override (ms). */
  timeoutMs?: number;
  toolFilter?: ToolFilter;
  source: ServerSource;
  /** When another entry with the same name wins under its client's precedence rules. */
  shadowedBy?: string;
  /** A client's approval state for the entry (Claude Code's .mcp.json approvals), shown by `mcpns servers`. */
  approval?: string;
  /** Its client does not load it, or loads it without offering its tools, in the run mcpns models (see ServerGate). */
  gate?: ServerGate;
  /** Its client offers only some of its tools (see ToolGate). */
  toolGate?: ToolGate;
  /** When another source's entry with the same name is used instead (mcpns starts one server per name). */
  duplicateOf?: string;
  diagnostics: Diagnostic[];
}
