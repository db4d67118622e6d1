import { afterEach, describe, expect, it } from 'vitest';
import type { CliConsole } from '../../../src/cli/services/console.js';
import { captureConsole } from '../../helpers/console.js';
import { routeSdkWarnings, sdkWarningMessage } from '../../../src/cli/services/sdk-warnings.js';

function capture(settings: { json?: boolean; verbose?: boolean; quiet?: boolean } = {}): { console: CliConsole; stderr: () => string } {
  const { console, stderr } = captureConsole({ ...settings, stderrIsTTY: true });
  return { console, stderr };
}

// What the SDK (2.4) prints when a refresh fails against a token endpoint that echoes the request in its error page.
const REFRESH_TOKEN = 'rt-0fe4a4fe-ea8d-4bfb-8749-bafbfd1dfd1b';
const REFRESH_WARNING =
  '[mcp-sdk] Could not refresh OAuth tokens; falling back to a new authorization request. Cause: "HTTP 400: Invalid OAuth error response: ' +
  `SyntaxError. Raw body: token endpoint failed body: grant_type=refresh_token&refresh_token=${REFRESH_TOKEN} \u001b]0;pwned\u0007\u001b[2J"`;

const undo: Array<() => void> = [];
afterEach(() => {
  for (const step of undo.splice(0)) step();
});

describe("the SDK's console warnings go through the command's console", () => {
  it('a warning mcpns reports itself: only under --verbose, scrubbed of the run secrets and terminal-safe', () => {
    for (const verbose of [false, true]) {
      const { console: cliConsole, stderr } = capture({ verbose });
      cliConsole.secrets.register(REFRESH_TOKEN);
      undo.push(routeSdkWarnings(cliConsole));
      console.warn(REFRESH_WARNING);
      undo.pop()!();
      if (!verbose) expect(stderr()).toBe('');
      else {
        expect(stderr()).toMatch(/^MCP SDK: Could not refresh OAuth tokens; falling back to a new authorization request\./);
        expect(stderr()).toContain('refresh_token=***');
        expect(stderr()).not.toContain(REFRESH_TOKEN);
        expect(stderr()).not.toMatch(/\u001b|\u0007/);
      }
    }
  });

  it('an unknown warning is a note, one JSON line under --json, nothing under --quiet', () => {
    const text = '[mcp-sdk] something new the SDK wants to say';
    const human = capture();
    const json = capture({ json: true });
    const quiet = capture({ quiet: true });
    for (const { console: target } of [human, json, quiet]) {
      undo.push(routeSdkWarnings(target));
      console.warn(text);
      undo.pop()!();
    }
    expect(human.stderr()).toBe('mcpns: note: the MCP SDK warns: something new the SDK wants to say\n');
    expect(JSON.parse(json.stderr())).toEqual({ note: { message: 'the MCP SDK warns: something new the SDK wants to say' } });
    expect(quiet.stderr()).toBe('');
  });

  it('long warnings are clipped; other console.warn calls are left alone, and the original is back afterwards', () => {
    expect(sdkWarningMessage(`[mcp-sdk] ${'x'.repeat(5000)}`).message).toHaveLength('the MCP SDK warns: '.length + 501);
    const before = console.warn;
    const { console: target, stderr } = capture();
    const unroute = routeSdkWarnings(target);
    expect(console.warn).not.toBe(before);
    console.warn('not the SDK (vitest shows it)');
    unroute();
    expect(console.warn).toBe(before);
    expect(stderr()).toBe('');
  });

  it('nested commands (in-process runs): the latest console receives, and the first is back after the second ends', () => {
    const first = capture();
    const second = capture();
    const endFirst = routeSdkWarnings(first.console);
    const endSecond = routeSdkWarnings(second.console);
    console.warn('[mcp-sdk] one');
    endSecond();
    console.warn('[mcp-sdk] two');
    endFirst();
    expect(second.stderr()).toContain('one');
    expect(first.stderr()).toContain('two');
    expect(first.stderr()).not.toContain('one');
  });
});
