/**
 * The router's search with semantic re-ranking injected (`RouterSettings.rerank`, as `serve --router` injects it from
 * `router.embeddings`): the fused ranking answers when the endpoint does; a failing or rejecting re-ranker leaves the
 * lexical answer; only exposed tools are embedded, and after a change only the changed tool is embedded again.
 */
import { describe, expect, it } from 'vitest';
import { Router, SEARCH_TOOL, type Rerank } from '../../../../src/gateway/router/index.js';
import { semanticSearcher } from '../../../../src/search/index.js';
import { bagOfWords } from '../../search/fake-embeddings.js';
import { CATALOG, exposed, FakeHost, names, noCalls, structured } from './fake-host.js';

// To this fake model "peek" means what "read" means; lexically the request finds github__list_issues first.
const QUERY = 'peek at the notes on disk';

/** An OpenAI-compatible endpoint as a fetch function, recording the texts asked for. */
function fakeEndpoint(fail = false, same = [['read', 'peek']]): { fetch: typeof globalThis.fetch; inputs: string[][] } {
  const vector = bagOfWords(same);
  const inputs: string[][] = [];
  const fetch: typeof globalThis.fetch = async (_url, init) => {
    const { input } = JSON.parse(String(init?.body)) as { input: string[] };
    inputs.push(input);
    if (fail) return new Response('{"error":"down"}', { status: 503 });
    return Response.json({ data: input.map((text, index) => ({ index, embedding: vector(text) })) });
  };
  return { fetch, inputs };
}

const rerankWith = (fetch: typeof globalThis.fetch): Rerank => {
  const searcher = semanticSearcher({ url: 'http://127.0.0.1:1/v1/embeddings', model: 'fake', fetch });
  return async (index, query, options) => {
    const response = await searcher(index, query, options);
    return response.semantic.used ? response : undefined;
  };
};

const search = async (router: Router): Promise<string[]> => names(await router.call(SEARCH_TOOL, { query: QUERY, limit: 3 }, noCalls));

describe('search_tools with re-ranking by meaning', () => {
  it('puts the tool the request means first where the lexical ranking does not', async () => {
    const lexical = await search(new Router(new FakeHost()));
    expect(lexical[0]).toBe('github__list_issues');
    const endpoint = fakeEndpoint();
    const fused = await search(new Router(new FakeHost(), { rerank: rerankWith(endpoint.fetch) }));
    expect(fused[0]).toBe('files__read_file');
  });

  it('answers with the lexical ranking when the endpoint fails or the re-ranker rejects', async () => {
    const lexical = await search(new Router(new FakeHost()));
    const failing = fakeEndpoint(true);
    expect(await search(new Router(new FakeHost(), { rerank: rerankWith(failing.fetch) }))).toEqual(lexical);
    expect(failing.inputs.length).toBeGreaterThan(0);
    const rejecting: Rerank = () => Promise.reject(new Error('bug'));
    expect(await search(new Router(new FakeHost(), { rerank: rejecting }))).toEqual(lexical);
  });

  it('embeds only the exposed tools, once, and after a change only the changed tool', async () => {
    const endpoint = fakeEndpoint();
    const host = new FakeHost();
    const router = new Router(host, { rerank: rerankWith(endpoint.fetch) });
    await search(router);
    await search(router);
    const toolTexts = endpoint.inputs.filter((input) => input.length > 1 || input[0] !== QUERY);
    expect(toolTexts.flat()).toHaveLength(CATALOG.length);
    host.tools = [...CATALOG.slice(1), exposed('github', 'create_issue', 'Open an issue in a repository.')];
    endpoint.inputs.length = 0;
    await search(router);
    expect(endpoint.inputs.filter((input) => input[0] !== QUERY)).toEqual([['create issue. Open an issue in a repository.']]);
  });

  it('counts the tools found by meaning alone apart: matched and more count what matches the words, byMeaning the rest', async () => {
    // To the fake model "automobile" means "car"; no word of the request is in a car tool. 80 zorp tools match "zorp",
    // but 100 car tools are nearer by meaning, so the fused answer mixes both.
    const tools = [
      ...Array.from({ length: 100 }, (_, k) => exposed('garage', `car_${k}`, `Car ${k}.`)),
      ...Array.from({ length: 80 }, (_, k) => exposed('widgets', `zorp_${k}`, 'Zorp widget with many other plain words that dilute its vector.')),
    ];
    const query = 'automobile zorp';
    const lexical = structured(await new Router(new FakeHost(tools)).call(SEARCH_TOOL, { query, limit: 50 }, noCalls));
    expect(lexical).toMatchObject({ matched: 80, more: 30 });
    expect(lexical['byMeaning']).toBeUndefined();
    const router = new Router(new FakeHost(tools), { rerank: rerankWith(fakeEndpoint(false, [['car', 'automobile']]).fetch) });
    const answer = structured(await router.call(SEARCH_TOOL, { query, limit: 50 }, noCalls));
    const shown = answer['tools'] as Array<{ name: string; byMeaning?: boolean }>;
    const byWords = shown.filter((tool) => tool.name.startsWith('widgets__')).length;
    const byMeaning = shown.filter((tool) => tool.name.startsWith('garage__'));
    expect(byMeaning.length).toBeGreaterThan(0);
    expect(byWords).toBeGreaterThan(0);
    expect(byMeaning.every((tool) => tool.byMeaning === true)).toBe(true);
    expect(shown.filter((tool) => tool.byMeaning)).toHaveLength(byMeaning.length);
    expect(answer).toMatchObject({ matched: 80, byMeaning: byMeaning.length, more: 80 - byWords });
  });
});
