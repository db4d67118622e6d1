import type { Catalog, CatalogTool } from '../../../src/catalog/types.js';
import { renderEach } from '../../../src/naming/index.js';
import type { NamingTarget } from '../../../src/naming/types.js';

type ToolSpec = string | (Partial<CatalogTool> & { name: string });

/** A catalog from `{ server: [tool, …] }`, sorted as discovery sorts it. */
export function catalogOf(spec: Record<string, ToolSpec[]>): Catalog {
  const servers = Object.keys(spec).sort();
  const tools: CatalogTool[] = [];
  for (const server of servers) {
    for (const entry of spec[server]!) {
      const tool = typeof entry === 'string' ? { name: entry } : entry;
      tools.push({ server, qualifiedName: `${server}/${tool.name}`, description: `Does ${tool.name}.`, inputSchema: { type: 'object' }, ...tool });
    }
  }
  tools.sort((a, b) => (a.server < b.server ? -1 : a.server > b.server ? 1 : a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return {
    schemaVersion: 1,
    generatedAt: '2026-01-01T00:00:00.000Z',
    style: 'slash',
    servers: servers.map((name) => ({ name, transport: 'stdio', source: 'test', status: 'ok', toolCount: spec[name]!.length })),
    tools,
  };
}

/** In-memory naming targets, independent of the real registry. */
const separator = (id: string, sep: string, kind: NamingTarget['kind'] = 'style'): NamingTarget => ({
  id,
  kind,
  summary: id,
  render: (input) => renderEach(id, input, (ref) => ({ name: `${ref.server}${sep}${ref.tool}` })),
});

export const TARGETS: Record<string, NamingTarget> = {
  slash: separator('slash', '/'),
  dunder: separator('dunder', '__'),
  underscore: separator('underscore', '_'),
  'mcp-cc': {
    id: 'mcp-cc',
    kind: 'preset',
    summary: 'mcp__server__tool, dropped over 20 chars',
    render: (input) =>
      renderEach('mcp-cc', input, (ref) => {
        const name = `mcp__${ref.server}__${ref.tool}`;
        return name.length > 20 ? { name, dropped: 'longer than 20' } : { name };
      }),
  },
  wire: {
    id: 'wire',
    kind: 'preset',
    summary: 'slash for the model, first / → _ on the wire',
    render: (input) => renderEach('wire', input, (ref) => ({ name: `${ref.server}/${ref.tool}`, wireName: `${ref.server}_${ref.tool}` })),
  },
};

export const getTestTarget = (id: string): NamingTarget => {
  const target = TARGETS[id];
  if (!target) throw new Error(`no test target ${id}`);
  return target;
};
