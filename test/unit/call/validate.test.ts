import { describe, expect, it } from 'vitest';
import { pointerToPath, schemaDialect, validateArguments } from '../../../src/call/validate.js';
import { McpnsError } from '../../../src/errors.js';

const calc = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  type: 'object',
  properties: { a: { type: 'number' }, b: { type: 'number' }, mode: { enum: ['fast', 'exact'] }, email: { type: 'string', format: 'email' } },
  required: ['a', 'b'],
  additionalProperties: false,
};

describe('validateArguments', () => {
  it('accepts valid arguments', () => {
    expect(validateArguments(calc, { a: 1, b: 2 })).toEqual({ valid: true, dialect: 'draft-07', violations: [] });
  });

  it('lists every violation with the argument path and what was expected', () => {
    const result = validateArguments(calc, { a: 'x', mode: 'slow', email: 'nope', extra: 1 });
    expect(result.valid).toBe(false);
    const byPath = Object.fromEntries(result.violations.map((v) => [v.path, v]));
    expect(byPath['a']).toMatchObject({ keyword: 'type', message: 'expected number' });
    expect(byPath['b']).toMatchObject({ keyword: 'required', message: 'required argument is missing' });
    expect(byPath['mode']).toMatchObject({ keyword: 'enum', message: 'expected one of "fast", "exact"' });
    expect(byPath['email']).toMatchObject({ keyword: 'format' });
    expect(byPath['extra']).toMatchObject({ keyword: 'additionalProperties' });
    expect(result.violations).toHaveLength(5);
  });

  it('names nested paths', () => {
    const schema = {
      type: 'object',
      properties: { items: { type: 'array', items: { type: 'object', properties: { n: { type: 'integer' } }, required: ['n'] } } },
    };
    const result = validateArguments(schema, { items: [{ n: 1 }, { n: 1.5 }, {}] });
    expect(result.violations.map((v) => v.path)).toEqual(['items[1].n', 'items[2].n']);
  });

  it('validates in the declared dialect', () => {
    expect(schemaDialect({})).toEqual({ dialect: '2020-12' });
    expect(schemaDialect({ $schema: 'https://json-schema.org/draft/2019-09/schema' }).dialect).toBe('2019-09');
    expect(schemaDialect({ $schema: 'http://json-schema.org/draft-04/schema#' })).toMatchObject({
      dialect: 'draft-07',
      note: expect.stringContaining('draft-04'),
    });
    // prefixItems means something only in 2020-12: the second item must be a string there
    const tuple = { type: 'object', properties: { t: { type: 'array', prefixItems: [{ type: 'number' }, { type: 'string' }] } } };
    expect(validateArguments({ ...tuple, $schema: 'https://json-schema.org/draft/2020-12/schema' }, { t: [1, 2] }).valid).toBe(false);
    expect(validateArguments(tuple, { t: [1, 2] }).valid).toBe(false);
    expect(validateArguments({ ...tuple, $schema: 'http://json-schema.org/draft-07/schema#' }, { t: [1, 2] }).valid).toBe(true);
    // draft-07 tuple form of items
    const draft7Tuple = {
      $schema: 'http://json-schema.org/draft-07/schema#',
      type: 'object',
      properties: { t: { type: 'array', items: [{ type: 'number' }, { type: 'string' }] } },
    };
    expect(validateArguments(draft7Tuple, { t: [1, 2] }).valid).toBe(false);
  });

  it('a schema that does not compile is SCHEMA_INVALID naming the tool', () => {
    try {
      validateArguments({ type: 'object', properties: { x: { type: 'nope' } } }, {}, 'files/broken');
      throw new Error('should have thrown');
    } catch (error) {
      expect(error).toBeInstanceOf(McpnsError);
      expect((error as McpnsError).code).toBe('SCHEMA_INVALID');
      expect((error as McpnsError).message).toContain('files/broken');
    }
  });

  it('the same $id compiled twice does not clash', () => {
    const schema = { $id: 'urn:tool:x', type: 'object', properties: { a: { type: 'number' } } };
    expect(validateArguments(schema, { a: 1 }).valid).toBe(true);
    expect(validateArguments(schema, { a: 'x' }).valid).toBe(false);
  });

  it('turns JSON pointers into readable paths', () => {
    expect(pointerToPath('')).toBe('');
    expect(pointerToPath('/a/0/b~1c')).toBe('a[0].b/c');
  });
});

describe('patterns and formats a server sends (issue 25 §2.1)', () => {
  const hostile = `${'a'.repeat(42)}!`;

  it('pattern and patternProperties run in linear time: ^(a+)+$ against 42 "a" and "!" is a violation, at once', () => {
    const schema = { type: 'object', properties: { s: { type: 'string', pattern: '^(a+)+$' } }, patternProperties: { '^(b+)+$': { type: 'number' } } };
    const result = validateArguments(schema, { s: hostile, [`${'b'.repeat(42)}!`]: 'x', bbb: 'not a number' });
    expect(result.violations).toEqual([
      { path: 's', keyword: 'pattern', message: 'must match pattern "^(a+)+$" (pattern)' },
      { path: 'bbb', keyword: 'type', message: 'expected number' },
    ]);
  });

  it('a pattern with lookahead is not run: it accepts, and the result says so', () => {
    const result = validateArguments({ type: 'object', properties: { s: { type: 'string', pattern: '^(?!x)' } } }, { s: 'xyz' });
    expect(result.valid).toBe(true);
    expect(result.note).toContain('pattern "^(?!x)" was not checked (it needs lookahead');
    // The same compiled schema again (ajv caches it): the note is there every time.
    expect(validateArguments({ type: 'object', properties: { s: { type: 'string', pattern: '^(?!x)' } } }, { s: 'xyz' }).note).toContain('^(?!x)');
  });

  it('an invalid pattern is still SCHEMA_INVALID', () => {
    expect(() => validateArguments({ type: 'object', properties: { s: { type: 'string', pattern: '(a' } } }, { s: 'a' })).toThrow(McpnsError);
  });

  it('format "url" (quadratic in ajv-formats) is not checked; an unknown format prints nothing', () => {
    const link = `ftp://172.30.3.56${'4.1.6.7:155'.repeat(200_000)}\u0000`;
    const schema = { type: 'object', properties: { u: { type: 'string', format: 'url' }, p: { type: 'string', format: '\u001b[2Jphone' } } };
    const written: string[] = [];
    const warn = console.warn;
    console.warn = (...args: unknown[]) => void written.push(args.join(' '));
    try {
      expect(validateArguments(schema, { u: link, p: 'x' })).toMatchObject({ valid: true, violations: [] });
    } finally {
      console.warn = warn;
    }
    expect(written).toEqual([]);
  });
});
