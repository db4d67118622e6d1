/**
 * The environment a stdio server is started with, computed as data before the spawn: the part of mcpns's own
 * environment its client would pass on (docs/clients.md has each client's rule and source), the variables the
 * client sets itself, then the entry's configured `env`.
 */
import type { ClientId, EnvInheritSetting, EnvPolicy, ServerSpec } from './model.js';

/**
 * The MCP SDK's default allow-list (`DEFAULT_INHERITED_ENV_VARS`, used by `getDefaultEnvironment()` in
 * @modelcontextprotocol/client/stdio). Copied so reading config never loads the SDK; a unit test keeps the two
 * in step.
 */
export const SDK_DEFAULT_ENV_NAMES: readonly string[] =
  process.platform === 'win32'
    ? [
        'APPDATA',
        'HOMEDRIVE',
        'HOMEPATH',
        'LOCALAPPDATA',
        'PATH',
        'PROCESSOR_ARCHITECTURE',
        'SYSTEMDRIVE',
        'SYSTEMROOT',
        'TEMP',
        'USERNAME',
        'USERPROFILE',
        'PROGRAMFILES',
      ]
    : ['HOME', 'LOGNAME', 'PATH', 'SHELL', 'TERM', 'USER'];

/** Codex's allow-list for local stdio servers on Unix (`DEFAULT_ENV_VARS`, openai/codex codex-rs/rmcp-client/src/utils.rs). */
export const CODEX_ENV_NAMES: readonly string[] = [
  'HOME',
  'LOGNAME',
  'PATH',
  'SHELL',
  'USER',
  '__CF_USER_TEXT_ENCODING',
  'LANG',
  'LC_ALL',
  'TERM',
  'TMPDIR',
  'TZ',
];

export const ALL_ENV: EnvPolicy = { inherit: 'all', label: 'all' };
export const SDK_DEFAULT_ENV: EnvPolicy = { inherit: 'names', names: [...SDK_DEFAULT_ENV_NAMES], label: 'minimal (MCP SDK allow-list)' };

/** mcpns's own `envInherit` as a policy. */
export function policyFromSetting(setting: EnvInheritSetting, where: string): EnvPolicy {
  if (setting === 'all') return { inherit: 'all', label: `all (${where})` };
  if (setting === 'minimal') return { ...SDK_DEFAULT_ENV, label: `minimal (${where})` };
  return { inherit: 'names', names: [...new Set([...SDK_DEFAULT_ENV_NAMES, ...setting])], label: `minimal + ${setting.join(', ')} (${where})` };
}

/**
 * What each client passes on to the stdio servers it starts (see docs/clients.md for sources). `projectRoot` is the
 * folder of the project the file belongs to (Claude Code's CLAUDE_PROJECT_DIR); `file` tells the Cline extension's
 * settings (VS Code globalStorage: SDK default) from the Cline CLI's (whole environment).
 */
export function clientEnvPolicy(client: ClientId, context: { projectRoot: string; file: string; passThrough?: string[] }): EnvPolicy {
  switch (client) {
    case 'claude-code':
      return { inherit: 'all', set: { CLAUDE_PROJECT_DIR: context.projectRoot }, label: 'all + CLAUDE_PROJECT_DIR (Claude Code)' };
    case 'claude-desktop':
      return { ...SDK_DEFAULT_ENV, label: 'minimal (Claude Desktop: USER, HOME, PATH…)' };
    case 'codex': {
      const names = [...new Set([...CODEX_ENV_NAMES, ...(context.passThrough ?? [])])];
      return { inherit: 'names', names, label: `Codex allow-list${context.passThrough?.length ? ` + env_vars ${context.passThrough.join(', ')}` : ''}` };
    }
    case 'gemini-cli':
      return { inherit: 'all', dropSecrets: true, set: { GEMINI_CLI: '1' }, label: 'all except secret-looking names + GEMINI_CLI (Gemini CLI)' };
    case 'cline':
      return /globalStorage[\\/]saoudrizwan\.claude-dev/i.test(context.file)
        ? { ...SDK_DEFAULT_ENV, label: 'minimal (Cline extension: MCP SDK allow-list)' }
        : { inherit: 'all', label: 'all (Cline CLI)' };
    case 'vscode':
      return { inherit: 'all', label: 'all (VS Code)' };
    case 'zed':
      return { inherit: 'all', label: 'all (Zed)' };
    default:
      return { inherit: 'all', label: 'all' };
  }
}

