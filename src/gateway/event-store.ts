/**
 * Resumable SSE streams downstream (SEP-1699): every event the gateway sends on an SSE stream of a 2025-era session
 * gets an id and is kept here, so a client whose stream broke (or was closed mid-call) reconnects with
 * `Last-Event-ID` and receives what it missed. Bounded in memory: a stream keeps its latest `maxEventsPerStream`
 * events, the store its latest `maxStreams` streams and at most `maxBytes` of messages (the oldest streams go first).
 * The SDK's server transport uses it through its EventStore interface; the fast path appends and reads directly.
 */
import type { EventStore, JSONRPCMessage } from '@modelcontextprotocol/server';

export interface EventStoreLimits {
  maxStreams?: number | undefined;
  maxEventsPerStream?: number | undefined;
  maxBytes?: number | undefined;
}

/** One session's view of the store (see `BoundedEventStore.scoped`). */
export interface SessionEventStore extends EventStore {
  getStreamIdForEventId(eventId: string): Promise<string | undefined>;
  append(streamId: string, message: JSONRPCMessage): string;
  eventsAfter(eventId: string): { streamId: string; events: Array<{ id: string; message: JSONRPCMessage }> } | undefined;
  /** Forget every stream of the session (it ended). */
  dropAll(): void;
}

interface StoredEvent {
  id: string;
  seq: number;
  message: JSONRPCMessage;
  bytes: number;
}

const DEFAULTS = { maxStreams: 1000, maxEventsPerStream: 256, maxBytes: 16 * 1024 * 1024 };

/** An event id is `<streamId>.<sequence>`; stream ids never contain a dot. */
function parseEventId(eventId: string): { streamId: string; seq: number } | undefined {
  const dot = eventId.lastIndexOf('.');
  if (dot <= 0) return undefined;
  const seq = Number(eventId.slice(dot + 1));
  return Number.isSafeInteger(seq) && seq >= 0 ? { streamId: eventId.slice(0, dot), seq } : undefined;
}

export class BoundedEventStore implements EventStore {
  /** Streams in insertion order (a Map iterates oldest first). */
  private readonly streams = new Map<string, { next: number; events: StoredEvent[] }>();
  private bytes = 0;
  private readonly limits: Required<{ [K in keyof EventStoreLimits]: number }>;

  constructor(limits: EventStoreLimits = {}) {
    this.limits = {
      maxStreams: limits.maxStreams ?? DEFAULTS.maxStreams,
      maxEventsPerStream: limits.maxEventsPerStream ?? DEFAULTS.maxEventsPerStream,
      maxBytes: limits.maxBytes ?? DEFAULTS.maxBytes,
    };
  }

  /** Keep `message` as the next event of `streamId`; its event id. A stream id must not contain a dot. */
  append(streamId: string, message: JSONRPCMessage): string {
    if (streamId.includes('.')) throw new Error(`invalid stream id ${JSON.stringify(streamId)}`);
    let stream = this.streams.get(streamId);
    if (!stream) {
      stream = { next: 0, events: [] };
      this.streams.set(streamId, stream);
      while (this.streams.size > this.limits.maxStreams) this.dropOldest();
    }
    const seq = stream.next++;
    const id = `${streamId}.${seq}`;
    // A priming event (no message) costs nothing to replay: only messages are kept.
    if (Object.keys(message).length === 0) return id;
    const bytes = JSON.stringify(message).length;
    stream.events.push({ id, seq, message, bytes });
    this.bytes += bytes;
    if (stream.events.length > this.limits.maxEventsPerStream) this.bytes -= stream.events.shift()!.bytes;
    while (this.bytes > this.limits.maxBytes && this.streams.size > 0) this.dropOldest();
    return id;
  }

  /** The stream an event id belongs to, when that stream is still kept. */
  streamOf(eventId: string): string | undefined {
    const parsed = parseEventId(eventId);
    return parsed && this.streams.has(parsed.streamId) ? parsed.streamId : undefined;
  }

  /** The events of its stream after `eventId`, in order; undefined when the stream is not (or no longer) kept. */
  eventsAfter(eventId: string): { streamId: string; events: Array<{ id: string; message: JSONRPCMessage }> } | undefined {
    const parsed = parseEventId(eventId);
    const stream = parsed && this.streams.get(parsed.streamId);
    if (!parsed || !stream) return undefined;
    return { streamId: parsed.streamId, events: stream.events.filter((event) => event.seq > parsed.seq).map(({ id, message }) => ({ id, message })) };
  }

  /** Forget a stream (its session ended). */
  drop(streamId: string): void {
    const stream = this.streams.get(streamId);
    if (!stream) return;
    for (const event of stream.events) this.bytes -= event.bytes;
    this.streams.delete(streamId);
  }

  /** What is kept (for tests and /health-like reports). */
  get size(): { streams: number; events: number; bytes: number } {
    let events = 0;
    for (const stream of this.streams.values()) events += stream.events.length;
    return { streams: this.streams.size, events, bytes: this.bytes };
  }

  // ——— the SDK's EventStore interface ———

  async storeEvent(streamId: string, message: JSONRPCMessage): Promise<string> {
    return this.append(streamId, message);
  }

  async getStreamIdForEventId(eventId: string): Promise<string | undefined> {
    return this.streamOf(eventId);
  }

  async replayEventsAfter(lastEventId: string, { send }: { send: (eventId: string, message: JSONRPCMessage) => Promise<void> }): Promise<string> {
    const found = this.eventsAfter(lastEventId);
    if (!found) throw new Error('unknown or expired Last-Event-ID');
    for (const event of found.events) await send(event.id, event.message);
    return found.streamId;
  }

  /**
   * The view one session has: its stream ids are prefixed with `scope`, and an event id of another session is
   * unknown to it (a client resumes only its own streams). The SDK transport of each session gets one.
   */
  scoped(scope: string): SessionEventStore {
    if (scope.includes('.') || scope.includes('~')) throw new Error(`invalid scope ${JSON.stringify(scope)}`);
    const prefix = `${scope}~`;
    const own = (eventId: string): boolean => eventId.startsWith(prefix);
    const strip = (streamId: string): string => streamId.slice(prefix.length);
    return {
      append: (streamId, message) => this.append(prefix + streamId, message),
      eventsAfter: (eventId) => {
        if (!own(eventId)) return undefined;
        const found = this.eventsAfter(eventId);
        return found && { ...found, streamId: strip(found.streamId) };
      },
      storeEvent: async (streamId, message) => this.append(prefix + streamId, message),
      getStreamIdForEventId: async (eventId) => {
        const streamId = own(eventId) ? this.streamOf(eventId) : undefined;
        return streamId === undefined ? undefined : strip(streamId);
      },
      replayEventsAfter: async (lastEventId, { send }) => {
        if (!own(lastEventId)) throw new Error('unknown or expired Last-Event-ID');
        return strip(await this.replayEventsAfter(lastEventId, { send }));
      },
      dropAll: () => {
        for (const streamId of [...this.streams.keys()]) if (streamId.startsWith(prefix)) this.drop(streamId);
      },
    };
  }

  private dropOldest(): void {
    const oldest = this.streams.keys().next();
    if (!oldest.done) this.drop(oldest.value);
  }
}
