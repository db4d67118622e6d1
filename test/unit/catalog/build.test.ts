import { describe, expect, it } from 'vitest';
import { buildCatalog } from '../../../src/catalog/build.js';
import type { CatalogTool, ServerDiscovery } from '../../../src/catalog/types.js';

const server = { name: 'calc', transport: 'stdio', source: 'x', status: 'ok', toolCount: 2 } as ServerDiscovery['server'];
const saved = (tool: Partial<CatalogTool> & { name: string }): CatalogTool =>
  ({ server: 'calc', inputSchema: { type: 'object' }, ...tool, qualifiedName: tool.qualifiedName ?? `calc/${tool.name}` }) as CatalogTool;

describe('buildCatalog from a saved catalog (a million tools are not copied again)', () => {
  it('keeps an entry that already is a catalog entry (its slash name, last) as the same object', () => {
    const add = saved({ name: 'add' });
    const catalog = buildCatalog([{ server, tools: [add], stderr: '' }], '2026-01-01T00:00:00.000Z');
    expect(catalog.tools[0]).toBe(add);
  });

  it('makes a new entry when the saved name is another style, or not last, or absent', () => {
    const styled = saved({ name: 'add', qualifiedName: 'calc__add' });
    const early = { qualifiedName: 'calc/sub', server: 'calc', name: 'sub', inputSchema: { type: 'object' } } as CatalogTool;
    const discovered = { server: 'calc', name: 'mul', inputSchema: { type: 'object' } };
    const catalog = buildCatalog([{ server, tools: [styled, early, discovered], stderr: '' }], '2026-01-01T00:00:00.000Z');
    for (const tool of catalog.tools) {
      expect(tool.qualifiedName).toBe(`calc/${tool.name}`);
      expect(Object.keys(tool).at(-1)).toBe('qualifiedName');
    }
    expect(catalog.tools.find((tool) => tool.name === 'add')).not.toBe(styled);
    expect(styled.qualifiedName).toBe('calc__add'); // the saved document is never changed
  });

  it('copies every other key in its place, an own "__proto__" key included, and the saved name last', () => {
    const sent = JSON.parse('{"server":"calc","name":"add","qualifiedName":"x","__proto__":{"a":1},"description":"d"}') as CatalogTool;
    const [tool] = buildCatalog([{ server, tools: [sent], stderr: '' }], '2026-01-01T00:00:00.000Z').tools;
    expect(Object.keys(tool!)).toEqual(['server', 'name', '__proto__', 'description', 'qualifiedName']);
    expect(Object.getOwnPropertyDescriptor(tool, '__proto__')?.value).toEqual({ a: 1 });
    expect(Object.getPrototypeOf(tool)).toBe(Object.prototype);
    expect(tool!.qualifiedName).toBe('calc/add');
  });
});
