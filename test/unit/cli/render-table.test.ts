import Table from 'cli-table3';
import type { ChalkInstance } from 'chalk';
import fc from '../../helpers/fast-check.js';
import { describe, expect, it } from 'vitest';
import {
  displayWidth,
  fitWidths,
  makeChalk,
  renderTable,
  shorten,
  truncateToWidth,
  type Cell,
  type TableColumn,
} from '../../../src/cli/services/render-table.js';
import { terminalSafe } from '../../../src/util/terminal-safe.js';

const text = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.string({ maxLength: 8, unit: 'grapheme' }),
  fc.string({ maxLength: 6, unit: 'binary' }),
  fc.constantFrom('', 'é', '日本語', '🙂 ok', 'a  b', 'x'.repeat(30), 'e\u0301', '👩‍👩‍👧', 'ｗｉｄｅ', 'tab\there'),
);
// Cells are terminal-safe by contract, as every caller makes them.
const cell = text.map((value) => terminalSafe(value));

/** cli-table3 without borders. */
const BORDERLESS = Object.fromEntries(
  [
    'top',
    'top-mid',
    'top-left',
    'top-right',
    'bottom',
    'bottom-mid',
    'bottom-left',
    'bottom-right',
    'left',
    'left-mid',
    'mid',
    'mid-mid',
    'right',
    'right-mid',
    'middle',
  ].map((key) => [key, '']),
);

/** The reference: the same cells cut to the same widths, laid out by cli-table3 (how mcpns drew tables before). */
function viaCliTable(columns: readonly TableColumn[], rows: readonly Cell[][], options: { chalk: ChalkInstance; width?: number | undefined }): string {
  const texts = rows.map((row) => row.map((value) => (typeof value === 'string' ? value : value.text)));
  const widths = columns.map((column, index) => texts.reduce((max, row) => Math.max(max, displayWidth(row[index]!)), displayWidth(column.header)));
  const fitted = options.width ? fitWidths(columns, widths, options.width) : widths;
  const table = new Table({
    head: columns.map((column, index) => options.chalk.bold(truncateToWidth(column.header, fitted[index]!))),
    style: { head: [], border: [], 'padding-left': 0, 'padding-right': 2 },
    chars: BORDERLESS,
  });
  for (const [rowIndex, row] of rows.entries()) {
    table.push(
      row.map((value, index) => {
        const shown = truncateToWidth(texts[rowIndex]![index]!, fitted[index]!);
        return typeof value === 'object' && value.paint ? value.paint(shown) : shown;
      }),
    );
  }
  return (
    table
      .toString()
      .split('\n')
      .map((line) => line.trimEnd())
      .join('\n') + '\n'
  );
}

describe('renderTable', () => {
  it("mcpns's one-pass renderer gives cli-table3's bytes (plain and coloured, cut to a terminal width or not)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 4 }).chain((columns) =>
          fc.tuple(
            fc.array(fc.record({ header: cell, shrinkRank: fc.option(fc.integer({ min: 1, max: 3 }), { nil: undefined }) }), {
              minLength: columns,
              maxLength: columns,
            }),
            fc.array(fc.array(cell, { minLength: columns, maxLength: columns }), { maxLength: 8 }),
          ),
        ),
        fc.boolean(),
        fc.option(fc.integer({ min: 4, max: 60 }), { nil: undefined }),
        ([columns, rows], color, width) => {
          const chalk = makeChalk(color);
          const heads: TableColumn[] = columns.map(({ header, shrinkRank }) => (shrinkRank === undefined ? { header } : { header, shrinkRank }));
          const painted: Cell[][] = rows.map((row) => row.map((value, index) => (index === 0 ? { text: value, paint: chalk.cyan } : value)));
          const reference = viaCliTable(heads, painted, { chalk, width });
          expect(renderTable(heads, painted, { chalk, width })).toBe(reference);
        },
      ),
      { numRuns: 1000 },
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
