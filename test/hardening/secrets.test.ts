/**
 * Secrets: one config holds a sentinel secret in env values (plain, embedded in a longer value and `${VAR}`-expanded),
 * header values (Authorization: Bearer …, a custom header) and URLs (password, query token), over real fixture
 * servers: a stdio server that echoes its env into its tool list and stderr, a crashing server that prints its env, an
 * HTTP server that requires the sentinel as its bearer token, the calculator over HTTP, and an HTTP entry on a closed
 * port (error messages). Every command and format runs against it; the sentinel, or any 6-character piece of it, must
 * appear nowhere in stdout, stderr or written files.
 *
 * Server start-ups are shared: the HTTP servers start once for the whole file; only the servers whose environment
 * comes from the config (the echoing and the crashing one) start per command, as they must.
 */
import { generateKeyPairSync } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBin, runCli, type CliResult } from '../helpers/cli.js';
import { fixtureEntry, writeTempConfig, type TempConfig } from '../helpers/config.js';
import { startHttpFixture, type HttpFixture } from '../helpers/fixtures.js';
import { HEADLESS_BROWSER, startOAuthFixture, type OAuthFixture } from '../helpers/oauth.js';
import { makeTempDir } from '../helpers/temp.js';
import { acquireCatalog } from '../../src/source/acquire.js';
import { loadConfig } from '../../src/config/load.js';
import { liveSource } from '../../src/source/live-source.js';

const SENTINEL = 'SENTINEL-7f3a9c-SECRET';
const EXPANDED = 'EXPANDED-5d1e8b-SECRET';
/** Every piece of either secret that would identify it: a truncated table cell must not leak a prefix. */
const PIECES = [SENTINEL, EXPANDED, '7f3a9c', '5d1e8b', 'SENTINEL-7f', 'EXPANDED-5d'];

function expectNoSecret(label: string, text: string): void {
  for (const piece of PIECES) {
    const at = text.indexOf(piece);
    expect(at, `${label} leaks "${piece}": …${text.slice(Math.max(0, at - 80), at + 80)}…`).toBe(-1);
  }
}

function expectClean(label: string, result: CliResult): void {
  expectNoSecret(`${label} (stdout)`, result.stdout);
  expectNoSecret(`${label} (stderr)`, result.stderr);
  expect(result.stderr, label).not.toContain('internal error');
}

async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return typeof address === 'object' && address ? address.port : 9;
}

let http: HttpFixture;
/** The calculator over HTTP, shared by every run of both describes (it holds no secret of its own). */
let calculator: HttpFixture;
let temp: TempConfig;
/** The live catalog exactly as the servers sent it (secrets included), discovered once and shared by the offline runs. */
let rawCatalog: string;
const env = { CUSTOM_SECRET: EXPANDED };
const run = (argv: string[]): Promise<CliResult> => runCli(argv, { cwd: temp.dir, env });

