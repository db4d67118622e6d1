import { McpnsError } from '../../errors.js';
import { SecretSet } from '../../util/redact.js';
import { escapeInvisible, terminalSafe } from '../../util/terminal-safe.js';
import type { CliIo } from './io.js';

/** How a command wants its terminal output, decided once from its flags and the environment. */
export interface ConsoleSettings {
  /** --json/--format json: stdout is a JSON document and every stderr line is one JSON object. */
  json: boolean;
  /** --quiet: no progress, notes, status lines or warnings (errors still print). */
  quiet: boolean;
  /** --verbose: details such as every server's stderr. */
  verbose: boolean;
  /** Colour on stdout (never under --no-color or NO_COLOR; FORCE_COLOR forces it; else only on a TTY). */
  color: boolean;
}

/** The kinds of stderr messages; under --json each becomes `{"<kind>": {message, …fields}}`. */
type MessageKind = 'warning' | 'note' | 'status' | 'verbose' | 'action';

const PREFIX: Record<MessageKind, string> = { warning: 'mcpns: warning: ', note: 'mcpns: note: ', status: 'mcpns: ', verbose: '', action: 'mcpns: ' };

/**
 * One stderr message line: `mcpns: <message>` made terminal-safe, or `{"<kind>": {message, …fields}}` under --json.
 * Also what the entry point prints before the console exists (early-spawn.ts names the config it starts servers from).
 */
export function messageLine(kind: MessageKind, message: string, fields: Record<string, unknown>, json: boolean): string {
  return json ? JSON.stringify({ [kind]: { message, ...fields } }) + '\n' : terminalSafe(`${PREFIX[kind]}${message}`, { multiline: true }) + '\n';
}

/** What a command says about a config file it found by lookup (client files name their client). */
export function readingMessage(file: string, client: string): string {
  return client === 'mcpns' ? `reading ${file}` : `reading ${file} (${client})`;
}

/** Colour decision of the contract: --no-color and NO_COLOR win, then FORCE_COLOR, else a TTY. */
export function decideColor(io: CliIo, noColorFlag: boolean): boolean {
  if (noColorFlag) return false;
  if (io.env['NO_COLOR'] !== undefined && io.env['NO_COLOR'] !== '') return false;
  if (io.env['FORCE_COLOR'] !== undefined && io.env['FORCE_COLOR'] !== '0') return true;
  return io.stdout.isTTY === true;
}

/**
 * Every byte the CLI prints goes through here. Results go to stdout; everything else to stderr, as human lines or,
 * under --json, as one JSON object per line. Every byte is scrubbed of the configured secrets first (the last line
 * of defence for "never print a secret"), and human stderr text is made terminal-safe, so text that came from a
 * server (names, stderr, error messages) cannot write escape sequences to the terminal.
 */
export class CliConsole {
  /**
   * The run's secrets: configuration registers its values here, and discovery registers every credential it sends
   * (tokens included) in the same set, so anything registered at any moment is scrubbed from all later output.
   */
  readonly secrets = new SecretSet();
  private progressShown = false;

  constructor(
    private readonly io: CliIo,
    readonly settings: ConsoleSettings,
  ) {}

  /** Register secret values to scrub (see `secrets` for everything a configured server implies). */
  addSecrets(secrets: readonly string[]): void {
    for (const secret of secrets) this.secrets.register(secret);
  }

  get color(): boolean {
    return this.settings.color;
  }

  get json(): boolean {
    return this.settings.json;
  }

  get isStdoutTty(): boolean {
    return this.io.stdout.isTTY === true;
  }

  /** Width of the terminal stdout is, when it is one. */
  get stdoutColumns(): number | undefined {
    return this.io.stdout.isTTY === true ? this.io.stdout.columns : undefined;
  }

  /** A result on stdout. Text must already be terminal-safe where it holds server text (renderers do that). */
  out(text: string): void {
    this.clearProgress();
    this.io.stdout.write(escapeInvisible(this.scrub(text)));
  }

  /**
   * A large result on stdout in parts, never held as one string. Each part is cut between JSON tokens, so escaping is
   * the same; with secrets to scrub the parts are joined first, so no secret is cut in two and missed. A part that
   * stdout queues (a pipe whose reader is behind) is waited for before the next is made: without it a million-tool
   * report piped to `jq` was held in memory whole (+160 MB peak RSS); a signal stops the wait.
   */
  async outParts(parts: Iterable<string>): Promise<void> {
    if (this.secrets.size) return this.out([...parts].join(''));
    this.clearProgress();
    const { stdout, signal } = this.io;
    for (const part of parts) {
      if (stdout.write(escapeInvisible(part)) !== false || !stdout.once) continue;
      await new Promise<void>((resolve, reject) => {
        const stop = (): void => reject(new McpnsError('INTERRUPTED', 'interrupted'));
        if (signal.aborted) return stop();
        signal.addEventListener('abort', stop, { once: true });
        stdout.once!('drain', () => {
          signal.removeEventListener('abort', stop);
          resolve();
        });
      });
    }
  }

