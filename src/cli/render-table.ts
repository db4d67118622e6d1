import Table from 'cli-table3';
import { Chalk, type ChalkInstance } from 'chalk';
import stringWidth from 'string-width';

export function makeChalk(useColor: boolean): ChalkInstance {
  return new Chalk({ level: useColor ? 1 : 0 });
}

/** A table cell: terminal-safe text, optionally painted (colour is applied after widths are measured and cut). */
export type Cell = string | { text: string; paint?: ((text: string) => string) | undefined };

export interface TableColumn {
  header: string;
  /**
   * When the table must fit a terminal width, columns with a rank are cut (lowest rank first, e.g. the description)
   * down to a minimum width; columns without one are never cut.
   */
  shrinkRank?: number;
}

export interface TableOptions {
  chalk: ChalkInstance;
  /** Fit the table to this many columns (a terminal's width) by cutting ranked columns; undefined: never cut. */
  width?: number | undefined;
  /** Row count above which the plain renderer replaces cli-table3 (default CLI_TABLE_MAX_ROWS; tests compare both). */
  cliTableMaxRows?: number;
}

/** Above this many rows cli-table3's layout grows quadratically; the plain renderer below gives the same bytes. */
export const CLI_TABLE_MAX_ROWS = 1000;
/** A shrinkable column is never cut below this width. */
const MIN_SHRUNK_WIDTH = 12;
const PADDING_RIGHT = 2;

const ASCII_PRINTABLE = /^[\x20-\x7e]*$/;

/** Display width in terminal columns (wide CJK and emoji count 2). Pure printable ASCII is measured by length. */
export function displayWidth(text: string): number {
  return ASCII_PRINTABLE.test(text) ? text.length : stringWidth(text);
}

/** Cut text to at most `width` columns, ending in "…" when it was cut. Reads at most a few times `width` characters. */
export function truncateToWidth(text: string, width: number): string {
  // No character is narrower than zero columns: looking further than this cannot change the outcome for display.
  const head = text.length > width * 8 + 8 ? text.slice(0, width * 8 + 8) : text;
  if (head === text && displayWidth(text) <= width) return text;
  if (width <= 1) return width === 1 ? '…' : '';
  let result = '';
  let used = 0;
  for (const char of head) {
    const charWidth = displayWidth(char);
    if (used + charWidth > width - 1) break;
    result += char;
    used += charWidth;
  }
  return `${result}…`;
}

/**
 * A borderless table (readable in CI logs, aligned on a TTY). Cells must already be terminal-safe. Linear in the
 * number of rows: small tables go through cli-table3, large ones through an equivalent plain renderer (a test proves
 * both give identical output), so `list` stays fast at hundreds of thousands of tools.
 */
export function renderTable(columns: readonly (TableColumn | string)[], rows: readonly (readonly Cell[])[], options: TableOptions): string {
  const heads: TableColumn[] = columns.map((column) => (typeof column === 'string' ? { header: column } : column));
  const texts = rows.map((row) => heads.map((_, index) => cellText(row[index])));
  const widths = heads.map((head, index) => texts.reduce((max, row) => Math.max(max, displayWidth(row[index]!)), displayWidth(head.header)));
  const fitted = options.width ? fitWidths(heads, widths, options.width) : widths;
  const cut = fitted.some((width, index) => width < widths[index]!);
  const painted = rows.map((row, rowIndex) =>
    heads.map((_, index) => {
      const text = cut ? truncateToWidth(texts[rowIndex]![index]!, fitted[index]!) : texts[rowIndex]![index]!;
      const cell = row[index];
      return typeof cell === 'object' && cell.paint ? cell.paint(text) : text;
    }),
  );
  const header = heads.map((head, index) => options.chalk.bold(truncateToWidth(head.header, fitted[index]!)));
  if (rows.length <= (options.cliTableMaxRows ?? CLI_TABLE_MAX_ROWS)) return renderWithCliTable(header, painted);
  return renderPlain([header, ...painted], fitted);
}

function cellText(cell: Cell | undefined): string {
  if (cell === undefined) return '';
  return typeof cell === 'string' ? cell : cell.text;
}

/** Shrink the ranked columns (down to a minimum) until the table fits `total` columns, if it can. */
function fitWidths(heads: readonly TableColumn[], widths: readonly number[], total: number): number[] {
  const fitted = [...widths];
  const tableWidth = (): number => fitted.reduce((sum, width) => sum + width + PADDING_RIGHT, 0) - PADDING_RIGHT;
  const order = heads
    .map((head, index) => ({ rank: head.shrinkRank, index }))
    .filter((entry): entry is { rank: number; index: number } => entry.rank !== undefined)
    .sort((a, b) => a.rank - b.rank);
  for (const { index } of order) {
    const excess = tableWidth() - total;
    if (excess <= 0) break;
    fitted[index] = Math.max(Math.min(MIN_SHRUNK_WIDTH, widths[index]!), fitted[index]! - excess);
  }
  return fitted;
}

const BORDERLESS = {
  top: '',
  'top-mid': '',
  'top-left': '',
  'top-right': '',
  bottom: '',
  'bottom-mid': '',
  'bottom-left': '',
  'bottom-right': '',
  left: '',
  'left-mid': '',
  mid: '',
  'mid-mid': '',
  right: '',
  'right-mid': '',
  middle: '',
};

function renderWithCliTable(header: string[], rows: string[][]): string {
  const table = new Table({ head: header, style: { head: [], border: [], 'padding-left': 0, 'padding-right': PADDING_RIGHT }, chars: BORDERLESS });
  for (const row of rows) table.push(row);
  return table
    .toString()
    .split('\n')
    .map((line) => line.trimEnd())
    .join('\n')
    .concat('\n');
}

/** The same layout as renderWithCliTable, one pass over the rows: each cell padded to its column's width. */
function renderPlain(rows: readonly string[][], widths: readonly number[]): string {
  const lines: string[] = [];
  for (const row of rows) {
    let line = '';
    for (const [index, cell] of row.entries()) line += cell + ' '.repeat(widths[index]! - displayWidth(stripPaint(cell)) + PADDING_RIGHT);
    lines.push(line.trimEnd());
  }
  return lines.join('\n') + '\n';
}

// Colour codes (SGR) are the only escapes in a painted cell: server text was made terminal-safe before painting.
const SGR = /\u001b\[[0-9;]*m/g;
const stripPaint = (text: string): string => (text.includes('\u001b') ? text.replace(SGR, '') : text);

/** First sentence/line of a description, cut to a width. */
export function shorten(text: string | undefined, width: number): string {
  if (!text) return '';
  const trimmed = text.trimStart();
  const end = trimmed.indexOf('\n');
  const firstLine = (end === -1 ? trimmed : trimmed.slice(0, end)).trimEnd();
  return truncateToWidth(firstLine, width);
}
