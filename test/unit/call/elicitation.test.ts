import { describe, expect, it } from 'vitest';
import { automaticAnswer, coerceValue, describeForm, maskContent, parseAnswers, sensitiveValues } from '../../../src/call/elicitation.js';
import { binaryContent, checkOutput, decodedSize } from '../../../src/call/result.js';

const schema = {
  type: 'object',
  properties: {
    name: { type: 'string', title: 'Name', default: 'demo' },
    count: { type: 'integer', minimum: 1, maximum: 5, default: 2 },
    ratio: { type: 'number', default: 0.5 },
    plain: { type: 'string', enum: ['a', 'b'] },
    titled: {
      type: 'string',
      oneOf: [
        { const: 'x', title: 'Ex' },
        { const: 'y', title: 'Why' },
      ],
      default: 'y',
    },
    legacy: { type: 'string', enum: ['s', 'l'], enumNames: ['Small', 'Large'] },
    many: {
      type: 'array',
      items: {
        anyOf: [
          { const: 'p', title: 'Pea' },
          { const: 'q', title: 'Queue' },
        ],
      },
      default: ['p'],
    },
    flag: { type: 'boolean', default: false },
    password: { type: 'string' },
  },
  required: ['name', 'plain'],
};

describe('describeForm', () => {
  it('types every SEP-1034/SEP-1330 field: defaults, untitled, titled, legacy and multi-select enums, sensitive names', () => {
    const form = describeForm(schema);
    const byName = Object.fromEntries(form.fields.map((field) => [field.name, field]));
    expect(form.fields.map((field) => field.name)).toEqual(Object.keys(schema.properties));
    expect(byName['name']).toMatchObject({ kind: 'string', title: 'Name', required: true, default: 'demo', sensitive: false });
    expect(byName['count']).toMatchObject({ kind: 'integer', minimum: 1, maximum: 5, default: 2, required: false });
    expect(byName['plain']).toMatchObject({ kind: 'enum', options: [{ value: 'a' }, { value: 'b' }], required: true });
    expect(byName['titled']).toMatchObject({
      kind: 'enum',
      options: [
        { value: 'x', title: 'Ex' },
        { value: 'y', title: 'Why' },
      ],
      default: 'y',
    });
    expect(byName['legacy']?.options).toEqual([
      { value: 's', title: 'Small' },
      { value: 'l', title: 'Large' },
    ]);
    expect(byName['many']).toMatchObject({ kind: 'multi-enum', default: ['p'] });
    expect(byName['flag']).toMatchObject({ kind: 'boolean', default: false });
    expect(byName['password']?.sensitive).toBe(true);
  });
});

describe('coerceValue', () => {
  const field = (name: string) => describeForm(schema).fields.find((candidate) => candidate.name === name)!;
  it('parses what a person types, by the field type', () => {
    expect(coerceValue(field('count'), '3')).toEqual({ ok: true, value: 3 });
    expect(coerceValue(field('count'), '2.5')).toEqual({ ok: false, problem: 'expected an integer' });
    expect(coerceValue(field('count'), '9')).toEqual({ ok: false, problem: 'must be <= 5 (maximum)' });
    expect(coerceValue(field('ratio'), '0.75')).toEqual({ ok: true, value: 0.75 });
    expect(coerceValue(field('flag'), 'yes')).toEqual({ ok: true, value: true });
    expect(coerceValue(field('flag'), 'maybe')).toEqual({ ok: false, problem: 'expected yes or no' });
    expect(coerceValue(field('titled'), '1')).toEqual({ ok: true, value: 'x' });
    expect(coerceValue(field('titled'), 'why')).toEqual({ ok: true, value: 'y' });
    expect(coerceValue(field('legacy'), 'Large')).toEqual({ ok: true, value: 'l' });
    expect(coerceValue(field('plain'), 'c')).toEqual({ ok: false, problem: 'expected one of a, b' });
    expect(coerceValue(field('many'), '2, p, 2')).toEqual({ ok: true, value: ['q', 'p'] });
    expect(coerceValue(field('many'), ['q'])).toEqual({ ok: true, value: ['q'] });
  });
});

