/**
 * The v2 MCP SDK writes some warnings itself, with `console.warn("[mcp-sdk] …")`, straight to stderr: unscrubbed
 * (its refresh warning quotes the token endpoint's raw answer, which a careless server fills with the request — the
 * refresh token and client secret included), not terminal-safe, not JSON under --json, and not silenced by --quiet.
 * While a command runs, they go through the command's console instead: what mcpns already reports in its own words
 * (a refused refresh, a tool set aside as MALFORMED_TOOL, an old token file without its issuer stamp) only under
 * --verbose, anything else as a note; always scrubbed of the run's secrets, made terminal-safe and clipped.
 * Other `console.warn` calls (not the SDK's) are left as they are.
 */
import { format } from 'node:util';
import type { CliConsole } from './console.js';

const SDK_PREFIX = '[mcp-sdk] ';
/** A warning can quote a whole error page; what is worth reading fits in this. */
const MAX_WARNING_CHARS = 500;

/** Warnings about something mcpns reports itself (or that needs nothing from the person): --verbose only. */
const ALREADY_REPORTED: readonly RegExp[] = [
  /^Could not refresh OAuth tokens/, // the server's AUTH_REQUIRED says the refresh failed
  /^OAuth "[^"]*" — (invalidating|retrying)/, // the sign-in that follows, or its failure, is reported
  /^excluding tool '.*' from tools\/list: invalid x-mcp-header/, // MALFORMED_TOOL
  /^SEP-2352: stored OAuth credential has no 'issuer' stamp/, // a token file from before the stamp; stamped on this use
];

/** The consoles of the commands running now (in-process tests run several); a warning goes to the latest. */
const consoles: CliConsole[] = [];
let original: typeof console.warn | undefined;

/** What one SDK warning becomes: verbose detail or a note, clipped (the console scrubs and escapes it). */
export function sdkWarningMessage(text: string): { kind: 'detail' | 'note'; message: string } {
  const body = text.slice(SDK_PREFIX.length).trim();
  const clipped = body.length > MAX_WARNING_CHARS ? `${body.slice(0, MAX_WARNING_CHARS)}…` : body;
  return ALREADY_REPORTED.some((pattern) => pattern.test(body))
    ? { kind: 'detail', message: `MCP SDK: ${clipped}` }
    : { kind: 'note', message: `the MCP SDK warns: ${clipped}` };
}

/**
 * Route the SDK's console warnings to `target` until the returned function is called. The secrets are taken out of
 * the whole text before it is clipped (a secret cut in two would no longer be recognised).
 */
export function routeSdkWarnings(target: CliConsole): () => void {
  consoles.push(target);
  if (original === undefined) {
    const before = console.warn;
    original = before;
    console.warn = (...args: unknown[]): void => {
      const text = format(...args);
      const current = consoles.at(-1);
      if (!current || !text.startsWith(SDK_PREFIX)) return before.apply(console, args);
      const { kind, message } = sdkWarningMessage(current.secrets.redact(text));
      if (kind === 'detail') current.detail(message);
      else current.note(message);
    };
  }
  return () => {
    const at = consoles.lastIndexOf(target);
    if (at >= 0) consoles.splice(at, 1);
    if (consoles.length === 0 && original !== undefined) {
      console.warn = original;
      original = undefined;
    }
  };
}
