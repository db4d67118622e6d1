import { pathToFileURL } from 'node:url';
import { basename } from 'node:path';
import type { LoggingLevel } from '@modelcontextprotocol/client';
import type { AuthResolver } from '../discovery/auth-port.js';
import type { RevisionMemory } from '../discovery/revision-memory.js';
import type { ElicitForm, ElicitValue } from './elicitation.js';
import type { SecretSet } from '../util/redact.js';

// What `call --execute` is given and gives back (execute.ts): its settings, the questions and events it hands the
// terminal, its outcome and its errors. Plain data, loaded without the MCP SDK.

export type ElicitationQuestion =
  { mode: 'form'; server: string; message: string; form: ElicitForm } | { mode: 'url'; server: string; message: string; url: string; elicitationId: string };

export type ElicitationAnswer = { action: 'accept'; content?: Record<string, ElicitValue> } | { action: 'decline' | 'cancel' };

/** Who answers a server's elicitation: a person at the terminal, or the automatic policy of a script. */
export type ElicitationResponder = (question: ElicitationQuestion, signal: AbortSignal) => Promise<ElicitationAnswer>;

/** What happened to one elicitation, for the result document (sensitive values masked). */
export interface ElicitationRecord {
  server: string;
  mode: 'form' | 'url';
  message: string;
  action: 'accept' | 'decline' | 'cancel';
  content?: Record<string, ElicitValue>;
  url?: string;
}

export type ExecutionEvent =
  | { type: 'connected'; server: string; reused: boolean }
  | { type: 'progress'; server: string; tool: string; progress: number; total?: number; message?: string; elapsedMs: number }
  /** A round of a 2026-07-28 multi-round-trip call: the server answered `input_required` and is asked again. */
  | { type: 'input-round'; server: string; tool: string; round: number }
  | { type: 'log'; server: string; level: LoggingLevel; logger?: string; data: unknown }
  | { type: 'log-level'; server: string; level: LoggingLevel; sent: boolean; reason?: string }
  | { type: 'sampling-refused'; server: string }
  | { type: 'roots-listed'; server: string; roots: Root[] }
  | { type: 'request-refused'; server: string; method: string }
  | { type: 'elicitation-complete'; server: string; elicitationId: string }
  /** An elicitation mcpns would not pass on: asked outside the call it sent, or a web page that is not http(s). */
  | { type: 'elicitation-refused'; server: string; mode: 'form' | 'url'; reason: 'not-calling' | 'url-scheme'; url?: string };

export interface Root {
  uri: string;
  name: string;
}

export interface ExecutionSettings {
  /** --call-timeout: longest wait for the server without a response or a progress notification (ms). */
  callTimeoutMs: number;
  /** --max-call-time: hard ceiling for the whole call, progress or not (ms); undefined = none. */
  maxCallTimeMs?: number | undefined;
  /** --log-level: sent with logging/setLevel when the server declares logging. */
  logLevel?: LoggingLevel | undefined;
  /** --root: declared as the roots capability and answered on roots/list. */
  roots?: readonly Root[] | undefined;
  /** Aborted on SIGINT: the call is cancelled (notifications/cancelled), every session closed. */
  signal: AbortSignal;
  /** The environment a server started for the call inherits from, through its client's policy (--catalog runs). */
  hostEnv?: Readonly<Record<string, string | undefined>> | undefined;
  /** OAuth for a server connected here (--catalog runs; discovery's own sessions already have it). */
  auth?: AuthResolver | undefined;
  /** What each server spoke last time, for a server connected here (--catalog runs). */
  revisions?: RevisionMemory | undefined;
  /** The run's secrets: registered credentials are redacted from the server's stderr and error messages. */
  secrets?: SecretSet | undefined;
  /** --max-response-size, for a session opened here (discovery's sessions have it already). */
  maxResponseBytes?: number | undefined;
  elicit: ElicitationResponder;
  onEvent(event: ExecutionEvent): void;
}

/** The call did not finish within a limit; notifications/cancelled was sent. */
export class CallTimeoutError extends Error {
  constructor(
    readonly limit: 'call-timeout' | 'max-call-time',
    readonly limitMs: number,
    readonly elapsedMs: number,
  ) {
    super(`${limit} of ${limitMs} ms passed after ${elapsedMs} ms`);
    this.name = 'CallTimeoutError';
  }
}

/** tools/call failed at the protocol or transport level (not an isError result). */
export class CallFailedError extends Error {
  constructor(
    message: string,
    readonly stderr: string,
    options: { cause?: unknown } = {},
  ) {
    super(message, options);
    this.name = 'CallFailedError';
  }
}

export interface CallOutcome {
  /** The CallToolResult exactly as the server sent it. */
  result: Record<string, unknown>;
  elapsedMs: number;
  elicitations: ElicitationRecord[];
  /** The server's stderr during the session (bounded tail). */
  stderr: string;
}

/** Directories as roots: absolute `file://` URIs named after the folder. */
export function rootsFromDirectories(directories: readonly string[]): Root[] {
  return directories.map((directory) => ({ uri: pathToFileURL(directory).href, name: basename(directory) || directory }));
}
