/**
 * Issue 18 §4 and §8: work on server text is bounded. Cross-server references are found in linear time (a 300 000
 * character run of "-" took 32 s through a backtracking regex), the rename guess is bounded and says when it gave
 * up (10 × 10 tools with 10 000-word descriptions took 101 s), canonical JSON and schema exporters never recurse
 * into a hostile depth, and a catalog file's over-deep tool becomes MALFORMED_TOOL instead of a crash.
 */
import fc from '../../helpers/fast-check.js';
import { describe, expect, it } from 'vitest';
import { parseCatalogText } from '../../../src/catalog/read.js';
import type { Catalog, CatalogServer, CatalogTool } from '../../../src/catalog/types.js';
import { buildIndex, mentionedTools } from '../../../src/checks/lint/cross-server-reference.js';
import { diffCatalogs, type DiffNote } from '../../../src/diff/diff.js';
import { guessRenamesBounded } from '../../../src/diff/rename.js';
import { driftResult } from '../../../src/diff/result.js';
import { toGeminiSchema } from '../../../src/export/gemini-schema.js';
import { canonicalJson, canonicalPretty, stringifySorted } from '../../../src/util/canonical-json.js';
import { argsOf } from '../../helpers/fixtures.js';

const server = (name: string): CatalogServer => ({ name, transport: 'stdio', source: 'x', status: 'ok', toolCount: 0 });
const tool = (serverName: string, name: string, description?: string): CatalogTool => ({
  server: serverName,
  name,
  qualifiedName: `${serverName}/${name}`,
  ...(description !== undefined ? { description } : {}),
  inputSchema: { type: 'object' },
});
const catalog = (tools: CatalogTool[]): Catalog => ({
  schemaVersion: 1,
  generatedAt: '',
  style: 'slash',
  servers: [...new Set(tools.map((entry) => entry.server))].map(server),
  tools,
});

describe('cross-server references in linear time', () => {
  it('a 300 000-character run of "-" inside a token is scanned at once, and names around it are still found', () => {
    const index = buildIndex([
      { server: 'files', name: 'read_file' },
      { server: 'evil', name: 'x' },
    ]);
    const description = `a${'-'.repeat(300_000)}a then call read_file and files/read_file ${'-.'.repeat(100_000)}`;
    expect(mentionedTools(description, 'evil', index)).toEqual([{ server: 'files', tool: 'read_file' }]);
  });
});

describe('the rename guess is bounded', () => {
  const words = (seed: number, count: number): string => Array.from({ length: count }, (_, index) => `w${(index * 7919 + seed * 104_729) % 5003}`).join(' ');

  it('10 × 10 tools with 10 000-word descriptions: a guess, at once', () => {
    const before = catalog(Array.from({ length: 10 }, (_, index) => tool('s', `old_${index}`, words(index, 10_000))));
    const after = catalog(Array.from({ length: 10 }, (_, index) => tool('s', `new_${index}`, words(index, 10_000).replace('w0 ', 'w1 '))));
    const notes: DiffNote[] = [];
    const findings = diffCatalogs(before, after, { notes });
    const renamed = findings.filter((finding) => finding.code === 'TOOL_REMOVED' && argsOf(finding)['renamedTo'] !== undefined);
    expect(renamed.map((finding) => `${finding.tool}→${String(argsOf(finding)['renamedTo'])}`)).toContain('old_3→new_3');
    expect(notes).toEqual([]);
  });

  it('when the work budget runs out it stops, and the report says so', () => {
    const removed = Array.from({ length: 30 }, (_, index) => tool('s', `tool_${index}_old`, `does thing ${index}`));
    const added = Array.from({ length: 30 }, (_, index) => tool('s', `tool_${index}_new`, `does thing ${index}`));
    const guess = guessRenamesBounded(removed, added, 5_000);
    expect(guess.stopped).toEqual({ compared: expect.any(Number) as number, total: 900 });
    expect(guess.stopped!.compared).toBeLessThan(900);
    const full = guessRenamesBounded(removed, added);
    expect(full.stopped).toBeUndefined();
    expect(full.renames.get('tool_7_old')).toBe('tool_7_new');

    const notes: DiffNote[] = [{ target: 's', note: 'rename guess gave up after comparing 12 of 900 removed/added tool pairs' }];
    expect(driftResult([], { notes }).notes).toEqual(notes);
  });
});

