import type { Catalog, CatalogServer, CatalogTool, ToolRef } from '../../../../src/catalog/types.js';
import type { Check, CheckContext, Finding } from '../../../../src/checks/types.js';
import { emptyConfig } from '../../../../src/config/loaded.js';
import { renderEach } from '../../../../src/naming/index.js';
import type { NamingTarget, RenderedName } from '../../../../src/naming/types.js';

/** A catalog from `{ server: [tool, …] }` (sorted like the real one); `failed` servers get status error. */
export function catalogOf(spec: Record<string, string[]>, options: { failed?: string[]; hidden?: string[] } = {}): Catalog {
  const cmp = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
  const servers: CatalogServer[] = Object.entries(spec)
    .map(([name, tools]): CatalogServer =>
      options.failed?.includes(name)
        ? { name, transport: 'stdio', source: 'mcpns.config.json', status: 'error', error: { code: 'SPAWN_FAILED', message: 'spawn ENOENT' }, toolCount: 0 }
        : { name, transport: 'stdio', source: 'mcpns.config.json', status: 'ok', toolCount: tools.length },
    )
    .sort((a, b) => cmp(a.name, b.name));
  const tools: CatalogTool[] = Object.entries(spec)
    .flatMap(([server, names]) =>
      names.map((name): CatalogTool => ({
        server,
        name,
        qualifiedName: `${server}/${name}`,
        inputSchema: { type: 'object' },
        ...(options.hidden?.includes(`${server}/${name}`) ? { hidden: { by: 'profile test', reason: 'denied' } } : {}),
      })),
    )
    .sort((a, b) => cmp(a.server, b.server) || cmp(a.name, b.name));
  return { schemaVersion: 1, generatedAt: '2026-01-01T00:00:00.000Z', style: 'slash', servers, tools };
}

/** A small in-memory naming target from a per-pair naming function. */
export function target(
  id: string,
  nameOf: (ref: ToolRef) => string | Omit<RenderedName, 'server' | 'tool'>,
  extra: Partial<Omit<NamingTarget, 'id' | 'render'>> & { after?: (names: RenderedName[]) => void } = {},
): NamingTarget {
  const { after, ...rest } = extra;
  return {
    id,
    kind: 'style',
    summary: `test target ${id}`,
    ...rest,
    render: (input) => {
      const rendering = renderEach(id, input, (ref) => {
        const value = nameOf(ref);
        return typeof value === 'string' ? { name: value } : value;
      });
      if (after) {
        after(rendering.names);
        rendering.lookup = new Map();
        for (const rendered of rendering.names) {
          if (rendered.dropped !== undefined) continue;
          const bucket = rendering.lookup.get(rendered.name) ?? [];
          bucket.push({ server: rendered.server, tool: rendered.tool });
          rendering.lookup.set(rendered.name, bucket);
        }
      }
      return rendering;
    },
  };
}

export const slashTarget = target('t-slash', (ref) => `${ref.server}/${ref.tool}`, {
  parse: (name) => {
    const at = name.indexOf('/');
    return at <= 0 ? undefined : { server: name.slice(0, at), tool: name.slice(at + 1) };
  },
});
export const bareTarget = target('t-bare', (ref) => ref.tool, { unprefixed: true, prefixing: 'never' });
/** server_tool with every char outside [A-Za-z0-9_-] made "_", split back at the first "_". */
export const underscoreTarget = target('t-underscore', (ref) => `${ref.server}_${ref.tool}`.replace(/[^A-Za-z0-9_-]/g, '_'), {
  parse: (name, servers) => {
    const at = name.indexOf('_');
    if (at <= 0) return undefined;
    const server = name.slice(0, at);
    return servers.includes(server) ? { server, tool: name.slice(at + 1) } : undefined;
  },
  wire: { pattern: /^[A-Za-z0-9_-]{1,64}$/, charset: '[A-Za-z0-9_-]', maxLength: 64, char: /[A-Za-z0-9_-]/ },
});

export function contextFor(catalog: Catalog, targets: NamingTarget[]): CheckContext {
  return { catalog, config: emptyConfig('/tmp'), targets: targets.map((t) => t.id), namingTargets: targets };
}

export function runCheck(check: Check, catalog: Catalog, targets: NamingTarget[]): Finding[] {
  return check.run(contextFor(catalog, targets));
}

export const pairs = (finding: Finding): string[] => (finding.members ?? []).map((m) => `${m.server}/${m.tool}`);