  /**
   * A result bound for a file (a report written with -o or --report): scrubbed of the run's secrets as stdout is.
   * Parts pass through untouched when there is nothing to scrub, and are joined first when there is (as outParts).
   */
  scrubbedForFile(text: string | Iterable<string>): string | Iterable<string> {
    if (!this.secrets.size) return text;
    return this.scrub(typeof text === 'string' ? text : [...text].join(''));
  }

  warn(message: string, fields: Record<string, unknown> = {}): void {
    this.message('warning', message, fields);
  }

  /** Something worth knowing that is not a problem (what was read, what was assumed). */
  note(message: string, fields: Record<string, unknown> = {}): void {
    this.message('note', message, fields);
  }

  /** A status line about what the command did ("wrote report to x"). */
  status(message: string, fields: Record<string, unknown> = {}): void {
    this.message('status', message, fields);
  }

  /** Something the person must do to go on (open a sign-in URL): shown even under --quiet. */
  action(message: string, fields: Record<string, unknown> = {}): void {
    if (this.settings.json) this.writeErr(JSON.stringify({ action: { message, ...fields } }) + '\n');
    else this.writeErr(terminalSafe(this.scrub(`${PREFIX.action}${message}`), { multiline: true }) + '\n');
  }

  /** Shown only under --verbose. */
  detail(message: string, fields: Record<string, unknown> = {}): void {
    if (this.settings.verbose) this.message('verbose', message, fields);
  }

  /** A block of lines (a server's stderr tail) under a title; one JSON object under --json. */
  excerpt(kind: string, title: string, lines: readonly string[], fields: Record<string, unknown> = {}): void {
    if (this.settings.quiet) return;
    if (this.settings.json) {
      this.writeErr(JSON.stringify({ [kind]: { ...fields, lines } }) + '\n');
      return;
    }
    this.writeErr(terminalSafe(this.scrub(`${title}\n${lines.map((line) => `  | ${line}`).join('\n')}\n`), { multiline: true }));
  }

  /**
   * An error line (always shown): human text with its hint (`showCode`: the code before the message), or
   * `{"error": {...}}` under --json.
   */
  error(
    payload: { code: string; message: string; hint?: string | undefined; [key: string]: unknown },
    human?: string,
    options: { showCode?: boolean } = {},
  ): void {
    if (this.settings.json) {
      this.writeErr(JSON.stringify({ error: payload }) + '\n');
      return;
    }
    const code = options.showCode ? `${payload.code}: ` : '';
    const text = human ?? `mcpns: error: ${code}${payload.message}\n${payload.hint ? `  hint: ${payload.hint}\n` : ''}`;
    this.writeErr(terminalSafe(this.scrub(text), { multiline: true }));
  }

  /**
   * A question for the person at the terminal (no trailing newline: the answer follows on the same line). It may
   * span lines; server text inside it must already be made single-line with terminalSafe.
   */
  prompt(question: string): void {
    this.writeErr(terminalSafe(this.scrub(question), { multiline: true }));
  }

  /**
   * A live event of a running command (a call's progress, a server's log line): `mcpns: <message>` on stderr, or
   * `{"<kind>": {message, …fields}}` under --json. Nothing under --quiet.
   */
  event(kind: string, message: string, fields: Record<string, unknown> = {}): void {
    if (this.settings.quiet) return;
    if (this.settings.json) this.writeErr(JSON.stringify({ [kind]: { message, ...fields } }) + '\n');
    else this.writeErr(terminalSafe(this.scrub(`mcpns: ${message}`), { multiline: true }) + '\n');
  }

  /** True when a self-overwriting progress line can be shown (stderr is a TTY, neither --json nor --quiet). */
  get liveProgress(): boolean {
    return this.io.stderr.isTTY === true && !this.settings.json && !this.settings.quiet;
  }

  /** A single self-overwriting status line on stderr: only on a TTY, never under --json or --quiet. */
  progress(text: string): void {
    if (this.io.stderr.isTTY !== true || this.settings.json || this.settings.quiet) return;
    this.io.stderr.write(`\r\u001b[2K${terminalSafe(this.scrub(text))}`);
    this.progressShown = true;
  }

  clearProgress(): void {
    if (!this.progressShown) return;
    this.io.stderr.write('\r\u001b[2K');
    this.progressShown = false;
  }

  private message(kind: MessageKind, message: string, fields: Record<string, unknown>): void {
    if (this.settings.quiet) return;
    this.writeErr(messageLine(kind, this.scrub(message), fields, this.settings.json));
  }

  /** Secrets out first: escaping or cutting text before redaction could leave a secret unrecognisable. */
  private scrub(text: string): string {
    return this.secrets.redact(text);
  }

  private writeErr(text: string): void {
    this.clearProgress();
    this.io.stderr.write(escapeInvisible(this.scrub(text)));
  }
}
