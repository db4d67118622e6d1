import fc from '../../../helpers/fast-check.js';
import { describe, expect, it } from 'vitest';
import { ajvSchemaProblem, inputSchemaProblem, plainlyValid } from '../../../../src/checks/lint/json-schema-dialect.js';

/**
 * INPUT_SCHEMA_INVALID vouches for schemas of plain keywords with a walk instead of ajv (and of JSON text made from
 * every schema): whatever the walk calls valid, ajv must find valid too, in every dialect it may be declared in.
 */
const value: fc.Arbitrary<unknown> = fc.oneof(
  fc.string({ maxLength: 4 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string({ maxLength: 3 }), { maxLength: 3 }),
);
const typeName = fc.constantFrom('array', 'boolean', 'integer', 'null', 'number', 'object', 'string', 'obj', 'Integer', '');
const schema: fc.Arbitrary<unknown> = fc.letrec<{ schema: unknown }>((tie) => ({
  schema: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.boolean(),
    fc.dictionary(
      fc.constantFrom(
        'type',
        'properties',
        'required',
        'title',
        'description',
        '$comment',
        'format',
        'enum',
        'examples',
        'const',
        'default',
        'items',
        'additionalProperties',
        'not',
        'anyOf',
        'oneOf',
        'allOf',
        'minimum',
        'maximum',
        'exclusiveMinimum',
        'exclusiveMaximum',
        'multipleOf',
        'minLength',
        'maxItems',
        'minProperties',
        'uniqueItems',
        'pattern',
        '$ref',
        'x-vendor',
      ),
      fc.oneof(
        value,
        typeName,
        fc.uniqueArray(typeName, { maxLength: 3 }),
        fc.array(typeName, { maxLength: 3 }),
        fc.dictionary(fc.string({ maxLength: 3 }), tie('schema'), { maxKeys: 3 }),
        fc.array(tie('schema'), { maxLength: 3 }),
        tie('schema'),
        fc.integer({ min: -2, max: 5 }),
      ),
      { maxKeys: 5 },
    ),
  ),
})).schema;

describe('plainlyValid (the walk behind INPUT_SCHEMA_INVALID)', () => {
  it('never vouches for a schema ajv rejects, in any dialect', () => {
    let vouched = 0;
    fc.assert(
      fc.property(schema, (candidate) => {
        if (!plainlyValid(candidate, 0) || typeof candidate !== 'object' || candidate === null) return;
        const root = { ...(candidate as Record<string, unknown>), type: 'object' };
        if (!plainlyValid(root, 0)) return;
        vouched++;
        expect(ajvSchemaProblem(root)).toBeUndefined();
        for (const dialect of ['http://json-schema.org/draft-07/schema#', 'https://json-schema.org/draft/2019-09/schema']) {
          expect(ajvSchemaProblem({ ...root, $schema: dialect })).toBeUndefined();
        }
      }),
      { numRuns: 2000 },
    );
    // The generator reaches the walk's "valid" answer often enough to mean something: about 220 of the 2000 runs on
    // average (standard deviation about 14), so 150 is never missed by chance (200 was, about one run in fifteen).
    expect(vouched).toBeGreaterThan(150);
  });

  it('leaves what it does not know to ajv, with the same answer as before', () => {
    expect(plainlyValid({ type: 'object', properties: { a: { type: 'string', pattern: '(' } } }, 0)).toBe(false);
    expect(inputSchemaProblem({ type: 'object', properties: { a: { type: 'string', pattern: '(' } } })).toMatch(/does not compile|not valid/);
    expect(plainlyValid({ type: 'object', required: ['a', 'a'] }, 0)).toBe(false);
    expect(inputSchemaProblem({ type: 'object', required: ['a', 'a'] })).toMatch(/not valid JSON Schema 2020-12/);
    expect(plainlyValid({ type: 'object', properties: { a: { type: 'strin' } } }, 0)).toBe(false);
    expect(inputSchemaProblem({ type: 'object', properties: { a: { type: 'strin' } } })).toMatch(/not valid JSON Schema 2020-12/);
    // An enum with two equal members is invalid in draft-07 (2020-12 allows it), so the walk, which vouches for every
    // dialect, leaves it to ajv (found by this file's property in CI).
    for (const members of [
      [true, true],
      ['a', 'a'],
      [1, 1.0],
      [0, -0],
      [null, null],
      [{}, {}],
      [['x'], ['x']],
    ]) {
      const draft07 = { $schema: 'http://json-schema.org/draft-07/schema#', type: 'object', enum: members };
      expect(plainlyValid({ type: 'object', enum: members }, 0)).toBe(false);
      expect(inputSchemaProblem(draft07)).toMatch(/duplicate items/);
    }
    expect(plainlyValid({ type: 'object', properties: { a: { enum: [1, '1', true, null] } } }, 0)).toBe(true);
    expect(inputSchemaProblem({ type: 'object', properties: { value: { type: 'string' } }, required: ['value'] })).toBeUndefined();
  });
});
