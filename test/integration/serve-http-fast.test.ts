/**
 * The HTTP fast path of `mcpns serve --http`: a tools/call of an initialized 2025-era session is answered by the
 * gateway itself (one JSON body, or an SSE stream once progress or a request to the client travels with it) and
 * reaches an HTTP upstream through mcpns's own keep-alive client. Everything the SDK path does must still happen —
 * progress in order, sampling and elicitation to the calling client, a cancel (or a client that hangs up) reaching the
 * upstream request — and a hostile HTTP upstream must spoil only the call it answers badly.
 */
import type { ChildProcess } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { request as httpRequest, type ClientRequest } from 'node:http';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { CreateMessageRequestSchema, ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitUntil } from '../helpers/assertions.js';
import { fixturePath, REPO_ROOT } from '../helpers/fixtures.js';
import { expectProcessesGone, readPids } from '../helpers/processes.js';
import { startAndWait } from '../helpers/start-and-wait.js';
import { makeTempDir } from '../helpers/temp.js';

const BIN = join(REPO_ROOT, 'bin', 'mcpns.js');
const JSON_HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };

interface RawAnswer {
  status: number;
  type: string;
  body: string;
  sessionId: string | undefined;
}

/** One POST; `onRequest` gets the request (to destroy it mid-call). */
function post(url: string, body: unknown, headers: Record<string, string> = {}, onRequest?: (request: ClientRequest) => void): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const target = new URL(url);
    const text = typeof body === 'string' ? body : JSON.stringify(body);
    const request = httpRequest(
      { host: target.hostname, port: target.port, path: target.pathname, method: 'POST', headers: { ...JSON_HEADERS, ...headers } },
      (response) => {
        let answer = '';
        response.on('data', (chunk: Buffer) => (answer += chunk.toString()));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            type: String(response.headers['content-type'] ?? ''),
            body: answer,
            sessionId: response.headers['mcp-session-id'] as string | undefined,
          }),
        );
      },
    );
    request.on('error', reject);
    onRequest?.(request);
    request.end(text);
  });
}

/** The JSON-RPC messages of an SSE body, in order. */
function events(body: string): Array<Record<string, unknown>> {
  return body
    .split('\n')
    .filter((line) => line.startsWith('data: '))
    .map((line) => JSON.parse(line.slice(6)) as Record<string, unknown>);
}

/** A raw 2025-11-25 session: initialize and initialized; the headers every later POST of it carries. */
async function rawSession(url: string): Promise<Record<string, string>> {
  const init = await post(url, {
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
  });
  expect(init.status).toBe(200);
  const headers = { 'mcp-session-id': init.sessionId!, 'mcp-protocol-version': '2025-11-25' };
  expect((await post(url, { jsonrpc: '2.0', method: 'notifications/initialized' }, headers)).status).toBe(202);
  return headers;
}

const readEvents = (file: string): Array<{ server: string; event: string; tool?: string }> => {
  try {
    return readFileSync(file, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { server: string; event: string; tool?: string });
  } catch {
    return [];
  }
};

