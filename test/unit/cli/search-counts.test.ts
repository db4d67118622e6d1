/**
 * `mcpns search` with re-ranking by meaning: the results may hold tools that share no word with the request. The
 * document's `matched` and the text's "N more" count the tools that match the words; `byMeaning` counts the others.
 */
import { describe, expect, it } from 'vitest';
import { renderSearch, searchDocument } from '../../../src/cli/commands/search.js';
import { buildSearchIndex, search, searchWithEmbeddings, type SearchableTool } from '../../../src/search/index.js';
import { bagOfWords } from '../search/fake-embeddings.js';

// 100 car tools are nearest "automobile" by meaning (to the fake model), 80 zorp tools match the word "zorp".
const TOOLS: SearchableTool[] = [
  ...Array.from({ length: 100 }, (_, k) => ({ server: 'garage', name: `car_${k}`, qualifiedName: `garage/car_${k}`, description: `Car ${k}.` })),
  ...Array.from({ length: 80 }, (_, k) => ({
    server: 'widgets',
    name: `zorp_${k}`,
    qualifiedName: `widgets/zorp_${k}`,
    description: 'Zorp widget with many other plain words that dilute its vector.',
  })),
];
const QUERY = 'automobile zorp';

const vector = bagOfWords([['car', 'automobile']]);
const fetch: typeof globalThis.fetch = async (_url, init) => {
  const { input } = JSON.parse(String(init?.body)) as { input: string[] };
  return Response.json({ data: input.map((text, index) => ({ index, embedding: vector(text) })) });
};

describe('search counts with re-ranking by meaning', () => {
  const index = buildSearchIndex(TOOLS);

  it('the JSON document counts the word matches in matched and the tools found by meaning alone in byMeaning', async () => {
    const lexical = searchDocument(search(index, QUERY, { limit: 50 }), TOOLS.length);
    expect(lexical).toMatchObject({ matched: 80 });
    expect(lexical['byMeaning']).toBeUndefined();
    const response = await searchWithEmbeddings(index, QUERY, { limit: 50, embeddings: { url: 'http://127.0.0.1:1', model: 'fake', fetch } });
    const document = searchDocument(response, TOOLS.length);
    const results = document['results'] as Array<{ server: string; lexical?: unknown }>;
    const byMeaning = results.filter((result) => result.server === 'garage');
    expect(byMeaning.length).toBeGreaterThan(0);
    expect(byMeaning.every((result) => result.lexical === undefined)).toBe(true);
    expect(document).toMatchObject({ matched: 80, byMeaning: byMeaning.length });
  });

  it('the text says how many shown were found by meaning alone, and how many more match the words', async () => {
    const response = await searchWithEmbeddings(index, QUERY, { limit: 50, embeddings: { url: 'http://127.0.0.1:1', model: 'fake', fetch } });
    const byMeaning = response.results.filter((result) => result.server === 'garage').length;
    const byWords = response.results.length - byMeaning;
    const text = renderSearch(response, false);
    expect(text).toContain(`\n${byMeaning} of the tools shown share no word with the request: found by meaning alone\n`);
    // 50 is the largest limit: no larger one is suggested.
    expect(text).toContain(`\n${80 - byWords} more tools match the request's words\n`);
    expect(renderSearch(search(index, QUERY, { limit: 10 }), false)).toContain("\n70 more tools match the request's words (--limit 15 shows more)\n");
  });
});
