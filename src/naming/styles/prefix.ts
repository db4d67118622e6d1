import { renderEach, serverMap } from '../build.js';
import type { NamingTarget } from '../types.js';

/**
 * Per-namespace prefixes from config (`namespaces.<ns>.prefix`, MCP-ocs ADR-004: `oc_`, `memory_`…):
 * `prefix + tool` unless the tool already starts with the prefix; servers without a prefix use `server_`.
 * Routes by map: prefixes are free text, so a name cannot be split reliably.
 */
export const prefix: NamingTarget = {
  id: 'prefix',
  kind: 'style',
  summary: 'per-namespace prefix from config (MCP-ocs): prefix + tool unless the tool already has it; else server_',
  source: 'kevin-biot/MCP-ocs docs/architecture/ADR-004-tool-namespace-management.md',
  status: 'design',
  prefixing: 'always',
  render: (input) => {
    const servers = serverMap(input);
    return renderEach('prefix', input, (ref) => {
      const p = servers.get(ref.server)?.prefix ?? `${ref.server}_`;
      return { name: ref.tool.startsWith(p) ? ref.tool : p + ref.tool };
    });
  },
};
