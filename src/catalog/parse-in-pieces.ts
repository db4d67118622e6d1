import { randomUUID } from 'node:crypto';
import { drain, type Steps } from '../util/steps.js';

/**
 * JSON.parse of a catalog document whose `tools` array is parsed in pieces. V8 parses one huge array with every
 * element still pending until the closing bracket, and its young-generation collections grow costlier the further
 * the parse gets: a million tools parsed whole took a third more CPU than the same text in pieces. Each piece is
 * a run of whole elements cut between `}` and `{`; a cut anywhere else (inside a string, deeper in an element) leaves
 * that piece unbalanced or its string unterminated, so JSON.parse refuses it, and so does a document whose top-level
 * `tools` is not where the cut put it. Then, and for anything unusual, this returns undefined and the caller parses
 * the text whole (which also words any error): the result is always exactly what JSON.parse(text) gives.
 */
/**
 * About how much text one piece holds. Each piece is parsed as "[" + slice + "]", a string V8 copies flat: kept well
 * under V8's large-object size (about 128 KiB), such a copy dies young instead of waiting in the large-object space
 * for a full collection (32 pieces of a 300 MB document raised the peak by 450 MB).
 */
const PIECE_CHARS = 32 * 1024;

export function parseToolsInPieces(text: string, pieceChars = PIECE_CHARS): unknown {
  return drain(parseToolsInPiecesSteps(text, pieceChars));
}

/** `parseToolsInPieces` with a slice between pieces (a paced read takes its breaks there). */
export function* parseToolsInPiecesSteps(text: string, pieceChars = PIECE_CHARS): Steps<unknown> {
  try {
    const key = /"tools"\s*:\s*\[/g.exec(text);
    if (!key) return undefined;
    const open = key.index + key[0].length - 1;
    const close = text.lastIndexOf(']');
    if (close <= open) return undefined;
    // The array is replaced by a string no document can know in advance: the document is ours to split only if
    // that string is what its top-level "tools" holds.
    const marker = `mcpns-tools-${randomUUID()}`;
    const shell: unknown = JSON.parse(`${text.slice(0, open)}"${marker}"${text.slice(close + 1)}`);
    if (typeof shell !== 'object' || shell === null || Array.isArray(shell) || (shell as { tools?: unknown }).tools !== marker) return undefined;
    const tools: unknown[] = [];
    const step = Math.max(1, pieceChars);
    // Between two elements that are objects: "}", a comma, then the next object's first key.
    const boundary = /\}\s*,\s*\{\s*"/g;
    for (let from = open + 1; from < close;) {
      let piece: unknown[] | undefined;
      let next = close;
      // A cut can land inside a string that happens to hold "},{": that piece does not parse, so the next cut is
      // tried (a few times), then the rest as one piece.
      boundary.lastIndex = from + step;
      for (let attempt = 0; attempt < 4 && piece === undefined && from + step < close; attempt++) {
        const cut = boundary.exec(text);
        if (!cut || cut.index >= close) break;
        try {
          piece = JSON.parse(`[${text.slice(from, cut.index + 1)}]`) as unknown[];
          next = text.indexOf('{', cut.index + 1);
        } catch {
          piece = undefined;
        }
      }
      if (piece === undefined) {
        piece = JSON.parse(`[${text.slice(from, close)}]`) as unknown[];
        next = close;
      }
      for (let index = 0; index < piece.length; index++) tools.push(piece[index]);
      from = next;
      yield;
    }
    (shell as { tools: unknown }).tools = tools;
    return shell;
  } catch {
    return undefined;
  }
}
