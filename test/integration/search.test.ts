import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runBin, runCli } from '../helpers/cli.js';
import { makeTempDir } from '../helpers/temp.js';
import { startFakeEmbeddings } from '../unit/search/fake-embeddings.js';

const CATALOG = ['--catalog', 'fixtures/catalogs/demo.json'];
const json = (text: string): Record<string, any> => JSON.parse(text) as Record<string, any>;

describe('mcpns search', () => {
  it('ranks the tools for a request that shares no word with the tool name, and says why', async () => {
    const run = await runCli(['search', 'save this chat for later', ...CATALOG]);
    expect(run.code).toBe(0);
    expect(run.stdout.split('\n')[0]).toMatch(/^ 1\. memory\/memory_store_conversation {2}score [\d.]+, \d\/\d of the request$/);
    expect(run.stdout).toContain('why save → store (lexicon: store) in name');
    expect(run.stdout).toContain('why chat → conversation (lexicon: conversation) in name');
    expect(run.stdout).toContain('why asks to store/write, the name says store (×1.3); name words covered 2/2 (×1.5)');
  });

  it('--json: the documented schemaVersion 1 document, --limit bounds the results', async () => {
    const run = await runCli(['search', 'look up the weather in Paris', ...CATALOG, '--json', '--limit', '2']);
    expect(run.code).toBe(0);
    const document = json(run.stdout);
    expect(document).toMatchObject({ schemaVersion: 1, query: 'look up the weather in Paris', limit: 2, searched: 17 });
    expect(document['results']).toHaveLength(2);
    expect(document['results'][0]).toMatchObject({ rank: 1, qualifiedName: 'weather/getCurrentWeather', server: 'weather', name: 'getCurrentWeather' });
    expect(document['results'][0].matches).toContainEqual({ query: 'weather', term: 'weather', source: 'word', fields: expect.arrayContaining(['name']) });
  });

  it('the same catalog and request give the same document', async () => {
    const args = ['search', 'add two numbers', ...CATALOG, '--json', '--limit', '50'];
    const [first, second] = [await runCli(args), await runCli(args)];
    expect(first.stdout).toBe(second.stdout);
    const names = (json(first.stdout)['results'] as Array<{ qualifiedName: string }>).map((result) => result.qualifiedName);
    expect(names.slice(0, 2)).toEqual(['calculator/add', 'math-service/add']);
  });

  it('a configured route that fires puts its tool first', async () => {
    const dir = makeTempDir('mcpns-search-');
    const config = join(dir, 'mcpns.config.json');
    writeFileSync(config, JSON.stringify({ routes: [{ name: 'sums', keywords: ['total'], tool: 'math-service/add', arguments: {} }] }));
    const run = await runCli(['search', 'total of these numbers', '-c', config, ...CATALOG, '--json']);
    expect(run.code).toBe(0);
    expect(json(run.stdout)['results'][0]).toMatchObject({ qualifiedName: 'math-service/add', route: { name: 'sums', index: 0 } });
  });

  it('exit 1 when nothing matches', async () => {
    const run = await runCli(['search', 'zebra giraffe', ...CATALOG]);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('no tool matches "zebra giraffe"\n');
  });

  it('exit 2 for an empty or oversized request and a bad --limit; 10,000 asked shows at most 50', async () => {
    expect(await runCli(['search', ' \u0007 ', ...CATALOG])).toMatchObject({ code: 2, stderr: expect.stringContaining('the request is empty') });
    expect(await runCli(['search', 'x'.repeat(100_000), ...CATALOG])).toMatchObject({ code: 2, stderr: expect.stringContaining('at most 1000 are accepted') });
    expect((await runCli(['search', 'add', ...CATALOG, '--limit', '0'])).code).toBe(2);
    expect(json((await runCli(['search', 'add numbers', ...CATALOG, '--limit', '10000', '--json'])).stdout)['limit']).toBe(50);
  });

  it('never echoes control characters from the request', async () => {
    const run = await runCli(['search', 'zebra\u001b[2J', ...CATALOG]);
    expect(run.stdout).not.toContain('\u001b');
  });

  it('the built bin: mcpns search --catalog prints the ranking and exits 0', async () => {
    const run = await runBin(['search', 'write a text file', ...CATALOG]);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^ 1\. files\/file_write_file /);
  });

  it('--embeddings-url re-ranks by meaning and caches vectors in the state directory; a failing endpoint warns and stays lexical', async () => {
    const fake = await startFakeEmbeddings();
    try {
      const state = makeTempDir('mcpns-search-state-');
      const env = { MCPNS_STATE_DIR: state, MCPNS_EMBEDDINGS_API_KEY: 'sk-never-printed' };
      const args = ['search', 'add two numbers', ...CATALOG, '--embeddings-url', fake.url, '--embeddings-model', 'fake'];
      const run = await runCli([...args, '--json'], { env });
      expect(run).toMatchObject({ code: 0, stderr: '' });
      const document = json(run.stdout);
      expect(document['semantic']).toMatchObject({ model: 'fake', used: true, embedded: 17 });
      expect(document['results'][0]).toMatchObject({ semantic: { rank: expect.any(Number) } });
      expect(fake.requests[0]?.authorization).toBe('Bearer sk-never-printed');
      const text = await runCli(args, { env });
      expect(text.stdout).toContain('re-ranked by meaning with fake (17 tool vectors cached, 0 embedded)');
      fake.mode = 'error';
      const failed = await runCli(args, { env });
      expect(failed.code).toBe(0);
      expect(failed.stderr).toContain('semantic re-ranking skipped');
      expect(failed.stdout + failed.stderr).not.toContain('sk-never-printed');
      expect(failed.stdout).toMatch(/^ 1\. /);
    } finally {
      await fake.close();
    }
    expect((await runCli(['search', 'add', ...CATALOG, '--embeddings-url', 'http://127.0.0.1:1'])).code).toBe(2);
  });

  it('--embeddings-url over plain http to another machine warns that the key goes unencrypted, and never prints it', async () => {
    // 192.0.2.1 is TEST-NET-1 (RFC 5737): never answers; the search stays lexical within the timeout.
    const env = { MCPNS_STATE_DIR: makeTempDir('mcpns-search-state-'), MCPNS_EMBEDDINGS_API_KEY: 'sk-never-printed' };
    const args = ['search', 'add two numbers', ...CATALOG, '--embeddings-url', 'http://192.0.2.1:9', '--embeddings-model', 'm', '--embeddings-timeout', '100'];
    const run = await runCli(args, { env });
    expect(run.code).toBe(0);
    expect(run.stderr).toContain('the embeddings endpoint http://192.0.2.1:9 is plain http to another machine: MCPNS_EMBEDDINGS_API_KEY');
    expect(run.stdout + run.stderr).not.toContain('sk-never-printed');
  });
});
