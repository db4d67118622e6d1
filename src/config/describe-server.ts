import type { EnvPolicy, ServerSpec } from './model.js';
import { ALL_ENV } from './spawn-env.js';
import { serverVerdict, type ServerVerdict } from './verdict.js';
import { REDACTED, redactUrl } from '../util/redact.js';
import { maskSecretShapes } from '../util/secret-shapes.js';

/** A server entry as `mcpns servers` shows it: no env or header values, URL secrets and secret-shaped arguments masked. */
export interface ServerSummary {
  name: string;
  client: string;
  transport: string;
  /** Command line or URL (secrets masked). */
  target: string;
  /** True when `target` had values masked because they look like credentials (`--api-key=…`, `sk-…`, a random URL path segment). */
  maskedSecrets?: boolean;
  source: string;
  line?: number;
  pointer: string;
  scope?: string;
  enabled: boolean;
  disabledReason?: string;
  /** What its own client does with it in the run mcpns models (LOADED, NOT_TRUSTED, NOT_APPROVED…), why, and the fix. */
  verdict: ServerVerdict;
  envKeys: string[];
  /** stdio: the working directory the server starts in, resolved as its client resolves it. */
  cwd?: string;
  /** stdio: which part of mcpns's environment the server inherits (names only, never values). */
  environment?: { inherit: 'all' | 'names'; label: string; names?: string[]; set?: string[]; dropsSecrets?: boolean };
  headerKeys: string[];
  sseFallback?: boolean;
  toolFilter?: { include?: string[]; exclude?: string[]; match: string; field?: string; settingsExclude?: Array<{ name: string; file: string }> };
  timeoutMs?: number;
  shadowedBy?: string;
  approval?: string;
  unlaunchableReason?: string;
  /** OAuth settings without their secrets (`secrets` names the fields that hold one). */
  oauth?: { clientId?: string; grantType?: string; scopes?: string[]; callbackPort?: number; clientMetadataUrl?: string; issuer?: string; secrets: string[] };
  diagnostics: Array<{ level: string; code: string; message: string; pointer?: string }>;
}

function describeEnvironment(policy: EnvPolicy | undefined): NonNullable<ServerSummary['environment']> {
  const effective = policy ?? ALL_ENV;
  return {
    inherit: effective.inherit,
    label: effective.label,
    ...(effective.inherit === 'names' ? { names: [...(effective.names ?? [])] } : {}),
    ...(effective.set ? { set: Object.keys(effective.set).sort() } : {}),
    ...(effective.dropSecrets ? { dropsSecrets: true } : {}),
  };
}

export function summarizeServer(server: ServerSpec): ServerSummary {
  const { target, masked } = describeTarget(server);
  return {
    name: server.name,
    client: server.source.client,
    transport: server.transport,
    target,
    ...(masked ? { maskedSecrets: true } : {}),
    source: server.source.file,
    ...(server.source.line !== undefined ? { line: server.source.line } : {}),
    pointer: server.source.pointer,
    ...(server.source.scope ? { scope: server.source.scope } : {}),
    enabled: server.enabled,
    ...(server.disabledReason ? { disabledReason: server.disabledReason } : {}),
    verdict: serverVerdict(server),
    envKeys: Object.keys(server.env ?? {}).sort(),
    ...(server.transport === 'stdio' && server.cwd ? { cwd: server.cwd } : {}),
    ...(server.transport === 'stdio' ? { environment: describeEnvironment(server.envPolicy) } : {}),
    headerKeys: Object.keys(server.headers ?? {}).sort(),
    ...(server.sseFallback ? { sseFallback: true } : {}),
    ...(server.toolFilter ? { toolFilter: server.toolFilter } : {}),
    ...(server.timeoutMs !== undefined ? { timeoutMs: server.timeoutMs } : {}),
    ...(server.shadowedBy ? { shadowedBy: server.shadowedBy } : {}),
    ...(server.approval ? { approval: server.approval } : {}),
    ...(server.unlaunchableReason ? { unlaunchableReason: server.unlaunchableReason } : {}),
    ...(server.oauth ? { oauth: summarizeOAuth(server.oauth) } : {}),
    diagnostics: server.diagnostics.map((diagnostic) => ({
      level: diagnostic.level,
      code: diagnostic.code,
      message: diagnostic.message,
      ...(diagnostic.pointer ? { pointer: diagnostic.pointer } : {}),
    })),
  };
}

function summarizeOAuth(oauth: NonNullable<ServerSpec['oauth']>): NonNullable<ServerSummary['oauth']> {
  const { clientSecret, privateKey, privateKeyFile, signingAlgorithm: _algorithm, ...shown } = oauth;
  const secrets = [
    clientSecret !== undefined ? 'clientSecret' : '',
    privateKey !== undefined ? 'privateKey' : '',
    privateKeyFile !== undefined ? 'privateKeyFile' : '',
  ];
  return { ...shown, ...(shown.clientMetadataUrl ? { clientMetadataUrl: redactUrl(shown.clientMetadataUrl) } : {}), secrets: secrets.filter(Boolean) };
}

/** The command line or URL of a server with credentials masked, and whether any secret-shaped value was. */
export function describeTarget(server: Pick<ServerSpec, 'transport' | 'command' | 'args' | 'url'>): { target: string; masked: boolean } {
  if (server.transport === 'stdio') {
    const argv = [server.command ?? '', ...(server.args ?? [])];
    const shapes = maskSecretShapes(argv, REDACTED);
    let masked = shapes.masked;
    const parts = shapes.argv.map((arg) => {
      if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(arg)) return arg;
      const shown = redactUrl(arg);
      masked ||= urlPathMasked(arg, shown);
      return shown;
    });
    return { target: parts.map((part) => (/[\s"']/.test(part) ? JSON.stringify(part) : part)).join(' '), masked };
  }
  if (!server.url) return { target: '', masked: false };
  const shown = redactUrl(server.url);
  return { target: shown, masked: urlPathMasked(server.url, shown) };
}

/** Whether redactUrl masked a path segment (passwords and query values are always masked; those need no note). */
function urlPathMasked(original: string, shown: string): boolean {
  try {
    return new URL(original).pathname !== new URL(shown).pathname;
  } catch {
    return false;
  }
}
