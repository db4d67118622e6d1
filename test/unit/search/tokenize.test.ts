import { describe, expect, it } from 'vitest';
import { MAX_FIELD_CHARS, terms, words } from '../../../src/search/tokenize.js';

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
