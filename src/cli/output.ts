import type { CliIo } from './io.js';
import { redactText } from '../util/redact.js';
import { escapeInvisible } from '../util/terminal-safe.js';

/**
 * All CLI output goes through here: results to stdout, progress/warnings/errors to stderr,
 * every byte scrubbed of known secrets first (the last line of defence for "never print a secret").
 */
export class Output {
  private secrets: readonly string[] = [];
  private progressShown = false;

  constructor(private readonly io: CliIo) {}

  setSecrets(secrets: readonly string[]): void {
    this.secrets = secrets;
  }

  get isStdoutTty(): boolean {
    return this.io.stdout.isTTY === true;
  }

  get isStderrTty(): boolean {
    return this.io.stderr.isTTY === true;
  }

  out(text: string): void {
    this.clearProgress();
    this.io.stdout.write(escapeInvisible(redactText(text, this.secrets)));
  }

  err(text: string): void {
    this.clearProgress();
    this.io.stderr.write(escapeInvisible(redactText(text, this.secrets)));
  }

  /** A single self-overwriting status line on stderr, only on a TTY. */
  progress(text: string): void {
    if (!this.isStderrTty) return;
    this.io.stderr.write(`\r\u001b[2K${redactText(text, this.secrets)}`);
    this.progressShown = true;
  }

  clearProgress(): void {
    if (!this.progressShown) return;
    this.io.stderr.write('\r\u001b[2K');
    this.progressShown = false;
  }
}
