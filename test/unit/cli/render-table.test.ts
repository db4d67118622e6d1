import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { displayWidth, makeChalk, renderTable, shorten, truncateToWidth, type Cell } from '../../../src/cli/render-table.js';

const text = fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom('', 'é', '日本語', '🙂 ok', 'a  b', 'x'.repeat(30)));
// Cells are terminal-safe by contract: no control characters.
const cell = text.map((value) => value.replace(/[\u0000-\u001f\u007f-\u009f]/g, '?'));

describe('renderTable', () => {
  it('gives the same bytes through cli-table3 and the linear renderer (plain and coloured)', () => {
    fc.assert(
      fc.property(
        fc
          .integer({ min: 1, max: 4 })
          .chain((columns) =>
            fc.tuple(
              fc.array(cell, { minLength: columns, maxLength: columns }),
              fc.array(fc.array(cell, { minLength: columns, maxLength: columns }), { maxLength: 8 }),
            ),
          ),
        fc.boolean(),
        ([head, rows], color) => {
          const chalk = makeChalk(color);
          const painted: Cell[][] = rows.map((row) => row.map((value, index) => (index === 0 ? { text: value, paint: chalk.cyan } : value)));
          const viaCliTable = renderTable(head, painted, { chalk, cliTableMaxRows: Infinity });
          const viaPlain = renderTable(head, painted, { chalk, cliTableMaxRows: 0 });
          expect(viaPlain).toBe(viaCliTable);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('fits a terminal width by cutting the lowest-ranked column first, never below its minimum', () => {
    const chalk = makeChalk(false);
    const rows = [['calculator', 'calculator/add', 'Add two numbers and return their sum, exactly, for any two numbers', 'read-only']];
    const columns = ['SERVER', 'NAME', { header: 'DESCRIPTION', shrinkRank: 1 }, { header: 'FLAGS', shrinkRank: 2 }];
    const wide = renderTable(columns, rows, { chalk });
    expect(wide.split('\n')[1]).toContain('for any two numbers');
    const fitted = renderTable(columns, rows, { chalk, width: 60 });
    for (const line of fitted.trimEnd().split('\n')) expect(displayWidth(line)).toBeLessThanOrEqual(60);
    expect(fitted).toContain('read-only');
    expect(fitted.split('\n')[1]).toBe('calculator  calculator/add  Add two numbers and …  read-only');
    const tiny = renderTable(columns, rows, { chalk, width: 10 });
    expect(tiny.split('\n')[1]).toBe('calculator  calculator/add  Add two num…  read-only'); // cut to the 12-column minimum
  });

  it('measures wide characters in columns, not code units', () => {
    expect(displayWidth('日本')).toBe(4);
    expect(truncateToWidth('日本語テキスト', 5)).toBe('日本…');
    expect(shorten('  first line\nsecond', 60)).toBe('first line');
    expect(shorten('x'.repeat(5_000_000), 10)).toBe(`${'x'.repeat(9)}…`);
  });
});
