/**
 * One write per turn of the event loop. With 32 calls in flight the gateway answers in bursts: every message it sends
 * while it handles what it read (fast-path replies and the SDK's own messages alike, in order) is joined and handed
 * to the sink once, when the turn is over — one write syscall for the burst instead of one per message, whatever the
 * sink is (a plain `{ write(text) }` has no writev, so corking it would still write message by message).
 */
import { Writable } from 'node:stream';

/** Where the gateway's side of a stdio connection goes: a stream, or anything with write(text). */
export interface TextSink {
  write(text: string): unknown;
}

export interface CoalescingWriter {
  /** Queue one message (it leaves with the others of this turn). */
  write(text: string): void;
  /** The same queue as a stream, for the SDK's transport. */
  readonly stream: Writable;
  /** Hand what is queued to the sink now (at the end of a turn, and before the connection closes). */
  flush(): void;
}

export function coalescingWriter(sink: TextSink, schedule: (flush: () => void) => void = setImmediate): CoalescingWriter {
  let queued: string[] = [];
  const flush = (): void => {
    if (!queued.length) return;
    const text = queued.length === 1 ? queued[0]! : queued.join('');
    queued = [];
    sink.write(text);
  };
  const write = (text: string): void => {
    if (!queued.length) schedule(flush);
    queued.push(text);
  };
  const stream = new Writable({
    decodeStrings: false,
    write(chunk: Buffer | string, _encoding, callback) {
      write(typeof chunk === 'string' ? chunk : chunk.toString('utf8'));
      callback();
    },
    final(callback) {
      flush();
      callback();
    },
  });
  return { write, stream, flush };
}
