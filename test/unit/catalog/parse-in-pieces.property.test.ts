import fc from '../../helpers/fast-check.js';
import { describe, expect, it } from 'vitest';
import { parseChunksInPiecesSteps, parseToolsInPieces } from '../../../src/catalog/parse-in-pieces.js';
import { drain } from '../../../src/util/steps.js';

// Strings full of what the cuts look for: braces, commas, brackets, quotes and a "tools" key.
const tricky = fc.string({ unit: fc.constantFrom('}', ',', '{', ']', '[', '"', '\\', ' ', 'a', 'é', '😀', 'tools', '"tools":[', '},{'), maxLength: 12 });
const tool = fc.record(
  {
    server: tricky,
    name: tricky,
    description: tricky,
    inputSchema: fc.jsonValue({ maxDepth: 3 }),
    annotations: fc.dictionary(tricky, fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 }),
  },
  { requiredKeys: ['server', 'name'] },
);
const documents = fc.record({
  head: fc.dictionary(tricky, fc.jsonValue({ maxDepth: 3 }), { maxKeys: 3 }),
  tools: fc.array(fc.oneof({ weight: 9, arbitrary: tool }, { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) }), { maxLength: 20 }),
  tail: fc.dictionary(tricky, fc.jsonValue({ maxDepth: 2 }), { maxKeys: 2 }),
});

/** The document as text: tools where a test puts it, compact or indented. */
const textOf = (doc: { head: object; tools: unknown[]; tail: object }, indent: number, toolsLast: boolean): string =>
  JSON.stringify(toolsLast ? { ...doc.head, ...doc.tail, tools: doc.tools } : { ...doc.head, tools: doc.tools, ...doc.tail }, null, indent);

describe('parseToolsInPieces', () => {
  it('gives exactly what JSON.parse gives (keys and their order), or leaves the document to it', () => {
    fc.assert(
      fc.property(documents, fc.constantFrom(0, 2), fc.boolean(), fc.integer({ min: 1, max: 400 }), (doc, indent, toolsLast, pieceChars) => {
        const text = textOf(doc, indent, toolsLast);
        const expected: unknown = JSON.parse(text);
        const got = parseToolsInPieces(text, pieceChars);
        if (got !== undefined) {
          expect(JSON.stringify(got)).toBe(JSON.stringify(expected));
          expect(got).toEqual(expected);
        }
      }),
      { numRuns: 400 },
    );
  });

  it('parses a catalog whose tools come last in pieces, pretty-printed or not', () => {
    const tools = Array.from({ length: 40 }, (_, index) => ({
      server: 's',
      name: `t${index}`,
      description: '},{"server":"x"}]',
      inputSchema: { type: 'object' },
    }));
    for (const indent of [0, 2]) {
      const text = JSON.stringify({ schemaVersion: 1, servers: [{ name: 's', capabilities: { tools: {} } }], tools }, null, indent);
      expect(parseToolsInPieces(text, 300)).toEqual(JSON.parse(text));
    }
  });

  it('leaves to JSON.parse what it cannot vouch for: invalid text, tools not last, a top-level "tools" given twice', () => {
    expect(parseToolsInPieces('{"tools":[{"a":1},{"a":2}', 2)).toBeUndefined();
    expect(parseToolsInPieces('{"tools":[{"a":1},{"a":2}],"x":[1]}', 2)).toBeUndefined();
    expect(parseToolsInPieces('{"tools":[{"a":1},{"a":2}],"tools":"other"}', 2)).toBeUndefined();
    expect(parseToolsInPieces('{"servers":[{"tools":[{"a":1},{"b":2}]}],"tools":[{"c":3},{"d":4}]}', 2)).toBeUndefined();
  });
});

/** The text's UTF-8 bytes in chunks of `size` bytes (cutting through multi-byte characters), read as the file reader gives them. */
function* chunksOf(text: string, size: number): Generator<Buffer, void, void> {
  const bytes = Buffer.from(text, 'utf8');
  for (let at = 0; at < bytes.length; at += size) yield Buffer.from(bytes.subarray(at, at + size));
}
const parseChunks = (text: string, chunkBytes: number, pieceBytes: number): unknown => drain(parseChunksInPiecesSteps(chunksOf(text, chunkBytes), pieceBytes));

describe('parseChunksInPiecesSteps (a file read in chunks, never whole)', () => {
  it('gives exactly what JSON.parse gives, or leaves the document to it', () => {
    fc.assert(
      fc.property(
        documents,
        fc.constantFrom(0, 2),
        fc.boolean(),
        fc.integer({ min: 1, max: 64 }),
        fc.integer({ min: 1, max: 400 }),
        (doc, indent, toolsLast, chunkBytes, pieceBytes) => {
          const text = textOf(doc, indent, toolsLast);
          const got = parseChunks(text, chunkBytes, pieceBytes);
          if (got !== undefined) expect(JSON.stringify(got)).toBe(JSON.stringify(JSON.parse(text)));
        },
      ),
      { numRuns: 400 },
    );
  });

  it('parses a catalog whose tools come last, in chunks that cut through characters', () => {
    const tools = Array.from({ length: 40 }, (_, index) => ({
      server: 'sé',
      name: `t${index}😀`,
      description: '},{"server":"x"}] €',
      inputSchema: { type: 'object' },
    }));
    for (const indent of [0, 2]) {
      const text = JSON.stringify({ schemaVersion: 1, servers: [{ name: 'sé', capabilities: { tools: {} } }], tools }, null, indent);
      for (const chunkBytes of [1, 7, 4096]) expect(parseChunks(text, chunkBytes, 300)).toEqual(JSON.parse(text));
    }
  });

  it('leaves to JSON.parse what it cannot vouch for', () => {
    for (const text of [
      '{"tools":[{"a":1},{"a":2}',
      '{"tools":[{"a":1},{"a":2}],"x":[1]}',
      '{"tools":[{"a":1},{"a":2}],"tools":"other"}',
      '{"servers":[{"tools":[{"a":1},{"b":2}]}],"tools":[{"c":3},{"d":4}]}',
      '\uFEFF{"tools":[{"a":1},{"a":2}]}',
      '{"tools":[{"a":1},{"a":2}]}x',
    ])
      expect(parseChunks(text, 3, 2)).toBeUndefined();
  });
});