describe('automaticAnswer', () => {
  const form = describeForm(schema);
  it('declines without --yes or --answers', () => {
    expect(automaticAnswer(form, { acceptDefaults: false })).toEqual({ action: 'decline', reason: 'not-interactive' });
  });
  it('with --yes, cancels when a required field has no default, naming it', () => {
    expect(automaticAnswer(form, { acceptDefaults: true })).toMatchObject({ action: 'cancel', missing: ['plain'] });
  });
  it('answers fill the gaps over the defaults, typed by the form', () => {
    expect(automaticAnswer(form, { acceptDefaults: false, answers: { plain: 'b', count: '4' } })).toEqual({
      action: 'accept',
      content: { name: 'demo', count: 4, ratio: 0.5, plain: 'b', titled: 'y', many: ['p'], flag: false },
    });
  });
  it('an invalid or unknown answer cancels with the problem', () => {
    expect(automaticAnswer(form, { acceptDefaults: true, answers: { plain: 'b', count: 0, nope: 1 } })).toMatchObject({
      action: 'cancel',
      problems: [
        { path: 'count', message: 'must be >= 1 (minimum)' },
        { path: 'nope', message: 'the form has no such field' },
      ],
    });
  });
  it('sensitive values are masked in records and collected for redaction', () => {
    const content = { name: 'x', password: 'hunter22' };
    expect(maskContent(form, content)).toEqual({ name: 'x', password: '***' });
    expect(sensitiveValues(form, content)).toEqual(['hunter22']);
  });
});

describe('a form whose field has a hostile pattern (issue 25 §2.1)', () => {
  it('an answer of 42 "a" and "!" against ^(a+)+$ is cancelled with the violation, at once', () => {
    const form = describeForm({ type: 'object', properties: { code: { type: 'string', pattern: '^(a+)+$' } }, required: ['code'] });
    expect(automaticAnswer(form, { acceptDefaults: true, answers: { code: `${'a'.repeat(42)}!` } })).toEqual({
      action: 'cancel',
      reason: 'incomplete',
      missing: ['code'],
      problems: [{ path: 'code', keyword: 'type', message: 'must match pattern "^(a+)+$" (pattern)' }],
    });
  });
});

describe('parseAnswers', () => {
  it('takes an object or a list of objects; anything else is ARGS_INVALID', () => {
    expect(parseAnswers('{"a":1}')).toEqual({ a: 1 });
    expect(parseAnswers('[{"a":1},{}]')).toEqual([{ a: 1 }, {}]);
    expect(() => parseAnswers('[1]')).toThrow(/answers must be a JSON object or an array of objects/);
    expect(() => parseAnswers('{"a":')).toThrow(/invalid JSON at line 1/);
  });
});

describe('call results', () => {
  const outputSchema = { type: 'object', properties: { count: { type: 'integer' } }, required: ['count'] };
  it('checks structuredContent against the outputSchema (not for isError results)', () => {
    expect(checkOutput(outputSchema, { structuredContent: { count: 1 } })).toEqual({ valid: true, violations: [] });
    expect(checkOutput(outputSchema, { structuredContent: {} })?.violations).toEqual([
      { path: 'structuredContent.count', keyword: 'required', message: 'required argument is missing' },
    ]);
    expect(checkOutput(outputSchema, { content: [] })?.valid).toBe(false);
    expect(checkOutput(outputSchema, { isError: true })).toBeUndefined();
    expect(checkOutput(undefined, { structuredContent: 1 })).toBeUndefined();
  });
  it('lists binary content with decoded sizes and safe file names', () => {
    const result = {
      content: [
        { type: 'text', text: 'x' },
        { type: 'image', data: Buffer.from('abcd').toString('base64'), mimeType: 'image/png' },
        { type: 'resource', resource: { uri: 'x:/', blob: Buffer.from('z').toString('base64') } },
      ],
    };
    expect(binaryContent(result, '../evil/tool').map(({ index, bytes, fileName }) => ({ index, bytes, fileName }))).toEqual([
      { index: 1, bytes: 4, fileName: '__evil_tool-1.png' },
      { index: 2, bytes: 1, fileName: '__evil_tool-2.bin' },
    ]);
    expect(decodedSize('YQ==')).toBe(1);
  });
});
