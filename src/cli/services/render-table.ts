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
}

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
 * A borderless table (readable in CI logs, aligned on a TTY): cli-table3's layout, two spaces between columns, lines
 * trimmed. Cells must already be terminal-safe. mcpns lays it out itself, in one pass: cli-table3 (the product's table
 * package) cost 10–20 ms of start-up per table (loading it, and measuring every cell with its own string-width) and
 * grows quadratically with the rows; a property test (test/unit/cli/render-table.test.ts) checks these bytes against
 * cli-table3's own, plain and coloured, cut to a width or not.
 */
export function renderTable(columns: readonly (TableColumn | string)[], rows: readonly (readonly Cell[])[], options: TableOptions): string {
  const heads: TableColumn[] = columns.map((column) => (typeof column === 'string' ? { header: column } : column));
  const texts = rows.map((row) => heads.map((_, index) => cellText(row[index])));
  const widths = heads.map((head, index) => texts.reduce((max, row) => Math.max(max, displayWidth(row[index]!)), displayWidth(head.header)));
  const fitted = options.width ? fitWidths(heads, widths, options.width) : widths;
  const cut = fitted.some((width, index) => width < widths[index]!);
  const shown = cut ? texts.map((row) => row.map((text, index) => truncateToWidth(text, fitted[index]!))) : texts;
  const headers = heads.map((head, index) => truncateToWidth(head.header, fitted[index]!));
  const paint = (rowIndex: number, index: number): string => {
    const text = shown[rowIndex]![index]!;
    const cell = rows[rowIndex]![index];
    return typeof cell === 'object' && cell.paint ? cell.paint(text) : text;
  };
  // A cut column is as wide as its widest cut cell (a wide character may not fill the last column exactly).
  const columnWidths = cut
    ? heads.map((_, index) => shown.reduce((max, row) => Math.max(max, displayWidth(row[index]!)), displayWidth(headers[index]!)))
    : widths;
  const lines = [headers.map((header, index) => pad(options.chalk.bold(header), header, columnWidths[index]!))];
  for (const rowIndex of rows.keys()) lines.push(heads.map((_, index) => pad(paint(rowIndex, index), shown[rowIndex]![index]!, columnWidths[index]!)));
  return lines.map((cells) => cells.join('').trimEnd()).join('\n') + '\n';
}

/** A cell (maybe painted) padded to its column's width plus the gap between columns. */
const pad = (painted: string, text: string, width: number): string => painted + ' '.repeat(width - displayWidth(text) + PADDING_RIGHT);

function cellText(cell: Cell | undefined): string {
  if (cell === undefined) return '';
  return typeof cell === 'string' ? cell : cell.text;
}

/** Shrink the ranked columns (down to a minimum) until the table fits `total` columns, if it can. */
export function fitWidths(heads: readonly TableColumn[], widths: readonly number[], total: number): number[] {
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

/** First sentence/line of a description, cut to a width. */
export function shorten(text: string | undefined, width: number): string {
  if (!text) return '';
  const trimmed = text.trimStart();
  const end = trimmed.indexOf('\n');
  const firstLine = (end === -1 ? trimmed : trimmed.slice(0, end)).trimEnd();
  return truncateToWidth(firstLine, width);
}
