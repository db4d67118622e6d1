import { describe, expect, it } from 'vitest';
import { LEXICON } from '../../../src/search/lexicon.js';
import { analyzeQuery, lexiconForm, TOPIC_WEIGHT } from '../../../src/search/query.js';

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
    ['cherry-pick that fix onto main', 'cherry pick', ['cherrypick', 'backport']],
    ['crawl the docs site', 'crawl', ['spider']],
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

describe('lexicon forms: light stemming only', () => {
  it.each([
    ['tickets', 'ticket'],
    ['entities', 'entity'],
    ['creating', 'create'],
    ['stopped', 'stop'],
    ['deleted', 'delete'],
    ['general', 'general'],
    ['organization', 'organization'],
  ])('%s → %s', (word, form) => {
    expect(lexiconForm(word)).toBe(form);
  });

  it('does not merge words Porter merges: "general" is not "generate" (create)', () => {
    expect(expansions('the general channel')['general']).toEqual(['general']);
  });

  it('a word related to a group searches its terms weakly; "dump" lists, "forget" deletes', () => {
    const rows = analyzeQuery('count the rows').concepts.find((concept) => concept.text === 'rows');
    expect(rows?.alternatives).toContainEqual(expect.objectContaining({ text: 'database', source: 'related', weight: TOPIC_WEIGHT }));
    expect(analyzeQuery('dump the memory').actions).toContain('list');
    expect(analyzeQuery('forget the old plan').actions).toEqual(['delete']);
  });

  it('a two-word phrase may have up to two words inside it: "open the login page" is to navigate', () => {
    const analyzed = analyzeQuery('open the login page');
    expect(analyzed.concepts.map((concept) => concept.text)).toEqual(['open … page', 'login']);
    expect(analyzed.actions).toEqual(['navigate']);
    expect(analyzeQuery('open the file').actions).toEqual(['read']);
  });

  it('argument shapes: #channel and @user', () => {
    expect(Object.keys(expansions('tell #general that @sam is here'))).toEqual(expect.arrayContaining(['channel', 'user']));
  });
});
