import { auth } from '@modelcontextprotocol/client';
import type { ServerSpec } from '../config/model.js';
import { Deadline, DeadlineError, InterruptedError } from '../discovery/deadline.js';
import { DiscoveryError } from '../discovery/errors.js';
import { DEFAULT_MAX_PAGES, listAllTools } from '../discovery/list-tools.js';
import { connectServer } from '../discovery/session.js';
import { DEFAULT_STDERR_LIMIT, StderrBuffer } from '../discovery/stderr-buffer.js';
import { redactUrl, registerSecret } from '../util/redact.js';
import { AuthorizationCodeProvider } from './authorization-code.js';
import { assertBrowsable } from './browser.js';
import { AuthError, usesStaticAuthorization } from '../discovery/auth-error.js';
import { startLoopbackListener, type AuthorizationResponse, type LoopbackListener } from './loopback.js';
import { createAuthResolver, describeAuthFailure, serverAuth } from './server-auth.js';
import { storeKey, type ClientKind, type TokenStore } from './store.js';
import { scopeUnion } from './stored-provider.js';

/** Authorizations one login may need: the first, and step-ups for more scope; then it stops with an error. */
export const MAX_AUTHORIZATIONS = 3;

export interface LoginOptions {
  store: TokenStore;
  /** How long to wait for the browser to come back (ms). */
  timeoutMs: number;
  /** Deadline of each connection attempt (initialize and tools/list), ms. */
  connectTimeoutMs: number;
  signal?: AbortSignal;
  /** The environment mcpns runs in (what a stdio server would inherit; unused by HTTP servers). */
  hostEnv?: Readonly<Record<string, string | undefined>>;
  /** Show the authorization URL and open the browser (the CLI decides how). Called once per authorization. */
  handOff(url: URL, info: { server: string; attempt: number }): void | Promise<void>;
  now?: () => Date;
}

export interface LoginResult {
  server: string;
  url: string;
  /** `signed-in`; `not-required` (the server answered without a sign-in); `client-credentials` (no sign-in: CI mode). */
  status: 'signed-in' | 'not-required' | 'client-credentials';
  issuer?: string;
  scopes?: string[];
  expiresAt?: string;
  client?: { kind: ClientKind; id: string };
  /** Tools the server listed with the new sign-in (the proof that it works). */
  tools?: number;
  /** Browser round trips this login needed (more than one: the server asked for more scope). */
  authorizations: number;
}

/**
 * Sign in to one HTTP server (authorization code + PKCE through the SDK), then prove it by listing its tools:
 * a loopback listener on 127.0.0.1 receives the browser's redirect, the code is exchanged with the SDK's `auth()`,
 * and a server asking for more scope (403 insufficient_scope) gets one more authorization with the union of scopes,
 * up to MAX_AUTHORIZATIONS. One login per server at a time (a lock in the token store).
 */
