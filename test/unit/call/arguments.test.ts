import { describe, expect, it } from 'vitest';
import { mcpnsErrorOf } from '../../helpers/assertions.js';
import { mergeArguments, parseArgumentsJson, parseKeyValueArguments } from '../../../src/call/arguments.js';

const schema = {
  type: 'object',
  properties: {
    a: { type: 'number' },
    n: { type: 'integer' },
    flag: { type: 'boolean' },
    nothing: { type: 'null' },
    list: { type: 'array' },
    obj: { type: 'object' },
    text: { type: 'string' },
    maybe: { type: ['string', 'null'] },
    choice: { enum: [1, 2] },
    either: { anyOf: [{ type: 'number' }, { type: 'boolean' }] },
  },
};

describe('parseArgumentsJson', () => {
  it('parses an object', () => {
    expect(parseArgumentsJson('{"a":5,"b":3}')).toEqual({ a: 5, b: 3 });
  });

  it('reports invalid JSON with line and column', () => {
    const error = mcpnsErrorOf(() => parseArgumentsJson('{\n  "a": 5,\n  "b": }', 'args.json'));
    expect(error.code).toBe('ARGS_INVALID');
    expect(error.location).toMatchObject({ file: 'args.json', line: 3, column: 8 });
    expect(error.message).toContain('line 3, column 8');
  });

  it('rejects trailing commas, comments and non-objects', () => {
    expect(mcpnsErrorOf(() => parseArgumentsJson('{"a":1,}')).code).toBe('ARGS_INVALID');
    expect(mcpnsErrorOf(() => parseArgumentsJson('{"a":1} // c')).code).toBe('ARGS_INVALID');
    expect(mcpnsErrorOf(() => parseArgumentsJson('[1,2]')).message).toContain('an array');
    expect(mcpnsErrorOf(() => parseArgumentsJson('42')).message).toContain('must be a JSON object');
    expect(mcpnsErrorOf(() => parseArgumentsJson('')).code).toBe('ARGS_INVALID');
  });
});

describe('parseKeyValueArguments', () => {
  it('types values by the input schema', () => {
    const args = parseKeyValueArguments(
      ['a=5', 'n=7', 'flag=true', 'nothing=null', 'list=[1,"x"]', 'obj={"k":1}', 'text=42', 'maybe=null', 'choice=2', 'either=false', 'free=3'],
      schema,
    );
    expect(args).toEqual({
      a: 5,
      n: 7,
      flag: true,
      nothing: null,
      list: [1, 'x'],
      obj: { k: 1 },
      text: '42',
      maybe: 'null',
      choice: 2,
      either: false,
      free: '3',
    });
  });

  it('keeps unparsable values as text so validation reports them', () => {
    expect(parseKeyValueArguments(['a=five'], schema)).toEqual({ a: 'five' });
  });

  it('key:=<json> forces JSON; values may contain "="', () => {
    expect(parseKeyValueArguments(['text:=42', 'free:={"x":[true]}', 'q=a=b'], schema)).toEqual({ text: 42, free: { x: [true] }, q: 'a=b' });
    const bad = mcpnsErrorOf(() => parseKeyValueArguments(['x:={oops'], schema));
    expect(bad.code).toBe('ARGS_INVALID');
    expect(bad.location.column).toBeGreaterThan(0);
  });

  it('rejects a pair without "="', () => {
    expect(mcpnsErrorOf(() => parseKeyValueArguments(['oops'], schema)).code).toBe('ARGS_INVALID');
  });

  it('pairs override --args keys', () => {
    expect(mergeArguments({ a: 1, b: 2 }, { b: 3 })).toEqual({ a: 1, b: 3 });
  });
});
