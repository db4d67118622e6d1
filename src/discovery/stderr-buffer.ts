/** Default bytes of a server's stderr kept for display. */
export const DEFAULT_STDERR_LIMIT = 64 * 1024;

/**
 * A bounded tail of a server's stderr. Servers may write megabytes (and block when nobody reads a pipe),
 * so everything is drained but only the last `limit` bytes are kept; the rest is counted.
 */
export class StderrBuffer {
  private chunks: Buffer[] = [];
  private size = 0;
  private dropped = 0;

  constructor(private readonly limit: number = DEFAULT_STDERR_LIMIT) {}

  append(chunk: Buffer | string): void {
    const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
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

  /** A note from mcpns itself, kept in the same stream so it shows in order with the server's output. */
  note(text: string): void {
    this.append(`[mcpns] ${text}\n`);
  }

  /** The kept tail as text, prefixed with how much was dropped. */
  text(): string {
    const body = Buffer.concat(this.chunks).toString('utf8');
    return this.dropped ? `[mcpns] … ${this.dropped} earlier bytes of stderr dropped\n${body}` : body;
  }
}
