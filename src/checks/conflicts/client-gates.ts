import { readerFor } from '../../config/clients/registry.js';
import type { ServerSpec } from '../../config/model.js';
import { withheldByGate } from '../../profiles/client-filters.js';
import { defineCheck, type Finding } from '../types.js';

/**
 * NOT_TRUSTED and NOT_APPROVED: the client that owns a server's config would not load it (the project or folder is
 * not trusted: Codex's project layers, Gemini CLI's folder trust) or would start it without offering its tools in the
 * run mode mcpns models (Gemini CLI's approval rules, `--approval-mode`; Claude Code's `permissions.deny`), per server
 * and, where only some tools are withheld, per tool. Every checking command reports them (the runner adds this check to any family), located at the
 * file the decision comes from.
 */
export const clientGates = defineCheck({
  codes: ['NOT_TRUSTED', 'NOT_APPROVED'],
  family: 'conflicts',
  run(context) {
    const findings: Finding[] = [];
    const toolGated = new Map<string, ServerSpec>();
    for (const server of context.config.servers) {
      const gate = server.gate;
      const client = readerFor(server.source.client)?.label ?? server.source.client;
      if (gate) {
        findings.push({
          code: gate.code,
          severity: 'warning',
          name: server.name,
          server: server.name,
          location: {
            file: gate.file ?? server.source.file,
            ...(gate.file === undefined && server.source.line !== undefined ? { line: server.source.line } : {}),
          },
          args: { client, reason: gate.reason, fix: gate.fix },
        });
        continue;
      }
      if (server.toolGate && server.enabled) toolGated.set(server.name, server);
    }
    // One pass over the catalog, however many servers have a tool gate.
    if (toolGated.size) {
      for (const tool of context.catalog.tools) {
        const server = toolGated.get(tool.server);
        const withheld = server && withheldByGate(server, tool.name);
        if (!server || !withheld) continue;
        const client = readerFor(server.source.client)?.label ?? server.source.client;
        findings.push({
          code: 'NOT_APPROVED',
          severity: 'warning',
          name: `${server.name}/${tool.name}`,
          server: server.name,
          tool: tool.name,
          location: withheld.file
            ? { file: withheld.file }
            : { file: server.source.file, ...(server.source.line !== undefined ? { line: server.source.line } : {}) },
          args: { client, reason: withheld.reason, fix: withheld.fix },
        });
      }
    }
    return findings;
  },
});
