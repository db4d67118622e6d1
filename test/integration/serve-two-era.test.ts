/**
 * An HTTP upstream that speaks both revisions and offers a tool only on the 2026-07-28 wire (as the conformance suite's
 * reference server does with its input_required tools): the gateway opens a second, 2026-07-28 session to it, exposes
 * that tool too, passes its input_required results to 2026-07-28 clients as they are (the retry reaches the server with
 * the answers and the state unchanged), and asks a 2025-era client itself (an elicitation tied to its call).
 */
import type { ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixturePath, REPO_ROOT } from '../helpers/fixtures.js';
import { startAndWait } from '../helpers/start-and-wait.js';
import { makeTempDir } from '../helpers/temp.js';

const BIN = join(REPO_ROOT, 'bin', 'mcpns.js');
const META = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientInfo': { name: 'modern', version: '1' },
  'io.modelcontextprotocol/clientCapabilities': { elicitation: { form: {} } },
};

describe('mcpns serve in front of a server that speaks both revisions', () => {
  let upstream: ChildProcess;
  let gateway: ChildProcess;
  let url: string;

  beforeAll(async () => {
    const started = await startAndWait([fixturePath('two-era-upstream'), '--http', '0'], /PORT=(\d+)/);
    upstream = started.child;
    const config = join(makeTempDir(), 'mcpns.config.json');
    writeFileSync(config, JSON.stringify({ servers: { two: { type: 'http', url: `http://127.0.0.1:${started.match[1]}/mcp` } } }));
    const served = await startAndWait([BIN, 'serve', '--http', '127.0.0.1:0', '--config', config], /serving .* at (http:\/\/127\.0\.0\.1:\d+\/mcp)/);
    gateway = served.child;
    url = served.match[1]!;
  });

  afterAll(() => {
    gateway?.kill('SIGTERM');
    upstream?.kill();
  });

  /** One 2026-07-28 request (stateless: the envelope in _meta, the standard headers). */
  async function modern(method: string, params: Record<string, unknown>): Promise<Record<string, unknown>> {
    const response = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-protocol-version': '2026-07-28',
        'mcp-method': method,
        ...(typeof params['name'] === 'string' ? { 'mcp-name': params['name'] } : {}),
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: { ...params, _meta: META } }),
    });
    const text = await response.text();
    expect(response.status, text).toBe(200);
    const line = text.startsWith('{')
      ? text
      : text
          .split('\n')
          .find((entry) => entry.startsWith('data: '))!
          .slice(6);
    return JSON.parse(line) as Record<string, unknown>;
  }

  it('a 2025-era client sees the 2026-only tool and answers its question as an elicitation of its own call', async () => {
    const client = new Client({ name: 'old', version: '1' }, { capabilities: { elicitation: {} } });
    client.setRequestHandler(ElicitRequestSchema, async (request) => ({ action: 'accept', content: { name: `Ada (asked "${request.params.message}")` } }));
    await client.connect(new StreamableHTTPClientTransport(new URL(url)));
    try {
      expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(['two__ask', 'two__bare', 'two__hello', 'two__lines']);
      expect((await client.callTool({ name: 'two__hello', arguments: {} })).content).toEqual([{ type: 'text', text: 'hello from 2025-11-25' }]);
      expect((await client.callTool({ name: 'two__ask', arguments: {} })).content).toEqual([
        { type: 'text', text: 'Hello, Ada (asked "What is your name?")!' },
      ]);
    } finally {
      await client.close();
    }
  });

  it('answers a server writes one JSON message per line, or without resultType, reach both eras (the reference server answers so)', async () => {
    const client = new Client({ name: 'old', version: '1' });
    await client.connect(new StreamableHTTPClientTransport(new URL(url)));
    try {
      expect((await client.callTool({ name: 'two__lines', arguments: {} })).content).toEqual([{ type: 'text', text: 'lines result' }]);
      expect((await client.callTool({ name: 'two__bare', arguments: {} })).content).toEqual([{ type: 'text', text: 'bare result' }]);
    } finally {
      await client.close();
    }
    for (const name of ['lines', 'bare']) {
      const answer = await modern('tools/call', { name: `two__${name}`, arguments: {} });
      expect(answer['error'], JSON.stringify(answer)).toBeUndefined();
      expect(answer['result']).toMatchObject({ content: [{ type: 'text', text: `${name} result` }] });
    }
  });

  it('a 2025-era client without elicitation gets an error naming the capability', async () => {
    const client = new Client({ name: 'plain', version: '1' });
    await client.connect(new StreamableHTTPClientTransport(new URL(url)));
    try {
      await expect(client.callTool({ name: 'two__ask', arguments: {} })).rejects.toThrow(/did not declare the "elicitation" capability/);
    } finally {
      await client.close();
    }
  });

  it('a 2026-07-28 client gets input_required as the server sent it, and its retry reaches the server with the answers and the state', async () => {
    // What both sessions offer is served by the first one, whatever the client's era.
    expect(((await modern('tools/call', { name: 'two__hello', arguments: {} }))['result'] as { content: unknown }).content).toEqual([
      { type: 'text', text: 'hello from 2025-11-25' },
    ]);
    const first = (await modern('tools/call', { name: 'two__ask', arguments: {} }))['result'] as Record<string, unknown>;
    expect(first).toMatchObject({ resultType: 'input_required', requestState: 'state-1' });
    expect(first['inputRequests']).toMatchObject({ name: { method: 'elicitation/create', params: { message: 'What is your name?' } } });
    const retry = (
      await modern('tools/call', {
        name: 'two__ask',
        arguments: {},
        inputResponses: { name: { action: 'accept', content: { name: 'Bo' } } },
        requestState: 'state-1',
      })
    )['result'] as { content: unknown };
    expect(retry.content).toEqual([{ type: 'text', text: 'Hello, Bo!' }]);
  });
});
