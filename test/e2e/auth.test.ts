/**
 * `mcpns auth` end to end, against the OAuth fixture, with a headless BROWSER script (fixtures/browser/headless.js:
 * fetches the URL and follows the redirects, like a user who clicks "allow"; it logs every URL it visits, so a test can
 * tell that no browser was opened). The main flows (before sign-in, sign-in to sign-out, Ctrl-C) run the built bin;
 * the variants of client identity, failures and CI credentials run the same `main()` in-process (`cli`), which spares
 * a node start-up per command.
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBin, runCli, type CliResult } from '../helpers/cli.js';
import { waitUntil } from '../helpers/assertions.js';
import { fixtureEntry } from '../helpers/config.js';
import { REPO_ROOT, startHttpFixture, type HttpFixture } from '../helpers/fixtures.js';
import { HEADLESS_BROWSER, startOAuthFixture, type OAuthFixture } from '../helpers/oauth.js';
import { makeTempDir } from '../helpers/temp.js';
import { TokenStore } from '../../src/auth/store.js';

const running: OAuthFixture[] = [];
/** The server beside `s` in every project: the calculator over HTTP, started once for the file. */
let calculator: HttpFixture;
beforeAll(async () => {
  calculator = await startHttpFixture('calculator', ['--http', '0']);
});
afterAll(async () => {
  await Promise.all([...running.map((fixture) => fixture.stop()), calculator?.stop()]);
});

interface Setup {
  server: OAuthFixture;
  dir: string;
  stateDir: string;
  browserLog: string;
  /** The built bin. */
  run(args: string[], env?: Record<string, string>): Promise<CliResult>;
  /** In-process (runCli). */
  cli(args: string[], env?: Record<string, string>): Promise<CliResult>;
}

/**
 * A project with the OAuth server `s` plus the calculator (over HTTP, shared by the file) and `extraServers`, its own
 * state directory and browser log.
 */
async function setup(fixtureArgs: string[] = [], oauth?: Record<string, unknown>, extraServers: Record<string, unknown> = {}): Promise<Setup> {
  const server = await startOAuthFixture(fixtureArgs);
  running.push(server);
  const dir = makeTempDir();
  const stateDir = join(dir, 'state');
  const browserLog = join(dir, 'browser.log');
  const servers = {
    s: { type: 'http', url: server.url, ...(oauth ? { oauth } : {}) },
    calculator: { type: 'http', url: `${calculator.origin}/mcp` },
    ...extraServers,
  };
  writeFileSync(join(dir, 'mcpns.config.json'), JSON.stringify({ servers }, null, 2));
  const env = { MCPNS_STATE_DIR: stateDir, BROWSER: HEADLESS_BROWSER, HEADLESS_BROWSER_LOG: browserLog };
  return {
    server,
    dir,
    stateDir,
    browserLog,
    run: (args, extra = {}) => runBin(args, { cwd: dir, env: { ...env, ...extra } }),
    cli: (args, extra = {}) => runCli(args, { cwd: dir, env: { ...env, ...extra } }),
  };
}

const json = (result: CliResult): any => JSON.parse(result.stdout);

const errorLine = (result: CliResult): any =>
  JSON.parse(
    result.stderr
      .trim()
      .split('\n')
      .find((line) => line.includes('"error"')) ?? '{}',
  ).error;

describe('before sign-in', () => {
  it('list and call --execute fail that server with AUTH_REQUIRED and the login hint, open no browser; the others still list', async () => {
    const { run, browserLog } = await setup();
    const list = await run(['list', '--json']);
    expect(list.code).toBe(1);
    const servers = Object.fromEntries(json(list).servers.map((server: any) => [server.name, server]));
    expect(servers['calculator'].status).toBe('ok');
    expect(servers['s'].error).toEqual({
      code: 'AUTH_REQUIRED',
      message: 'not signed in to "s": the server requires OAuth sign-in',
      hint: 'sign in with: mcpns auth login s',
    });
    const text = await run(['list']);
    expect(text.stdout).toContain('3 tools from 1 of 2 servers; 1 failed: s\n');
    expect(text.stderr).toContain(
      'mcpns: warning: server "s" failed: AUTH_REQUIRED: not signed in to "s": the server requires OAuth sign-in (sign in with: mcpns auth login s)',
    );

    const call = await run(['call', 's/echo', 'text=hi', '--execute', '--yes', '--json']);
    expect(call.code).toBe(2);
    expect(errorLine(call)).toMatchObject({ code: 'AUTH_REQUIRED', hint: 'sign in with: mcpns auth login s', server: 's', reason: 'AUTH_REQUIRED' });

    const check = await run(['check', '--format', 'json']);
    expect(check.code).toBe(1);
    expect(json(check).findings.filter((finding: any) => finding.server === 's')).toMatchObject([
      { code: 'SERVER_AUTH_REQUIRED', hint: 'sign in with: mcpns auth login s' },
    ]);
    expect(existsSync(browserLog)).toBe(false);
  }, 240_000); // four runs of the bin and the OAuth fixture's start: over 30 s at load 12–17 on 2 cores
});

