import fc from '../../helpers/fast-check.js';
import { describe, expect, it } from 'vitest';
import { exceedsJsonLimits, forEachNode } from '../../../src/util/json-walk.js';

const visits = (value: unknown): Array<[unknown, string | undefined, number]> => {
  const seen: Array<[unknown, string | undefined, number]> = [];
  forEachNode(value, (node, key, depth) => void seen.push([node, key, depth]));
  return seen;
};

describe('forEachNode', () => {
  it('visits depth-first in document order, with each node’s key and depth', () => {
    const value = { a: 1, b: [true, { c: 'x' }], d: null };
    expect(visits(value)).toEqual([
      [value, undefined, 0],
      [1, 'a', 1],
      [value.b, 'b', 1],
      [true, undefined, 2],
      [value.b[1], undefined, 2],
      ['x', 'c', 3],
      [null, 'd', 1],
    ]);
  });

  it('visits an own "__proto__" key with its own value, not the prototype', () => {
    const value = JSON.parse('{"__proto__": {"secret": "s"}, "x": 1}') as object;
    expect(visits(value).slice(1)).toEqual([
      [{ secret: 's' }, '__proto__', 1],
      ['s', 'secret', 2],
      [1, 'x', 1],
    ]);
  });

  it('stops when the visitor returns false', () => {
    const seen: unknown[] = [];
    forEachNode([1, 2, 3], (node) => {
      seen.push(node);
      return node !== 2;
    });
    expect(seen).toEqual([[1, 2, 3], 1, 2]);
  });

  it('walks a value nested far deeper than the stack allows recursion', () => {
    let value: unknown = 'leaf';
    for (let level = 0; level < 200_000; level++) value = [value];
    let deepest = 0;
    forEachNode(value, (_node, _key, depth) => void (deepest = Math.max(deepest, depth)));
    expect(deepest).toBe(200_000);
    expect(exceedsJsonLimits(value, { maxDepth: 256, maxBytes: 1 << 20 })).toBe('nested more than 256 levels deep');
  });
});

describe('exceedsJsonLimits', () => {
  /** The measure as first written: every node's String() length, keys with quotes and colon. */
  const reference = (value: unknown, key?: string): number => {
    const own = key === undefined ? 1 : key.length + 4;
    if (typeof value === 'string') return own + value.length + 2;
    if (typeof value === 'number' || typeof value === 'boolean') return own + String(value).length;
    if (Array.isArray(value)) return own + 2 + value.reduce((sum: number, item) => sum + reference(item), 0);
    if (value !== null && typeof value === 'object') return own + 2 + Object.entries(value).reduce((sum, [name, item]) => sum + reference(item, name), 0);
    return own + 2;
  };

  it('measures every value as before, at the byte where it stops fitting', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 4 }), (value) => {
        const size = reference(value);
        expect(exceedsJsonLimits(value, { maxDepth: 64, maxBytes: size })).toBeUndefined();
        expect(exceedsJsonLimits(value, { maxDepth: 64, maxBytes: size - 1 })).toBe(`larger than ${size - 1} bytes`);
      }),
      { numRuns: 300 },
    );
  });

  it('gives the same answer call after call, a stopped walk included', () => {
    const deep = JSON.parse('[[[[1]]]]') as unknown;
    const wide = { a: 'x'.repeat(100), b: [1, 2, 3] };
    for (let round = 0; round < 3; round++) {
      expect(exceedsJsonLimits(deep, { maxDepth: 2, maxBytes: 1000 })).toBe('nested more than 2 levels deep');
      expect(exceedsJsonLimits(wide, { maxDepth: 8, maxBytes: 1000 })).toBeUndefined();
    }
  });
});
