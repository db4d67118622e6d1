import type { ServerSpec } from './model.js';
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
  headerKeys: string[];
  sseFallback?: boolean;
  toolFilter?: { include?: string[]; exclude?: string[]; match: string; field?: string };
  timeoutMs?: number;
  shadowedBy?: string;
  unlaunchableReason?: string;
  diagnostics: Array<{ level: string; code: string; message: string; pointer?: string }>;
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
    headerKeys: Object.keys(server.headers ?? {}).sort(),
    ...(server.sseFallback ? { sseFallback: true } : {}),
    ...(server.toolFilter ? { toolFilter: server.toolFilter } : {}),
    ...(server.timeoutMs !== undefined ? { timeoutMs: server.timeoutMs } : {}),
    ...(server.shadowedBy ? { shadowedBy: server.shadowedBy } : {}),
    ...(server.unlaunchableReason ? { unlaunchableReason: server.unlaunchableReason } : {}),
    diagnostics: server.diagnostics.map((diagnostic) => ({
      level: diagnostic.level,
      code: diagnostic.code,
      message: diagnostic.message,
      ...(diagnostic.pointer ? { pointer: diagnostic.pointer } : {}),
    })),
  };
}
