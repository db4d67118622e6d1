/**
 * Questions for the person at the terminal (the --execute confirmation, elicitation forms): one line reader over
 * stdin for the whole run, so answers typed ahead are not lost between questions; hidden input for secrets; every
 * wait ends when the run is interrupted.
 */
import type { Runtime } from './command.js';

type TtyStdin = NodeJS.ReadableStream & { isTTY?: boolean; setRawMode?: (raw: boolean) => unknown };

export class Prompter {
  private buffer = '';
  private ended = false;
  private listening = false;
  private waiter: { resolve: (line: string | undefined) => void; hidden: boolean } | undefined;
  private readonly stdin: TtyStdin;

  constructor(private readonly runtime: Runtime) {
    this.stdin = runtime.io.stdin as TtyStdin;
  }

  /** Someone can answer: stdin is a terminal and stderr is not a JSON-lines channel (--json). */
  get interactive(): boolean {
    return this.stdin.isTTY === true && !this.runtime.console.json;
  }

  /**
   * Show `question` on stderr and read one line. Undefined when stdin ends, the run is interrupted or `signal` aborts.
   * `hidden`: the terminal does not echo what is typed (secrets).
   */
  async ask(question: string, options: { hidden?: boolean; signal?: AbortSignal } = {}): Promise<string | undefined> {
    const signals = [this.runtime.io.signal, ...(options.signal ? [options.signal] : [])];
    if (signals.some((signal) => signal.aborted)) return undefined;
    const hidden = options.hidden === true && typeof this.stdin.setRawMode === 'function';
    // Echo off before the question shows: an answer typed the moment it appears must not be echoed.
    if (hidden) this.stdin.setRawMode?.(true);
    this.runtime.console.prompt(question);
    const line = await new Promise<string | undefined>((resolve) => {
      const finish = (value: string | undefined): void => {
        for (const signal of signals) signal.removeEventListener('abort', onAbort);
        this.waiter = undefined;
        if (hidden) {
          this.stdin.setRawMode?.(false);
          this.runtime.console.prompt('\n');
        }
        this.stdin.pause();
        resolve(value);
      };
      const onAbort = (): void => finish(undefined);
      for (const signal of signals) signal.addEventListener('abort', onAbort, { once: true });
      this.waiter = { resolve: finish, hidden };
      this.listen();
      this.drain();
    });
    return line;
  }

  private listen(): void {
    if (!this.listening) {
      this.listening = true;
      this.stdin.setEncoding('utf8');
      this.stdin.on('data', (chunk: string | Buffer) => {
        this.buffer += chunk.toString();
        this.drain();
      });
      this.stdin.on('end', () => {
        this.ended = true;
        this.drain();
      });
    }
    this.stdin.resume();
  }

  /** Hand a complete line to the waiting question (raw mode: handle Enter, Backspace, Ctrl-C, Ctrl-D ourselves). */
  private drain(): void {
    const waiter = this.waiter;
    if (!waiter) return;
    if (waiter.hidden) {
      let line = '';
      for (let index = 0; index < this.buffer.length; index++) {
        const char = this.buffer[index] as string;
        if (char === '\r' || char === '\n') {
          this.buffer = this.buffer.slice(index + 1).replace(/^\n/, '');
          waiter.resolve(line);
          return;
        }
        if (char === '\u0003') {
          // Raw mode turns Ctrl-C into a byte: raise the signal the terminal would have sent.
          this.buffer = '';
          waiter.resolve(undefined);
          process.kill(process.pid, 'SIGINT');
          return;
        }
        if (char === '\u0004' && line === '') {
          this.buffer = '';
          waiter.resolve(undefined);
          return;
        }
        if (char === '\u007f' || char === '\b') line = line.slice(0, -1);
        else if (char >= ' ') line += char;
      }
      if (this.ended) {
        this.buffer = '';
        waiter.resolve(line || undefined);
      }
      return;
    }
    const at = this.buffer.indexOf('\n');
    if (at >= 0) {
      const line = this.buffer.slice(0, at).replace(/\r$/, '');
      this.buffer = this.buffer.slice(at + 1);
      waiter.resolve(line.trim());
    } else if (this.ended) {
      const rest = this.buffer.trim();
      this.buffer = '';
      waiter.resolve(rest === '' ? undefined : rest);
    }
  }
}
