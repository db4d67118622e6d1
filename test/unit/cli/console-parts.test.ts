import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { captureConsole } from '../../helpers/console.js';

/** A stdout like a pipe whose reader is behind: every write is queued (false) until `drain` is emitted. */
function slowPipe(controller = new AbortController()) {
  const events = new EventEmitter();
  const written: string[] = [];
  const stdout = {
    write: (text: string) => (written.push(text), false),
    once: (event: 'drain', listener: () => void) => events.once(event, listener),
    isTTY: false,
  };
  const { console } = captureConsole({ quiet: true }, { stdout, signal: controller.signal });
  return { console, written, drain: () => events.emit('drain'), controller };
}

describe('a result written to stdout in parts', () => {
  it('makes the next part only after stdout drained the last one it queued', async () => {
    const { console, written, drain } = slowPipe();
    const made: number[] = [];
    function* parts() {
      for (let index = 0; index < 3; index++) {
        made.push(index);
        yield `part ${index};`;
      }
    }
    const done = console.outParts(parts());
    await Promise.resolve();
    expect(made).toEqual([0]);
    drain();
    await new Promise((resolve) => setImmediate(resolve));
    expect(made).toEqual([0, 1]);
    drain();
    await new Promise((resolve) => setImmediate(resolve));
    drain();
    await done;
    expect(written.join('')).toBe('part 0;part 1;part 2;');
  });

  it('stops waiting with INTERRUPTED on a signal (a reader that never reads cannot hold the run)', async () => {
    const { console, controller } = slowPipe();
    const done = console.outParts(['a', 'b']);
    controller.abort();
    await expect(done).rejects.toMatchObject({ code: 'INTERRUPTED' });
  });
});
