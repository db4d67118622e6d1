import { describe, expect, it } from 'vitest';
import type { Catalog } from '../../../src/catalog/types.js';
import { conflictView } from '../../../src/checks/conflicts/rendering.js';
import { emptyConfig, type LoadedConfig } from '../../../src/config/loaded.js';
import type { ServerSpec } from '../../../src/config/model.js';
import { getTarget, namingInputFromCatalog } from '../../../src/naming/index.js';

/** Servers "S" and "s" (they differ only in case), each with tool "t", in catalog (sorted) order: "S" first. */
const catalog: Catalog = {
  schemaVersion: 1,
  generatedAt: '2026-01-01T00:00:00.000Z',
  style: 'slash',
  servers: ['S', 's'].map((name) => ({ name, transport: 'stdio', source: 'x', status: 'ok', toolCount: 1 })) as Catalog['servers'],
  tools: ['S', 's'].map((server) => ({ server, name: 't', qualifiedName: `${server}/t`, inputSchema: { type: 'object' } })),
};

/** A config that lists "s" before "S" (the order VS Code registers them in). */
function configListing(names: string[]): LoadedConfig {
  const config = emptyConfig('/tmp');
  return { ...config, servers: names.map((name) => ({ name, transport: 'stdio', command: 'node', enabled: true }) as ServerSpec) };
}

const vscodeNames = (names: { server: string; name: string }[]) => Object.fromEntries(names.map((entry) => [entry.server, entry.name]));

describe("VS Code's prefix numbers follow the config's server order (issue 25 §3)", () => {
  it('namingInputFromCatalog: the config lists "s" first, so "s" is mcp_s_ and "S" mcp_s2_', () => {
    const rendering = getTarget('vscode').render(namingInputFromCatalog(catalog, {}, ['s', 'S']));
    expect(vscodeNames(rendering.names)).toEqual({ s: 'mcp_s_t', S: 'mcp_s2_t' });
    expect(rendering.nondeterministic).toMatch(/follows the order of the servers in config/);
  });

  it('without a config order, the catalog order stands ("S" first)', () => {
    expect(vscodeNames(getTarget('vscode').render(namingInputFromCatalog(catalog)).names)).toEqual({ S: 'mcp_s_t', s: 'mcp_s2_t' });
  });

  it("a saved catalog read without its config: each server's recorded place in the config (order) decides", () => {
    const saved: Catalog = { ...catalog, servers: catalog.servers.map((server) => ({ ...server, order: server.name === 's' ? 0 : 1 })) };
    expect(vscodeNames(getTarget('vscode').render(namingInputFromCatalog(saved)).names)).toEqual({ s: 'mcp_s_t', S: 'mcp_s2_t' });
    // The config's order, when there is one, still comes first.
    expect(vscodeNames(getTarget('vscode').render(namingInputFromCatalog(saved, {}, ['S', 's'])).names)).toEqual({ S: 'mcp_s_t', s: 'mcp_s2_t' });
  });

  it('the conflicts view renders in the order of context.config.servers', () => {
    const view = conflictView({ catalog, config: configListing(['s', 'S']), targets: ['vscode'] });
    expect(vscodeNames(view.rendering('vscode').names)).toEqual({ s: 'mcp_s_t', S: 'mcp_s2_t' });
    expect(view.tools.map((tool) => tool.server)).toEqual(['S', 's']); // the tools stay in catalog order
  });
});
