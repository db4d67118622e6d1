/**
 * `mcpns serve` over stdio, through a real SDK client, in front of two copies of the gateway-upstream fixture that
 * share every tool, prompt and resource name: each request reaches the right server, and what travels with it
 * (progress, cancellation, logging, _meta, server→client requests, list changes, URIs) is carried both ways.
 */
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import {
  CreateMessageRequestSchema,
  ElicitRequestSchema,
  ListRootsRequestSchema,
  LoggingMessageNotificationSchema,
  ResourceUpdatedNotificationSchema,
  ToolListChangedNotificationSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixturePath, REPO_ROOT } from '../helpers/fixtures.js';
import { waitUntil } from '../helpers/assertions.js';
import { expectProcessesGone, readPids } from '../helpers/processes.js';
import { makeTempDir } from '../helpers/temp.js';

const BIN = join(REPO_ROOT, 'bin', 'mcpns.js');

function writeConfig(dir: string): string {
  const upstream = (name: string) => ({ command: process.execPath, args: [fixturePath('gateway-upstream'), '--name', name] });
  const file = join(dir, 'mcpns.config.json');
  writeFileSync(file, JSON.stringify({ servers: { alpha: upstream('alpha'), beta: upstream('beta') } }));
  return file;
}

describe('mcpns serve over stdio', () => {
  let dir: string;
  let client: Client;
  let transport: StdioClientTransport;
  const logs: unknown[] = [];
  const updated: string[] = [];
  let listChanged = 0;
  let stderr = '';

  beforeAll(async () => {
    dir = makeTempDir();
    const config = writeConfig(dir);
    transport = new StdioClientTransport({
      command: process.execPath,
      args: [BIN, 'serve', '--config', config],
      env: { ...(process.env as Record<string, string>), MCPNS_PID_FILE: join(dir, 'pids'), MCPNS_EVENT_LOG: join(dir, 'events') },
      stderr: 'pipe',
      cwd: dir,
    });
    transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    client = new Client({ name: 'test', version: '1.0.0' }, { capabilities: { sampling: {}, elicitation: { form: {} }, roots: { listChanged: true } } });
    client.setRequestHandler(CreateMessageRequestSchema, async (request) => ({
      role: 'assistant',
      model: 'test',
      content: { type: 'text', text: `answer to ${(request.params.messages[0]!.content as { text: string }).text}` },
    }));
    client.setRequestHandler(ElicitRequestSchema, async (request) => ({ action: 'accept', content: { answer: request.params.message } }));
    client.setRequestHandler(ListRootsRequestSchema, async () => ({ roots: [{ uri: 'file:///work', name: 'work' }] }));
    client.setNotificationHandler(LoggingMessageNotificationSchema, async (notification) => void logs.push(notification.params));
    client.setNotificationHandler(ResourceUpdatedNotificationSchema, async (notification) => void updated.push(notification.params.uri));
    client.setNotificationHandler(ToolListChangedNotificationSchema, async () => void listChanged++);
    await client.connect(transport, { timeout: 90_000 });
  });

  afterAll(async () => {
    await client?.close();
  });

  it('lists every tool of both servers under server__tool, reading every upstream page', async () => {
    const { tools } = await client.listTools();
    const names = tools.map((tool) => tool.name);
    expect(names).toContain('alpha__whoami');
    expect(names).toContain('beta__whoami');
    expect(names.filter((name) => name.startsWith('alpha__'))).toHaveLength(17);
    expect(names.filter((name) => name.startsWith('beta__'))).toHaveLength(17);
  });

  it('routes each call to its server and passes results, isError and JSON-RPC errors unchanged', async () => {
    expect(await client.callTool({ name: 'alpha__whoami', arguments: {} })).toEqual({ content: [{ type: 'text', text: 'alpha' }] });
    expect(await client.callTool({ name: 'beta__whoami', arguments: {} })).toEqual({ content: [{ type: 'text', text: 'beta' }] });
    const added = await client.callTool({ name: 'beta__add', arguments: { a: 2, b: 3 } });
    expect(added.structuredContent).toEqual({ sum: 5 });
    const failed = await client.callTool({ name: 'alpha__fail', arguments: {} });
    expect(failed).toEqual({ content: [{ type: 'text', text: 'failed on alpha' }], isError: true });
    await expect(client.callTool({ name: 'beta__rpc_error', arguments: {} })).rejects.toMatchObject({ code: -32042, data: { server: 'beta' } });
    await expect(client.callTool({ name: 'nobody__whoami', arguments: {} })).rejects.toMatchObject({ code: -32602 });
  });

  it('names prompts like tools and gets each from its server', async () => {
    const { prompts } = await client.listPrompts();
    expect(prompts.map((prompt) => prompt.name).sort()).toEqual(['alpha__greet', 'alpha__shared', 'beta__greet', 'beta__shared']);
    const got = await client.getPrompt({ name: 'beta__greet', arguments: { who: 'ann' } });
    expect(got.messages[0]!.content).toEqual({ type: 'text', text: 'Hello ann from beta' });
  });

  it('namespaces a shared resource URI, reads it from the right server and rewrites it back', async () => {
    const { resources } = await client.listResources();
    const uris = resources.map((resource) => resource.uri).sort();
    expect(uris).toEqual(['alpha+memo://shared', 'beta+memo://shared', 'file:///alpha.txt', 'file:///beta.txt']);
    const read = await client.readResource({ uri: 'beta+memo://shared' });
    expect(read.contents).toEqual([{ uri: 'beta+memo://shared', mimeType: 'text/plain', text: 'memo://shared from beta' }]);
    expect((await client.readResource({ uri: 'file:///alpha.txt' })).contents[0]).toMatchObject({ text: 'file:///alpha.txt from alpha' });
    const link = await client.callTool({ name: 'alpha__link', arguments: {} });
    expect(link.content).toEqual([
      { type: 'resource_link', uri: 'alpha+memo://shared', name: 'shared' },
      { type: 'resource', resource: { uri: 'alpha+memo://shared', text: 'x' } },
    ]);
    const { resourceTemplates } = await client.listResourceTemplates();
    expect(resourceTemplates.map((template) => template.uriTemplate).sort()).toEqual(['alpha+notes://{id}', 'beta+notes://{id}']);
    expect((await client.readResource({ uri: 'alpha+notes://7' })).contents[0]).toMatchObject({ uri: 'alpha+notes://7', text: 'notes://7 from alpha' });
  });

  it('maps completion references to the owning server', async () => {
    const result = await client.complete({ ref: { type: 'ref/prompt', name: 'beta__greet' }, argument: { name: 'who', value: 'al' } });
    expect(result.completion.values).toEqual(['alice@beta', 'albert@beta']);
  });

  it('carries progress with the client token, and _meta such as traceparent', async () => {
    const progress: number[] = [];
    const result = await client.callTool({ name: 'alpha__progress', arguments: { steps: 3 } }, undefined, {
      onprogress: (event) => progress.push(event.progress),
    });
    expect(result.content).toEqual([{ type: 'text', text: 'progressed 3 on alpha' }]);
    // The SDK client drops a progress notification read in the same chunk as its result (it dispatches notifications a
    // tick after responses, directly or through a gateway alike); the wire order is checked exactly below.
    expect(progress).toEqual([1, 2, 3].slice(0, progress.length));
    const traceparent = '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01';
    const meta = await client.callTool({ name: 'beta__meta', arguments: {}, _meta: { traceparent } });
    expect((meta.structuredContent as { meta: Record<string, unknown> }).meta).toMatchObject({ traceparent });
  });

  it('on the wire, every progress notification goes out before the result, with the client token', async () => {
    const child = spawn(process.execPath, [BIN, 'serve', '--config', join(dir, 'mcpns.config.json')], { stdio: ['pipe', 'pipe', 'ignore'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    const send = (message: unknown): boolean => child.stdin.write(JSON.stringify(message) + '\n');
    send({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
    });
    await waitUntil(() => out.includes('"id":1'), 'initialize');
    send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    send({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'beta__progress', arguments: { steps: 3 }, _meta: { progressToken: 'tok' } } });
    await waitUntil(() => out.includes('"id":2'), 'the result');
    const lines = out
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { id?: number; method?: string; params?: { progress: number; progressToken: string } });
    const relevant = lines.filter((line) => line.id === 2 || line.method === 'notifications/progress');
    expect(relevant.map((line) => (line.id === 2 ? 'result' : `${line.params!.progressToken}:${line.params!.progress}`))).toEqual([
      'tok:1',
      'tok:2',
      'tok:3',
      'result',
    ]);
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.stdin.end();
    await exited;
  });

  it('forwards sampling, elicitation and roots requests to the client that made the call', async () => {
    expect((await client.callTool({ name: 'alpha__sample', arguments: {} })).content).toEqual([{ type: 'text', text: 'sampled: answer to sample for alpha' }]);
    expect((await client.callTool({ name: 'beta__elicit', arguments: {} })).content).toEqual([
      { type: 'text', text: 'elicited: accept {"answer":"question from beta"}' },
    ]);
    expect((await client.callTool({ name: 'alpha__roots', arguments: {} })).content).toEqual([{ type: 'text', text: 'roots: file:///work' }]);
  });

  it('roots/list_changed reaches every server, and roots/list asked outside a call reaches the one client', async () => {
    await client.sendRootsListChanged();
    const events = join(dir, 'events');
    const roots = await waitUntil(() => {
      const lines = readFileSync(events, 'utf8')
        .split('\n')
        .filter((line) => line.includes('"event":"roots"'));
      return lines.length >= 2 && lines;
    }, 'both servers to ask for the roots');
    expect(roots.map((line) => JSON.parse(line) as { server: string; roots: string[] }).sort((a, b) => (a.server < b.server ? -1 : 1))).toEqual([
      { server: 'alpha', event: 'roots', roots: ['file:///work'], error: null },
      { server: 'beta', event: 'roots', roots: ['file:///work'], error: null },
    ]);
  });

  it('a downstream cancel reaches exactly the upstream request it caused', async () => {
    const controller = new AbortController();
    const pending = client.callTool({ name: 'beta__slow', arguments: {} }, undefined, { signal: controller.signal });
    const events = join(dir, 'events');
    const started = () => readFileSync(events, 'utf8').includes('"tool":"slow"');
    await waitUntil(started, 'the slow call to reach beta');
    controller.abort('test cancels');
    await expect(pending).rejects.toThrow();
    const lines = await waitUntil(() => {
      const list = readFileSync(events, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as { server: string; event: string; tool?: string });
      return list.some((event) => event.event === 'cancelled') && list;
    }, 'the cancellation to reach the upstream');
    expect(lines.filter((event) => event.event === 'cancelled')).toEqual([{ server: 'beta', event: 'cancelled', tool: 'slow' }]);
  });

  it('forwards log messages with the server named, and fans logging/setLevel out', async () => {
    await client.setLoggingLevel('debug');
    await client.callTool({ name: 'beta__log', arguments: { count: 2 } });
    await waitUntil(() => logs.length >= 2, 'two log messages');
    expect(logs.slice(-2)).toEqual([
      { level: 'info', logger: 'beta/fixture', data: 'log 0 from beta' },
      { level: 'info', logger: 'beta/fixture', data: 'log 1 from beta' },
    ]);
    const events = readFileSync(join(dir, 'events'), 'utf8');
    expect(events).toContain('{"server":"alpha","event":"setLevel","level":"debug"}');
    expect(events).toContain('{"server":"beta","event":"setLevel","level":"debug"}');
  });

  it('subscriptions reach the owning server and resources/updated comes back under the exposed URI', async () => {
    await client.subscribeResource({ uri: 'beta+memo://shared' });
    await client.callTool({ name: 'beta__touch', arguments: { uri: 'memo://shared' } });
    await waitUntil(() => updated.includes('beta+memo://shared'), 'resources/updated');
    await client.unsubscribeResource({ uri: 'beta+memo://shared' });
    const events = readFileSync(join(dir, 'events'), 'utf8');
    expect(events).toContain('{"server":"beta","event":"subscribe","uri":"memo://shared"}');
    expect(events).toContain('{"server":"beta","event":"unsubscribe","uri":"memo://shared"}');
  });

  it('re-lists a server that announces list_changed and tells the client', async () => {
    const before = listChanged;
    await client.callTool({ name: 'alpha__grow', arguments: {} });
    await waitUntil(() => listChanged > before, 'tools/list_changed');
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toContain('alpha__grown');
  });

  it('a crash mid-call fails only that call, and the server comes back', async () => {
    await expect(client.callTool({ name: 'alpha__crash', arguments: {} })).rejects.toThrow(/alpha/);
    expect(await client.callTool({ name: 'beta__whoami', arguments: {} })).toEqual({ content: [{ type: 'text', text: 'beta' }] });
    await waitUntil(() => /upstream alpha restarted/.test(stderr), 'alpha to restart');
    expect(await client.callTool({ name: 'alpha__whoami', arguments: {} })).toEqual({ content: [{ type: 'text', text: 'alpha' }] });
  });

  it('ends every upstream process when the client closes stdin', async () => {
    const pids = readPids(join(dir, 'pids'));
    expect(pids.length).toBeGreaterThanOrEqual(3);
    await client.close();
    await expectProcessesGone(pids);
  });
});
