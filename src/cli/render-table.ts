import Table from 'cli-table3';
import { Chalk, type ChalkInstance } from 'chalk';

export function makeChalk(useColor: boolean): ChalkInstance {
  return new Chalk({ level: useColor ? 1 : 0 });
}

/** A borderless table (readable in CI logs, aligned on a TTY). Cells must already be terminal-safe. */
export function renderTable(head: string[], rows: string[][], chalk: ChalkInstance): string {
  const table = new Table({
    head: head.map((cell) => chalk.bold(cell)),
    style: { head: [], border: [], 'padding-left': 0, 'padding-right': 2 },
    chars: {
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
    },
  });
  for (const row of rows) table.push(row);
  return (
    table
      .toString()
      .split('\n')
      .map((line) => line.replace(/\s+$/, ''))
      .join('\n') + '\n'
  );
}

/** First sentence/line of a description, cut to a width. */
export function shorten(text: string | undefined, width: number): string {
  if (!text) return '';
  const firstLine = text.trim().split(/\r?\n/)[0] ?? '';
  return firstLine.length > width ? `${firstLine.slice(0, width - 1)}…` : firstLine;
}
