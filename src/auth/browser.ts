import { spawn } from 'node:child_process';
import { AuthError } from '../discovery/auth-error.js';
import { isLoopback } from '../util/loopback.js';

/**
 * The command that opens a URL (RFC 8252 hand-off to the user's browser): `$BROWSER` when set (a program, optionally
 * followed by arguments separated by spaces; the URL is added as one more argument, never through a shell), else the
 * platform opener: `xdg-open` (Linux and other Unixes), `open` (macOS), `start` through cmd (Windows).
 */
export function browserCommand(env: Record<string, string | undefined>, platform: NodeJS.Platform, url: string): { command: string; args: string[] } {
  const configured = env['BROWSER']?.trim();
  if (configured) {
    const [command, ...args] = configured.split(/\s+/) as [string, ...string[]];
    return { command, args: [...args, url] };
  }
  if (platform === 'darwin') return { command: 'open', args: [url] };
  // cmd's metacharacters in the URL (& in every query) are escaped with ^; "" is start's window title.
  if (platform === 'win32') return { command: 'cmd', args: ['/c', 'start', '""', url.replace(/[&^|<>()]/g, '^$&')] };
  return { command: 'xdg-open', args: [url] };
}

/**
 * Start the browser on `url` and return once it was started (never waits for it to exit: a browser may run for
 * hours). Resolves with a reason when it could not be started; the caller has printed the URL anyway.
 */
export function openBrowser(url: string, options: { env: Record<string, string | undefined>; platform: NodeJS.Platform }): Promise<string | undefined> {
  assertBrowsable(url);
  const { command, args } = browserCommand(options.env, options.platform, url);
  return new Promise((resolve) => {
    let child;
    try {
      child = spawn(command, args, {
        stdio: 'ignore',
        detached: true,
        env: { ...options.env },
        windowsHide: true,
        windowsVerbatimArguments: options.platform === 'win32',
      });
    } catch (error) {
      resolve(`${command}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
      return;
    }
    child.once('error', (error: NodeJS.ErrnoException) => resolve(`${command}: ${error.code ?? error.message}`));
    child.once('spawn', () => {
      child.unref();
      resolve(undefined);
    });
  });
}

/**
 * Only https URLs (or http on this machine) ever go to a browser or a terminal as "open this": metadata naming
 * `http://elsewhere`, `file:` or `javascript:` is refused.
 */
export function assertBrowsable(url: string): void {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new AuthError('AUTH_FAILED', 'the authorization endpoint is not a valid URL; refusing to open it');
  }
  if (parsed.protocol === 'https:') return;
  if (parsed.protocol === 'http:' && isLoopback(parsed.hostname)) return;
  throw new AuthError('AUTH_FAILED', `the authorization endpoint ${parsed.origin} is not https; refusing to send your browser there`, {
    hint: "the authorization server's metadata is wrong (or not the server it claims to be)",
  });
}

/**
 * What mcpns sends to an authorization server (a registration, an authorization code with its PKCE verifier, a
 * refresh token, a client secret) goes over https only: MCP requires HTTPS for every authorization server endpoint.
 * http stays allowed on this machine (local servers and tests).
 */
export function assertSecureEndpoint(url: string, what: string): void {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new AuthError('AUTH_FAILED', `the ${what} is not a valid URL; nothing was sent to it`);
  }
  if (parsed.protocol === 'https:' || (parsed.protocol === 'http:' && isLoopback(parsed.hostname))) return;
  throw new AuthError('AUTH_FAILED', `the ${what} ${parsed.origin} is not https; refusing to send credentials there`, {
    hint: "MCP requires HTTPS for every authorization server endpoint (http only on this machine); the authorization server's metadata is wrong",
  });
}
