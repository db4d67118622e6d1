import { describe, expect, it } from 'vitest';
import { GEMINI_WIRE, OPENAI_WIRE, wireProblems } from '../../../src/naming/index.js';

describe('wireProblems', () => {
  it('passes valid names and explains invalid ones', () => {
    expect(wireProblems(OPENAI_WIRE, 'github__create_issue')).toEqual([]);
    expect(wireProblems(OPENAI_WIRE, 'My Server.v2__get.time')).toEqual([{ kind: 'invalid-chars', chars: [' ', '.'] }]);
    expect(wireProblems(OPENAI_WIRE, 'a'.repeat(65))).toEqual([{ kind: 'too-long', length: 65, maxLength: 64 }]);
    expect(wireProblems(OPENAI_WIRE, '')).toEqual([{ kind: 'empty' }]);
    expect(wireProblems(OPENAI_WIRE, '😀')).toEqual([{ kind: 'invalid-chars', chars: ['😀'] }]);
  });

  it('gemini requires a letter or underscore first and allows . and :', () => {
    expect(wireProblems(GEMINI_WIRE, 'mcp_My_Server.v2_get.time')).toEqual([]);
    expect(wireProblems(GEMINI_WIRE, '1tool')).toEqual([{ kind: 'bad-first', char: '1' }]);
  });

  it('lists each bad character once, even in a megabyte name', () => {
    const problems = wireProblems(OPENAI_WIRE, ' '.repeat(1 << 20));
    expect(problems).toContainEqual({ kind: 'invalid-chars', chars: [' '] });
  });
});
