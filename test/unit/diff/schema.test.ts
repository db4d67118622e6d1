import { describe, expect, it } from 'vitest';
import { compareSchemas, isBreaking } from '../../../src/diff/schema.js';

/** "path: change" lines split by whether they break an input schema. */
function classify(before: unknown, after: unknown, direction: 'input' | 'output' = 'input') {
  const { changes } = compareSchemas(before, after);
  const line = (change: { path: string; change: string }) => (change.path ? `${change.path}: ${change.change}` : change.change);
  return {
    breaking: changes.filter((change) => isBreaking(change, direction)).map(line),
    compatible: changes.filter((change) => !isBreaking(change, direction)).map(line),
  };
}

const obj = (properties: Record<string, unknown>, required: string[] = [], extra: Record<string, unknown> = {}) => ({
  type: 'object',
  properties,
  ...(required.length ? { required } : {}),
  ...extra,
});

describe('schema change classification (input schema)', () => {
  it('identical schemas: no change, whatever the key order', () => {
    expect(classify(obj({ a: { type: 'string', enum: ['x'] } }), { properties: { a: { enum: ['x'], type: 'string' } }, type: 'object' })).toEqual({
      breaking: [],
      compatible: [],
    });
  });
  it('required property added → breaking', () => {
    expect(classify(obj({ a: { type: 'string' } }), obj({ a: { type: 'string' }, b: { type: 'string' } }, ['b']))).toEqual({
      breaking: ['b: required property added'],
      compatible: [],
    });
  });
  it('existing property becomes required → breaking', () => {
    expect(classify(obj({ a: {} }), obj({ a: {} }, ['a'])).breaking).toEqual(['a: became required']);
  });
  it('property removed → breaking', () => {
    expect(classify(obj({ a: {}, b: {} }), obj({ a: {} })).breaking).toEqual(['b: property removed']);
    expect(classify(obj({ a: {} }, ['a']), obj({})).breaking).toEqual(['a: required property removed']);
  });
  it('type narrowed → breaking (union → single, number → integer)', () => {
    expect(classify(obj({ d: { type: ['integer', 'string'] } }), obj({ d: { type: 'integer' } })).breaking).toEqual([
      'd: type narrowed [integer, string] → integer',
    ]);
    expect(classify(obj({ n: { type: 'number' } }), obj({ n: { type: 'integer' } })).breaking).toEqual(['n: type narrowed number → integer']);
    expect(classify(obj({ n: {} }), obj({ n: { type: 'string' } })).breaking).toEqual(['n: type restricted to string']);
  });
  it('type changed to something unrelated → breaking', () => {
    expect(classify(obj({ n: { type: 'string' } }), obj({ n: { type: 'boolean' } })).breaking).toEqual(['n: type changed string → boolean']);
  });
  it('enum shrunk → breaking; enum widened → compatible', () => {
    expect(classify(obj({ u: { enum: ['a', 'b', 'c'] } }), obj({ u: { enum: ['a', 'b'] } }))).toEqual({
      breaking: ['u: enum shrunk: "c" removed'],
      compatible: [],
    });
    expect(classify(obj({ u: { enum: ['a'] } }), obj({ u: { enum: ['a', 'b'] } }))).toEqual({
      breaking: [],
      compatible: ['u: enum widened: "b" added'],
    });
  });
  it('const treated as a one-value enum', () => {
    expect(classify(obj({ k: { const: 1 } }), obj({ k: { const: 2 } }))).toEqual({
      breaking: ['k: enum shrunk: 1 removed'],
      compatible: ['k: enum widened: 2 added'],
    });
  });
  it('additionalProperties closed → breaking (absent or true → false); opened → compatible', () => {
    expect(classify(obj({}), obj({}, [], { additionalProperties: false })).breaking).toEqual(['additionalProperties closed']);
    expect(classify(obj({}, [], { additionalProperties: true }), obj({}, [], { additionalProperties: false })).breaking).toEqual([
      'additionalProperties closed',
    ]);
    expect(classify(obj({}, [], { additionalProperties: false }), obj({})).compatible).toEqual(['additionalProperties opened']);
  });
  it('nested properties and array items are compared too', () => {
    const before = obj({ filter: obj({ tag: { type: 'string' } }), ids: { type: 'array', items: { type: 'number' } } });
    const after = obj({ filter: obj({ tag: { type: 'string' }, since: { type: 'string' } }, ['since']), ids: { type: 'array', items: { type: 'integer' } } });
    expect(classify(before, after).breaking).toEqual(['filter.since: required property added', 'ids[]: type narrowed number → integer']);
  });
  it('compatible changes: optional property added, type widened, required removed', () => {
    expect(classify(obj({ a: { type: 'integer' } }, ['a']), obj({ a: { type: ['integer', 'string'] }, b: {} }))).toEqual({
      breaking: [],
      compatible: ['a: type widened integer → [integer, string]', 'b: optional property added', 'a: no longer required'],
    });
  });
  it('bounds: tightened breaks, loosened is compatible', () => {
    expect(classify(obj({ s: { maxLength: 10 } }), obj({ s: { maxLength: 5 } })).breaking).toEqual(['s: maxLength 10 → 5']);
    expect(classify(obj({ s: { minimum: 1 } }), obj({ s: { minimum: 0 } })).compatible).toEqual(['s: minimum 1 → 0']);
    expect(classify(obj({ s: {} }), obj({ s: { pattern: '^a' } })).breaking).toEqual(['s: pattern added']);
  });
  it('unclassified keywords are treated as breaking; documentation keywords are compatible', () => {
    expect(classify(obj({ s: { anyOf: [{ type: 'string' }] } }), obj({ s: { anyOf: [{ type: 'number' }] } })).breaking).toEqual([
      's: anyOf changed (not classified; treated as breaking)',
    ]);
    expect(classify(obj({ s: { default: 1 } }), obj({ s: { default: 2 } })).compatible).toEqual(['s: default changed']);
  });
  it('description changes are reported separately, not as schema changes', () => {
    const result = compareSchemas(obj({ s: { type: 'string', description: 'old' } }), obj({ s: { type: 'string', description: 'new' } }));
    expect(result.changes).toEqual([]);
    expect(result.descriptions).toEqual([{ path: 's', before: 'old', after: 'new' }]);
  });
});

describe('output schema direction', () => {
  it('widening an output schema breaks readers; narrowing does not', () => {
    expect(classify(obj({ t: { type: 'string' } }), obj({ t: { type: ['string', 'null'] } }), 'output').breaking).toEqual([
      't: type widened string → [null, string]',
    ]);
    expect(classify(obj({ t: { enum: ['a', 'b'] } }), obj({ t: { enum: ['a'] } }), 'output').compatible).toEqual(['t: enum shrunk: "b" removed']);
    expect(classify(obj({ t: {} }), obj({}), 'output').breaking).toEqual(['t: property removed']);
  });
  it('adding an output schema is compatible, removing it breaks', () => {
    expect(classify(undefined, obj({}), 'output')).toEqual({ breaking: [], compatible: ['schema restricted'] });
    expect(classify(obj({}), undefined, 'output').breaking).toEqual(['schema relaxed']);
  });
});
