import type { EarlyStdin } from '../../gateway/early-initialize.js';

/** Everything the CLI touches of the outside world, injectable so commands run in-process in tests. */
export interface CliIo {
  /**
   * `write` returns false when the text was queued (a pipe whose reader is behind); `once('drain')` then says when to
   * go on. Both optional: an in-process capture writes at once.
   */
  stdout: { write(text: string): boolean | void; once?(event: 'drain', listener: () => void): unknown; isTTY?: boolean; columns?: number };
  stderr: { write(text: string): void; isTTY?: boolean };
  stdin: NodeJS.ReadableStream & { isTTY?: boolean };
  env: Record<string, string | undefined>;
  cwd: string;
  home: string;
  /** Aborted on SIGINT. */
  signal: AbortSignal;
  /**
   * A long-running command (`serve`) that reloads on SIGHUP registers here; the entry point then treats SIGHUP as
   * "reload" instead of "stop". Returns the unregister function. Absent in-process (tests call the listener directly).
   */
  onReload?: (listener: () => void) => () => void;
  /** `serve` on stdio: the entry point's early reader of stdin (it may have answered `initialize` already). */
  earlyStdin?: EarlyStdin;
  /** The mcpns.config.json the entry point already named on stderr (it started servers from it before main ran). */
  announcedConfig?: string;
  now(): Date;
}
