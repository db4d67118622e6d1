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

/** Bytes a document may hold before its `tools` key, or between two cuts, before the reader gives up on pieces. */
const MAX_PENDING_BYTES = 64 * 1024 * 1024;

/**
 * `parseToolsInPiecesSteps` over a document's bytes read a chunk at a time (readRegularFileChunks): the same pieces
 * decoded one by one, so neither the file's bytes nor its text are ever held whole (a 300 MB catalog held twice was most
 * of the reader's peak). A cut is only ever between `}` and `{` (ASCII, never inside a UTF-8 sequence), so a piece
 * decodes as the same slice of the whole text would. Returns undefined where the text's reader would give up (and
 * for an element or a head too large to hold as one piece): the caller then reads the text whole, which also words
 * any error.
 */
export function* parseChunksInPiecesSteps(chunks: Iterator<Buffer, void>, pieceBytes = PIECE_CHARS): Steps<unknown> {
  try {
    return yield* piecesOfChunks(chunks, pieceBytes);
  } catch (error) {
    // Not JSON where the pieces were cut: the whole text's parse decides. A file that cannot be read is the caller's.
    if (error instanceof SyntaxError) return undefined;
    throw error;
  }
}

function* piecesOfChunks(chunks: Iterator<Buffer, void>, pieceBytes: number): Steps<unknown> {
  let data = Buffer.alloc(0);
  let ended = false;
  /** Append the next chunk; false at the end of the file. */
  const more = (): boolean => {
    if (ended) return false;
    const next = chunks.next();
    if (next.done) ended = true;
    else data = Buffer.concat([data, next.value]);
    return !next.done;
  };
  let open: number | undefined;
  for (let from = 0; open === undefined;) {
    const found = toolsKey(data, from);
    if (typeof found === 'number') open = found;
    else if (data.length > MAX_PENDING_BYTES || !more()) return undefined;
    else from = found.resume;
  }
  const head = Buffer.from(data.subarray(0, open));
  data = data.subarray(open + 1);
  const tools: unknown[] = [];
  const step = Math.max(1, pieceBytes);
  let tail: Buffer | undefined;
  while (tail === undefined) {
    let piece: unknown[] | undefined;
    let next = 0;
    // As in the text's reader: a cut inside a string that holds "},{" does not parse; the next few cuts are tried.
    for (let attempt = 0, searchFrom = step; attempt < 4 && piece === undefined;) {
      const cut = boundary(data, searchFrom);
      if ('resume' in cut) {
        if (data.length > MAX_PENDING_BYTES || !more()) break;
        searchFrom = cut.resume;
        continue;
      }
      attempt++;
      try {
        piece = JSON.parse(`[${data.toString('utf8', 0, cut.at + 1)}]`) as unknown[];
        next = cut.next;
      } catch {
        searchFrom = cut.at + 1;
      }
    }
    if (piece === undefined) {
      // No cut that parses: only the rest of the file, up to its last "]", may be the last piece.
      if (!ended) return undefined;
      const close = data.lastIndexOf(0x5d);
      if (close < 0) return undefined;
      piece = JSON.parse(`[${data.toString('utf8', 0, close)}]`) as unknown[];
      tail = data.subarray(close + 1);
    }
    for (let index = 0; index < piece.length; index++) tools.push(piece[index]);
    data = data.subarray(next);
    yield;
  }
  const marker = `mcpns-tools-${randomUUID()}`;
  const shell: unknown = JSON.parse(`${head.toString('utf8')}"${marker}"${tail.toString('utf8')}`);
  if (typeof shell !== 'object' || shell === null || Array.isArray(shell) || (shell as { tools?: unknown }).tools !== marker) return undefined;
  (shell as { tools: unknown }).tools = tools;
  return shell;
}

const isJsonSpace = (byte: number | undefined): boolean => byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09;
const skipSpace = (data: Buffer, at: number): number => {
  while (isJsonSpace(data[at])) at++;
  return at;
};

/** The offset of the `[` of the first `"tools" : [`, or where to search again once more bytes are read. */
function toolsKey(data: Buffer, from: number): number | { resume: number } {
  for (let at = data.indexOf('"tools"', from, 'latin1'); at >= 0; at = data.indexOf('"tools"', at + 1, 'latin1')) {
    const colon = skipSpace(data, at + 7);
    if (colon >= data.length) return { resume: at };
    if (data[colon] !== 0x3a) continue;
    const bracket = skipSpace(data, colon + 1);
    if (bracket >= data.length) return { resume: at };
    if (data[bracket] === 0x5b) return bracket;
  }
  return { resume: Math.max(from, data.length - 6) };
}

/** The first `}`, `,`, `{`, `"` (JSON space between) at or after `from`: the `}` and the `{`; or where to search again. */
function boundary(data: Buffer, from: number): { at: number; next: number } | { resume: number } {
  for (let at = data.indexOf(0x7d, from); at >= 0; at = data.indexOf(0x7d, at + 1)) {
    const comma = skipSpace(data, at + 1);
    const brace = skipSpace(data, comma + 1);
    const quote = skipSpace(data, brace + 1);
    if (comma >= data.length || brace >= data.length || quote >= data.length) return { resume: at };
    if (data[comma] === 0x2c && data[brace] === 0x7b && data[quote] === 0x22) return { at, next: brace };
  }
  return { resume: Math.max(from, data.length) };
}
