/**
 * The provider seam over fake upstreams: a tool the gateway answers itself is listed and called through the same path
 * as upstream tools, reaches upstreams back through the gateway's own call path, takes its name from an upstream tool,
 * a list transform hides tools from tools/list without hiding them from calls, and a provider's change is announced.
 */
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createGateway, serveGatewayStdio, type GatewayEvent, type JsonObject, type RequestLogEntry, type ToolProvider } from '../../../src/gateway/index.js';
import type { LocalTool } from '../../../src/gateway/provider.js';
import { waitUntil } from '../../helpers/assertions.js';
import { fakeCall, fakeSession, gatedFactory, holdingUpstream, NAMING, settle, specs, startedGateway, toolNames } from '../../helpers/fake-upstream.js';

const text = (value: string): JsonObject => ({ content: [{ type: 'text', text: value }] });

/** A provider whose tools the test replaces (`set`), telling its listeners. */
function mutableProvider(id: string, initial: LocalTool[]): ToolProvider & { set(tools: LocalTool[]): void; listeners: number } {
  let tools = initial;
  const listeners = new Set<() => void>();
  return {
    id,
    tools: () => tools,
    onChange: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    set(next) {
      tools = next;
      for (const listener of listeners) listener();
    },
    get listeners() {
      return listeners.size;
    },
  };
}

const echo: LocalTool = {
  definition: { name: 'echo', description: 'says it back', inputSchema: { type: 'object' } },
  call: async (args) => text(`echo:${String(args['say'])}`),
};

const started = startedGateway;