beforeAll(async () => {
  [http, calculator] = await Promise.all([
    startHttpFixture('http-server', ['--mode', 'auth'], { HTTP_TOKEN: SENTINEL }),
    startHttpFixture('calculator', ['--http', '0']),
  ]);
  const refusedPort = await closedPort();
  temp = writeTempConfig({
    servers: {
      calculator: { type: 'http', url: `${calculator.origin}/mcp` },
      echo: fixtureEntry('env-echo', { env: { ECHO_VAR: SENTINEL, EXPANDED_TOO: '${CUSTOM_SECRET}', API_KEY: SENTINEL, OTHER: `prefix ${SENTINEL} suffix` } }),
      crashy: { command: 'sh', args: ['-c', 'echo "starting with $API_KEY and $TOKEN2" >&2; exit 3'], env: { API_KEY: SENTINEL, TOKEN2: '${CUSTOM_SECRET}' } },
      remote: {
        type: 'http',
        url: `${http.origin}/mcp?api_key=${SENTINEL}`,
        headers: { Authorization: `Bearer ${SENTINEL}`, 'X-Api-Key': SENTINEL, 'X-Custom': '${CUSTOM_SECRET}' },
      },
      refused: {
        type: 'http',
        url: `http://deploy:${SENTINEL}@127.0.0.1:${refusedPort}/mcp?access_token=${SENTINEL}`,
        headers: { Authorization: `Bearer ${EXPANDED}` },
      },
      // A typo makes the URL unparseable; its password and query token must still be masked.
      typo: { type: 'http', url: `http://deploy:${SENTINEL}@exa mple.invalid/mcp?token=${EXPANDED}` },
    },
    routes: [
      {
        name: 'add-two-numbers',
        pattern: 'what is (?<a>\\d+) plus (?<b>\\d+)',
        tool: 'calculator/add',
        arguments: { a: '${a}', b: '${b}' },
      },
    ],
  });
  writeFileSync(
    join(temp.dir, 'plan.json'),
    JSON.stringify({
      route: 'PLAN',
      confidence: 0.9,
      tool_calls: [
        { tool: 'calculator/add', arguments: { a: 1, b: 2 } },
        { tool: 'echo/leak', arguments: { text: 'hi' } },
      ],
      explain: 'x',
    }),
  );
  // Discovered once, unredacted: the offline runs below must redact a catalog file's secrets themselves.
  const config = loadConfig({ cwd: temp.dir, env: { ...process.env, ...env }, home: temp.dir });
  const { catalog } = await acquireCatalog(liveSource(config.servers, { cwd: temp.dir }), {
    discovery: { timeoutMs: 10_000, concurrency: 8 },
    now: new Date(),
  });
  rawCatalog = join(makeTempDir(), 'raw-catalog.json');
  writeFileSync(rawCatalog, JSON.stringify(catalog));
});

afterAll(async () => {
  await Promise.all([http?.stop(), calculator?.stop()]);
  temp?.cleanup();
});

