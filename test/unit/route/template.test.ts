import { describe, expect, it } from 'vitest';
import { coerceText } from '../../../src/route/coerce.js';
import { templatePlaceholders } from '../../../src/config/route-definitions.js';
import { fillArguments } from '../../../src/route/template.js';

const schema = {
  type: 'object',
  properties: {
    a: { type: 'number' },
    n: { type: 'integer' },
    flag: { type: 'boolean' },
    name: { type: 'string' },
    values: { type: 'array', items: { type: 'number' } },
    nested: { type: 'object', properties: { count: { type: 'integer' } } },
    either: { anyOf: [{ type: 'number' }, { type: 'null' }] },
    ref: { $ref: '#/$defs/count' },
  },
  $defs: { count: { type: 'integer' } },
};

describe('coerceText', () => {
  it('types captured text by the schema', () => {
    expect(coerceText('2', { type: 'number' })).toBe(2);
    expect(coerceText('-2.5', { type: 'number' })).toBe(-2.5);
    expect(coerceText('2.5', { type: 'integer' })).toBe('2.5');
    expect(coerceText('yes', { type: 'boolean' })).toBe(true);
    expect(coerceText('off', { type: 'boolean' })).toBe(false);
    expect(coerceText('1, 2 and 3', { type: 'array', items: { type: 'integer' } })).toEqual([1, 2, 3]);
    expect(coerceText('[1,2]', { type: 'array' })).toEqual([1, 2]);
    expect(coerceText('null', { anyOf: [{ type: 'number' }, { type: 'null' }] })).toBe(null);
  });

  it('keeps text when a string is allowed, the schema is silent, or nothing fits', () => {
    expect(coerceText('2', { type: 'string' })).toBe('2');
    expect(coerceText('2', { type: ['string', 'number'] })).toBe('2');
    expect(coerceText('2', undefined)).toBe('2');
    expect(coerceText('two', { type: 'number' })).toBe('two');
  });
});

describe('fillArguments', () => {
  const hints = { a: '2', n: '7', flag: 'true', name: 'Paris', values: '1,2', count: '4' };

  it('gives a whole placeholder the typed value and leaves mixed text a string', () => {
    const args = fillArguments(
      { a: '${a}', name: 'city of ${name}', values: '${values}', nested: { count: '${count}' }, ref: '${n}', flag: '${flag}', literal: 5 },
      { hints, question: 'q', inputSchema: schema },
    );
    expect(args).toEqual({ a: 2, name: 'city of Paris', values: [1, 2], nested: { count: 4 }, ref: 7, flag: true, literal: 5 });
  });

  it('omits an argument whose optional group did not take part, and fills ${question}', () => {
    const args = fillArguments(
      { a: '${a}', either: '${missing}', name: '${question}', label: 'x${missing}y' },
      { hints: { a: '1' }, question: 'what?', inputSchema: schema },
    );
    expect(args).toEqual({ a: 1, name: 'what?', label: 'xy' });
  });

  it('lists placeholders with their paths', () => {
    expect(templatePlaceholders({ a: '${a}', list: ['${b} and ${c}'] }, ['arguments'])).toEqual([
      { name: 'a', path: ['arguments', 'a'] },
      { name: 'b', path: ['arguments', 'list', 0] },
      { name: 'c', path: ['arguments', 'list', 0] },
    ]);
  });
});
