import { readdirSync, readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildSearchIndex, embeddingsEndpoint, search, searchWithEmbeddings, type SearchableTool } from '../../../src/search/index.js';
import { makeTempDir } from '../../helpers/temp.js';
import { startFakeEmbeddings, type FakeEmbeddings } from './fake-embeddings.js';

const tool = (server: string, name: string, description: string): SearchableTool => ({ server, name, qualifiedName: `${server}/${name}`, description });

const TOOLS = [
  tool('garage', 'book_service', 'Book a service appointment for a car at the garage'),
  tool('calendar', 'create_event', 'Create an event in the calendar'),
  tool('mail', 'send_email', 'Send an email message'),
  tool('files', 'read_file', 'Read a file from disk'),
];
const SECRET = 'sk-test-never-printed';

describe('semantic re-ranking through an embeddings endpoint', () => {
  let fake: FakeEmbeddings;
  beforeEach(async () => {
    fake = await startFakeEmbeddings([['car', 'automobile', 'vehicle']]);
  });
  afterEach(async () => {
    await fake.close();
  });
  const index = buildSearchIndex(TOOLS);

  it('finds by meaning what no word matches, fused with the lexical ranking; sends the model and the key', async () => {
    // Lexically "automobile" matches nothing: only the meaning (car) leads to the garage.
    expect(search(index, 'my automobile needs a checkup').results.map((result) => result.qualifiedName)).not.toContain('garage/book_service');
    const response = await searchWithEmbeddings(index, 'my automobile needs a checkup', {
      embeddings: { url: fake.url, model: 'fake-model', apiKey: SECRET },
    });
    expect(response.semantic).toMatchObject({ model: 'fake-model', used: true, embedded: TOOLS.length, cached: 0 });
    expect(response.results[0]).toMatchObject({ qualifiedName: 'garage/book_service', semantic: { rank: 1 } });
    expect(response.results[0]?.lexical).toBeUndefined();
    expect(fake.requests[0]).toMatchObject({ model: 'fake-model', authorization: `Bearer ${SECRET}` });
  });

  it('keeps lexical evidence: a tool both rankings put first stays first, with both ranks', async () => {
    const response = await searchWithEmbeddings(index, 'send an email', { embeddings: { url: `${fake.url}/v1`, model: 'm' } });
    expect(response.results[0]).toMatchObject({ qualifiedName: 'mail/send_email', lexical: { rank: 1 }, semantic: { rank: 1 } });
  });

  it('caches tool vectors per model and tool text in the cache directory: the next search embeds only the request', async () => {
    const cacheDirectory = makeTempDir('mcpns-embeddings-');
    const options = { embeddings: { url: fake.url, model: 'fake-model', apiKey: SECRET, cacheDirectory } };
    await searchWithEmbeddings(index, 'book my car', options);
    const files = readdirSync(cacheDirectory);
    expect(files).toHaveLength(1);
    expect(readFileSync(`${cacheDirectory}/${files[0]}`, 'utf8')).not.toContain(SECRET);
    fake.requests.length = 0;
    const again = await searchWithEmbeddings(index, 'book my car', options);
    expect(again.semantic).toMatchObject({ used: true, cached: TOOLS.length, embedded: 0 });
    expect(fake.requests.map((request) => request.input)).toEqual([['book my car']]);
    // A changed tool is embedded again; another model has its own vectors.
    const changed = buildSearchIndex([...TOOLS.slice(1), tool('garage', 'book_service', 'Book a repair for a vehicle')]);
    fake.requests.length = 0;
    expect((await searchWithEmbeddings(changed, 'book my car', options)).semantic).toMatchObject({ cached: TOOLS.length - 1, embedded: 1 });
    expect((await searchWithEmbeddings(index, 'book my car', { embeddings: { ...options.embeddings, model: 'other' } })).semantic).toMatchObject({
      embedded: TOOLS.length,
    });
    expect(readdirSync(cacheDirectory)).toHaveLength(2);
  });

  it.each([
    ['error', /answered HTTP 500/],
    ['garbage', /not JSON/],
    ['short', /answered 3 vectors for 4 texts/],
  ] as const)('an endpoint that answers %s leaves the lexical ranking, with a warning that never holds the key', async (mode, message) => {
    fake.mode = mode;
    const warnings: string[] = [];
    const response = await searchWithEmbeddings(index, 'send an email', {
      embeddings: { url: fake.url, model: 'm', apiKey: SECRET },
      onWarning: (warning) => warnings.push(warning),
    });
    expect(response.results.map((result) => result.qualifiedName)).toEqual(search(index, 'send an email').results.map((result) => result.qualifiedName));
    expect(response.semantic).toMatchObject({ used: false, error: expect.stringMatching(message) });
    expect(warnings).toEqual([expect.stringMatching(message)]);
    expect(warnings.join('')).not.toContain(SECRET);
  });

  it('an endpoint that never answers is given up after the timeout', async () => {
    fake.mode = 'hang';
    const response = await searchWithEmbeddings(index, 'send an email', { embeddings: { url: fake.url, model: 'm', timeoutMs: 200 } });
    expect(response.semantic).toMatchObject({ used: false, error: expect.stringContaining('did not answer within 200 ms') });
    expect(response.results[0]?.qualifiedName).toBe('mail/send_email');
  });

  it('an unreachable endpoint degrades too; a bad request still throws before any network', async () => {
    await fake.close();
    const response = await searchWithEmbeddings(index, 'send an email', { embeddings: { url: fake.url, model: 'm' } });
    expect(response.semantic).toMatchObject({ used: false, error: expect.stringContaining('could not be reached') });
    await expect(searchWithEmbeddings(index, '   ', { embeddings: { url: fake.url, model: 'm' } })).rejects.toThrow(/empty/);
    fake = await startFakeEmbeddings();
  });

  it('derives the endpoint from a base URL and refuses other schemes', () => {
    expect(embeddingsEndpoint('http://127.0.0.1:11434')).toBe('http://127.0.0.1:11434/v1/embeddings');
    expect(embeddingsEndpoint('https://api.example.com/v1/')).toBe('https://api.example.com/v1/embeddings');
    expect(embeddingsEndpoint('http://h/openai/v1/embeddings')).toBe('http://h/openai/v1/embeddings');
    expect(() => embeddingsEndpoint('file:///etc/passwd')).toThrow(/http or https/);
  });
});
