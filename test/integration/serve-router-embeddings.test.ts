/**
 * `mcpns serve --router` with `router.embeddings` over stdio, in front of a fake OpenAI-compatible embeddings endpoint
 * on 127.0.0.1: search_tools puts first the tool the request means where the lexical ranking does not, embeds only
 * the tools the profile exposes and caches them in the state directory; with the endpoint down it answers lexically
 * and says SEARCH_EMBEDDINGS_FAILED once on stderr, never the key. `--dry-run --json` says embeddings are configured.
 */
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitUntil } from '../helpers/assertions.js';
import { runCli } from '../helpers/cli.js';
import { fixturePath, REPO_ROOT } from '../helpers/fixtures.js';
import { expectProcessesGone, readPids } from '../helpers/processes.js';
import { makeTempDir } from '../helpers/temp.js';
import { startFakeEmbeddings, type FakeEmbeddings } from '../unit/search/fake-embeddings.js';

const BIN = join(REPO_ROOT, 'bin', 'mcpns.js');
const KEY = 'sk-router-never-printed';
// To the fake model "parrot" means "echo"; no word of the request is in any tool's name or description.
const QUERY = 'parrot my sentence';

type Result = Awaited<ReturnType<Client['callTool']>>;
const found = (result: Result): string[] => ((result.structuredContent as { tools?: Array<{ name: string }> }).tools ?? []).map((tool) => tool.name);

function writeConfig(dir: string, url: string): string {
  const config = join(dir, 'mcpns.config.json');
  const upstream = { command: process.execPath, args: [fixturePath('gateway-upstream'), '--name', 'alpha'] };
  writeFileSync(
    config,
    JSON.stringify({
      servers: { alpha: upstream },
      profiles: { narrow: { tools: { deny: ['alpha/add'] } } },
      router: { embeddings: { url, model: 'fake', timeoutMs: 20_000 } },
    }),
  );
  return config;
}

describe('mcpns serve --router with router.embeddings', () => {
  let dir: string;
  let fake: FakeEmbeddings;
  let client: Client;
  let stderr = '';

  beforeAll(async () => {
    dir = makeTempDir();
    fake = await startFakeEmbeddings([['echo', 'parrot']]);
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [BIN, 'serve', '--router', '--profile', 'narrow', '--config', writeConfig(dir, fake.url)],
      env: {
        ...(process.env as Record<string, string>),
        MCPNS_PID_FILE: join(dir, 'pids'),
        MCPNS_STATE_DIR: join(dir, 'state'),
        MCPNS_EMBEDDINGS_API_KEY: KEY,
      },
      stderr: 'pipe',
      cwd: dir,
    });
    transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    client = new Client({ name: 'test', version: '1.0.0' });
    await client.connect(transport, { timeout: 90_000 });
  });

  afterAll(async () => {
    const pids = readPids(join(dir, 'pids'));
    await client?.close();
    await fake?.close();
    await expectProcessesGone(pids);
  });

  it('finds by meaning what the words do not, embedding only exposed tools, cached in the state directory', async () => {
    const result = await client.callTool({ name: 'search_tools', arguments: { query: QUERY, limit: 3 } });
    expect(result.isError).toBeFalsy();
    expect(found(result)[0]).toBe('alpha__echo');
    const embedded = fake.requests.flatMap((request) => request.input);
    expect(embedded).toContain('echo. Echo text.');
    expect(embedded.some((text) => text.startsWith('add.'))).toBe(false);
    expect(fake.requests[0]!.authorization).toBe(`Bearer ${KEY}`);
    expect(readdirSync(join(dir, 'state', 'search', 'embeddings')).some((file) => file.endsWith('.json'))).toBe(true);
    const asked = fake.requests.length;
    await client.callTool({ name: 'search_tools', arguments: { query: 'echo it back', limit: 3 } });
    // The tool vectors are kept: only the request is embedded.
    expect(fake.requests.slice(asked).map((request) => request.input)).toEqual([['echo it back']]);
  });

  it('answers lexically with the endpoint down, and says SEARCH_EMBEDDINGS_FAILED once, never the key', async () => {
    await fake.close();
    for (let i = 0; i < 3; i++) {
      const result = await client.callTool({ name: 'search_tools', arguments: { query: QUERY, limit: 3 } });
      expect(result.isError).toBeFalsy();
      expect(found(result)).not.toContain('alpha__echo');
    }
    await waitUntil(() => stderr.includes('SEARCH_EMBEDDINGS_FAILED'), 'the failure is reported');
    expect(stderr.match(/SEARCH_EMBEDDINGS_FAILED/g)).toHaveLength(1);
    expect(stderr).not.toContain(KEY);
  });
});

describe('mcpns serve --router --dry-run with router.embeddings', () => {
  it('--json says embeddings are configured, with the endpoint and model, never the key', async () => {
    const dir = makeTempDir();
    const result = await runCli(['serve', '--router', '--dry-run', '--json', '--config', writeConfig(dir, 'http://user:pw@127.0.0.1:9/v1')], {
      env: { MCPNS_EMBEDDINGS_API_KEY: KEY, MCPNS_STATE_DIR: join(dir, 'state') },
    });
    const document = JSON.parse(result.stdout) as { router: { embeddings: Record<string, unknown> } };
    expect(document.router.embeddings).toEqual({
      configured: true,
      url: 'http://127.0.0.1:9/v1/embeddings',
      model: 'fake',
      timeoutMs: 20_000,
      apiKey: 'set (MCPNS_EMBEDDINGS_API_KEY)',
    });
    expect(result.stdout + result.stderr).not.toContain(KEY);
    expect(result.stdout).not.toContain('pw@');
    // A dry run does not search: nothing is embedded or cached.
    expect(existsSync(join(dir, 'state', 'search'))).toBe(false);
  });
});
