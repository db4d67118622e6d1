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
