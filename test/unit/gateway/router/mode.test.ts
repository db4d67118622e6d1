/**
 * Router mode on the gateway over fake upstreams: the router's tools are listed with the pinned tools only, a search
 * reaches every exposed tool, call_tool goes back through the gateway's call path, and the call check answers a
 * refused direct call (logged) without reaching the upstream.
 */
import { describe, expect, it } from 'vitest';
import type { JsonObject, RequestLogEntry } from '../../../../src/gateway/index.js';
import { routerMode } from '../../../../src/gateway/router/index.js';
import { fakeCall, fakeSession, fakeUpstream, gatewayOver, settle, startedGateway, toolNames } from '../../../helpers/fake-upstream.js';

async function routed(offers: Record<string, string[]>, pin: string[]) {
  const requests: RequestLogEntry[] = [];
  const mode = routerMode({ pin, servers: Object.keys(offers) });
  const options = { providers: mode.providers, listTransform: mode.listTransform, checkCall: mode.checkCall };
  // Attached before the start: every recompute lists through the router.
  const started = await startedGateway(offers, { ...options, onRequest: (entry) => void requests.push(entry) }, (gateway) => mode.attach(gateway));
  return { ...started, requests };
}

const structured = (result: JsonObject): JsonObject => result['structuredContent'] as JsonObject;

describe('router mode on the gateway', () => {
  it('lists its tools and the pinned ones, and finds the rest by search', async () => {
    const { gateway } = await routed({ a: ['read_file', 'write_file'], b: ['create_issue', 'list_issues'] }, ['a/read_file']);
    expect(toolNames(await gateway.page('tools', undefined))).toEqual(['search_tools', 'call_tool', 'describe_tool', 'a__read_file']);
    const found = await gateway.callTool({ name: 'search_tools', arguments: { query: 'create issue' } }, fakeCall(fakeSession()));
    expect((structured(found)['tools'] as JsonObject[])[0]).toMatchObject({ name: 'b__create_issue', server: 'b' });
    await gateway.close();
  });

  it('routes call_tool through the gateway, to the upstream, logged under both', async () => {
    const { gateway, factory, requests } = await routed({ a: ['read_file'], b: ['create_issue'] }, []);
    const result = await gateway.callTool({ name: 'call_tool', arguments: { name: 'b__create_issue', arguments: {} } }, fakeCall(fakeSession()));
    expect(result).toEqual({ content: [{ type: 'text', text: 'b:create_issue' }] });
    expect(factory.fakes.get('b')!.requests.filter((request) => request.method === 'tools/call')).toHaveLength(1);
    expect(requests.map((entry) => [entry.server, entry.tool])).toEqual([
      ['b', 'create_issue'],
      ['router', 'call_tool'],
    ]);
    await gateway.close();
  });

  it('answers a direct call the check refuses without the upstream, and logs it', async () => {
    const { gateway, factory, requests } = await routed({ a: ['read_file'] }, []);
    // The fake's schema is { type: "object" }: arguments that are not an object are refused.
    const refused = await gateway.callTool({ name: 'a__read_file', arguments: 'not an object' as unknown as JsonObject }, fakeCall(fakeSession()));
    expect(refused['isError']).toBe(true);
    expect(factory.fakes.get('a')!.requests.filter((request) => request.method === 'tools/call')).toHaveLength(0);
    expect(requests).toEqual([expect.objectContaining({ server: 'a', tool: 'read_file', outcome: 'isError' })]);
    expect(await gateway.callTool({ name: 'a__read_file', arguments: {} }, fakeCall(fakeSession()))).toEqual({
      content: [{ type: 'text', text: 'a:read_file' }],
    });
    await gateway.close();
  });
});

describe('router mode while servers start', () => {
  it('a search made before a server is up waits for its first start (as tools/list does) and finds its tools', async () => {
    const mode = routerMode({ servers: ['a', 'b'] });
    const { gateway, factory } = gatewayOver({ a: ['read_file'], b: ['create_issue'] }, { providers: mode.providers, listTransform: mode.listTransform });
    mode.attach(gateway);
    void gateway.start();
    factory.release('a');
    const searching = gateway.callTool({ name: 'search_tools', arguments: { query: 'create issue' } }, fakeCall(fakeSession()));
    await settle();
    factory.release('b');
    const found = structured(await searching)['tools'] as JsonObject[];
    expect(found.map((tool) => tool['name'])).toEqual(['b__create_issue']);
    await gateway.close();
  });
});

describe('router mode at initialize', () => {
  it("tells the model to call search_tools first, then gives the servers' own instructions", async () => {
    const mode = routerMode({ servers: ['a', 'b'] });
    const { gateway, factory } = gatewayOver({ a: ['read_file'], b: ['create_issue'] }, { providers: mode.providers, instructions: mode.instructions });
    mode.attach(gateway);
    const start = gateway.start();
    factory.release('a', { ...fakeUpstream('a', ['read_file']), instructions: 'Paths are relative to the workspace.' });
    factory.release('b');
    await start;
    const instructions = gateway.instructions() ?? '';
    expect(instructions).toMatch(/^Most tools behind this gateway are not listed\. For a task, call search_tools first/);
    expect(instructions.indexOf('search_tools')).toBeLessThan(instructions.indexOf('## a\nPaths are relative to the workspace.'));
    await gateway.close();
  });

  it("without router mode the instructions are the servers' own, and none when no server sent any", async () => {
    const { gateway } = await startedGateway({ a: ['read_file'] });
    expect(gateway.instructions()).toBeUndefined();
    await gateway.close();
  });
});