export async function login(spec: ServerSpec, options: LoginOptions): Promise<LoginResult> {
  if ((spec.transport !== 'http' && spec.transport !== 'sse') || !spec.url) {
    throw new AuthError('AUTH_FAILED', `"${spec.name}" is not an HTTP server; only remote (http/sse) servers sign in`);
  }
  const url = spec.url;
  if (usesStaticAuthorization(spec)) {
    throw new AuthError('AUTH_FAILED', `"${spec.name}" is configured with an Authorization header; OAuth sign-in is not used for it`, {
      hint: 'remove the header from the config to use OAuth instead',
    });
  }
  if (spec.oauth?.grantType === 'client_credentials') return verifyClientCredentials(spec, options);

  const release = options.store.lock(url, spec.name);
  let listener: LoopbackListener | undefined;
  try {
    const previous = options.store.read(url, spec.name);
    const configuredPort = spec.oauth?.callbackPort;
    listener = await startLoopbackListener({
      serverName: spec.name,
      ...(configuredPort !== undefined ? { port: configuredPort, strictPort: true } : previous?.redirectUri ? { port: portOf(previous.redirectUri) } : {}),
    });
    const callbackListener = listener;
    let pending: Promise<AuthorizationResponse> | undefined;
    let authorizations = 0;
    const provider = new AuthorizationCodeProvider({
      server: { name: spec.name, url },
      settings: spec.oauth ?? {},
      store: options.store,
      mode: 'interactive',
      // Nothing of an unfinished sign-in is kept: written once the listing proved it (commit below).
      staged: true,
      redirectUrl: listener.redirectUrl,
      ...(options.now ? { now: options.now } : {}),
      onAuthorizationUrl: async (authorizationUrl, state) => {
        assertBrowsable(authorizationUrl.href);
        if (authorizations >= MAX_AUTHORIZATIONS) {
          const wanted = [...provider.stepUpScopes].join(' ');
          throw new AuthError(
            'AUTH_FAILED',
            `"${spec.name}" still asks for more access after ${MAX_AUTHORIZATIONS} sign-ins${wanted ? ` (scope ${wanted})` : ''}; stopping`,
            {
              hint: 'the account may not be allowed that scope; ask the server owner',
            },
          );
        }
        pending = callbackListener.expect(state);
        // A refusal arriving while the caller still unwinds must not be an unhandled rejection.
        pending.catch(() => {});
        await options.handOff(authorizationUrl, { server: spec.name, attempt: authorizations + 1 });
      },
    });
    for (;;) {
      const attempt = serverAuth(spec, provider);
      const stderr = new StderrBuffer(DEFAULT_STDERR_LIMIT);
      const deadline = new Deadline(options.connectTimeoutMs, options.signal);
      try {
        const live = await connectServer(spec, deadline, stderr, { hostEnv: options.hostEnv, auth: () => attempt });
        try {
          const listing = await deadline.race(listAllTools(live.client, { maxPages: DEFAULT_MAX_PAGES, timeoutMs: () => deadline.remaining() }));
          await live.close();
          provider.commit();
          return result(spec, options.store, authorizations, listing.tools.length);
        } catch (error) {
          await live.kill();
          throw live.explainError(error);
        }
      } catch (error) {
        const handedOff = provider.takeHandedOff();
        if (!handedOff || !pending) throw asLoginError(spec, error);
        authorizations++;
        const answer = await waitFor(pending, options.timeoutMs, spec.name, options.signal, () => callbackListener.ignored);
        pending = undefined;
        registerSecret(answer.code);
        await exchange(spec, provider, attempt, answer, options);
        // That flow is done: a server that still refuses is asked again where its authorization server is now (it may
        // have moved to another one, SEP-2352), instead of sending the next sign-in to the old one.
        provider.invalidateCredentials('discovery');
      } finally {
        deadline.dispose();
      }
    }
  } finally {
    await listener?.close();
    release();
  }
}

/**
 * The SDK's `auth()` with the code: discovery again, then the token endpoint with the client's auth method. Bounded
 * like every other request: each answer capped (MAX_OAUTH_RESPONSE_BYTES), the whole exchange within the connection
 * deadline, and Ctrl-C/SIGTERM (the signal) aborts it at once.
 */
async function exchange(
  spec: ServerSpec,
  provider: AuthorizationCodeProvider,
  attempt: ReturnType<typeof serverAuth>,
  answer: AuthorizationResponse,
  options: Pick<LoginOptions, 'connectTimeoutMs' | 'signal'>,
): Promise<void> {
  const deadline = new Deadline(options.connectTimeoutMs, options.signal);
  const requests = new AbortController();
  deadline.onExpire((reason) => requests.abort(reason));
  try {
    await deadline.race(
      auth(provider, {
        serverUrl: spec.url as string,
        authorizationCode: answer.code,
        // The SDK checks it against the authorization server's metadata before the code is redeemed (SEP-2468).
        ...(answer.iss !== undefined ? { iss: answer.iss } : {}),
        ...(attempt.challenge.resourceMetadataUrl ? { resourceMetadataUrl: attempt.challenge.resourceMetadataUrl } : {}),
        ...(attempt.challenge.scope ? { scope: attempt.challenge.scope } : {}),
        fetchFn: attempt.wrapFetch(fetch, { signal: requests.signal }),
      }),
    );
  } catch (error) {
    if (error instanceof AuthError) throw error;
    if (deadline.error instanceof InterruptedError) throw new AuthError('AUTH_FAILED', `the sign-in to "${spec.name}" was interrupted`);
    if (deadline.error instanceof DeadlineError) {
      throw new AuthError(
        'AUTH_FAILED',
        `the authorization server did not complete the code exchange of "${spec.name}" within ${Math.round(options.connectTimeoutMs / 1000)} s; stopped`,
        { hint: 'the authorization server is not answering; try again later' },
      );
    }
    const explained = attempt.explain(error);
    if (explained instanceof AuthError) throw explained;
    throw new AuthError('AUTH_FAILED', `exchanging the authorization code of "${spec.name}" failed: ${describeAuthFailure(error, undefined)}`, {
      cause: error,
    });
  } finally {
    deadline.dispose();
  }
}

