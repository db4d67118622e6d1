/**
 * The re-ranker `serve --router` injects from `router.embeddings`: against an endpoint that never answers, a search
 * gets no fused ranking (the router answers lexically) within the configured bound, the failure is reported once
 * however many searches follow, and the key is registered as a secret to scrub.
 */
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { embeddingsRerank } from '../../../src/cli/services/serve-router.js';
import { buildSearchIndex } from '../../../src/search/index.js';
import { waitUntil } from '../../helpers/assertions.js';
import { makeTempDir } from '../../helpers/temp.js';
import { startFakeEmbeddings, type FakeEmbeddings } from '../search/fake-embeddings.js';

const INDEX = buildSearchIndex([
  { server: 'calc', name: 'add', qualifiedName: 'calc__add', description: 'Add two numbers.' },
  { server: 'files', name: 'read_file', qualifiedName: 'files__read_file', description: 'Read a file from disk.' },
]);

describe('the router re-ranker of router.embeddings', () => {
  let fake: FakeEmbeddings | undefined;
  afterEach(async () => {
    await fake?.close();
  });

  it('gives up within the bound on an endpoint that hangs, reports it once, and registers the key as a secret', async () => {
    fake = await startFakeEmbeddings();
    fake.mode = 'hang';
    const warnings: Array<{ message: string; fields: Record<string, unknown> | undefined }> = [];
    const secrets: string[] = [];
    const rerank = embeddingsRerank(
      { url: fake.url, model: 'fake', timeoutMs: 200 },
      { env: { MCPNS_STATE_DIR: join(makeTempDir(), 'state'), MCPNS_EMBEDDINGS_API_KEY: 'sk-secret' }, home: makeTempDir() },
      { warn: (message, fields) => warnings.push({ message, fields }), addSecrets: (values) => secrets.push(...values) },
    );
    expect(secrets).toEqual(['sk-secret']);
    expect(await rerank(INDEX, 'add two numbers', {})).toBeUndefined();
    await waitUntil(() => warnings.length > 0, 'the failure is reported');
    for (let i = 0; i < 3; i++) expect(await rerank(INDEX, 'add two numbers', {})).toBeUndefined();
    expect(warnings).toHaveLength(1);
    expect(warnings[0]!.message).toContain('SEARCH_EMBEDDINGS_FAILED');
    expect(warnings[0]!.fields).toEqual({ code: 'SEARCH_EMBEDDINGS_FAILED' });
    expect(warnings[0]!.message).not.toContain('sk-secret');
  });

  it('answers the fused ranking when the endpoint works', async () => {
    fake = await startFakeEmbeddings();
    const rerank = embeddingsRerank(
      { url: fake.url, model: 'fake' },
      { env: { MCPNS_STATE_DIR: join(makeTempDir(), 'state') }, home: makeTempDir() },
      { warn: () => undefined, addSecrets: () => undefined },
    );
    const response = await rerank(INDEX, 'add two numbers', {});
    expect(response?.results[0]?.qualifiedName).toBe('calc__add');
    expect(fake.requests[0]!.authorization).toBeUndefined();
  });

  it('refuses a URL that is not http(s) when the gateway starts', () => {
    expect(() =>
      embeddingsRerank({ url: 'file:///etc/passwd', model: 'm' }, { env: {}, home: makeTempDir() }, { warn: () => undefined, addSecrets: () => undefined }),
    ).toThrow(/router\.embeddings\.url: the embeddings URL must be http or https/);
  });

  it('warns at start when the URL is plain http to another machine (the key would cross the network unencrypted)', () => {
    const warned = (url: string, env: Record<string, string> = {}): Array<{ message: string; fields: Record<string, unknown> | undefined }> => {
      const warnings: Array<{ message: string; fields: Record<string, unknown> | undefined }> = [];
      embeddingsRerank(
        { url, model: 'm' },
        { env, home: makeTempDir() },
        { warn: (message, fields) => warnings.push({ message, fields }), addSecrets: () => undefined },
      );
      return warnings;
    };
    const [warning, ...rest] = warned('http://embed.example.com:8080/v1', { MCPNS_EMBEDDINGS_API_KEY: 'sk-secret' });
    expect(rest).toEqual([]);
    expect(warning!.fields).toEqual({ code: 'SEARCH_EMBEDDINGS_PLAIN_HTTP' });
    expect(warning!.message).toContain('router: SEARCH_EMBEDDINGS_PLAIN_HTTP: the embeddings endpoint http://embed.example.com:8080 is plain http');
    expect(warning!.message).toContain('MCPNS_EMBEDDINGS_API_KEY');
    expect(warning!.message).not.toContain('sk-secret');
    // Without a key the texts still go in the clear: still said, without naming a key.
    expect(warned('http://10.0.0.5:11434')[0]!.message).not.toContain('MCPNS_EMBEDDINGS_API_KEY');
    for (const quiet of ['https://api.example.com/v1', 'http://127.0.0.1:11434', 'http://localhost:11434', 'http://[::1]:11434'])
      expect(warned(quiet, { MCPNS_EMBEDDINGS_API_KEY: 'sk-secret' })).toEqual([]);
  });
});
