import type { ServerSpec, VerdictCode } from './model.js';

export interface ServerVerdict {
  code: VerdictCode;
  /** Why it is not LOADED, in words. */
  reason?: string;
  /** What would change a NOT_TRUSTED or NOT_APPROVED verdict. */
  fix?: string;
}

/**
 * What the server's own client does with it in the run mcpns models. A project or folder the client does not trust
 * comes first (the client reads nothing there), then a refused entry, then another entry used instead, a switched-off
 * server, and last a server started without its tools being offered.
 */
export function serverVerdict(server: ServerSpec): ServerVerdict {
  const gate = server.gate;
  if (gate?.code === 'NOT_TRUSTED') return { code: 'NOT_TRUSTED', reason: gate.reason, fix: gate.fix };
  if (server.rejected) return { code: 'REFUSED', reason: server.rejected.reason };
  if (server.shadowedBy !== undefined) return { code: 'SHADOWED', reason: `shadowed by ${server.shadowedBy}` };
  if (server.duplicateOf !== undefined) return { code: 'DUPLICATE', ...(server.disabledReason ? { reason: server.disabledReason } : {}) };
  if (gate) return { code: gate.code, reason: gate.reason, fix: gate.fix };
  if (!server.enabled) return { code: 'DISABLED', ...(server.disabledReason ? { reason: server.disabledReason } : {}) };
  return { code: 'LOADED' };
}
