/**
 * A 2026-07-28 client of the v2 SDK against `mcpns serve` on this repository's demo calculator (a report said
 * server/discover answered -32603 there; not reproduced): pinned to 2026-07-28 and probing with server/discover, over
 * stdio and over HTTP, the client negotiates 2026-07-28, lists the tools and calls one.
 */
import type { ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixturePath, REPO_ROOT } from '../helpers/fixtures.js';
import { startAndWait } from '../helpers/start-and-wait.js';
import { makeTempDir } from '../helpers/temp.js';

const BIN = join(REPO_ROOT, 'bin', 'mcpns.js');

describe('mcpns serve and a 2026-07-28 client (v2 SDK) on the demo calculator', () => {
  let config: string;
  let http: ChildProcess | undefined;
  let url: string;

  beforeAll(async () => {
    const dir = makeTempDir();
    config = join(dir, 'mcpns.config.json');
    writeFileSync(config, JSON.stringify({ servers: { calculator: { command: process.execPath, args: [fixturePath('calculator')] } } }));
    const served = await startAndWait([BIN, 'serve', '--http', '127.0.0.1:0', '--config', config], /serving .* at (http:\/\/127\.0\.0\.1:\d+\/mcp)/);
    http = served.child;
    url = served.match[1]!;
  });

  afterAll(() => {
    http?.kill('SIGKILL');
  });

  const exercise = async (client: Client): Promise<void> => {
    expect(client.getNegotiatedProtocolVersion()).toBe('2026-07-28');
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toContain('calculator__add');
    const result = await client.callTool({ name: 'calculator__add', arguments: { a: 2, b: 3 } });
    expect(result.content).toEqual([{ type: 'text', text: '5' }]);
  };

  for (const mode of ['auto', 'pinned'] as const) {
    const versionNegotiation = mode === 'auto' ? { mode: 'auto' as const } : { mode: { pin: '2026-07-28' } };

    it(`over stdio (${mode === 'auto' ? 'probing with server/discover' : 'pinned'})`, async () => {
      const client = new Client({ name: 'modern', version: '1' }, { capabilities: {}, versionNegotiation });
      await client.connect(
        new StdioClientTransport({
          command: process.execPath,
          args: [BIN, 'serve', '--config', config],
          stderr: 'ignore',
          env: { ...process.env, NO_COLOR: '1' } as Record<string, string>,
        }),
      );
      try {
        await exercise(client);
      } finally {
        await client.close();
      }
    });

    it(`over HTTP (${mode === 'auto' ? 'probing with server/discover' : 'pinned'})`, async () => {
      const client = new Client({ name: 'modern', version: '1' }, { capabilities: {}, versionNegotiation });
      await client.connect(new StreamableHTTPClientTransport(new URL(url)));
      try {
        await exercise(client);
      } finally {
        await client.close();
      }
    });
  }
});
