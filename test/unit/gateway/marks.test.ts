/** Server marks on titles (and, with the option, descriptions) of tools several servers offer alike. */
import { describe, expect, it } from 'vitest';
import { computeExposure } from '../../../src/gateway/exposure.js';
import { markShared, serverMark } from '../../../src/gateway/marks.js';

const offer = (server: string, tools: Array<Record<string, unknown>>) => ({ server, tools, prompts: [], resources: [], templates: [] });
const read = { name: 'read_file', title: 'Read Text File', description: 'Read a file.', inputSchema: { type: 'object' } };

describe('server marks', () => {
  it('marks the titles of a tool two servers offer; a tool only one offers is left alone', () => {
    const exposure = computeExposure(
      [
        offer('docs', [read, { name: 'only_docs', title: 'Only Docs', inputSchema: { type: 'object' } }]),
        offer('notes', [{ ...read, annotations: { title: 'Read Text File' } }]),
      ],
      { style: 'double-underscore', key: 'mcpns' },
    );
    const byName = new Map(exposure.tools.map((tool) => [tool['name'], tool]));
    expect(byName.get('docs__read_file')!['title']).toBe('Read Text File (docs)');
    expect(byName.get('notes__read_file')!['title']).toBe('Read Text File (notes)');
    expect(byName.get('notes__read_file')!['annotations']).toEqual({ title: 'Read Text File (notes)' });
    expect(byName.get('docs__only_docs')!['title']).toBe('Only Docs');
    expect(byName.get('docs__read_file')!['description']).toBe('Read a file.');
    expect(exposure.marked.map((mark) => `${mark.kind} ${mark.server}/${mark.tool} ${mark.to}`)).toEqual([
      'title docs/read_file Read Text File (docs)',
      'title notes/read_file Read Text File (notes)',
    ]);
  });

  it('the same title under different names is marked too; descriptions only with the option', () => {
    const { tools, marks } = markShared(
      [
        { name: 'a__get', title: 'Get', description: 'Get it.' },
        { name: 'b__fetch', title: 'Get', description: 'Fetch it.' },
      ],
      [
        { server: 'a', name: 'get' },
        { server: 'b', name: 'fetch' },
      ],
      { descriptions: true },
    );
    expect(tools.map((tool) => [tool['title'], tool['description']])).toEqual([
      ['Get (a)', '[a] Get it.'],
      ['Get (b)', '[b] Fetch it.'],
    ]);
    expect(marks).toHaveLength(4);
  });

  it('a long server key is cut for the mark', () => {
    expect(serverMark('x'.repeat(40))).toBe(`${'x'.repeat(23)}…`);
    expect(serverMark('docs')).toBe('docs');
  });
});