describe('canonical JSON without recursion', () => {
  /** The reference: JSON.stringify over a copy whose keys were inserted sorted (defineProperty keeps "__proto__"). */
  const reference = (value: unknown, space: number): string => {
    const sort = (node: unknown): unknown => {
      if (Array.isArray(node)) return node.map(sort);
      if (node === null || typeof node !== 'object') return node;
      const out = {};
      for (const key of Object.keys(node).sort()) {
        Object.defineProperty(out, key, { value: sort((node as Record<string, unknown>)[key]), enumerable: true, writable: true, configurable: true });
      }
      return out;
    };
    return JSON.stringify(sort(value), null, space);
  };

  it('the iterative serializer writes exactly what JSON.stringify writes, compact and pretty', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(stringifySorted(value, 0)).toBe(reference(value, 0));
        expect(stringifySorted(value, 2)).toBe(reference(value, 2));
        expect(canonicalJson(value)).toBe(reference(value, 0));
      }),
      { numRuns: 300 },
    );
  });

  it('a 100 000-deep value is hashed; a 3 000-deep one pretty-printed (JSON.stringify overflows at a few thousand)', () => {
    const nest = (pairs: number): string => `${'{"b":[{"a":'.repeat(pairs)}1${'}]}'.repeat(pairs)}`;
    expect(canonicalJson(JSON.parse(nest(50_000)))).toBe(nest(50_000));
    const pretty = canonicalPretty(JSON.parse(nest(1_500)));
    expect(pretty.startsWith('{\n  "b": [\n    {\n      "a": {')).toBe(true);
    expect(JSON.parse(pretty)).toBeTruthy();
  });
});

describe('schema walkers on hostile schemas', () => {
  it('gemini export: $refs that double at every level are cut off with a note', () => {
    const defs: Record<string, unknown> = { d0: { type: 'string' } };
    for (let level = 1; level <= 40; level++) defs[`d${level}`] = { anyOf: [{ $ref: `#/$defs/d${level - 1}` }, { $ref: `#/$defs/d${level - 1}` }] };
    const { notes } = toGeminiSchema({ type: 'object', $defs: defs, properties: { x: { $ref: '#/$defs/d40' } } });
    expect(notes.some((note) => note.includes('larger than 20000 nodes'))).toBe(true);
  });

  it('gemini export: a schema deeper than 128 levels is cut off with a note', () => {
    let schema: Record<string, unknown> = { type: 'string' };
    for (let level = 0; level < 200; level++) schema = { type: 'object', properties: { next: schema } };
    const { notes } = toGeminiSchema(schema);
    expect(notes.some((note) => note.includes('nested deeper than 128 levels'))).toBe(true);
  });

  it('a catalog file with a 10 000-deep tool keeps its other tools and records that one as malformed', () => {
    const deep = `${'{"type":"object","properties":{"n":'.repeat(10_000)}{}${'}}'.repeat(10_000)}`;
    const text = `{"schemaVersion":1,"servers":[{"name":"s","status":"ok"}],"tools":[{"server":"s","name":"ok","inputSchema":{"type":"object"}},{"server":"s","name":"deep","inputSchema":${deep}}]}`;
    const parsed = parseCatalogText(text, 'deep.json');
    expect(parsed.tools.map((entry) => entry.name)).toEqual(['ok']);
    expect(parsed.servers[0]?.malformedTools).toEqual([{ index: 1, name: 'deep', problems: ['the definition is nested more than 256 levels deep'] }]);
  });
});
