import { describe, expect, it } from 'vitest';
import { MAX_FIELD_CHARS, terms, words } from '../../../src/search/tokenize.js';
import fc from '../../helpers/fast-check.js';

describe('words', () => {
  it.each([
    ['createPullRequest', ['create', 'pull', 'request']],
    ['HTTPServer', ['http', 'server']],
    ['snake_case_name', ['snake', 'case', 'name']],
    ['kebab-case-name', ['kebab', 'case', 'name']],
    ['dotted.name/with/slashes', ['dotted', 'name', 'with', 'slashes']],
    ['get_v2api', ['get', 'v', '2', 'api']],
    ['API-get-self', ['api', 'get', 'self']],
    ['Café Über', ['cafe', 'uber']],
  ])('splits %s', (text, expected) => {
    expect(words(text)).toEqual(expected);
  });

  it('keeps a camel-case brand whole beside its parts for the index, whole only for a request', () => {
    expect(words('Open GitHub', 'both')).toEqual(['open', 'github', 'git', 'hub']);
    expect(words('Open GitHub', 'whole')).toEqual(['open', 'github']);
    expect(words('create_issue', 'whole')).toEqual(['create', 'issue']);
  });

  it('drops control, bidi and zero-width characters instead of keeping them in a word', () => {
    expect(words('del\u0000ete\u001b[31m red\u202Eevil\u200bname')).toEqual(['del', 'ete', '31', 'm', 'red', 'evil', 'name']);
  });

  it('reads at most MAX_FIELD_CHARS of a field', () => {
    expect(words('word '.repeat(MAX_FIELD_CHARS)).length).toBe(MAX_FIELD_CHARS / 5);
  });
});

describe('terms', () => {
  it('stems, and drops stopwords and bare numbers', () => {
    expect(terms('Please delete the 3 files for me')).toEqual(['delet', 'file']);
  });
});

describe('words of ASCII text (the one-scan path)', () => {
  // The general path, as it was before ASCII text got its own scan: both must split every text alike.
  const reference = (text: string, cases: 'split' | 'both' | 'whole'): string[] => {
    const clean = text.replace(/[\u0000-\u001f\u007f]/g, ' ');
    const out: string[] = [];
    for (const chunk of clean.match(/[A-Za-z0-9]+/g) ?? []) {
      if (/^[a-z]+$/.test(chunk)) {
        out.push(chunk);
        continue;
      }
      const parts = chunk.match(/[A-Z]+(?![a-z])|[A-Z]?[a-z]+|[0-9]+/g) ?? [];
      if (parts.length > 1 && cases !== 'split' && /^[A-Za-z]+$/.test(chunk)) {
        out.push(chunk.toLowerCase());
        if (cases === 'whole') continue;
      }
      for (const part of parts) out.push(part.toLowerCase());
    }
    return out;
  };
  const asciiText = fc.string({ unit: fc.constantFrom(...'aZz09 _-./\t\u0001\u007fAbCHTTPs2'.split('')), maxLength: 60 });

  it('splits every ASCII text as the general path does, in each case mode', () => {
    fc.assert(
      fc.property(asciiText, fc.constantFrom('split' as const, 'both' as const, 'whole' as const), (text, cases) => {
        expect(words(text, cases)).toEqual(reference(text, cases));
      }),
      { numRuns: 2000 },
    );
  });
});
