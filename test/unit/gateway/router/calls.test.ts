import { describe, expect, it } from 'vitest';
import { CALL_TOOL, DESCRIBE_TOOL, Router, SEARCH_TOOL } from '../../../../src/gateway/router/index.js';
import { CATALOG, FakeHost, noCalls, structured, text } from './fake-host.js';

describe('call_tool', () => {
  it("routes a valid call through the host, by the gateway's name, with its arguments", async () => {
    const host = new FakeHost();
    const result = await new Router(host).call(CALL_TOOL, { name: 'calc__add', arguments: { a: 2, b: 3 } }, host.context);
    expect(text(result)).toBe('called calc__add');
    expect(host.calls).toEqual([{ name: 'calc__add', args: { a: 2, b: 3 } }]);
  });

  it('refuses arguments that do not match the schema, naming each violation, and calls nothing', async () => {
    const host = new FakeHost();
    const result = await new Router(host).call(CALL_TOOL, { name: 'calc__add', arguments: { a: 'two', c: 1 } }, host.context);
    expect(result['isError']).toBe(true);
    expect(text(result)).toContain('invalid arguments for calc__add');
    expect(text(result)).toContain('a: expected number');
    expect(text(result)).toContain('b: required argument is missing');
    expect((structured(result)['violations'] as unknown[]).length).toBe(3);
    expect(host.calls).toEqual([]);
  });

  it('treats an unknown name and a hidden one alike, suggesting the nearest tools', async () => {
    const host = new FakeHost(CATALOG.filter((tool) => tool.server !== 'memory'));
    const router = new Router(host);
    const hidden = await router.call(CALL_TOOL, { name: 'memory__store_memory', arguments: { fact: 'x' } }, host.context);
    expect(hidden['isError']).toBe(true);
    expect(text(hidden)).toMatch(/^no tool "memory__store_memory"/);
    const typo = await router.call(CALL_TOOL, { name: 'github__create_isue' }, host.context);
    expect(text(typo)).toContain('nearest: github__create_');
    expect(host.calls).toEqual([]);
  });

  it("refuses a call of the router's own tools and malformed requests", async () => {
    const router = new Router(new FakeHost());
    expect(text(await router.call(CALL_TOOL, { name: SEARCH_TOOL, arguments: { query: 'x' } }, noCalls))).toMatch(/directly/);
    expect((await router.call(CALL_TOOL, {}, noCalls))['isError']).toBe(true);
    expect((await router.call(CALL_TOOL, { name: 'calc__add', arguments: [1, 2] }, noCalls))['isError']).toBe(true);
    expect((await router.call('nope', {}, noCalls))['isError']).toBe(true);
  });
});

describe('direct calls', () => {
  it('checkCall refuses invalid arguments of an exposed tool and lets a valid call or an unknown name go on', () => {
    const router = new Router(new FakeHost());
    expect(router.checkCall('calc__add', { a: 1, b: 2 })).toBeUndefined();
    expect(router.checkCall('calc__add', undefined)?.['isError']).toBe(true);
    expect(text(router.checkCall('files__read_file', { path: 7 })!)).toContain('path: expected string');
    expect(router.checkCall('nobody__nothing', { x: 1 })).toBeUndefined();
  });

  it('compiles a schema once however often the upstream re-lists it', () => {
    const host = new FakeHost();
    const router = new Router(host);
    router.checkCall('calc__add', { a: 1, b: 2 });
    host.tools = CATALOG.map((tool) => ({ ...tool, definition: structuredClone(tool.definition) }));
    expect(router.checkCall('calc__add', { a: 1 })?.['isError']).toBe(true);
    const checker = (router as unknown as { checker: { schemas: Map<string, unknown> } }).checker;
    expect(checker.schemas.size).toBe(1);
  });
});

describe('describe_tool', () => {
  it('gives the whole definition of an exposed tool', async () => {
    const result = await new Router(new FakeHost()).call(DESCRIBE_TOOL, { name: 'files__read_file' }, noCalls);
    expect(structured(result)).toEqual({ ...CATALOG[4]!.definition, server: 'files' });
  });
});
