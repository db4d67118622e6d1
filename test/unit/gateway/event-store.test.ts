import { describe, expect, it } from 'vitest';
import { BoundedEventStore } from '../../../src/gateway/event-store.js';

const message = (id: number, text = 'x'): never => ({ jsonrpc: '2.0', method: 'notifications/message', params: { id, text } }) as never;

describe('BoundedEventStore: resumable SSE streams, bounded', () => {
  it('replays the events after an id, in order, and nothing for the latest one', async () => {
    const store = new BoundedEventStore();
    const priming = store.append('s1', {} as never);
    const first = store.append('s1', message(1));
    store.append('s1', message(2));
    store.append('s2', message(9));
    expect(store.eventsAfter(priming)!.events.map((event) => (event.message as unknown as { params: { id: number } }).params.id)).toEqual([1, 2]);
    expect(store.eventsAfter(first)!.events).toHaveLength(1);
    const sent: string[] = [];
    expect(await store.replayEventsAfter(first, { send: async (eventId) => void sent.push(eventId) })).toBe('s1');
    expect(sent).toEqual(['s1.2']);
    expect(await store.getStreamIdForEventId('s2.0')).toBe('s2');
    expect(store.eventsAfter('unknown.3')).toBeUndefined();
    expect(store.eventsAfter('no-dot')).toBeUndefined();
  });

  it('keeps a stream to its latest maxEventsPerStream events, and the store to maxStreams streams', () => {
    const store = new BoundedEventStore({ maxEventsPerStream: 3, maxStreams: 2 });
    const start = store.append('a', {} as never);
    for (let index = 0; index < 10; index++) store.append('a', message(index));
    expect(store.eventsAfter(start)!.events.map((event) => event.id)).toEqual(['a.8', 'a.9', 'a.10']);
    store.append('b', message(1));
    store.append('c', message(1));
    expect(store.size.streams).toBe(2);
    expect(store.eventsAfter('a.0')).toBeUndefined();
  });

  it('drops the oldest streams when the kept messages pass maxBytes', () => {
    const store = new BoundedEventStore({ maxBytes: 1000 });
    const big = 'y'.repeat(300);
    for (const stream of ['a', 'b', 'c', 'd']) store.append(stream, message(1, big));
    expect(store.size.bytes).toBeLessThanOrEqual(1000);
    expect(store.eventsAfter('a.0')).toBeUndefined();
    expect(store.eventsAfter('d.0')).toBeDefined();
  });

  it("scopes a session's view: its ids resume only its own streams, and dropAll forgets them", async () => {
    const store = new BoundedEventStore();
    const one = store.scoped('session-one');
    const two = store.scoped('session-two');
    const id = one.append('stream', {} as never);
    one.append('stream', message(1));
    expect(one.eventsAfter(id)!.streamId).toBe('stream');
    expect(two.eventsAfter(id)).toBeUndefined();
    expect(await two.getStreamIdForEventId(id)).toBeUndefined();
    await expect(two.replayEventsAfter(id, { send: async () => {} })).rejects.toThrow(/Last-Event-ID/);
    expect(await one.getStreamIdForEventId(id)).toBe('stream');
    one.dropAll();
    expect(one.eventsAfter(id)).toBeUndefined();
    expect(store.size).toEqual({ streams: 0, events: 0, bytes: 0 });
  });
});