/** Wait for the browser, bounded by `timeoutMs`; Ctrl-C (the signal) ends the wait at once. */
function waitFor(
  pending: Promise<AuthorizationResponse>,
  timeoutMs: number,
  server: string,
  signal: AbortSignal | undefined,
  ignored: () => number,
): Promise<AuthorizationResponse> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      cleanup();
      const forged = ignored();
      const note = forged ? ` (${forged} answer${forged === 1 ? '' : 's'} with another "state" than mcpns sent ${forged === 1 ? 'was' : 'were'} ignored)` : '';
      reject(
        new AuthError(
          'AUTH_FAILED',
          `no answer from the browser within ${Math.round(timeoutMs / 1000)} s; the sign-in to "${server}" was not completed${note}`,
          {
            hint: 'run the login again (--timeout <ms> waits longer)',
          },
        ),
      );
    }, timeoutMs);
    const onAbort = (): void => {
      cleanup();
      reject(new AuthError('AUTH_FAILED', `the sign-in to "${server}" was interrupted`));
    };
    const cleanup = (): void => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    };
    if (signal?.aborted) return onAbort();
    signal?.addEventListener('abort', onAbort, { once: true });
    pending.then(
      (answer) => {
        cleanup();
        resolve(answer);
      },
      (error: unknown) => {
        cleanup();
        reject(error as Error);
      },
    );
  });
}

/** A failure of the connection itself (not a sign-in to wait for) as the error a login reports. */
function asLoginError(spec: ServerSpec, error: unknown): Error {
  const cause = error instanceof DiscoveryError ? error.cause : error;
  if (cause instanceof AuthError) return cause;
  if (error instanceof AuthError) return error;
  const message = error instanceof Error ? error.message : String(error);
  return new AuthError('AUTH_FAILED', `cannot sign in to "${spec.name}": ${message}`, { cause: error });
}

function result(spec: ServerSpec, store: TokenStore, authorizations: number, tools: number): LoginResult {
  const url = redactUrl(spec.url as string);
  if (authorizations === 0) return { server: spec.name, url, status: 'not-required', tools, authorizations };
  const record = store.read(spec.url as string, spec.name);
  return {
    server: spec.name,
    url,
    status: 'signed-in',
    ...(record?.issuer ? { issuer: record.issuer } : {}),
    scopes: scopeUnion(record?.tokens?.scope),
    ...(record?.expiresAt ? { expiresAt: record.expiresAt } : {}),
    ...(record?.client ? { client: { kind: record.client.kind, id: record.client.information.client_id } } : {}),
    tools,
    authorizations,
  };
}

/** client_credentials needs no sign-in: get a token and list the tools, so `auth login` still proves the setup works. */
async function verifyClientCredentials(spec: ServerSpec, options: LoginOptions): Promise<LoginResult> {
  const resolver = createAuthResolver({ store: options.store, ...(options.now ? { now: options.now } : {}) });
  const deadline = new Deadline(options.connectTimeoutMs, options.signal);
  try {
    const live = await connectServer(spec, deadline, new StderrBuffer(DEFAULT_STDERR_LIMIT), { hostEnv: options.hostEnv, auth: resolver }).catch(
      (error: unknown) => {
        throw asLoginError(spec, error);
      },
    );
    let tools: number;
    try {
      tools = (await deadline.race(listAllTools(live.client, { timeoutMs: () => deadline.remaining() }))).tools.length;
      await live.close();
    } catch (error) {
      await live.kill();
      throw asLoginError(spec, live.explainError(error));
    }
    const record = options.store.read(storeKey(spec), spec.name);
    return {
      server: spec.name,
      url: redactUrl(spec.url as string),
      status: 'client-credentials',
      ...(record?.issuer ? { issuer: record.issuer } : {}),
      scopes: scopeUnion(record?.tokens?.scope),
      ...(record?.expiresAt ? { expiresAt: record.expiresAt } : {}),
      ...(spec.oauth?.clientId ? { client: { kind: 'client-credentials' as const, id: spec.oauth.clientId } } : {}),
      tools,
      authorizations: 0,
    };
  } finally {
    deadline.dispose();
  }
}

function portOf(uri: string): number | undefined {
  try {
    const port = Number(new URL(uri).port);
    return Number.isInteger(port) && port > 0 ? port : undefined;
  } catch {
    return undefined;
  }
}