describe('auth login with a headless BROWSER', () => {
  // Eight runs of the bin one after another: on a loaded 2-core machine they need more than the default 30 s.
  it('signs in (dynamic registration); then list, call --execute and status work without a browser; logout brings AUTH_REQUIRED back', async () => {
    const { run, server, stateDir, browserLog } = await setup();
    const login = await run(['auth', 'login', 's']);
    expect(login.code, login.stderr).toBe(0);
    const { issuer } = await server.state();
    expect(login.stdout).toMatch(new RegExp(`^signed in to s: issuer ${issuer.replace(/[.]/g, '\\.')}, scopes mcp:read mcp:write, expires \\S+, 2 tools\\n$`));
    expect(login.stderr).toContain('mcpns: open this URL to sign in to "s" (opening your browser):\n  http://127.0.0.1:');
    const visited = readFileSync(browserLog, 'utf8').trim().split('\n');
    expect(visited[0]).toMatch(/\/authorize\?response_type=code&client_id=/);
    // Logged before the browser fetched it, so before mcpns got the code: the redirect went to the loopback listener.
    expect(visited[1]).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback\?code=[^&]+&state=/);
    // The page the browser then shows (it may finish a moment after mcpns).
    const page = await waitUntil(
      () =>
        readFileSync(browserLog, 'utf8')
          .split('\n')
          .find((line) => line.startsWith('page ')),
      'the browser did not log the page it was shown',
    );
    expect(page).toMatch(/^page 200 .*<h1>Signed in<\/h1><p>mcpns is signed in to s\. You can close this tab and return to the terminal\.<\/p>/);

    const list = await run(['list', '--json']);
    expect(list.code).toBe(0);
    expect(json(list).tools.map((tool: any) => tool.qualifiedName)).toEqual([
      'calculator/add',
      'calculator/multiply',
      'calculator/subtract',
      's/admin_reset',
      's/echo',
    ]);
    const call = await run(['call', 's/echo', 'text=hello', '--execute', '--yes', '--json']);
    expect(call.code, call.stderr).toBe(0);
    expect(json(call).result.content).toEqual([{ type: 'text', text: 'hello' }]);
    // A tool that needs more scope: AUTH_REQUIRED naming it, no browser; the next login asks for it.
    const stepUp = await run(['call', 's/admin_reset', '--execute', '--yes', '--json']);
    expect(stepUp.code).toBe(2);
    expect(errorLine(stepUp)).toMatchObject({
      code: 'AUTH_REQUIRED',
      message: '"s" asks for more access (scope mcp:admin) than the sign-in granted (mcp:read mcp:write)',
      hint: 'sign in with: mcpns auth login s',
    });

    const status = await run(['auth', 'status', '--json']);
    expect(status.code).toBe(0);
    const [entry] = json(status).servers;
    expect(entry).toMatchObject({
      server: 's',
      auth: 'oauth',
      needsSignIn: true,
      signedIn: true,
      issuer,
      scopes: ['mcp:read', 'mcp:write'],
      expired: false,
      refreshable: true,
    });
    expect(Date.parse(entry.expiresAt)).toBeGreaterThan(Date.now());
    for (const secret of (await server.state()).secrets) {
      expect(status.stdout).not.toContain(secret);
      expect(login.stdout + login.stderr).not.toContain(secret);
    }
    // The token lasts an hour from the login; on a loaded machine the runs since then can take more than 30 s, which
    // the rounded minutes then show as 59.
    const human = await run(['auth', 'status']);
    expect(human.stdout).toMatch(
      /^SERVER +AUTH +SIGNED IN +ISSUER +SCOPES +EXPIRES +NOTES\ns +oauth +yes +http:\/\/127\.0\.0\.1:\d+\/ +mcp:read mcp:write \+mcp:admin +\S+ \(in (59|60) min\) +dynamic client /,
    );

    // Token files: 0600 in a 0700 directory under the state directory.
    const store = join(stateDir, 'oauth');
    expect(statSync(store).mode & 0o777).toBe(0o700);
    const files = readdirSync(store);
    expect(files).toHaveLength(1);
    expect(statSync(join(store, files[0]!)).mode & 0o777).toBe(0o600);

    const logout = await run(['auth', 'logout', 's']);
    expect([logout.code, logout.stdout]).toEqual([0, 'forgot the sign-in of s\n']);
    const after = await run(['list', '--json']);
    expect(after.code).toBe(1);
    expect(json(after).servers.find((server: any) => server.name === 's').error).toMatchObject({
      code: 'AUTH_REQUIRED',
      hint: 'sign in with: mcpns auth login s',
    });
  }, 240_000);

  it.each([
    ['dynamic registration, client_secret_basic', ['--auth-methods', 'client_secret_basic'], undefined, 'client_secret_basic', 'dynamic'],
    ['dynamic registration, client_secret_post', ['--auth-methods', 'client_secret_post'], undefined, 'client_secret_post', 'dynamic'],
    [
      'a pre-registered client, client_secret_basic',
      ['--dcr', 'off', '--client', 'pre:pre-secret', '--auth-methods', 'client_secret_basic'],
      { clientId: 'pre', clientSecret: 'pre-secret' },
      'client_secret_basic',
      'pre-registered',
    ],
    [
      'a pre-registered client, client_secret_post',
      ['--dcr', 'off', '--client', 'pre:pre-secret', '--auth-methods', 'client_secret_post'],
      { clientId: 'pre', clientSecret: 'pre-secret' },
      'client_secret_post',
      'pre-registered',
    ],
    ['a pre-registered public client (none)', ['--dcr', 'off', '--client', 'pub'], { clientId: 'pub' }, 'none', 'pre-registered'],
    ['a Client ID Metadata Document', ['--dcr', 'off', '--cimd'], { clientMetadataUrl: 'https://client.example.com/mcpns.json' }, 'none', 'metadata-document'],
  ] as const)('%s: login, list and call --execute', async (_label, fixtureArgs, oauth, method, kind) => {
    const { cli, server } = await setup([...fixtureArgs], oauth);
    const login = await cli(['auth', 'login', 's', '--json']);
    expect(login.code, login.stderr).toBe(0);
    expect(json(login).servers).toMatchObject([{ server: 's', status: 'signed-in', client: { kind } }]);
    expect((await server.state()).tokenRequests.map((request) => request.method)).toEqual([method]);
    expect((await cli(['list'])).code).toBe(0);
    const call = await cli(['call', 's/echo', 'text=ok', '--execute', '--yes']);
    expect(call.code, call.stderr).toBe(0);
    expect(call.stdout).toContain('result of s/echo:\nok\n');
  });

  it('--no-browser prints the URL only; --timeout bounds the wait with a clear error', async () => {
    const { cli, browserLog } = await setup();
    const result = await cli(['auth', 'login', 's', '--no-browser', '--timeout', '400']);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/mcpns: open this URL to sign in to "s":\n {2}http:\/\/127\.0\.0\.1:\d+\/authorize\?/);
    expect(result.stderr).toContain(
      'mcpns: error: no answer from the browser within 0 s; the sign-in to "s" was not completed\n  hint: run the login again (--timeout <ms> waits longer)',
    );
    expect(existsSync(browserLog)).toBe(false);
  });

  it('a denied consent, a state mismatch and a non-HTTP server fail with exit 1, the other servers in the same login still sign in', async () => {
    const denied = await setup(['--deny']);
    const deny = await denied.cli(['auth', 'login', 's', '--json']);
    expect(deny.code).toBe(1);
    expect(json(deny).servers[0]).toMatchObject({
      status: 'failed',
      error: { code: 'AUTH_FAILED', message: 'the authorization server refused the sign-in to "s": access_denied (The user refused access)' },
    });
    const tampered = await setup(['--wrong-state'], undefined, { local: fixtureEntry('calculator') });
    const state = await tampered.cli(['auth', 'login', 'local', 's', '--timeout', '1500']);
    expect(state.code).toBe(1);
    expect(state.stderr).toContain('mcpns: error: "local" is not an HTTP server; only remote (http/sse) servers sign in');
    expect(state.stderr).toContain(
      'mcpns: error: no answer from the browser within 2 s; the sign-in to "s" was not completed (1 answer with another "state" than mcpns sent was ignored)',
    );
    const unknown = await tampered.cli(['auth', 'login', 'nope']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('unknown server "nope"');
  });

  it('Ctrl-C while waiting for the browser: exit 130, the listener and the lock are gone; a second login meanwhile is refused', async () => {
    const { dir, stateDir } = await setup();
    const child = spawn(process.execPath, [join(REPO_ROOT, 'bin', 'mcpns.js'), 'auth', 'login', 's', '--no-browser'], {
      cwd: dir,
      env: { ...process.env, MCPNS_STATE_DIR: stateDir, NO_COLOR: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.stdout.resume();
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    await waitUntil(() => /authorize\?/.test(stderr), 'the first login did not print its authorization URL');
    const redirect = decodeURIComponent(/redirect_uri=([^&\s]+)/.exec(stderr)?.[1] ?? '');
    expect(redirect).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback$/);

    const second = await runBin(['auth', 'login', 's', '--no-browser'], { cwd: dir, env: { MCPNS_STATE_DIR: stateDir } });
    expect(second.code).toBe(1);
    expect(second.stderr).toMatch(/mcpns: error: another sign-in to "s" is in progress \(process \d+\)/);

    child.kill('SIGINT');
    expect(await exited).toBe(130);
    // Nothing of the unfinished sign-in: no lock, and no token file with its registration, issuer or redirect URI.
    expect(readdirSync(join(stateDir, 'oauth'))).toEqual([]);
    await expect(fetch(redirect)).rejects.toThrow();
  });

  it('SIGTERM while the token endpoint never answers: exit 143 at the first signal', async () => {
    const { dir, stateDir, server } = await setup(['--token-endpoint', 'hang']);
    const child = spawn(process.execPath, [join(REPO_ROOT, 'bin', 'mcpns.js'), 'auth', 'login', 's'], {
      cwd: dir,
      env: { ...process.env, MCPNS_STATE_DIR: stateDir, BROWSER: HEADLESS_BROWSER, NO_COLOR: '1' },
      stdio: ['ignore', 'ignore', 'ignore'],
    });
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    await waitUntil(async () => (await server.state()).tokenRequests.length > 0, 'the token request did not reach the authorization server');
    child.kill('SIGTERM');
    expect(await exited).toBe(143);
    expect(readdirSync(join(stateDir, 'oauth'))).toEqual([]);
  });
});

describe('secrets a token endpoint echoes back, in any encoding mcpns sent them in', () => {
  /** Each case its own secret: secrets learned in one in-process run are redacted in every later one. */
  const secretFor = (label: string): string => `s3cr3t ${label}+/=&!'()*~`;
  const encodings = (id: string, secret: string): string[] => {
    const form = (text: string): string => new URLSearchParams({ v: text }).toString().slice(2);
    return [
      secret,
      encodeURIComponent(secret),
      form(secret),
      Buffer.from(`${id}:${secret}`).toString('base64'),
      Buffer.from(`${form(id)}:${form(secret)}`).toString('base64'),
    ];
  };

  it.each([
    ['client credentials, client_secret_basic', 'client_secret_basic', 'client_credentials', 'Basic ***'],
    ['client credentials, client_secret_post', 'client_secret_post', 'client_credentials', 'client_secret=***'],
    ['sign-in with a configured client, client_secret_basic', 'client_secret_basic', 'authorization_code', 'Basic ***'],
    ['sign-in with a configured client, client_secret_post', 'client_secret_post', 'authorization_code', 'client_secret=***'],
  ] as const)('%s', async (label, method, grant, shown) => {
    const secret = secretFor(label.replace(/\W+/g, '-'));
    const { cli } = await setup(['--dcr', 'off', '--client', `ci:${secret}`, '--auth-methods', method, '--token-endpoint', 'echo'], {
      ...(grant === 'client_credentials' ? { grantType: 'client_credentials' } : {}),
      clientId: 'ci',
      clientSecret: '${CI_SECRET}',
    });
    const runs =
      grant === 'client_credentials'
        ? [['list'], ['list', '--json', '-v'], ['auth', 'login', 's', '--json']]
        : [
            ['auth', 'login', 's'],
            ['auth', 'login', 's', '--json', '-v'],
          ];
    for (const argv of runs) {
      const result = await cli(argv, { CI_SECRET: secret });
      const output = result.stdout + result.stderr;
      // The echo reached the output (else this test proves nothing), redacted.
      expect(output, argv.join(' ')).toContain(shown);
      for (const encoded of encodings('ci', secret)) expect(output, `${argv.join(' ')}: ${encoded}`).not.toContain(encoded);
    }
  });
});

describe('the SDK\'s own warnings (console.warn "[mcp-sdk] …") go through mcpns\'s stderr', () => {
  it('a refresh refused by a token endpoint echoing the request: the refresh token never printed, the warning only under -v', async () => {
    const { run, server, stateDir } = await setup();
    expect((await run(['auth', 'login', 's'])).code).toBe(0);
    const refreshToken = new TokenStore(stateDir).read(server.url, 's')?.tokens?.refresh_token;
    expect(refreshToken, 'the sign-in stored a refresh token').toBeTruthy();
    await server.control('expire-access-tokens');
    await server.control('set', { tokenEndpoint: 'echo' });
    // The built bin: the SDK's console.warn would reach the real stderr there.
    const list = await run(['list']);
    expect(list.stderr).toContain('server "s" failed: AUTH_REQUIRED');
    expect(list.stderr).not.toContain('[mcp-sdk]');
    expect(list.stderr).not.toContain(refreshToken);
    const verbose = await run(['list', '-v']);
    expect(verbose.stderr).toContain('MCP SDK: Could not refresh OAuth tokens');
    expect(verbose.stderr).toContain('refresh_token=***');
    expect(verbose.stdout + verbose.stderr).not.toContain(refreshToken);
  });
});

describe('the token store holds regular files only', () => {
  it.each([
    ['a FIFO', (file: string) => execFileSync('mkfifo', [file])],
    ['a symlink to /dev/zero', (file: string) => symlinkSync('/dev/zero', file)],
  ])('%s at the token file: list reports it for that server and finishes (no hang, no unbounded read)', async (_label, plant) => {
    const { run, stateDir, server } = await setup();
    mkdirSync(join(stateDir, 'oauth'), { recursive: true, mode: 0o700 });
    const file = new TokenStore(stateDir).fileFor(server.url);
    plant(file);
    const list = await run(['list', '--json'], {});
    expect(list.code).toBe(1);
    expect(json(list).servers.find((entry: any) => entry.name === 's').error).toEqual({
      code: 'AUTH_REQUIRED',
      message: `token file ${file} is not an mcpns token file (not a regular file)`,
      hint: 'remove it with: mcpns auth logout s',
    });
    const status = await run(['auth', 'status', '--offline', '--json']);
    expect(json(status).servers[0].error.message).toBe(`token file ${file} is not an mcpns token file (not a regular file)`);
    expect((await run(['auth', 'logout', 's'])).code).toBe(0);
    expect(readdirSync(join(stateDir, 'oauth'))).toEqual([]);
  });
});

describe('CI: client credentials, no login, no browser', () => {
  it('with a client secret', async () => {
    const { cli, browserLog } = await setup(['--dcr', 'off', '--client', 'ci:ci-secret'], {
      grantType: 'client_credentials',
      clientId: 'ci',
      clientSecret: '${CI_SECRET}',
    });
    const list = await cli(['list', '--json'], { CI_SECRET: 'ci-secret' });
    expect(list.code, list.stderr).toBe(0);
    expect(json(list).servers.find((server: any) => server.name === 's')).toMatchObject({ status: 'ok', toolCount: 2 });
    expect(existsSync(browserLog)).toBe(false);
  });

  it('with private_key_jwt', async () => {
    const keys = generateKeyPairSync('rsa', {
      modulusLength: 2048,
      publicKeyEncoding: { type: 'spki', format: 'pem' },
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    });
    const keyDir = makeTempDir();
    writeFileSync(join(keyDir, 'public.pem'), keys.publicKey);
    writeFileSync(join(keyDir, 'private.pem'), keys.privateKey, { mode: 0o600 });
    const { cli, server } = await setup(['--dcr', 'off', '--jwt-client', `ci-jwt=${join(keyDir, 'public.pem')}`, '--auth-methods', 'private_key_jwt'], {
      grantType: 'client_credentials',
      clientId: 'ci-jwt',
      privateKeyFile: join(keyDir, 'private.pem'),
      signingAlgorithm: 'RS256',
    });
    const list = await cli(['list', '--json']);
    expect(list.code, list.stderr).toBe(0);
    expect((await server.state()).tokenRequests).toMatchObject([{ grant_type: 'client_credentials', method: 'private_key_jwt' }]);
    const status = await cli(['auth', 'status', '--json']);
    expect(json(status).servers[0]).toMatchObject({ server: 's', auth: 'client-credentials', needsSignIn: false, signedIn: true });
  });
});
