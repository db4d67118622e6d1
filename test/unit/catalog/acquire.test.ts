/** The ToolSource seam: the same catalog from in-memory discoveries, a saved catalog file and live servers. */
import { describe, expect, it } from 'vitest';
import { acquireCatalog } from '../../../src/source/acquire.js';
import { catalogSource } from '../../../src/source/file-source.js';
import { memorySource } from '../../../src/source/memory-source.js';
import { readCatalogFile } from '../../../src/catalog/read.js';
import { liveSource } from '../../../src/source/live-source.js';
import type { ServerDiscovery } from '../../../src/catalog/types.js';
import { REPO_ROOT, stdioSpec } from '../../helpers/fixtures.js';

const discovery = { timeoutMs: 10_000, concurrency: 4 };
const now = new Date('2026-01-01T00:00:00.000Z');

const discoveries: ServerDiscovery[] = [
  {
    server: { name: 'weather', transport: 'stdio', source: 'a.json', status: 'ok', toolCount: 1 },
    tools: [{ server: 'weather', name: 'search', description: 'find places with the key sk-secret-value-1234', inputSchema: { type: 'object' } }],
    stderr: '',
  },
  {
    server: { name: 'calculator', transport: 'stdio', source: 'a.json', status: 'ok', toolCount: 2 },
    tools: [
      { server: 'calculator', name: 'subtract', inputSchema: { type: 'object' } },
      { server: 'calculator', name: 'add', inputSchema: { type: 'object' } },
    ],
    stderr: '',
  },
];

describe('acquireCatalog over any ToolSource', () => {
  it('sorts servers and tools, qualifies names, keeps a saved catalog generation time', async () => {
    const { catalog } = await acquireCatalog(memorySource(discoveries), { discovery, now });
    expect(catalog.servers.map((server) => server.name)).toEqual(['calculator', 'weather']);
    expect(catalog.tools.map((tool) => tool.qualifiedName)).toEqual(['calculator/add', 'calculator/subtract', 'weather/search']);
    expect(catalog.generatedAt).toBe('2026-01-01T00:00:00.000Z');

    // The same catalog read back as a saved document gives the same catalog again.
    const again = await acquireCatalog(catalogSource(catalog), { discovery, now: new Date('2030-01-01T00:00:00Z') });
    expect(again.catalog).toEqual(catalog);
  });

  it('selects servers, refuses unknown ones listing the known, and redacts secrets servers echo', async () => {
    const source = memorySource(discoveries);
    const { catalog } = await acquireCatalog(source, { discovery, now, servers: ['weather'], secrets: ['sk-secret-value-1234'] });
    expect(catalog.tools.map((tool) => tool.qualifiedName)).toEqual(['weather/search']);
    expect(catalog.tools[0]!.description).toBe('find places with the key ***');
    await expect(acquireCatalog(source, { discovery, now, servers: ['nope'] })).rejects.toMatchObject({
      code: 'UNKNOWN_SERVER',
      hint: 'known servers: calculator, weather',
    });
    await expect(acquireCatalog(source, { discovery, now, profile: 'single' })).rejects.toMatchObject({ code: 'UNKNOWN_PROFILE' });
  });

  it('a live source and the saved demo catalog name the same tools the same way', async () => {
    const live = await acquireCatalog(liveSource([stdioSpec('calculator'), stdioSpec('weather')], { cwd: REPO_ROOT }), { discovery, now });
    const saved = await acquireCatalog(catalogSource(readCatalogFile(`${REPO_ROOT}/fixtures/catalogs/demo.json`)), {
      discovery,
      now,
      servers: ['calculator', 'weather'],
    });
    const shape = (tools: typeof live.catalog.tools) => tools.map(({ server, name, qualifiedName }) => ({ server, name, qualifiedName }));
    expect(shape(live.catalog.tools)).toEqual(shape(saved.catalog.tools));
  });

  it('a disabled server is reported as disabled and never started', async () => {
    const disabled = { ...stdioSpec('calculator'), enabled: false, disabledReason: '"disabled": true', command: 'mcpns-no-such-command' };
    const { catalog } = await acquireCatalog(liveSource([disabled], { cwd: REPO_ROOT }), { discovery, now });
    expect(catalog.servers).toEqual([expect.objectContaining({ name: 'calculator', status: 'disabled', notes: ['"disabled": true'] })]);
  });
});
