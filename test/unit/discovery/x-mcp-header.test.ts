import { describe, expect, it } from 'vitest';
import { hasHeaderMarks, headerMarkProblem } from '../../../src/discovery/x-mcp-header.js';

const schema = (properties: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({ type: 'object', properties, ...extra });

describe('x-mcp-header marks (SEP-2243)', () => {
  it('accepts marks on primitive properties reached through properties, nested too; no marks is fine', () => {
    expect(headerMarkProblem(schema({ region: { type: 'string', 'x-mcp-header': 'Region' }, n: { type: 'integer', 'x-mcp-header': 'N-1' } }))).toBeUndefined();
    expect(headerMarkProblem(schema({ outer: schema({ flag: { type: 'boolean', 'x-mcp-header': 'Flag' } }) }))).toBeUndefined();
    expect(headerMarkProblem(schema({ plain: { type: 'string' } }))).toBeUndefined();
    expect(hasHeaderMarks(schema({ plain: { type: 'string' } }))).toBe(false);
  });

  it.each([
    ['an empty mark', schema({ v: { type: 'string', 'x-mcp-header': '' } }), 'v: x-mcp-header must be a non-empty string'],
    [
      'a mark that is not a header name',
      schema({ v: { type: 'string', 'x-mcp-header': 'My Header' } }),
      'v: x-mcp-header "My Header" is not a valid header name',
    ],
    ['non-ASCII', schema({ v: { type: 'string', 'x-mcp-header': 'Régión' } }), 'is not a valid header name'],
    [
      'a mark on an object',
      schema({ v: { type: 'object', 'x-mcp-header': 'V' } }),
      'v: x-mcp-header is allowed only on a string, integer, number or boolean property',
    ],
    ['a mark on an array', schema({ v: { type: 'array', items: { type: 'string' }, 'x-mcp-header': 'V' } }), 'allowed only on a string'],
    ['a mark on null', schema({ v: { type: 'null', 'x-mcp-header': 'V' } }), 'allowed only on a string'],
    [
      'the same mark twice, in another case',
      schema({ a: { type: 'string', 'x-mcp-header': 'MyField' }, b: { type: 'string', 'x-mcp-header': 'myfield' } }),
      'repeats "MyField" (header names ignore case)',
    ],
    [
      'a mark under items',
      schema({ list: { type: 'array', items: { type: 'string', 'x-mcp-header': 'Item' } } }),
      'list.<items>: x-mcp-header is allowed only on a property reached through "properties"',
    ],
    [
      'a mark under anyOf',
      schema({}, { anyOf: [schema({ v: { type: 'string', 'x-mcp-header': 'V' } })] }),
      'is allowed only on a property reached through "properties"',
    ],
    ['a mark on the root', { type: 'object', 'x-mcp-header': 'Root' }, '(root): x-mcp-header is allowed only on a property'],
  ])('refuses %s', (_label, inputSchema, problem) => {
    expect(headerMarkProblem(inputSchema)).toContain(problem);
  });
});