describe('secrets never reach stdout or stderr', () => {
  it('the setup really exercises the secrets: the HTTP server accepts only the sentinel token and the echo server echoes it', async () => {
    const result = await run(['list', '--json']);
    expectClean('list --json', result);
    const catalog = JSON.parse(result.stdout) as {
      servers: Array<{ name: string; status: string; error?: { code: string } }>;
      tools: Array<{ server: string; name: string; description?: string }>;
    };
    const status = Object.fromEntries(catalog.servers.map((server) => [server.name, server.error?.code ?? server.status]));
    expect(status).toMatchObject({ calculator: 'ok', echo: 'ok', remote: 'ok', crashy: expect.any(String), refused: expect.any(String) });
    expect(status['crashy']).not.toBe('ok');
    expect(status['refused']).not.toBe('ok');
    // The description was redacted, not dropped.
    expect(catalog.tools.find((tool) => tool.server === 'echo')?.description).toContain('token=***');
    expect(result.code).toBe(1);
  });

  it('servers: text, --json, --verbose', async () => {
    for (const extra of [[], ['--json'], ['--verbose']]) expectClean(`servers ${extra.join(' ')}`, await run(['servers', ...extra]));
  });

  it('list: text, --verbose, --all, --json --all, --preset', async () => {
    for (const extra of [[], ['--verbose'], ['--all'], ['--json', '--all'], ['--preset', 'claude-code,openai']]) {
      expectClean(`list ${extra.join(' ')}`, await run(['list', ...extra]));
    }
  });

  it('the shared raw catalog really holds the secrets the offline runs must redact', () => {
    expect(readFileSync(rawCatalog, 'utf8')).toContain(SENTINEL);
  });

  const formats = ['text', 'json', 'markdown', 'github', 'sarif', 'junit'];
  for (const command of ['check', 'lint', 'check-conflicts']) {
    it(`${command} live (text, --verbose) and in every --format on the raw catalog`, async () => {
      expectClean(`${command} --verbose`, await run([command, '--verbose', '--preset', 'claude-code']));
      const offline = await Promise.all(formats.map((format) => run([command, '--format', format, '--preset', 'claude-code', '--catalog', rawCatalog])));
      offline.forEach((result, index) => {
        expect(result.stdout.length, `${command} --format ${formats[index]} printed a report`).toBeGreaterThan(0);
        expectClean(`${command} --format ${formats[index]} --catalog`, result);
      });
      // The same reports written to files (-o, --report): what a CI job uploads must be as clean as stdout.
      const out = join(temp.dir, `${command}-report.json`);
      const extra = join(temp.dir, `${command}-report.sarif`);
      const written = await run([command, '--format', 'json', '-o', out, '--report', `sarif=${extra}`, '--preset', 'claude-code', '--catalog', rawCatalog]);
      expectClean(`${command} -o`, written);
      for (const file of [out, extra]) {
        expect(existsSync(file), written.stderr).toBe(true);
        expectNoSecret(`${command} report file ${file}`, readFileSync(file, 'utf8'));
        rmSync(file);
      }
    });
  }

  it('call calculator/add (dry run: text, --json; and a failing name)', async () => {
    const args = ['call', 'calculator/add', '--args', '{"a":1,"b":2}'];
    const text = await run(args);
    expect(text.code).toBe(0);
    expectClean('call', text);
    expectClean('call --json', await run([...args, '--json']));
    expectClean('call echo/leak --json', await run(['call', 'echo/leak', 'text=hi', '--json']));
    expectClean('call unknown', await run(['call', 'nope/nothing']));
  });

  it('call --execute on the echoing server (its result contains the secret)', async () => {
    const result = await run(['call', 'echo/leak', 'text=hi', '--execute', '--yes']);
    expect(result.code).toBe(0);
    expectClean('call --execute', result);
    expectClean('call --execute --json', await run(['call', 'echo/leak', 'text=hi', '--execute', '--yes', '--json']));
  });

  it('export --provider openai (and --json with the map written to a file)', async () => {
    expectClean('export', await run(['export', '--provider', 'openai']));
    const mapFile = join(temp.dir, 'map.json');
    expectClean('export --json', await run(['export', '--provider', 'anthropic', '--json', '--map-out', mapFile]));
    expect(existsSync(mapFile)).toBe(true);
    expectNoSecret('--map-out file', readFileSync(mapFile, 'utf8'));
  });

  it('snapshot -o <file> (the file too) and diff against live', async () => {
    // The echoing server makes snapshot refuse (a lock must not record a secret); the refusal must not print it.
    const refused = await run(['snapshot', '-o', join(temp.dir, 'refused.lock.json'), '--allow-partial']);
    expect(refused.code, refused.stderr).toBe(2);
    expectClean('snapshot (refused)', refused);
    expect(existsSync(join(temp.dir, 'refused.lock.json'))).toBe(false);
    expectClean('snapshot -o - (refused)', await run(['snapshot', '-o', '-', '--allow-partial', '--json']));

    const lock = join(temp.dir, 'mcpns.lock.json');
    const others = ['--server', 'calculator', 'crashy', 'remote', 'refused', 'typo'];
    const snapshot = await run(['snapshot', '-o', lock, '--allow-partial', ...others]);
    expectClean('snapshot', snapshot);
    expect(existsSync(lock), snapshot.stderr).toBe(true);
    expectNoSecret('snapshot file', readFileSync(lock, 'utf8'));
    expectClean('snapshot -o -', await run(['snapshot', '-o', '-', '--allow-partial', ...others]));
    for (const format of ['text', 'json', 'markdown']) expectClean(`diff --format ${format}`, await run(['diff', lock, '--format', format]));
  });

  it('route and plan validate', async () => {
    expectClean('route', await run(['route', '--explain', 'what is 1 plus 2']));
    expectClean('route --json', await run(['route', '--json', 'what is 1 plus 2']));
    expectClean('plan validate', await run(['plan', 'validate', join(temp.dir, 'plan.json'), '--envelopes']));
    expectClean('plan validate --json', await run(['plan', 'validate', join(temp.dir, 'plan.json'), '--json']));
  });

  it('no file written into the config directory holds a secret', () => {
    const written = readdirSync(temp.dir).filter((name) => name !== 'mcpns.config.json' && name !== 'plan.json');
    // The runs above wrote these (a test that reads no file proves nothing).
    expect(written).toEqual(expect.arrayContaining(['map.json', 'mcpns.lock.json']));
    for (const name of written) expectNoSecret(name, readFileSync(join(temp.dir, name), 'utf8'));
  });
});

