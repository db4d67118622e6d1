import fc from '../../helpers/fast-check.js';
import { describe, expect, it } from 'vitest';
import { jsonParts } from '../../../src/util/json-parts.js';

const joined = (value: unknown): string => [...jsonParts(value)].join('');

// Long arrays (walked an element at a time) inside objects and arrays, beside what JSON.stringify leaves out or nulls.
const leaf = fc.oneof(
  fc.jsonValue({ maxDepth: 2 }),
  fc.constant(undefined),
  fc.constant(() => 1),
  fc.string({ unit: fc.constantFrom('a', '\n', '"', '😀', '\u0007') }),
);
const longArray = fc.array(fc.oneof(leaf, fc.record({ server: fc.string(), tool: fc.string() })), { minLength: 60, maxLength: 140 });
const documents = fc.letrec((tie) => ({
  value: fc.oneof({ depthSize: 'small' }, leaf, longArray, tie('object'), fc.array(tie('value'), { maxLength: 70 })),
  object: fc.dictionary(fc.string({ maxLength: 6 }), tie('value'), { maxKeys: 5 }),
})).object;

describe('jsonParts', () => {
  it('joins to exactly JSON.stringify(value, null, 2)', () => {
    fc.assert(
      fc.property(documents, (value) => {
        expect(joined(value)).toBe(JSON.stringify(value, null, 2));
      }),
      { numRuns: 300 },
    );
  });

  it('writes a long array in parts of bounded size, not as one string', () => {
    const members = Array.from({ length: 100_000 }, (_, index) => ({ server: `s${index}`, tool: 'click' }));
    const value = { findings: [{ code: 'X', members }], summary: { error: 0 }, empty: [], none: {} };
    const parts = [...jsonParts(value)];
    expect(parts.join('')).toBe(JSON.stringify(value, null, 2));
    expect(parts.length).toBeGreaterThan(10);
    expect(Math.max(...parts.map((part) => part.length))).toBeLessThan(80 * 1024);
  });
});
