/**
 * Runs parsers in a worker thread with a deadline per input, so a parser that loops forever on some input fails
 * the property (naming the input) instead of hanging the suite. Uses the built modules: `npm run build` first.
 *
 * A busy machine must not pass for a hang: an input that misses its deadline is run once more in a fresh worker
 * before it is called one. A worker that dies (out of memory, a native crash) is a 'crash' at once, and a worker
 * that never starts fails the run with a message instead of waiting for the test's timeout.
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
/** Importing the built modules takes a fraction of a second; this only catches a worker that never comes up. */
const START_DEADLINE_MS = 60_000;

export class GuardedParser {
  private worker: Worker | undefined;
  private ready: Promise<Worker> | undefined;
  private nextId = 0;

  private start(): Promise<Worker> {
    const worker = new Worker(new URL('./parse-worker.mjs', import.meta.url));
    this.worker = worker;
    this.ready = new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        void worker.terminate();
        reject(new Error(`the parser worker did not start within ${START_DEADLINE_MS} ms`));
      }, START_DEADLINE_MS);
      const onMessage = (message: { ready?: boolean }): void => {
        if (!message.ready) return;
        clearTimeout(timer);
        worker.off('message', onMessage);
        resolve(worker);
      };
      worker.on('message', onMessage);
      worker.once('error', (error) => {
        clearTimeout(timer);
        reject(error);
      });
    });
    // A start that failed is retried by the next run rather than remembered.
    this.ready.catch(() => this.discard(worker));
    return this.ready;
  }

  private discard(worker: Worker): void {
    void worker.terminate();
    if (this.worker === worker) {
      this.worker = undefined;
      this.ready = undefined;
    }
  }

  /** One attempt: the worker's answer, or 'crash' if it died, or 'hang' past the deadline (the worker is then killed). */
  private async attempt(op: string, input: unknown, deadlineMs: number): Promise<Outcome> {
    const worker = await (this.ready ?? this.start());
    const id = this.nextId++;
    return new Promise((resolve) => {
      const finish = (outcome: Outcome): void => {
        clearTimeout(timer);
        worker.off('message', onMessage);
        worker.off('error', onError);
        worker.off('exit', onExit);
        resolve(outcome);
      };
      const timer = setTimeout(() => {
        this.discard(worker);
        finish({ outcome: 'hang', message: `no answer within ${deadlineMs} ms` });
      }, deadlineMs);
      const onMessage = (message: Outcome & { id?: number }): void => {
        if (message.id === id) finish(message);
      };
      const onError = (error: Error): void => {
        this.discard(worker);
        finish({ outcome: 'crash', message: `the parser worker died: ${error.message}`, stack: error.stack });
      };
      const onExit = (code: number): void => {
        this.discard(worker);
        finish({ outcome: 'crash', message: `the parser worker exited with code ${code}` });
      };
      worker.on('message', onMessage);
      worker.once('error', onError);
      worker.once('exit', onExit);
      worker.postMessage({ id, op, input });
    });
  }

  /** Run `op` on `input`. A deadline miss is confirmed in a fresh worker before it counts as a 'hang'. */
  async run(op: string, input: unknown, deadlineMs = DEADLINE_MS): Promise<Outcome> {
    const first = await this.attempt(op, input, deadlineMs);
    if (first.outcome !== 'hang') return first;
    const second = await this.attempt(op, input, deadlineMs);
    return second.outcome === 'hang' ? { ...second, message: `no answer within ${deadlineMs} ms, twice (each in a fresh worker)` } : second;
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    this.ready = undefined;
    await worker?.terminate();
  }
}
