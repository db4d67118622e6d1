/**
 * Word diff and edit distance, for DESCRIPTION_CHANGED (show what a rewritten description now says)
 * and the rename guess (a removed and an added tool that look alike).
 */

/** Levenshtein distance over any sequence (characters of a string, or words). */
export function levenshtein<T>(a: readonly T[], b: readonly T[]): number {
  if (a.length === 0) return b.length;
  if (b.length === 0) return a.length;
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
    }
    previous = current;
  }
  return previous[b.length]!;
}

/** Edit distance divided by the longer length: 0 identical … 1 nothing in common. */
export function normalizedDistance<T>(a: readonly T[], b: readonly T[]): number {
  const longest = Math.max(a.length, b.length);
  return longest === 0 ? 0 : levenshtein(a, b) / longest;
}

/** Words of a text (whitespace-separated), for word-level comparisons. */
export function words(text: string | undefined): string[] {
  return (text ?? '').split(/\s+/).filter(Boolean);
}

/** Bound on the LCS table (words before × words after) so a huge description cannot stall a diff. */
const MAX_LCS_CELLS = 4_000_000;

type Op = { kind: 'same' | 'removed' | 'added'; words: string[] };

/**
 * Where two sequences start and stop differing: the common prefix ends at `start`, the common suffix begins at
 * `endA`/`endB`. Texts usually change in one place, so the costly comparisons only look between them.
 */
export function commonEnds<T>(a: readonly T[], b: readonly T[]): { start: number; endA: number; endB: number } {
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  return { start, endA, endB };
}

/** Longest-common-subsequence word diff as a list of runs. */
export function diffWords(before: readonly string[], after: readonly string[]): Op[] {
  const { start, endA: endBefore, endB: endAfter } = commonEnds(before, after);
  const a = before.slice(start, endBefore);
  const b = after.slice(start, endAfter);
  if (a.length * b.length > MAX_LCS_CELLS) {
    // Too big to align word by word: show it as one replacement.
    const ops: Op[] = [];
    if (start) ops.push({ kind: 'same', words: before.slice(0, start) });
    if (a.length) ops.push({ kind: 'removed', words: a });
    if (b.length) ops.push({ kind: 'added', words: b });
    if (endBefore < before.length) ops.push({ kind: 'same', words: before.slice(endBefore) });
    return ops;
  }
  const lcs: number[][] = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      lcs[i]![j] = a[i] === b[j] ? lcs[i + 1]![j + 1]! + 1 : Math.max(lcs[i + 1]![j]!, lcs[i]![j + 1]!);
    }
  }
  const ops: Op[] = [];
  const push = (kind: Op['kind'], word: string): void => {
    const last = ops[ops.length - 1];
    if (last?.kind === kind) last.words.push(word);
    else ops.push({ kind, words: [word] });
  };
  before.slice(0, start).forEach((word) => push('same', word));
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) {
      push('same', a[i]!);
      i++;
      j++;
    } else if (j < b.length && (i >= a.length || lcs[i]![j + 1]! >= lcs[i + 1]![j]!)) {
      push('added', b[j++]!);
    } else {
      push('removed', a[i++]!);
    }
  }
  before.slice(endBefore).forEach((word) => push('same', word));
  // Show removals before additions within one change.
  for (let k = 0; k + 1 < ops.length; k++) {
    if (ops[k]!.kind === 'added' && ops[k + 1]!.kind === 'removed') [ops[k], ops[k + 1]] = [ops[k + 1]!, ops[k]!];
  }
  return ops;
}

export interface WordDiffOptions {
  /** Unchanged words kept around each change. */
  context?: number;
  /** The result is cut (with "…") beyond this many characters. */
  maxLength?: number;
}

/**
 * Compact word diff: `-removed words- +added words+`, a few unchanged words of context around
 * each change and "…" for the rest; bounded so one long description cannot flood a report.
 */
export function wordDiff(before: string | undefined, after: string | undefined, options: WordDiffOptions = {}): string {
  const context = options.context ?? 3;
  const maxLength = options.maxLength ?? 240;
  const ops = diffWords(words(before), words(after));
  const parts: string[] = [];
  ops.forEach((op, index) => {
    if (op.kind === 'removed') parts.push(`-${op.words.join(' ')}-`);
    else if (op.kind === 'added') parts.push(`+${op.words.join(' ')}+`);
    else {
      const isFirst = index === 0;
      const isLast = index === ops.length - 1;
      const head = isFirst ? [] : op.words.slice(0, context);
      const tail = isLast ? [] : op.words.slice(-context);
      if (op.words.length <= head.length + tail.length) parts.push(op.words.join(' '));
      else {
        if (head.length) parts.push(head.join(' '));
        parts.push('…');
        if (tail.length) parts.push(tail.join(' '));
      }
    }
  });
  const text = parts.join(' ');
  if (!ops.some((op) => op.kind !== 'same')) return before === after ? '' : '(whitespace only)';
  return text.length > maxLength ? `${text.slice(0, maxLength - 1)}…` : text;
}
