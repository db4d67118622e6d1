/**
 * Runs parsers in a worker thread with a deadline per input, so a parser that loops forever on some input fails
 * the property (naming the input) instead of hanging the suite. Uses the built modules: `npm run build` first.
 */
import { Worker } from 'node:worker_threads';

export interface Outcome {
  outcome: 'ok' | 'mcpns-error' | 'crash' | 'hang';
  code?: string;
  location?: { file?: string; line?: number; column?: number; path?: string };
  message?: string;
  stack?: string;
  detail?: string;
}

/** Generous: a healthy parse of these inputs takes well under a millisecond; only a runaway loop reaches it. */
const DEADLINE_MS = 5000;

export class GuardedParser {
  private worker: Worker | undefined;
  private ready: Promise<void> | undefined;
  private nextId = 0;

  private start(): Promise<void> {
    const worker = new Worker(new URL('./parse-worker.mjs', import.meta.url));
    this.worker = worker;
    this.ready = new Promise((resolve, reject) => {
      const onMessage = (message: { ready?: boolean }): void => {
        if (message.ready) {
          worker.off('message', onMessage);
          resolve();
        }
      };
      worker.on('message', onMessage);
      worker.once('error', reject);
    });
    return this.ready;
  }

  /** Run `op` on `input`; a run past the deadline kills the worker (a fresh one serves the next run) and is a 'hang'. */
  async run(op: string, input: unknown, deadlineMs = DEADLINE_MS): Promise<Outcome> {
    if (!this.worker) await this.start();
    else await this.ready;
    const worker = this.worker!;
    const id = this.nextId++;
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        worker.off('message', onMessage);
        void worker.terminate();
        this.worker = undefined;
        resolve({ outcome: 'hang', message: `no answer within ${deadlineMs} ms` });
      }, deadlineMs);
      const onMessage = (message: Outcome & { id?: number }): void => {
        if (message.id !== id) return;
        clearTimeout(timer);
        worker.off('message', onMessage);
        resolve(message);
      };
      worker.on('message', onMessage);
      worker.postMessage({ id, op, input });
    });
  }

  async close(): Promise<void> {
    await this.worker?.terminate();
    this.worker = undefined;
  }
}