describe('the provider seam', () => {
  it('lists a local tool beside upstream tools and answers its call without any upstream', async () => {
    const requests: RequestLogEntry[] = [];
    const provider = mutableProvider('local', [echo]);
    const { gateway, factory } = await started({ a: ['x'] }, { providers: [provider], onRequest: (entry) => void requests.push(entry) });
    expect(toolNames(await gateway.page('tools', undefined))).toEqual(['echo', 'a__x']);
    expect(await gateway.callTool({ name: 'echo', arguments: { say: 'hi' } }, fakeCall(fakeSession()))).toEqual(text('echo:hi'));
    expect(factory.fakes.get('a')!.requests).toEqual([]);
    expect(requests).toMatchObject([{ method: 'tools/call', server: 'local', tool: 'echo', outcome: 'ok' }]);
    // The fast path declines it: the ordinary path (above) answers.
    expect(
      gateway.fastToolCall(1, { name: 'echo', arguments: {} }, fakeSession(), { reply: () => {}, notify: async () => {}, request: async () => ({}) }),
    ).toBe(false);
    await gateway.close();
    expect(provider.listeners).toBe(0);
  });

  it('a local tool reaches an upstream through its context: routed, under the server’s own name, and logged', async () => {
    const requests: RequestLogEntry[] = [];
    const relay: LocalTool = {
      definition: { name: 'relay', inputSchema: { type: 'object' } },
      call: async (args, context) => {
        const names = context.exposedTools().map((tool) => String(tool['name']));
        const answer = await context.callTool(String(args['tool']), {});
        return { ...answer, structuredContent: { names } };
      },
    };
    const { gateway, factory } = await started(
      { a: ['x'], b: ['y'] },
      { providers: [mutableProvider('router', [relay])], onRequest: (entry) => void requests.push(entry) },
    );
    const result = await gateway.callTool({ name: 'relay', arguments: { tool: 'b__y' } }, fakeCall(fakeSession()));
    expect(result).toEqual({ ...text('b:y'), structuredContent: { names: ['relay', 'a__x', 'b__y'] } });
    expect(factory.fakes.get('b')!.requests).toEqual([{ method: 'tools/call', params: { name: 'y', arguments: {} } }]);
    expect(requests.map((entry) => `${entry.server}/${entry.tool}`)).toEqual(['b/y', 'router/relay']);
    await expect(gateway.callTool({ name: 'relay', arguments: { tool: 'nope' } }, fakeCall(fakeSession()))).rejects.toThrow(/Tool nope not found/);
    await gateway.close();
  });

  it('a list transform hides tools from tools/list, and a call by name to a hidden tool still routes', async () => {
    const { gateway, factory } = await started(
      { a: ['x', 'y'] },
      { providers: [mutableProvider('local', [echo])], listTransform: (tools) => tools.filter((tool) => tool['name'] === 'echo') },
    );
    expect(toolNames(await gateway.page('tools', undefined))).toEqual(['echo']);
    expect(gateway.exposure.tools.map((tool) => tool['name'])).toEqual(['echo', 'a__x', 'a__y']);
    expect(await gateway.callTool({ name: 'a__y', arguments: {} }, fakeCall(fakeSession()))).toEqual(text('a:y'));
    expect(factory.fakes.get('a')!.requests).toHaveLength(1);
    await gateway.close();
  });

  it('a provider’s change is announced with list_changed (and only a change of the listing is)', async () => {
    const provider = mutableProvider('local', []);
    const { gateway } = await started({ a: ['x'] }, { providers: [provider] });
    const session = fakeSession();
    gateway.addSession(session);
    provider.set([echo]);
    await settle();
    expect(session.sent).toEqual(['notifications/tools/list_changed']);
    expect(toolNames(await gateway.page('tools', undefined))).toEqual(['echo', 'a__x']);
    provider.set([echo]);
    await settle();
    expect(session.sent).toHaveLength(1);
    await gateway.close();
  });

  it('a local tool’s name is reserved: the upstream tool exposed under it is neither listed nor called, and it is reported', async () => {
    const events: GatewayEvent[] = [];
    const taken: LocalTool = { definition: { name: 'a__x', inputSchema: { type: 'object' } }, call: async () => text('local') };
    const { gateway, factory } = await started(
      { a: ['x', 'y'] },
      { providers: [mutableProvider('local', [taken])], onEvent: (event) => void events.push(event) },
    );
    expect(toolNames(await gateway.page('tools', undefined))).toEqual(['a__x', 'a__y']);
    expect(await gateway.callTool({ name: 'a__x', arguments: {} }, fakeCall(fakeSession()))).toEqual(text('local'));
    expect(factory.fakes.get('a')!.requests).toEqual([]);
    expect(events.filter((event) => event.type === 'tool-name-reserved')).toEqual([
      { type: 'tool-name-reserved', name: 'a__x', provider: 'local', taken: 'a/x' },
    ]);
    await gateway.close();
  });

  it('over the stdio face: listed, called (the fast path declines it), and a tool the transform hides is still called on the fast path', async () => {
    const factory = gatedFactory({});
    const fake = holdingUpstream('a', ['x', 'y']);
    const gateway = createGateway({
      servers: specs('a'),
      naming: NAMING,
      discovery: { concurrency: 4 },
      connect: factory.connect,
      providers: [mutableProvider('local', [echo])],
      listTransform: (tools) => tools.filter((tool) => tool['name'] !== 'a__y'),
    });
    const started = gateway.start();
    await settle();
    factory.gates.get('a')!.resolve(fake.upstream);
    await started;
    const stdin = new PassThrough();
    let out = '';
    const serving = serveGatewayStdio(gateway, { stdin, stdout: { write: (text: string) => void (out += text) } });
    const answer = (id: number) => () =>
      out
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as JsonObject)
        .find((message) => message['id'] === id);
    const send = (message: JsonObject): boolean => stdin.write(`${JSON.stringify({ jsonrpc: '2.0', ...message })}\n`);
    try {
      send({ id: 0, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } } });
      await waitUntil(answer(0), 'initialize was not answered');
      send({ method: 'notifications/initialized' });
      send({ id: 1, method: 'tools/list', params: {} });
      expect(toolNames((await waitUntil(answer(1), 'tools/list was not answered'))['result'] as JsonObject)).toEqual(['echo', 'a__x']);
      send({ id: 2, method: 'tools/call', params: { name: 'echo', arguments: { say: 'hi' } } });
      expect((await waitUntil(answer(2), 'the local tool was not answered'))['result']).toEqual(text('echo:hi'));
      send({ id: 3, method: 'tools/call', params: { name: 'a__y', arguments: {} } });
      await waitUntil(() => fake.raw.length === 1, 'the hidden tool did not reach its server on the fast path');
      expect(fake.raw[0]!.params).toMatchObject({ name: 'y' });
      fake.raw[0]!.handlers.onResponse({ result: text('a:y') });
      expect((await waitUntil(answer(3), 'the hidden tool was not answered'))['result']).toEqual(text('a:y'));
    } finally {
      stdin.end();
      await serving;
      await gateway.close();
    }
  });
});
