/**
 * The gateway over fake upstreams (`createGateway({ connect })`): every server starts at once, a first list waits a
 * bounded time for the ones still starting and answers with the ready ones, a late server is announced with
 * list_changed, and a call reaches the server its name routes to. No process, no network: each fake answers when the
 * test says so, so every ordering is forced, never timed.
 */
import { describe, expect, it } from 'vitest';
import { createGateway } from '../../../src/gateway/index.js';
import { fakeCall as call, fakeSession, gatedFactory, NAMING, settle, specs, toolNames } from '../../helpers/fake-upstream.js';

describe('gateway start-up over fake upstreams', () => {
  it('starts every server at once: each is asked for before any has answered', async () => {
    const factory = gatedFactory({ a: ['x'], b: ['y'] });
    const gateway = createGateway({
      servers: specs('a', 'b', 'never'),
      naming: NAMING,
      discovery: { concurrency: 1 },
      connect: factory.connect,
    });
    void gateway.start();
    await settle();
    expect(factory.asked).toEqual(['a', 'b', 'never']);
    await gateway.close();
  });

  it('a first list waits at most listWaitMs, then answers with the ready servers; a late one is announced and listed', async () => {
    const factory = gatedFactory({ a: ['x'], b: ['y'] });
    const gateway = createGateway({
      servers: specs('a', 'b', 'never'),
      naming: NAMING,
      discovery: { concurrency: 4 },
      connect: factory.connect,
      listWaitMs: 20,
    });
    void gateway.start();
    const session = fakeSession();
    gateway.addSession(session);
    factory.release('a');
    // b and never are still starting: the list is answered after its bound with a's tools.
    expect(toolNames(await gateway.page('tools', undefined))).toEqual(['a__x']);
    expect(gateway.status().map((entry) => [entry.server, entry.status])).toEqual([
      ['a', 'up'],
      ['b', 'starting'],
      ['never', 'starting'],
    ]);
    const before = session.sent.length;
    factory.release('b');
    await settle();
    expect(session.sent.slice(before)).toEqual(['notifications/tools/list_changed']);
    expect(toolNames(await gateway.page('tools', undefined))).toEqual(['a__x', 'b__y']);
    await gateway.close();
  });

  it('while servers start, the gateway declares every capability (a session keeps what initialize said)', async () => {
    const factory = gatedFactory({ a: ['x'] });
    const gateway = createGateway({ servers: specs('a'), naming: NAMING, discovery: { concurrency: 4 }, connect: factory.connect });
    const started = gateway.start();
    expect(Object.keys(gateway.capabilities()).sort()).toEqual(['completions', 'logging', 'prompts', 'resources', 'tools']);
    factory.release('a');
    await started;
    expect(Object.keys(gateway.capabilities())).toEqual(['tools']);
    await gateway.close();
  });

  it('routes a call to the server its name names, under that server’s own tool name', async () => {
    const factory = gatedFactory({ a: ['same'], b: ['same'] });
    const gateway = createGateway({
      servers: specs('a', 'b'),
      naming: NAMING,
      discovery: { concurrency: 4 },
      connect: factory.connect,
    });
    const started = gateway.start();
    factory.release('a');
    factory.release('b');
    await started;
    const session = fakeSession();
    expect(await gateway.callTool({ name: 'b__same', arguments: {} }, call(session))).toEqual({ content: [{ type: 'text', text: 'b:same' }] });
    expect(factory.fakes.get('b')!.requests).toEqual([{ method: 'tools/call', params: { name: 'same', arguments: {} } }]);
    expect(factory.fakes.get('a')!.requests).toEqual([]);
    await gateway.close();
  });

  it('a call to a name a server still starting brings waits for it, and one no server brings fails once the start is over', async () => {
    const factory = gatedFactory({ a: ['x'], b: ['y'] });
    const gateway = createGateway({
      servers: specs('a', 'b'),
      naming: NAMING,
      discovery: { concurrency: 4 },
      connect: factory.connect,
    });
    const started = gateway.start();
    const session = fakeSession();
    const early = gateway.callTool({ name: 'b__y', arguments: {} }, call(session));
    const unknown = gateway.callTool({ name: 'c__z', arguments: {} }, call(session));
    let answered = false;
    void early.then(() => (answered = true));
    factory.release('a');
    await settle();
    expect(answered).toBe(false);
    factory.release('b');
    expect(await early).toEqual({ content: [{ type: 'text', text: 'b:y' }] });
    await started;
    await expect(unknown).rejects.toThrow(/Tool c__z not found/);
    await gateway.close();
  });

  it('a server whose connection fails is reported and retried (not when the failure is permanent), the others serve', async () => {
    const factory = gatedFactory({ a: ['x'] });
    const events: string[] = [];
    const gateway = createGateway({
      servers: specs('a', 'bad', 'gone'),
      naming: NAMING,
      discovery: { concurrency: 4 },
      connect: factory.connect,
      onEvent: (event) => void events.push(`${event.type}:${'server' in event ? event.server : ''}`),
    });
    const started = gateway.start();
    factory.release('a');
    factory.gates.get('bad')!.reject(Object.assign(new Error('no answer within 10000 ms'), { reason: 'CONNECT_TIMEOUT' }));
    factory.gates.get('gone')!.reject(Object.assign(new Error('spawn nope ENOENT'), { reason: 'SPAWN_FAILED' }));
    await started;
    expect(events).toContain('upstream-failed:bad');
    expect(events).toContain('upstream-failed:gone');
    expect(gateway.status().find((entry) => entry.server === 'bad')).toMatchObject({ status: 'down', error: { code: 'CONNECT_TIMEOUT' } });
    expect(gateway.status().find((entry) => entry.server === 'gone')).toMatchObject({ status: 'failed', error: { code: 'SPAWN_FAILED' } });
    expect(toolNames(await gateway.page('tools', undefined))).toEqual(['a__x']);
    await gateway.close();
  });
});
