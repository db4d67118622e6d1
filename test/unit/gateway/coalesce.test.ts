import { describe, expect, it } from 'vitest';
import { coalescingWriter } from '../../../src/gateway/coalesce.js';

/** A sink that records each write it is handed (one write is one syscall on a pipe). */
function recordingSink(): { writes: string[]; write(text: string): void } {
  const writes: string[] = [];
  return { writes, write: (text) => void writes.push(text) };
}

describe('coalescingWriter: one write per turn of the event loop', () => {
  it('hands a burst of messages to the sink in one write, in order, once the turn is over', () => {
    const sink = recordingSink();
    const turns: Array<() => void> = [];
    const out = coalescingWriter(sink, (flush) => turns.push(flush));
    out.write('{"id":1}\n');
    out.stream.write('{"id":2}\n');
    out.write('{"id":3}\n');
    expect(sink.writes).toEqual([]);
    expect(turns).toHaveLength(1);
    turns[0]!();
    expect(sink.writes).toEqual(['{"id":1}\n{"id":2}\n{"id":3}\n']);
  });

  it('works on a sink that is not a stream (a plain write function has no writev to cork)', () => {
    const sink = recordingSink();
    const turns: Array<() => void> = [];
    const out = coalescingWriter(sink, (flush) => turns.push(flush));
    for (let index = 0; index < 32; index++) out.write(`{"id":${index}}\n`);
    turns.forEach((flush) => flush());
    expect(sink.writes).toHaveLength(1);
    expect(sink.writes[0]!.split('\n').filter(Boolean)).toHaveLength(32);
  });

  it('starts a new write for what comes after the flush, and flush() empties the queue at once', () => {
    const sink = recordingSink();
    const turns: Array<() => void> = [];
    const out = coalescingWriter(sink, (flush) => turns.push(flush));
    out.write('a\n');
    turns.shift()!();
    out.write('b\n');
    out.flush();
    expect(sink.writes).toEqual(['a\n', 'b\n']);
    turns.shift()!();
    expect(sink.writes).toEqual(['a\n', 'b\n']);
  });

  it('flushes by default on setImmediate, and when the stream ends', async () => {
    const sink = recordingSink();
    const out = coalescingWriter(sink);
    out.write('x\n');
    out.write('y\n');
    await new Promise((resolve) => setImmediate(resolve));
    expect(sink.writes).toEqual(['x\ny\n']);
    out.stream.write('z\n');
    await new Promise<void>((resolve) => out.stream.end(resolve));
    expect(sink.writes).toEqual(['x\ny\n', 'z\n']);
  });
});
