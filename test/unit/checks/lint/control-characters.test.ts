import { describe, expect, it } from 'vitest';
import { lint, makeCatalog } from './make-catalog.js';

const run = (tool: Record<string, unknown> & { name: string }) =>
  lint(makeCatalog({ s: [{ description: 'plain', ...tool } as never] }))
    .filter((f) => f.code === 'CONTROL_CHARACTERS')
    .map((f) => ({ field: f.args?.['field'], kinds: f.args?.['kinds'] }));

describe('CONTROL_CHARACTERS', () => {
  it('finds ANSI and OSC escapes in descriptions', () => {
    expect(run({ name: 't', description: 'Reads \u001b[2Khidden' })).toEqual([{ field: 'description', kinds: ['ANSI escape sequence'] }]);
    expect(run({ name: 't', description: 'x \u001b]8;;http://evil\u0007link' })).toEqual([
      { field: 'description', kinds: ['OSC escape sequence', 'control character'] },
    ]);
  });

  it('finds bidi overrides and zero-width characters in names and titles', () => {
    expect(run({ name: 'read\u200bfile' })).toEqual([{ field: 'name', kinds: ['zero-width character'] }]);
    expect(run({ name: 't', title: 'Safe \u202Eexe.txt' })).toEqual([{ field: 'title', kinds: ['bidi override'] }]);
    expect(run({ name: 't', annotations: { title: '\u2066x\u2069' } })).toEqual([{ field: 'annotations.title', kinds: ['bidi override'] }]);
    expect(run({ name: 't', description: '\ufeffBOM' })).toEqual([{ field: 'description', kinds: ['zero-width character'] }]);
  });

  it('allows newlines and tabs in descriptions only', () => {
    expect(run({ name: 't', description: 'line one\n\tline two\r\nthree' })).toEqual([]);
    expect(run({ name: 't', description: 'overwrite\rme' })).toEqual([{ field: 'description', kinds: ['control character'] }]);
    expect(run({ name: 't', title: 'two\nlines' })).toEqual([{ field: 'title', kinds: ['control character'] }]);
  });

  it('says which kind and where', () => {
    const finding = lint(makeCatalog({ s: [{ name: 't', description: 'ab\u202Ecd' }] })).find((f) => f.code === 'CONTROL_CHARACTERS');
    expect(finding?.args?.['kind']).toBe('a bidi override (U+202E at offset 2)');
  });
});
