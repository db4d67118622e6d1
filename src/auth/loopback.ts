import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { AuthError } from '../discovery/auth-error.js';

/** The path of the redirect URI (RFC 8252 §7.3: loopback IP literal, any port). */
export const CALLBACK_PATH = '/callback';

export interface LoopbackListener {
  /** `http://127.0.0.1:<port>/callback`. */
  readonly redirectUrl: string;
  readonly port: number;
  /** Callbacks ignored because they did not carry the expected `state` (forged or stale). */
  readonly ignored: number;
  /**
   * Expect one browser return carrying `state`. The promise resolves with the authorization code (and `iss`), or rejects with
   * AUTH_FAILED (`error=access_denied`, no code). A return with another `state` is answered with an error page and
   * ignored (the wait goes on).
   */
  expect(state: string): Promise<AuthorizationResponse>;
  close(): Promise<void>;
}

/** What the browser brought back: the code, and the authorization server's `iss` when it sent one (RFC 9207). */
export interface AuthorizationResponse {
  code: string;
  iss?: string;
}

interface Expectation {
  state: string;
  settle(result: AuthorizationResponse | { error: AuthError }): void;
  done: boolean;
}

/**
 * Listen on 127.0.0.1 (an IP literal, not `localhost`) for the authorization server's redirect. `port` 0 or
 * undefined picks a free port; a configured port (`strictPort`) that is taken is an error, any other taken port
 * falls back to a random one.
 */
export async function startLoopbackListener(options: { port?: number; strictPort?: boolean; serverName: string }): Promise<LoopbackListener> {
  let expectation: Expectation | undefined;
  let ignored = 0;
  const server = createServer((request, response) => handle(request, response));

  function handle(request: IncomingMessage, response: ServerResponse): void {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    if (url.pathname !== CALLBACK_PATH) return page(response, 404, 'Not found', 'This is the mcpns sign-in listener; nothing lives here.');
    if (request.method !== 'GET') return page(response, 405, 'Method not allowed', 'The sign-in listener only accepts the browser redirect.');
    if (!expectation || expectation.done) {
      return page(
        response,
        400,
        'No sign-in in progress',
        'mcpns is not waiting for a sign-in on this page (it finished or was cancelled). You can close this tab.',
      );
    }
    const current = expectation;
    const params = url.searchParams;
    const error = params.get('error');
    // Not the answer to this sign-in (a forged or stale link another page made the browser open): ignored, and the
    // sign-in in progress goes on waiting for the real one.
    if (params.get('state') !== current.state) {
      ignored++;
      return page(
        response,
        400,
        'Sign-in answer ignored',
        'This answer did not carry the state of the sign-in mcpns is waiting for, so it was ignored. If you did not open it yourself, close this tab.',
      );
    }
    current.done = true;
    if (error) {
      const description = params.get('error_description');
      current.settle({
        error: new AuthError(
          'AUTH_FAILED',
          `the authorization server refused the sign-in to "${options.serverName}": ${clip(error)}${description ? ` (${clip(description)})` : ''}`,
          { details: { oauthError: clip(error) } },
        ),
      });
      return page(
        response,
        400,
        'Sign-in not completed',
        `The authorization server answered "${error}"${description ? `: ${description}` : ''}. Return to the terminal.`,
      );
    }
    const code = params.get('code');
    if (!code) {
      current.settle({ error: new AuthError('AUTH_FAILED', `the browser came back without an authorization code for "${options.serverName}"`) });
      return page(response, 400, 'Sign-in not completed', 'The answer carried no authorization code. Return to the terminal.');
    }
    // The SDK compares `iss` with the authorization server's metadata before the code is exchanged (SEP-2468).
    const iss = params.get('iss');
    current.settle({ code, ...(iss !== null ? { iss } : {}) });
    return page(response, 200, 'Signed in', `mcpns is signed in to ${options.serverName}. You can close this tab and return to the terminal.`);
  }

  const port = await listen(server, options.port ?? 0).catch(async (error: NodeJS.ErrnoException) => {
    if (options.strictPort || !options.port) {
      throw new AuthError('AUTH_FAILED', `cannot listen on 127.0.0.1:${options.port ?? 0} for the sign-in redirect: ${error.code ?? error.message}`, {
        hint: options.strictPort ? 'another program uses the configured oauth.callbackPort; stop it or change the port' : undefined,
      });
    }
    return listen(server, 0);
  });
  const redirectUrl = `http://127.0.0.1:${port}${CALLBACK_PATH}`;
  return {
    redirectUrl,
    port,
    get ignored() {
      return ignored;
    },
    expect(state) {
      return new Promise<AuthorizationResponse>((resolve, reject) => {
        expectation = { state, done: false, settle: (result) => ('code' in result ? resolve(result) : reject(result.error)) };
      });
    },
    close: () =>
      new Promise<void>((resolve) => {
        if (expectation) expectation.done = true;
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

function listen(server: Server, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const onError = (error: Error): void => reject(error);
    server.once('error', onError);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', onError);
      const address = server.address();
      resolve(typeof address === 'object' && address ? address.port : port);
    });
  });
}

/** Server-provided text shown in the terminal or a page: bounded. */
function clip(text: string): string {
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
}

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] as string);

function page(response: ServerResponse, status: number, title: string, text: string): void {
  const body = `<!doctype html><html><head><meta charset="utf-8"><title>mcpns: ${escapeHtml(title)}</title></head><body style="font-family: sans-serif; margin: 3em"><h1>${escapeHtml(title)}</h1><p>${escapeHtml(clip(text))}</p></body></html>\n`;
  response.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    'referrer-policy': 'no-referrer',
    'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
    connection: 'close',
  });
  response.end(body);
}
