import type { ClientId, ServerSpec } from '../model.js';
import { readerFor } from './registry.js';
import type { FileRead } from './types.js';

/** `file:line (scope)` for notes about another entry. */
export const entryLabel = (server: ServerSpec): string =>
  `${server.source.scope ? `${server.source.scope} scope, ` : ''}${server.source.file}${server.source.line ? `:${server.source.line}` : ''}`;

/**
 * Client-wide rules that span files: disable lists (Claude Code `disabledMcpServers`, Gemini `mcp.excluded`
 * / `mcp.allowed`) and scope precedence. Every entry is kept; losers get `shadowedBy`, an info diagnostic
 * naming the entry the client uses, and are disabled (the client would not start them). Last, the trust and approval
 * gates the readers found (`gate`) switch off the servers still on; a NOT_APPROVED gate on a server that is off anyway
 * is dropped (nothing would be offered either way), a NOT_TRUSTED one stays (the client reads nothing there).
 * Idempotent: running it again over the merged list changes nothing.
 */
export function applyClientRules(servers: ServerSpec[], reads: Array<{ client: ClientId; read: FileRead }> = []): void {
  for (const { client, read } of reads) {
    for (const disable of read.disables ?? []) {
      for (const server of servers) {
        if (server.source.client === client && server.name === disable.name && server.enabled) {
          server.enabled = false;
          server.disabledReason = disable.reason;
        }
      }
    }
    if (read.allowOnly) {
      const allowed = new Set(read.allowOnly.names);
      for (const server of servers) {
        if (server.source.client === client && !allowed.has(server.name) && server.enabled) {
          server.enabled = false;
          server.disabledReason = read.allowOnly.reason;
        }
      }
    }
  }

  const groups = new Map<string, ServerSpec[]>();
  for (const server of servers) {
    const key = `${server.source.client}\u0000${server.name}`;
    groups.set(key, [...(groups.get(key) ?? []), server]);
  }
  for (const group of groups.values()) {
    if (group.length < 2) continue;
    const reader = readerFor(group[0]!.source.client);
    if (!reader) continue;
    const label = reader.label;
    const precedence = reader.precedence;
    if (!precedence) {
      for (const later of group.slice(1)) {
        if (later.diagnostics.some((d) => d.code === 'DUPLICATE_SERVER_NAME')) continue;
        later.diagnostics.push({
          level: 'info',
          code: 'DUPLICATE_SERVER_NAME',
          message: `"${later.name}" is also defined in ${entryLabel(group[0]!)}; ${label} keeps both`,
          file: later.source.file,
          pointer: later.source.pointer,
        });
      }
      continue;
    }
    const rank = (server: ServerSpec): number => precedence[server.source.scope ?? ''] ?? 0;
    const ordered = [...group].sort((a, b) => rank(b) - rank(a));
    const winner = ordered[0]!;
    for (const loser of ordered.slice(1)) {
      if (loser.shadowedBy !== undefined) continue;
      loser.shadowedBy = entryLabel(winner);
      loser.diagnostics.push({
        level: 'info',
        code: 'SERVER_SHADOWED',
        message: reader.mergesFields
          ? `${label} merges its layers field by field; mcpns uses the "${winner.name}" entry from ${entryLabel(winner)} whole and ignores this ${loser.source.scope ?? ''} entry`
          : `${label} uses the "${winner.name}" entry from ${entryLabel(winner)}; this ${loser.source.scope ?? ''} entry is ignored`,
        file: loser.source.file,
        pointer: loser.source.pointer,
      });
      if (loser.enabled) {
        loser.enabled = false;
        loser.disabledReason = `shadowed by ${entryLabel(winner)}`;
      }
    }
  }

  for (const server of servers) {
    const gate = server.gate;
    if (!gate) continue;
    if (server.enabled) {
      server.enabled = false;
      server.disabledReason = gate.reason;
    } else if (gate.code === 'NOT_APPROVED' && server.disabledReason !== gate.reason) {
      delete server.gate;
    }
  }
}