/**
 * OAuth secrets: access and refresh tokens, client secrets (configured and issued by dynamic registration), the
 * private key of private_key_jwt, authorization codes, PKCE verifiers (and client assertions). The OAuth fixture
 * prefixes every code, token and issued secret with a sentinel and reports every secret it issued or received; one
 * server's tools echo the bearer token (a result) and fail with an HTTP 500 body echoing the request headers. Each
 * run is a fresh process (the built bin), so nothing is redacted only because an earlier run learnt it.
 */
describe('OAuth secrets never reach stdout, stderr or written files', () => {
  const OAUTH_SENTINEL = 'OAUTHSENT-9e2b4d-';
  const CLIENT_SECRET = 'CLIENTSECRET-3c1f7a-SECRET';
  let oauth: OAuthFixture;
  let credentials: OAuthFixture;
  let project: string;
  let privateKey: string;
  const results: Array<{ label: string; result: CliResult }> = [];
  let runOAuth: (label: string, argv: string[]) => Promise<CliResult>;

  beforeAll(async () => {
    oauth = await startOAuthFixture([
      '--secret-prefix',
      OAUTH_SENTINEL,
      '--echo-auth',
      '--client',
      `pre:${CLIENT_SECRET}`,
      '--auth-methods',
      'client_secret_basic',
    ]);
    const keys = generateKeyPairSync('rsa', {
      modulusLength: 2048,
      publicKeyEncoding: { type: 'spki', format: 'pem' },
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    });
    privateKey = keys.privateKey;
    project = makeTempDir();
    const keyDir = makeTempDir();
    writeFileSync(join(keyDir, 'public.pem'), keys.publicKey);
    writeFileSync(join(keyDir, 'ci.pem'), keys.privateKey, { mode: 0o600 });
    credentials = await startOAuthFixture([
      '--secret-prefix',
      OAUTH_SENTINEL,
      '--dcr',
      'off',
      '--jwt-client',
      `ci=${join(keyDir, 'public.pem')}`,
      '--auth-methods',
      'private_key_jwt',
    ]);
    writeFileSync(
      join(project, 'mcpns.config.json'),
      JSON.stringify({
        servers: {
          // A pre-registered client with a secret, and the same server through dynamic registration (an issued secret).
          pre: { type: 'http', url: oauth.url, oauth: { clientId: 'pre', clientSecret: '${OAUTH_CLIENT_SECRET}' } },
          dynamic: { type: 'http', url: `${oauth.url}?tenant=second` },
          ci: { type: 'http', url: credentials.url, oauth: { grantType: 'client_credentials', clientId: 'ci', privateKeyFile: join(keyDir, 'ci.pem') } },
          calculator: { type: 'http', url: `${calculator.origin}/mcp` },
        },
      }),
    );
    const env = { MCPNS_STATE_DIR: join(makeTempDir(), 'state'), BROWSER: HEADLESS_BROWSER, OAUTH_CLIENT_SECRET: CLIENT_SECRET };
    runOAuth = async (label, argv) => {
      const result = await runBin(argv, { cwd: project, env });
      results.push({ label, result });
      return result;
    };
  });

  afterAll(async () => {
    await Promise.all([oauth?.stop(), credentials?.stop()]);
  });

  /** Every secret value and a distinctive piece of each: the fixture's record, the sentinels, the private key's lines. */
  async function secretPieces(): Promise<string[]> {
    const issued = [...(await oauth.state()).secrets, ...(await credentials.state()).secrets];
    const keyLines = privateKey.split('\n').filter((line) => line.length >= 16 && !line.startsWith('-----'));
    return [
      ...new Set([
        ...issued,
        ...issued.map((secret) => secret.slice(-12)),
        CLIENT_SECRET,
        '3c1f7a',
        '9e2b4d',
        ...keyLines,
        ...keyLines.map((line) => line.slice(8, 28)),
      ]),
    ];
  }

  it('sign in, use, inspect and sign out, in every format (and -v)', async () => {
    expect((await runOAuth('auth login', ['auth', 'login', 'pre', 'dynamic'])).code).toBe(0);
    expect((await runOAuth('auth login --json', ['auth', 'login', 'ci', '--json', '-v'])).code).toBe(0);
    for (const extra of [[], ['--json'], ['-v'], ['--all']]) expect((await runOAuth(`list ${extra.join(' ')}`, ['list', ...extra])).code).toBe(0);
    for (const format of ['text', 'json', 'markdown', 'github', 'sarif', 'junit'])
      await runOAuth(`check --format ${format}`, ['check', '--format', format, '-v']);
    const whoami = await runOAuth('call pre/whoami --execute', ['call', 'pre/whoami', '--execute', '--yes', '-v']);
    expect(whoami.code, whoami.stdout + whoami.stderr).toBe(0);
    // The tool really echoed the token (redacted here, so the test proves the redaction).
    expect(whoami.stdout).toContain('token: ***');
    await runOAuth('call pre/whoami --execute --json', ['call', 'pre/whoami', '--execute', '--yes', '--json']);
    const boom = await runOAuth('call pre/boom --execute', ['call', 'pre/boom', '--execute', '--yes', '-v']);
    expect(boom.code).toBe(2);
    expect(boom.stderr).toContain('authorization":"Bearer ***');
    await runOAuth('call pre/boom --execute --json', ['call', 'pre/boom', '--execute', '--json']);
    await runOAuth('export', ['export', '--provider', 'openai', '--map-out', join(project, 'map.json')]);
    const snapshot = await runOAuth('snapshot', [
      'snapshot',
      '-o',
      join(project, 'mcpns.lock.json'),
      '--allow-partial',
      '--server',
      'pre,dynamic,ci,calculator',
    ]);
    expect(snapshot.code, snapshot.stderr).not.toBe(2);
    await runOAuth('diff', ['diff', join(project, 'mcpns.lock.json'), '--format', 'json']);
    for (const extra of [[], ['--json'], ['--offline']]) expect((await runOAuth(`auth status ${extra.join(' ')}`, ['auth', 'status', ...extra])).code).toBe(0);
    await runOAuth('servers', ['servers', '--json', '-v']);
    expect((await runOAuth('auth logout', ['auth', 'logout', 'pre'])).code).toBe(0);
    await runOAuth('list after logout', ['list', '--json', '-v']);
    // The setup issued what the test looks for: tokens, codes, verifiers and the issued client secret.
    const state = await oauth.state();
    expect(state.tokenRequests.map((request) => request.grant_type)).toContain('authorization_code');
    expect(state.secrets.filter((secret) => secret.startsWith(OAUTH_SENTINEL)).length).toBeGreaterThanOrEqual(6);
    expect(state.secrets.some((secret) => /^[A-Za-z0-9._~-]{43,128}$/.test(secret) && !secret.startsWith(OAUTH_SENTINEL) && secret !== CLIENT_SECRET)).toBe(
      true,
    );

    const pieces = await secretPieces();
    for (const { label, result } of results) {
      expect(result.stderr, label).not.toContain('internal error');
      for (const text of [result.stdout, result.stderr]) {
        for (const piece of pieces) {
          const at = text.indexOf(piece);
          expect(at, `${label} leaks "${piece}": …${text.slice(Math.max(0, at - 80), at + 80)}…`).toBe(-1);
        }
      }
    }
    for (const name of readdirSync(project)) {
      if (name === 'mcpns.config.json') continue;
      const text = readFileSync(join(project, name), 'utf8');
      for (const piece of pieces) expect(text.includes(piece), `${name} holds a secret`).toBe(false);
    }
  }, 360_000);
});