/** Name patterns and exact names Gemini CLI keeps out of a server's inherited environment (environmentSanitization.ts). */
const GEMINI_SECRET_NAME = /TOKEN|SECRET|PASSWORD|PASSWD|KEY|AUTH|CREDENTIAL|CREDS|PRIVATE|CERT/i;
const GEMINI_NEVER_ALLOWED = new Set([
  'CLIENT_ID',
  'DB_URI',
  'CONNECTION_STRING',
  'AWS_DEFAULT_REGION',
  'AZURE_CLIENT_ID',
  'AZURE_TENANT_ID',
  'SLACK_WEBHOOK_URL',
  'TWILIO_ACCOUNT_SID',
  'DATABASE_URL',
  'GOOGLE_CLOUD_PROJECT',
  'GOOGLE_CLOUD_ACCOUNT',
  'FIREBASE_PROJECT_ID',
]);
const GEMINI_ALWAYS_ALLOWED = new Set([
  'PATH',
  'HOME',
  'LANG',
  'SHELL',
  'TMPDIR',
  'USER',
  'LOGNAME',
  'TERM',
  'COLORTERM',
  'SYSTEMROOT',
  'COMSPEC',
  'PATHEXT',
  'WINDIR',
  'TEMP',
  'TMP',
  'USERPROFILE',
  'SYSTEMDRIVE',
]);
const SECRET_VALUE = [
  /-----BEGIN (RSA|OPENSSH|EC|PGP) PRIVATE KEY-----/i,
  /(https?|ftp|smtp):\/\/[^:\s]{1,1024}:[^@\s]{1,1024}@/i,
  /(ghp|gho|ghu|ghs|ghr|github_pat)_[a-zA-Z0-9_]{36,}/i,
  /AKIA[A-Z0-9]{16}/,
  /xox[abpr]-[a-zA-Z0-9-]+/i,
];

function geminiDrops(name: string, value: string): boolean {
  const upper = name.toUpperCase();
  if (upper.startsWith('GEMINI_CLI_')) return false;
  if (SECRET_VALUE.some((pattern) => pattern.test(value))) return true;
  if (upper.startsWith('GIT_CONFIG_') || GEMINI_ALWAYS_ALLOWED.has(upper)) return false;
  return GEMINI_NEVER_ALLOWED.has(upper) || GEMINI_SECRET_NAME.test(upper);
}

/** The variables of `host` a policy passes on (never shell functions, which the SDK also refuses). */
export function inheritedEnvironment(policy: EnvPolicy | undefined, host: Readonly<Record<string, string | undefined>>): Record<string, string> {
  const inherited: Record<string, string> = {};
  const effective = policy ?? ALL_ENV;
  const names = effective.inherit === 'all' ? Object.keys(host) : (effective.names ?? []);
  for (const name of names) {
    const value = host[name];
    if (value === undefined || value.startsWith('()')) continue;
    if (effective.dropSecrets && geminiDrops(name, value)) continue;
    inherited[name] = value;
  }
  return inherited;
}

/** The complete environment of a stdio server: inherited part, then the client's own variables, then the entry's `env`. */
export function spawnEnvironment(server: Pick<ServerSpec, 'env' | 'envPolicy'>, host: Readonly<Record<string, string | undefined>>): Record<string, string> {
  return { ...inheritedEnvironment(server.envPolicy, host), ...(server.envPolicy?.set ?? {}), ...(server.env ?? {}) };
}

/** Names that look like they hold a secret (Claude Code's list for masking: TOKEN, SECRET, KEY, PASSWORD…). */
const SECRET_NAME = /TOKEN|SECRET|KEY|PASSWORD|PASSWD|PASS|AUTH|COOKIE|CREDENTIAL|CREDS|PRIVATE|SESSION/i;
const MIN_SECRET_LENGTH = 4;

/**
 * Values of secret-looking variables that reach at least one stdio server through inheritance: a server may echo
 * them (in a description, an error, its stderr), so they are redacted like configured secrets.
 */
export function inheritedSecrets(servers: readonly ServerSpec[], host: Readonly<Record<string, string | undefined>>): string[] {
  const secrets = new Set<string>();
  for (const server of servers) {
    if (server.transport !== 'stdio') continue;
    for (const [name, value] of Object.entries(inheritedEnvironment(server.envPolicy, host))) {
      if (SECRET_NAME.test(name) && value.length >= MIN_SECRET_LENGTH) secrets.add(value);
    }
  }
  return [...secrets];
}