describe('mcpns serve --http: the fast path', () => {
  let dir: string;
  let upstream: ChildProcess;
  let hostile: ChildProcess;
  let gateway: ChildProcess;
  let url: string;
  let gatewayOutput: () => string;
  let eventLog: string;

  beforeAll(async () => {
    dir = makeTempDir();
    eventLog = join(dir, 'events');
    const remote = await startAndWait([fixturePath('gateway-upstream'), '--name', 'remote', '--http', '0'], /PORT=(\d+)/, { MCPNS_EVENT_LOG: eventLog });
    upstream = remote.child;
    const bad = await startAndWait([fixturePath('hostile-http-upstream'), '--http', '0'], /PORT=(\d+)/);
    hostile = bad.child;
    const config = join(dir, 'mcpns.config.json');
    writeFileSync(
      config,
      JSON.stringify({
        servers: {
          local: { command: process.execPath, args: [fixturePath('gateway-upstream'), '--name', 'local'] },
          remote: { type: 'http', url: `http://127.0.0.1:${remote.match[1]}/mcp` },
          hostile: { type: 'http', url: `http://127.0.0.1:${bad.match[1]}/mcp` },
        },
      }),
    );
    // --no-status-page: the status page's call list reads every result (as --log-file does), which turns the
    // byte-for-byte pass-through off; this file is about that path.
    const served = await startAndWait(
      [BIN, 'serve', '--http', '127.0.0.1:0', '--config', config, '--max-response-size', '100000', '--no-status-page'],
      /serving .* at (http:\/\/127\.0\.0\.1:\d+\/mcp)/,
      { MCPNS_PID_FILE: join(dir, 'pids'), MCPNS_EVENT_LOG: eventLog },
    );
    gateway = served.child;
    url = served.match[1]!;
    gatewayOutput = served.output;
  });

  afterAll(() => {
    upstream?.kill();
    hostile?.kill();
    gateway?.kill('SIGKILL');
  });

  it('answers a plain call as one JSON body, and a call with a progress token as an SSE stream: progress first, in order, then the result', async () => {
    const headers = await rawSession(url);
    const plain = await post(url, { jsonrpc: '2.0', id: 'a', method: 'tools/call', params: { name: 'remote__whoami', arguments: {} } }, headers);
    expect(plain.status).toBe(200);
    expect(plain.type).toBe('application/json');
    expect(JSON.parse(plain.body)).toEqual({ jsonrpc: '2.0', id: 'a', result: { content: [{ type: 'text', text: 'remote' }] } });
    const streamed = await post(
      url,
      { jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'remote__progress', arguments: { steps: 3 }, _meta: { progressToken: 'tok' } } },
      headers,
    );
    expect(streamed.type).toBe('text/event-stream');
    expect(events(streamed.body)).toEqual([
      { jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: 'tok', progress: 1, total: 3 } },
      { jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: 'tok', progress: 2, total: 3 } },
      { jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: 'tok', progress: 3, total: 3 } },
      { jsonrpc: '2.0', id: 7, result: { content: [{ type: 'text', text: 'progressed 3 on remote' }] } },
    ]);
    // The same call of the stdio upstream, for comparison: identical framing.
    const local = await post(url, { jsonrpc: '2.0', id: 8, method: 'tools/call', params: { name: 'local__whoami', arguments: {} } }, headers);
    expect(JSON.parse(local.body)).toEqual({ jsonrpc: '2.0', id: 8, result: { content: [{ type: 'text', text: 'local' }] } });
  });

  it('sends sampling and elicitation of an HTTP or stdio upstream to the HTTP client whose call caused them', async () => {
    const client = new Client({ name: 'asker', version: '1' }, { capabilities: { sampling: {}, elicitation: { form: {} } } });
    client.setRequestHandler(CreateMessageRequestSchema, async (request) => ({
      role: 'assistant',
      model: 'test',
      content: { type: 'text', text: `answer to ${(request.params.messages[0]!.content as { text: string }).text}` },
    }));
    client.setRequestHandler(ElicitRequestSchema, async (request) => ({ action: 'accept', content: { answer: request.params.message } }));
    await client.connect(new StreamableHTTPClientTransport(new URL(url)));
    try {
      expect((await client.callTool({ name: 'remote__sample', arguments: {} })).content).toEqual([
        { type: 'text', text: 'sampled: answer to sample for remote' },
      ]);
      expect((await client.callTool({ name: 'local__elicit', arguments: {} })).content).toEqual([
        { type: 'text', text: 'elicited: accept {"answer":"question from local"}' },
      ]);
      expect((await client.callTool({ name: 'remote__elicit', arguments: {} })).content).toEqual([
        { type: 'text', text: 'elicited: accept {"answer":"question from remote"}' },
      ]);
    } finally {
      await client.close();
    }
  });

  it('a downstream cancel, and a client that hangs up mid-call, each reach the upstream request', async () => {
    const client = new Client({ name: 'canceller', version: '1' });
    await client.connect(new StreamableHTTPClientTransport(new URL(url)));
    const cancelled = (): number =>
      readEvents(eventLog).filter((event) => event.server === 'remote' && event.event === 'cancelled' && event.tool === 'slow').length;
    const calls = (): number => readEvents(eventLog).filter((event) => event.server === 'remote' && event.event === 'call' && event.tool === 'slow').length;
    const before = cancelled();
    const controller = new AbortController();
    const pending = client.callTool({ name: 'remote__slow', arguments: {} }, undefined, { signal: controller.signal });
    await waitUntil(() => calls() >= 1, 'the slow call to reach the remote upstream');
    controller.abort('test cancels');
    await expect(pending).rejects.toThrow();
    await waitUntil(() => cancelled() >= before + 1, 'the cancel to reach the remote upstream');
    await client.close();

    const headers = await rawSession(url);
    let request: ClientRequest | undefined;
    const answered = post(
      url,
      { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'remote__slow', arguments: {} } },
      headers,
      (made) => (request = made),
    );
    await waitUntil(() => calls() >= 2, 'the second slow call to reach the remote upstream');
    request!.destroy();
    await expect(answered).rejects.toThrow();
    await waitUntil(() => cancelled() >= before + 2, 'the hang-up to cancel the upstream request');
  });

  it('a hostile HTTP upstream spoils only the call it answers badly, with an error that says what happened', async () => {
    const client = new Client({ name: 'victim', version: '1' });
    await client.connect(new StreamableHTTPClientTransport(new URL(url)));
    try {
      const failure = async (tool: string): Promise<string> => {
        const error = await client.callTool({ name: `hostile__${tool}`, arguments: {} }).then(
          () => undefined,
          (caught: unknown) => caught as Error,
        );
        expect(error, `hostile__${tool} should fail`).toBeInstanceOf(Error);
        return error!.message;
      };
      expect(await failure('bad_shape')).toContain('malformed JSON-RPC response');
      expect(await failure('http500')).toContain('HTTP 500');
      expect(await failure('wrong_type')).toContain('unexpected content type "text/html"');
      expect(await failure('not_json')).toContain('not JSON');
      expect(await failure('huge')).toContain('RESPONSE_TOO_LARGE');
      expect(await failure('hang_up')).toContain('could not be reached');
      // A 401 goes to the SDK transport, whose authorization flow says what is missing.
      expect(await failure('unauthorized')).toContain('requires OAuth sign-in');
      expect(await failure('sse_cut')).toContain('ended its answer stream before the answer');
      expect((await client.callTool({ name: 'hostile__sse_split', arguments: {} })).content).toEqual([{ type: 'text', text: 'split' }]);
      // A stream ended after a priming event is resumed with Last-Event-ID (SEP-1699), as the SDK's client does.
      expect((await client.callTool({ name: 'hostile__sse_resume', arguments: {} })).content).toEqual([{ type: 'text', text: 'resumed' }]);
      // Still up, and the others too.
      expect((await client.callTool({ name: 'hostile__ok', arguments: {} })).content).toEqual([{ type: 'text', text: 'ok' }]);
      expect((await client.callTool({ name: 'remote__whoami', arguments: {} })).content).toEqual([{ type: 'text', text: 'remote' }]);
    } finally {
      await client.close();
    }
  });

  it('passes a result written as the SDKs write one on byte for byte, with the id of the client; any other shape is checked', async () => {
    const headers = await rawSession(url);
    const call = (id: number, name: string): Promise<RawAnswer> =>
      post(url, { jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: {} } }, headers);
    const ok = await call(5, 'hostile__tail_ok');
    expect(ok.type).toBe('application/json');
    expect(ok.body).toBe('{"result":{"content":[{"type":"text","text":"tail \\u00e9"}],"n":1.50},"jsonrpc":"2.0","id":5}');
    expect(JSON.parse((await call(6, 'hostile__tail_extra')).body)).toEqual({ jsonrpc: '2.0', id: 6, result: { content: [{ type: 'text', text: 'extra' }] } });
    expect(JSON.parse((await call(7, 'hostile__tail_sse')).body)).toEqual({
      result: { content: [{ type: 'text', text: 'two lines' }] },
      jsonrpc: '2.0',
      id: 7,
    });
    expect(JSON.parse((await call(8, 'hostile__tail_bad')).body)['error']).toMatchObject({
      code: -32603,
      message: expect.stringContaining('malformed JSON-RPC response'),
    });
    // Through the SDK client as well, and a stdio upstream's lines reach an HTTP client the same way.
    const client = new Client({ name: 'tail', version: '1' });
    await client.connect(new StreamableHTTPClientTransport(new URL(url)));
    try {
      expect((await client.callTool({ name: 'hostile__tail_ok', arguments: {} })).content).toEqual([{ type: 'text', text: 'tail é' }]);
      expect((await client.callTool({ name: 'hostile__tail_extra', arguments: {} })).content).toEqual([{ type: 'text', text: 'extra' }]);
      expect((await client.callTool({ name: 'local__echo', arguments: { text: 'stdio line' } })).content).toEqual([{ type: 'text', text: 'stdio line' }]);
    } finally {
      await client.close();
    }
  });

  it('leaves what it does not handle to the SDK: wrong version, media types, malformed calls, foreign answers', async () => {
    const headers = await rawSession(url);
    const call = { jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'remote__whoami', arguments: {} } };
    expect((await post(url, call, { ...headers, 'mcp-protocol-version': '1999-01-01' })).status).toBe(400);
    expect((await post(url, call, { ...headers, accept: 'application/json' })).status).toBe(406);
    expect((await post(url, call, { ...headers, 'content-type': 'text/plain' })).status).toBe(415);
    for (const params of [[1, 2], null, 'x']) {
      const answer = await post(url, { ...call, params }, headers);
      // The SDK's answer: a JSON-RPC error (400 for a request that is not valid JSON-RPC).
      expect([200, 400], JSON.stringify(params)).toContain(answer.status);
      expect(answer.body).toContain('"error"');
    }
    const unknownTool = await post(url, { ...call, params: { name: 'nobody__nothing', arguments: {} } }, headers);
    expect(unknownTool.body).toContain('Tool nobody__nothing not found');
    // An answer to a request nobody asked, and a cancel of a call that does not exist: accepted, nothing breaks.
    expect((await post(url, { jsonrpc: '2.0', id: 'mcpns-ask-nothing', result: {} }, headers)).status).toBeLessThan(500);
    expect((await post(url, { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 'nope' } }, headers)).status).toBe(202);
    const after = await post(url, call, headers);
    expect(JSON.parse(after.body)).toEqual({ jsonrpc: '2.0', id: 3, result: { content: [{ type: 'text', text: 'remote' }] } });
  });

  it('32 sessions with calls in flight at once each get their own answers', async () => {
    const sessions = await Promise.all(Array.from({ length: 32 }, () => rawSession(url)));
    const answers = await Promise.all(
      sessions.flatMap((headers, session) =>
        Array.from({ length: 8 }, async (_, call) => {
          const text = `s${session}c${call}`;
          const answer = await post(
            url,
            { jsonrpc: '2.0', id: call, method: 'tools/call', params: { name: `${call % 2 ? 'local' : 'remote'}__echo`, arguments: { text } } },
            headers,
          );
          return [text, JSON.parse(answer.body)] as const;
        }),
      ),
    );
    for (const [text, body] of answers) expect(body.result.content[0].text).toBe(text);
  });

  it('SIGTERM: every upstream process gone, nothing reported as an internal error', async () => {
    const pids = readPids(join(dir, 'pids'));
    expect(pids.length).toBeGreaterThanOrEqual(1);
    const exited = new Promise<number | null>((resolve) => gateway.once('exit', (code) => resolve(code)));
    gateway.kill('SIGTERM');
    expect(await exited).toBe(143);
    await expectProcessesGone(pids);
    expect(gatewayOutput()).not.toMatch(/internal error/i);
  });
});
