import { resolve as resolvePath } from 'node:path';
import { UsageError } from '../../errors.js';
import type { Gateway } from '../../gateway/engine.js';
import type { HttpGateway } from '../../gateway/serve-http.js';
import type { StatusPage } from '../../gateway/status/handler.js';
import { readRegularFile, UnreadableFileError } from '../../util/read-file.js';
import { terminalSafe } from '../../util/terminal-safe.js';
import type { Runtime } from './command.js';

// `mcpns serve`'s two faces: stdio, and the Streamable HTTP endpoint with its address and bearer token.

/** Start serving over stdin/stdout: resolves once it reads, with the promise of its end (stdin closed, `signal`). */
export async function openStdio(runtime: Runtime, gateway: Gateway, signal: AbortSignal): Promise<{ done: Promise<void> }> {
  const { serveGatewayStdio } = await import('../../gateway/serve-stdio.js');
  runtime.console.status(`answering on stdio; starting ${gateway.status().length} servers`);
  // Wrapped: an async function's promise would wait for this one, and the upstreams must start now.
  return { done: serveGatewayStdio(gateway, { stdin: runtime.io.stdin, stdout: runtime.io.stdout, signal, early: runtime.io.earlyStdin?.takeOver() }) };
}

/** Resolves when `signal` aborts. */
export function untilAborted(signal: AbortSignal): Promise<void> {
  if (signal.aborted) return Promise.resolve();
  return new Promise((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));
}

/** The environment variable holding the bearer token --http requires. */
export const TOKEN_ENV = 'MCPNS_SERVE_TOKEN';

/** `PORT`, `HOST:PORT` or `[IPv6]:PORT`. */
export function parseListen(value: string): { host: string; port: number } {
  const match = /^(?:(\[[0-9a-fA-F:.]+\]|[^:[\]]+):)?(\d{1,5})$/.exec(value.trim());
  const port = match ? Number(match[2]) : NaN;
  if (!match || port > 65535) throw new UsageError(`--http takes [HOST:]PORT, got "${value}"`, { hint: 'e.g. --http 8765 or --http 127.0.0.1:8765' });
  return { host: (match[1] ?? '127.0.0.1').replace(/^\[|\]$/g, ''), port };
}

/** The bearer token from --token-file or the environment (a file wins); never printed. */
export function readToken(runtime: Runtime, file: string | undefined): string | undefined {
  let token: string | undefined;
  if (file !== undefined) {
    try {
      token = readRegularFile(resolvePath(runtime.io.cwd, file), 4096).trim();
    } catch (error) {
      const reason = error instanceof UnreadableFileError ? error.message : String(error);
      throw new UsageError(`cannot read --token-file: ${reason}`, { hint: 'a regular file holding the token (at most 4 KiB)' });
    }
  } else token = runtime.io.env[TOKEN_ENV]?.trim();
  if (token === undefined || token === '') return undefined;
  if (token.length < 16) throw new UsageError('the bearer token is shorter than 16 characters', { hint: 'use a long random value, e.g. openssl rand -hex 32' });
  runtime.console.secrets.register(token);
  return token;
}

/** Open the Streamable HTTP endpoint (before any upstream starts: a busy port is an error at once, exit 2). */
export async function openHttp(
  runtime: Runtime,
  gateway: Gateway,
  settings: {
    host: string;
    port: number;
    token?: string | undefined;
    allowedHosts?: string[] | undefined;
    allowedOrigins?: string[] | undefined;
    status?: StatusPage | undefined;
  },
): Promise<HttpGateway> {
  const { serveGatewayHttp } = await import('../../gateway/serve-http.js');
  const served = await serveGatewayHttp(gateway, {
    ...settings,
    onError: (error) =>
      runtime.console.warn(`a request failed with an internal error (answered 500): ${terminalSafe(error instanceof Error ? error.message : String(error))}`, {
        event: 'request-failed',
      }),
  });
  runtime.console.status(`listening at ${served.url}${settings.token ? ' (bearer token required)' : ''}; starting ${gateway.status().length} servers`, {
    url: served.url,
    port: served.address.port,
  });
  if (settings.status) {
    const page = served.url.replace(/\/mcp$/, '/');
    runtime.console.status(`status page at ${page}${settings.token ? ' (open it once with ?token=<the token>)' : ''}`, { statusPage: page });
  }
  return served;
}
