import { describe, expect, it } from 'vitest';
import { extractFirstJson } from '../../../src/route/extract-json.js';

describe('extractFirstJson', () => {
  it('parses bare JSON without calling it wrapped', () => {
    const result = extractFirstJson('  {"route":"FAST_PATH"}\n');
    expect(result).toMatchObject({ value: { route: 'FAST_PATH' }, wrapped: false, fenced: false });
  });

  it('extracts the object from prose and a ```json fence', () => {
    const text = 'Sure! Here is the plan:\n```json\n{"route":"PLAN","tool_calls":[{"tool":"add","arguments":{"a":1}}]}\n```\nLet me know.';
    const result = extractFirstJson(text)!;
    expect(result.value).toEqual({ route: 'PLAN', tool_calls: [{ tool: 'add', arguments: { a: 1 } }] });
    expect(result).toMatchObject({ wrapped: true, fenced: true });
  });

  it('respects braces inside strings', () => {
    const text = 'plan: {"explain":"use } and { carefully","route":"FAST_PATH"} trailing }';
    expect(extractFirstJson(text)!.value).toEqual({ explain: 'use } and { carefully', route: 'FAST_PATH' });
  });

  it('skips bracketed prose that is not a plan ([1], {see below}) and finds a list of calls', () => {
    const text = 'Step [1] {see below}: [{"tool":"calculator/add","arguments":{"a":1,"b":2}}]';
    const result = extractFirstJson(text)!;
    expect(result.value).toEqual([{ tool: 'calculator/add', arguments: { a: 1, b: 2 } }]);
    expect(result.fenced).toBe(false);
  });

  it('returns undefined when there is no JSON object', () => {
    expect(extractFirstJson('I cannot help with that.')).toBeUndefined();
    expect(extractFirstJson('{"unterminated": ')).toBeUndefined();
  });
});
