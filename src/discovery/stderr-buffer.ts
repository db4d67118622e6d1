import { StringDecoder } from 'node:string_decoder';
import type { SecretSet } from '../util/redact.js';

/** Default bytes of a server's stderr kept for display. */
export const DEFAULT_STDERR_LIMIT = 64 * 1024;

/**
 * A bounded tail of a server's stderr. Servers may write megabytes (and block when nobody reads a pipe),
 * so everything is drained but only the last `limit` bytes are kept; the rest is counted.
 *
 * Secrets are redacted as the text streams in, before the tail is cut: a cut through the middle of a secret would
 * leave a fragment the output scrubber no longer recognises. Text that could still be the start of a secret (the
 * last `longest secret - 1` characters) is held back until more arrives or the text is read.
 */
export class StderrBuffer {
  private chunks: Buffer[] = [];
  private size = 0;
  private dropped = 0;
  /** Decoded text not yet committed to the tail (shorter than the longest secret). */
  private pending = '';
  private readonly decoder = new StringDecoder('utf8');

  constructor(
    private readonly limit: number = DEFAULT_STDERR_LIMIT,
    private readonly secrets?: SecretSet,
  ) {}

  append(chunk: Buffer | string): void {
    this.pending += typeof chunk === 'string' ? chunk : this.decoder.write(chunk);
    const hold = this.secrets?.size ? this.secrets.longestEscaped - 1 : 0;
    if (this.pending.length <= hold) return;
    const text = this.redact(this.pending);
    const keep = Math.min(hold, text.length);
    this.pending = text.slice(text.length - keep);
    this.commit(Buffer.from(text.slice(0, text.length - keep), 'utf8'));
  }

  /**
   * Forget what the server wrote so far (its process was started once more: the second start's output is the one
   * that explains a failure, and a tail of both would show the same start-up twice).
   */
  restart(): void {
    this.chunks = [];
    this.size = 0;
    this.dropped = 0;
    this.pending = '';
  }

  /** A note from mcpns itself, kept in the same stream so it shows in order with the server's output. */
  note(text: string): void {
    this.append(`[mcpns] ${text}\n`);
  }

  /** Server text quoted in a note: redacted first, then clipped to `max` characters (never the other way round). */
  excerpt(text: string, max: number): string {
    const redacted = this.redact(text);
    return redacted.length > max ? `${redacted.slice(0, max)}…` : redacted;
  }

  /** The kept tail as text, prefixed with how much was dropped. */
  text(): string {
    const body = Buffer.concat(this.chunks).toString('utf8') + this.redact(this.pending);
    return this.dropped ? `[mcpns] … ${this.dropped} earlier bytes of stderr dropped\n${body}` : body;
  }

  private redact(text: string): string {
    return this.secrets?.size ? this.secrets.redact(text) : text;
  }

  private commit(buffer: Buffer): void {
    if (!buffer.length) return;
    this.chunks.push(buffer);
    this.size += buffer.length;
    while (this.size > this.limit && this.chunks.length > 1) {
      const first = this.chunks.shift() as Buffer;
      this.size -= first.length;
      this.dropped += first.length;
    }
    if (this.size > this.limit) {
      const only = this.chunks[0] as Buffer;
      const cut = this.size - this.limit;
      this.chunks[0] = only.subarray(cut);
      this.size -= cut;
      this.dropped += cut;
    }
  }
}
