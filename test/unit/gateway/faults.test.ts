/**
 * Faults of one call, over fake upstreams: a call to an upstream that never answers meets the ceiling; a reload that
 * removes or restarts a server lets its calls in flight finish within the drain bound, then answers the rest naming
 * the reload; a server that dropped its session fails only the call that met the 404, and calls already sent finish
 * or fail saying their outcome is unknown (never sent again); a crash's answer carries the server's stderr tail. Both
 * the SDK path (`callTool`) and the fast path (`fastToolCall`).
 */
import { describe, expect, it } from 'vitest';
import { createGateway, type Gateway, type GatewayOptions, type JsonObject } from '../../../src/gateway/index.js';
import { settlesWithin, waitUntil } from '../../helpers/assertions.js';
import { fakeCall, fakeSession, gatedFactory, holdingUpstream, NAMING, recordingDownstream, settle, specs } from '../../helpers/fake-upstream.js';

const ANSWER = { content: [{ type: 'text', text: 'done' }] };

/** A gateway over one holding fake, server `a` with tool `x`, started. */
async function overHolding(options: Partial<GatewayOptions> = {}, stderr = '') {
  const factory = gatedFactory({});
  const fake = holdingUpstream('a', ['x'], stderr);
  const gateway = createGateway({ servers: specs('a'), naming: NAMING, discovery: { concurrency: 4 }, connect: factory.connect, ...options });
  const started = gateway.start();
  await settle();
  factory.gates.get('a')!.resolve(fake.upstream);
  await started;
  return { gateway, fake, factory };
}

const fast = (gateway: Gateway, id: number) => {
  const downstream = recordingDownstream();
  expect(gateway.fastToolCall(id, { name: 'a__x', arguments: {} }, fakeSession(), downstream)).toBe(true);
  return downstream;
};

const errorOf = (downstream: { replies: JsonObject[] }): { code: number; message: string } | undefined =>
  downstream.replies[0]?.['error'] as { code: number; message: string } | undefined;

describe('the call ceiling', () => {
  it('SDK path: a call the upstream never answers is cancelled there and answered -32001 naming the server and bound', async () => {
    const { gateway, fake } = await overHolding({ callTimeoutMs: 50 });
    const call = gateway.callTool({ name: 'a__x', arguments: {} }, fakeCall(fakeSession()));
    await expect(settlesWithin(call, 20_000, 'the call was never answered')).rejects.toMatchObject({
      code: -32001,
      message: expect.stringMatching(/upstream server "a" did not answer within 50 ms/),
    });
    expect(fake.held[0]!.signal!.aborted).toBe(true);
    await gateway.close();
  });

  it('fast path: the same, and the raw request is cancelled upstream', async () => {
    const { gateway, fake } = await overHolding({ callTimeoutMs: 50 });
    const downstream = fast(gateway, 7);
    const error = await waitUntil(() => errorOf(downstream), 'the fast call was never answered', { timeoutMs: 20_000 });
    expect(error).toMatchObject({ code: -32001, message: expect.stringMatching(/upstream server "a" did not answer within 50 ms/) });
    expect(fake.cancelled).toEqual([fake.raw[0]!.id]);
    await gateway.close();
  });
});

describe('a reload while calls are in flight', () => {
  it('removed: a call answered within the drain bound gets its answer, the others fail naming the reload', async () => {
    const { gateway, fake } = await overHolding({ drainMs: 100 });
    const finishes = gateway.callTool({ name: 'a__x', arguments: {} }, fakeCall(fakeSession()));
    const hangs = gateway.callTool({ name: 'a__x', arguments: {} }, fakeCall(fakeSession()));
    const downstream = fast(gateway, 1);
    await waitUntil(() => fake.held.length === 2, 'the calls did not reach the upstream');
    const reloaded = gateway.reload([]);
    fake.held[0]!.answer(ANSWER);
    expect(await finishes).toEqual(ANSWER);
    await expect(settlesWithin(hangs, 20_000, 'the call on the removed server was never answered')).rejects.toMatchObject({
      code: -32603,
      message: expect.stringMatching(/"a" was removed by a config reload/),
    });
    expect(await waitUntil(() => errorOf(downstream), 'the fast call was never answered')).toMatchObject({
      code: -32603,
      message: expect.stringMatching(/"a" was removed by a config reload/),
    });
    expect(await reloaded).toMatchObject({ removed: ['a'] });
    await gateway.close();
  });

  it('restarted (its configuration changed): calls still running after the bound fail naming the reload', async () => {
    const { gateway, fake } = await overHolding({ drainMs: 20 });
    const hangs = gateway.callTool({ name: 'a__x', arguments: {} }, fakeCall(fakeSession()));
    const downstream = fast(gateway, 1);
    await waitUntil(() => fake.held.length === 1, 'the call did not reach the upstream');
    const changed = specs('a').map((spec) => ({ ...spec, env: { CHANGED: '1' } }));
    void gateway.reload(changed);
    await expect(settlesWithin(hangs, 20_000, 'the call was never answered')).rejects.toMatchObject({
      code: -32603,
      message: expect.stringMatching(/"a" is restarting: a config reload changed its configuration/),
    });
    expect(await waitUntil(() => errorOf(downstream), 'the fast call was never answered')).toMatchObject({ message: expect.stringMatching(/config reload/) });
    await gateway.close();
  });
});

describe('an HTTP server that dropped its session (404)', () => {
  it('fails only the call that met it; calls already sent finish on their own, or fail as of unknown outcome, never re-sent', async () => {
    const { gateway, fake } = await overHolding({ drainMs: 100 });
    const answered = fast(gateway, 1);
    const unknown = fast(gateway, 2);
    const met = fast(gateway, 3);
    // As the connection layer reports it: the request that met the 404 is lost, then the session.
    fake.raw[2]!.handlers.onLost('no longer knows its session (HTTP 404: it restarted or dropped it)');
    fake.lose('no longer knows its session (HTTP 404: it restarted or dropped it)', true);
    expect(errorOf(met)).toMatchObject({ code: -32603, message: expect.stringMatching(/no longer knows its session/) });
    expect(answered.replies).toEqual([]);
    expect(unknown.replies).toEqual([]);
    fake.raw[0]!.handlers.onResponse({ result: ANSWER });
    expect(answered.replies).toEqual([{ jsonrpc: '2.0', id: 1, result: ANSWER }]);
    expect(await waitUntil(() => errorOf(unknown), 'the call in flight was never answered')).toMatchObject({
      code: -32603,
      message: expect.stringMatching(/outcome is unknown \(mcpns did not send it again\)/),
    });
    expect(fake.raw).toHaveLength(3);
    await gateway.close();
  });
});

describe('a server that crashes during a call', () => {
  it('fast path: the answer carries the last lines of its stderr, even when the call is settled before the gateway hears', async () => {
    const { gateway, fake } = await overHolding({}, 'starting\npanic: index out of range\n');
    const downstream = fast(gateway, 1);
    // The order the connection layer used: the raw request first, then the session's loss.
    fake.raw[0]!.handlers.onLost('exited with code 2');
    fake.lose('exited with code 2');
    expect(errorOf(downstream)).toMatchObject({
      code: -32603,
      message: expect.stringMatching(/upstream server "a" exited with code 2 \(its stderr: starting \| panic: index out of range\)/),
    });
    await gateway.close();
  });
});
