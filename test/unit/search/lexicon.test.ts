import { describe, expect, it } from 'vitest';
import { LEXICON } from '../../../src/search/lexicon.js';
import { analyzeQuery } from '../../../src/search/query.js';

const expansions = (query: string): Record<string, string[]> =>
  Object.fromEntries(analyzeQuery(query).concepts.map((concept) => [concept.text, concept.alternatives.map((alternative) => alternative.text)]));

describe('lexicon', () => {
  it('has a concept name and terms in every group, no group twice', () => {
    const names = LEXICON.map((group) => group.concept);
    expect(new Set(names).size).toBe(names.length);
    for (const group of LEXICON) expect(group.terms.length, group.concept).toBeGreaterThan(1);
  });

  it.each([
    ['remember my address', 'remember', ['store', 'memory']],
    ['forget the old plan', 'forget', ['delete', 'remove']],
    ['capture the screen', 'capture', ['screenshot']],
    ['open a PR', 'pr', ['pull request', 'merge request']],
    ['file a ticket', 'ticket', ['issue', 'bug']],
    ['look up the weather', 'look up', ['search', 'find']],
    ['notify the team', 'notify', ['send', 'post', 'message']],
    ['go to the pricing page', 'go to', ['navigate']],
    ['hand over the ticket to Sam', 'hand over', ['assign']],
    ['execute the script', 'execute', ['run']],
  ])('%s: %s also searches %j', (query, concept, expected) => {
    const found = expansions(query);
    expect(Object.keys(found)).toContain(concept);
    for (const term of expected) expect(found[concept]).toContain(term);
  });

  it('matches phrases before words, and a phrase once', () => {
    expect(Object.keys(expansions('create a pull request for the pull request'))).toEqual(['create', 'pull request']);
  });

  it('turns argument-shaped text into the kind of thing it is', () => {
    expect(Object.keys(expansions('open https://example.com/a?b=c and /etc/hosts, mail bob@example.com, read notes.txt'))).toEqual(
      expect.arrayContaining(['url', 'path', 'email', 'file']),
    );
  });

  it('keeps a word outside the lexicon as itself only', () => {
    expect(expansions('zebra')).toEqual({ zebra: ['zebra'] });
  });
});
