#!/usr/bin/env node
// The client under test for the MCP conformance suite (@modelcontextprotocol/conformance `client --command`): the
// suite appends its server's URL and names the scenario in $MCP_CONFORMANCE_SCENARIO. mcpns is a command-line tool,
// so each scenario is what a user would type: a config naming that one server (`s`), then `mcpns list`, `mcpns call
// s/<tool> --execute` or `mcpns auth login s`, run on the built bin (npm run build first) in a fresh state directory.
// Which tool to call with which arguments is the scenario's script (its server tells every client what to call); how
// mcpns negotiates, which headers and _meta it sends and how it answers input requests is what the suite checks.
// Run by scripts/conformance.mjs; by hand: node scripts/conformance-client.mjs <url> with the variable set.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const bin = join(root, 'bin', 'mcpns.js');
const browser = join(root, 'fixtures', 'browser', 'headless.js');
const url = process.argv[2];
const scenario = process.env.MCP_CONFORMANCE_SCENARIO ?? '';
const context = JSON.parse(process.env.MCP_CONFORMANCE_CONTEXT || '{}');
if (!url) {
  process.stderr.write('usage: MCP_CONFORMANCE_SCENARIO=<name> node scripts/conformance-client.mjs <server-url>\n');
  process.exit(2);
}

const work = mkdtempSync(join(tmpdir(), 'mcpns-conformance-'));
const config = join(work, 'mcpns.config.json');
const env = { ...process.env, MCPNS_STATE_DIR: join(work, 'state'), BROWSER: `${process.execPath} ${browser}`, NO_COLOR: '1' };

/** The server entry: its URL, and what the scenario's context says about its OAuth client. */
function serverEntry() {
  const oauth = {};
  if (context.client_id) oauth.clientId = context.client_id;
  if (context.client_secret) oauth.clientSecret = context.client_secret;
  if (scenario.startsWith('auth/client-credentials')) oauth.grantType = 'client_credentials';
  // The suite's Client ID Metadata Document URL: used only where the authorization server says it accepts one.
  else if (scenario.startsWith('auth/')) oauth.clientMetadataUrl = 'https://conformance-test.local/client-metadata.json';
  if (context.private_key_pem) {
    const key = join(work, 'client-key.pem');
    writeFileSync(key, context.private_key_pem, { mode: 0o600 });
    oauth.privateKeyFile = key;
    if (context.signing_algorithm) oauth.signingAlgorithm = context.signing_algorithm;
  }
  return { type: 'http', url, ...(Object.keys(oauth).length ? { oauth } : {}) };
}
writeFileSync(config, JSON.stringify({ servers: { s: serverEntry() } }, null, 2));

/** Run the built bin; its output goes to our stderr (the suite shows it with --verbose). */
function mcpns(args) {
  return new Promise((done) => {
    execFile(
      process.execPath,
      [bin, ...args, '--config', config],
      { env, cwd: work, maxBuffer: 64 * 1024 * 1024, timeout: 60_000 },
      (error, stdout, stderr) => {
        process.stderr.write(`$ mcpns ${args.join(' ')}\n${stderr}`);
        done({ code: error ? (typeof error.code === 'number' ? error.code : 2) : 0, stdout, stderr });
      },
    );
  });
}

async function list() {
  const { stdout } = await mcpns(['list', '--json']);
  try {
    return JSON.parse(stdout).tools ?? [];
  } catch {
    return [];
  }
}

const call = (tool, args = {}, extra = []) => mcpns(['call', `s/${tool}`, '--args', JSON.stringify(args), '--execute', '--yes', ...extra]);

/** Each scenario: what a user of mcpns does against that server (the everything-client of the suite does the same). */
const scenarios = {
  initialize: async () => void (await list()),
  tools_call: async () => {
    const [first] = await list();
    if (first) await call(first.name, { a: 2, b: 3 });
  },
  'elicitation-sep1034-client-defaults': () => call('test_client_elicitation_defaults'),
  'sse-retry': () => call('test_reconnection'),
  'request-metadata': async () => void (await list()),
  'json-schema-ref-no-deref': async () => void (await list()),
  'json-schema-2020-12-preservation': async () => {
    const focal = (await list()).find((tool) => tool.name === 'json_schema_2020_12_tool');
    if (focal) await call('json_schema_echo', { schema: focal.inputSchema });
  },
  'http-standard-headers': async () => {
    for (const tool of await list()) await call(tool.name);
  },
  'http-custom-headers': async () => {
    await call('test_custom_headers', {
      region: 'us-west1',
      priority: 5,
      verbose: false,
      debug: true,
      empty_val: '',
      method_val: 'POST',
      float_val: 3.14,
      non_ascii_val: 'Zürich ☃',
      whitespace_val: '  padded  ',
      leading_space_val: ' leading',
      trailing_space_val: 'trailing ',
      internal_space_val: 'internal space value',
      control_char_val: 'bell\u0007char',
      crlf_val: 'line1\r\nline2',
      tab_val: '\tindented',
      query: 'not mirrored',
    });
    await call('test_custom_headers_null', { region: 'eu-central1', priority: 1, query: 'omitted verbose' });
  },
  // Every tool mcpns keeps is called: the ones with broken x-mcp-header marks are set aside when listing.
  'http-invalid-tool-headers': async () => {
    for (const tool of await list()) await call(tool.name, { region: 'us-west1' });
  },
  'sep-2322-client-request-state': async () => {
    for (const tool of ['test_mrtr_echo_state', 'test_mrtr_unrelated', 'test_mrtr_no_state', 'test_mrtr_no_result_type']) {
      await call(tool, {}, ['--answers', JSON.stringify({ confirmed: true })]);
    }
  },
};

const login = () => mcpns(['auth', 'login', 's', '--timeout', '30000']);

/**
 * OAuth scenarios: sign in (the headless browser clicks "allow"), then list and call as any user would. Everyday
 * commands never open a browser: a call refused for more scope ends with the hint to sign in again, and a user does.
 */
async function signedIn() {
  if (!scenario.startsWith('auth/client-credentials')) await login();
  const tools = await list();
  const tool = tools.find((entry) => entry.name === 'test-tool') ?? tools[0];
  if (!tool) return;
  const first = await call(tool.name);
  if (first.code !== 0 && first.stderr.includes('sign in with: mcpns auth login s')) {
    await login();
    await call(tool.name);
  }
}

try {
  const run = scenarios[scenario] ?? (scenario.startsWith('auth/') ? signedIn : scenarios.tools_call);
  await run();
} finally {
  rmSync(work, { recursive: true, force: true });
}
