import type { EnvPolicy, ServerSpec } from './model.js';
import { ALL_ENV } from './spawn-env.js';
import { redactUrl } from '../util/redact.js';

/** A server entry as `mcpns servers` shows it: no env or header values, URL secrets masked. */
export interface ServerSummary {
  name: string;
  client: string;
  transport: string;
  /** Command line or URL (secrets masked). */
  target: string;
  source: string;
  line?: number;
  pointer: string;
  scope?: string;
  enabled: boolean;
  disabledReason?: string;
  envKeys: string[];
  /** stdio: the working directory the server starts in, resolved as its client resolves it. */
  cwd?: string;
  /** stdio: which part of mcpns's environment the server inherits (names only, never values). */
  environment?: { inherit: 'all' | 'names'; label: string; names?: string[]; set?: string[]; dropsSecrets?: boolean };
  headerKeys: string[];
  sseFallback?: boolean;
  toolFilter?: { include?: string[]; exclude?: string[]; match: string; field?: string };
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
  const target =
    server.transport === 'stdio'
      ? [server.command ?? '', ...(server.args ?? []).map((arg) => (/^[a-z][a-z0-9+.-]*:\/\//i.test(arg) ? redactUrl(arg) : arg))]
          .map((part) => (/[\s"']/.test(part) ? JSON.stringify(part) : part))
          .join(' ')
      : server.url
        ? redactUrl(server.url)
        : '';
  return {
    name: server.name,
    client: server.source.client,
    transport: server.transport,
    target,
    source: server.source.file,
    ...(server.source.line !== undefined ? { line: server.source.line } : {}),
    pointer: server.source.pointer,
    ...(server.source.scope ? { scope: server.source.scope } : {}),
    enabled: server.enabled,
    ...(server.disabledReason ? { disabledReason: server.disabledReason } : {}),
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
