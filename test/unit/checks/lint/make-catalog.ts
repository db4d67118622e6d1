import type { Catalog, CatalogServer, CatalogTool } from '../../../../src/catalog/types.js';
import { LINT_CHECKS } from '../../../../src/checks/lint/index.js';
import type { Finding } from '../../../../src/checks/types.js';
import { emptyConfig, type LoadedConfig } from '../../../../src/config/loaded.js';
import type { ServerSpec } from '../../../../src/config/model.js';

type ToolSpec = string | (Partial<CatalogTool> & { name: string });

/** A catalog in one line: `makeCatalog({ files: ['file_read', { name: 'x', description: '' }] })`. */
export function makeCatalog(spec: Record<string, ToolSpec[]>, servers: Record<string, Partial<CatalogServer>> = {}): Catalog {
  const names = [...new Set([...Object.keys(spec), ...Object.keys(servers)])].sort();
  const tools: CatalogTool[] = [];
  for (const server of names) {
    for (const entry of spec[server] ?? []) {
      const tool = typeof entry === 'string' ? { name: entry } : entry;
      tools.push({
        server,
        qualifiedName: `${server}/${tool.name}`,
        description: `Does ${tool.name}.`,
        inputSchema: { type: 'object', properties: {} },
        ...tool,
      });
    }
  }
  return {
    schemaVersion: 1,
    generatedAt: '2026-01-01T00:00:00.000Z',
    style: 'slash',
    servers: names.map((name) => ({
      name,
      transport: 'stdio',
      source: 'mcpns.config.json',
      status: 'ok',
      toolCount: spec[name]?.length ?? 0,
      ...servers[name],
    })),
    tools,
  };
}

/** A LoadedConfig declaring `servers` plus any other sections. */
export function makeConfig(servers: string[], rest: Partial<LoadedConfig> = {}): LoadedConfig {
  return {
    ...emptyConfig('/work'),
    servers: servers.map((name): ServerSpec => ({
      name,
      transport: 'stdio',
      command: 'node',
      enabled: true,
      source: { client: 'mcpns', file: 'mcpns.config.json', pointer: `/servers/${name}` },
      diagnostics: [],
    })),
    ...rest,
  };
}

/** Run every registered lint check (through LINT_CHECKS, so removing a rule fails its tests). */
export function lint(catalog: Catalog, config: LoadedConfig = makeConfig(catalog.servers.map((s) => s.name)), targets: string[] = ['slash']): Finding[] {
  return LINT_CHECKS.flatMap((check) => check.run({ catalog, config, targets }));
}

/** Findings of one code, as `server/tool` (or name) strings, sorted. */
export function codeHits(findings: Finding[], code: string): string[] {
  return findings
    .filter((finding) => finding.code === code)
    .map((finding) => (finding.tool !== undefined ? `${finding.server}/${finding.tool}` : (finding.name ?? '')))
    .sort();
}
