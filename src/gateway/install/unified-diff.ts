/**
 * A unified diff of two texts (what `serve --install --dry-run` shows), from a longest-common-subsequence of lines.
 * Config files are small; past `MAX_CELLS` the files are shown as wholly replaced rather than spend the memory.
 */

const MAX_CELLS = 4_000_000;
const CONTEXT = 3;

type Op = { kind: ' ' | '-' | '+'; line: string };

/** `--- a/<label>` / `+++ b/<label>` and hunks; an absent side is `/dev/null`. Empty when the texts are equal. */
export function unifiedDiff(label: string, before: string | undefined, after: string | undefined): string {
  if (before === after) return '';
  const a = splitLines(before ?? '');
  const b = splitLines(after ?? '');
  const ops = diffLines(a, b);
  const head = `--- ${before === undefined ? '/dev/null' : `a/${label}`}\n+++ ${after === undefined ? '/dev/null' : `b/${label}`}\n`;
  return head + hunks(ops).join('');
}

function splitLines(text: string): string[] {
  if (text === '') return [];
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  else lines[lines.length - 1] += '\n\\ No newline at end of file';
  return lines;
}

function diffLines(a: string[], b: string[]): Op[] {
  if ((a.length + 1) * (b.length + 1) > MAX_CELLS)
    return [...a.map((line) => ({ kind: '-' as const, line })), ...b.map((line) => ({ kind: '+' as const, line }))];
  const width = b.length + 1;
  const table = new Uint32Array((a.length + 1) * width);
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      table[i * width + j] = a[i] === b[j] ? table[(i + 1) * width + j + 1]! + 1 : Math.max(table[(i + 1) * width + j]!, table[i * width + j + 1]!);
    }
  }
  const ops: Op[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      ops.push({ kind: ' ', line: a[i]! });
      i++;
      j++;
    } else if (table[(i + 1) * width + j]! >= table[i * width + j + 1]!) ops.push({ kind: '-', line: a[i++]! });
    else ops.push({ kind: '+', line: b[j++]! });
  }
  while (i < a.length) ops.push({ kind: '-', line: a[i++]! });
  while (j < b.length) ops.push({ kind: '+', line: b[j++]! });
  return ops;
}

function hunks(ops: Op[]): string[] {
  const changed = ops.map((op, index) => (op.kind === ' ' ? -1 : index)).filter((index) => index >= 0);
  const out: string[] = [];
  let index = 0;
  while (index < changed.length) {
    const start = Math.max(0, changed[index]! - CONTEXT);
    let end = Math.min(ops.length, changed[index]! + CONTEXT + 1);
    while (index + 1 < changed.length && changed[index + 1]! - CONTEXT <= end) end = Math.min(ops.length, changed[++index]! + CONTEXT + 1);
    index++;
    let oldStart = 1;
    let newStart = 1;
    for (const op of ops.slice(0, start)) {
      if (op.kind !== '+') oldStart++;
      if (op.kind !== '-') newStart++;
    }
    const slice = ops.slice(start, end);
    const oldCount = slice.filter((op) => op.kind !== '+').length;
    const newCount = slice.filter((op) => op.kind !== '-').length;
    out.push(`@@ -${oldCount ? oldStart : oldStart - 1},${oldCount} +${newCount ? newStart : newStart - 1},${newCount} @@\n`);
    for (const op of slice) out.push(`${op.kind}${op.line}\n`);
  }
  return out;
}
