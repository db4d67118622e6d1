import fc from '../../helpers/fast-check.js';
import { describe, expect, it } from 'vitest';
import { FirstIndex } from '../../../src/util/first-index.js';

describe('FirstIndex', () => {
  it('finds the first position of every key as a map of first positions does', () => {
    // Few distinct short keys, so repeats are common; numbers and strings both.
    const keys = fc.array(fc.oneof(fc.string({ unit: fc.constantFrom('a', 'b', 'é', '\u0000'), maxLength: 3 }), fc.integer({ min: -3, max: 3 })), {
      maxLength: 200,
    });
    fc.assert(
      fc.property(keys, (items) => {
        const table = new FirstIndex<string | number>(items.length, (position) => items[position]!);
        const expected = new Map<string | number, number>();
        items.forEach((key, position) => {
          expect(table.firstOrAdd(key, position)).toBe(expected.get(key) ?? -1);
          if (!expected.has(key)) expected.set(key, position);
        });
        for (const key of [...items, 'absent', 99]) expect(table.first(key)).toBe(expected.get(key) ?? -1);
      }),
      { numRuns: 300 },
    );
  });

  it('answers every key of a table at its capacity, and refuses more than its size', () => {
    const items = Array.from({ length: 8 }, (_, index) => `k${index}`);
    const table = new FirstIndex<string>(8, (position) => items[position]!);
    items.forEach((key, position) => expect(table.firstOrAdd(key, position)).toBe(-1));
    expect(items.map((key) => table.first(key))).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(table.first('missing')).toBe(-1);
    // Past its size (16 slots for 8 keys) it refuses instead of filling up and probing for ever.
    const more = Array.from({ length: 16 }, (_, index) => `m${index}`);
    const small = new FirstIndex<string>(8, (position) => more[position]!);
    for (let position = 0; position < 15; position++) small.firstOrAdd(more[position]!, position);
    expect(small.first('missing')).toBe(-1);
    expect(() => small.firstOrAdd(more[15]!, 15)).toThrow(RangeError);
  });
});
