import fc from '../../helpers/fast-check.js';
import { describe, expect, it } from 'vitest';
import { fastCatalogFile } from '../../../src/catalog/fast-read.js';
import { CatalogFileSchema } from '../../../src/catalog/schema.js';

/** Numbers JSON can hold (documents are parsed JSON: no Infinity or NaN). */
const jsonDouble = fc.double({ noNaN: true, noDefaultInfinity: true });
/** Values of every JSON kind, so a field sometimes has the right type and sometimes not. */
const anyValue = fc.oneof(
  fc.string({ maxLength: 4 }),
  fc.integer({ min: -2, max: 3 }),
  jsonDouble,
  fc.boolean(),
  fc.constant(null),
  fc.constant([]),
  fc.constant({}),
);
const field = <T>(good: fc.Arbitrary<T>): fc.Arbitrary<unknown> => fc.oneof({ weight: 20, arbitrary: good }, { weight: 1, arbitrary: anyValue });
const stringRecord = fc.dictionary(fc.string({ maxLength: 3 }), field(fc.string({ maxLength: 3 })), { maxKeys: 3 });

/** An object holding a random subset of `entries`, in a random order (zod puts declared keys first). */
const shuffledObject = (entries: Record<string, fc.Arbitrary<unknown>>): fc.Arbitrary<Record<string, unknown>> =>
  fc
    .record(entries, { requiredKeys: [] })
    .chain((object) => fc.shuffledSubarray(Object.entries(object), { minLength: Object.keys(object).length }).map((pairs) => Object.fromEntries(pairs)));
const ordered = (entries: Record<string, fc.Arbitrary<unknown>>, required: string[]): fc.Arbitrary<Record<string, unknown>> =>
  fc.record(entries, { requiredKeys: required as never[] });

const toolEntries = {
  server: field(fc.string({ maxLength: 3 })),
  name: field(fc.string({ maxLength: 3 })),
  qualifiedName: field(fc.string({ maxLength: 3 })),
  description: field(fc.string({ maxLength: 3 })),
  inputSchema: field(fc.constant({ type: 'object' })),
  annotations: field(
    shuffledObject({ title: field(fc.string({ maxLength: 3 })), readOnlyHint: field(fc.boolean()), openWorldHint: field(fc.boolean()), custom: anyValue }),
  ),
  hidden: field(ordered({ by: field(fc.string({ maxLength: 3 })), reason: field(fc.string({ maxLength: 3 })) }, ['by', 'reason'])),
  hashes: field(stringRecord),
  extra: anyValue,
};
const serverEntries = {
  name: field(fc.string({ maxLength: 3 })),
  transport: field(fc.string({ maxLength: 3 })),
  status: field(fc.constantFrom('ok', 'error', 'disabled')),
  serverInfo: field(ordered({ name: field(fc.string({ maxLength: 3 })), version: field(fc.string({ maxLength: 3 })) }, ['name'])),
  durationMs: field(jsonDouble),
  error: field(
    ordered(
      {
        code: field(fc.constantFrom('CONNECT_TIMEOUT', 'HTTP_ERROR', 'SERVER_ERROR')),
        message: field(fc.string({ maxLength: 3 })),
        serverCode: field(fc.integer({ min: -32768, max: -32000 })),
        hint: field(fc.string({ maxLength: 3 })),
      },
      ['code', 'message'],
    ),
  ),
  toolCount: field(fc.integer({ min: -1, max: 3 })),
  malformedTools: field(
    fc.array(ordered({ index: field(fc.integer()), problems: field(fc.array(fc.string({ maxLength: 2 }), { maxLength: 2 })) }, ['index', 'problems']), {
      maxLength: 2,
    }),
  ),
  notes: field(fc.array(field(fc.string({ maxLength: 2 })), { maxLength: 2 })),
};
const catalogs = fc.record({
  schemaVersion: fc.oneof({ weight: 20, arbitrary: fc.constant(1) }, { weight: 1, arbitrary: fc.constant(2) }),
  style: field(fc.string({ maxLength: 3 })),
  servers: fc.array(fc.oneof(ordered(serverEntries, ['name', 'status']), shuffledObject(serverEntries)), { maxLength: 3 }),
  tools: fc.array(fc.oneof(ordered(toolEntries, ['server', 'name']), shuffledObject(toolEntries)), { maxLength: 4 }),
});

describe('fastCatalog', () => {
  it('vouches only for documents the zod schema accepts, and returns exactly what zod returns (keys and their order)', () => {
    let vouched = 0;
    let declined = 0;
    fc.assert(
      fc.property(catalogs, (document) => {
        const viaZod = CatalogFileSchema.safeParse(structuredClone(document));
        const fast = fastCatalogFile(structuredClone(document));
        if (fast === undefined) {
          declined++;
          return;
        }
        vouched++;
        expect(viaZod.success).toBe(true);
        expect(JSON.stringify(fast)).toBe(JSON.stringify(viaZod.data));
      }),
      { numRuns: 2000 },
    );
    // Both branches were exercised (the generator makes valid and invalid documents alike).
    expect(vouched).toBeGreaterThan(100);
    expect(declined).toBeGreaterThan(100);
  });

  it('takes the fast path for the documents mcpns writes (declared keys first, in order)', () => {
    const document = {
      schemaVersion: 1,
      generatedAt: '2026-01-01T00:00:00.000Z',
      style: 'slash',
      servers: [{ name: 'a', transport: 'stdio', source: 'x.json', status: 'ok', serverInfo: { name: 'a', version: '1' }, toolCount: 1, pages: 1 }],
      tools: [{ server: 'a', name: 't', qualifiedName: 'a/t', description: 'd', inputSchema: { type: 'object' }, annotations: { readOnlyHint: true } }],
    };
    expect(fastCatalogFile(document)).toBe(document);
  });

  it('rejects "serverCode": "oops" on both paths (zod requires an integer, and so does the generated validator)', () => {
    const document = {
      schemaVersion: 1,
      servers: [{ name: 'a', status: 'error', error: { code: 'SERVER_ERROR', message: 'm', serverCode: 'oops' } }],
      tools: [],
    };
    expect(CatalogFileSchema.safeParse(structuredClone(document)).success).toBe(false);
    expect(fastCatalogFile(structuredClone(document))).toBeUndefined();
    expect(
      fastCatalogFile({ ...document, servers: [{ ...document.servers[0], error: { code: 'SERVER_ERROR', message: 'm', serverCode: -32601 } }] }),
    ).toBeDefined();
  });
});
