#!/usr/bin/env node
// The client command the official MCP conformance suite runs for its OAuth scenarios (scripts/conformance-auth.mjs
// starts it): `conformance-auth-client.mjs <server-url>`, with the scenario in MCP_CONFORMANCE_SCENARIO and its
// credentials (pre-registration, client credentials) in MCP_CONFORMANCE_CONTEXT. It does what a person does with
// mcpns, through the built bin only: write a config naming the server, `mcpns auth login` (the browser is
// fixtures/browser/headless.js, a user who clicks "allow"), then call a tool with `mcpns call --execute`; when that
// call needs a new sign-in (AUTH_REQUIRED: more scope, another authorization server), sign in again and call again,
// as the error's hint says. Exit 0 when the tool call succeeded.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const bin = join(root, 'bin', 'mcpns.js');
const serverUrl = process.argv.at(-1);
const scenario = process.env.MCP_CONFORMANCE_SCENARIO ?? '';
const context = process.env.MCP_CONFORMANCE_CONTEXT ? JSON.parse(process.env.MCP_CONFORMANCE_CONTEXT) : {};
/** The URL the suite's own client uses as its Client ID Metadata Document (used only where the server supports it). */
const CLIENT_METADATA_URL = 'https://conformance-test.local/client-metadata.json';

/** The `oauth` settings a user would write for this server. */
function oauthSettings() {
  if (scenario === 'auth/client-credentials-basic')
    return { grantType: 'client_credentials', clientId: context.client_id, clientSecret: context.client_secret };
  if (scenario === 'auth/client-credentials-jwt') {
    return {
      grantType: 'client_credentials',
      clientId: context.client_id,
      privateKey: context.private_key_pem,
      signingAlgorithm: context.signing_algorithm ?? 'ES256',
    };
  }
  if (context.client_id) return { clientId: context.client_id, ...(context.client_secret ? { clientSecret: context.client_secret } : {}) };
  return { clientMetadataUrl: CLIENT_METADATA_URL };
}

const dir = mkdtempSync(join(tmpdir(), 'mcpns-conformance-'));
writeFileSync(join(dir, 'mcpns.config.json'), JSON.stringify({ servers: { s: { type: 'http', url: serverUrl, oauth: oauthSettings() } } }, null, 2));
const env = {
  ...process.env,
  MCPNS_STATE_DIR: join(dir, 'state'),
  BROWSER: `${process.execPath} ${join(root, 'fixtures', 'browser', 'headless.js')}`,
  NO_COLOR: '1',
};

/** One mcpns command; its output goes to this script's stderr (the suite keeps it with the scenario's results). */
function mcpns(...args) {
  const result = spawnSync(process.execPath, [bin, ...args], { cwd: dir, env, encoding: 'utf8', timeout: 60_000 });
  process.stderr.write(`$ mcpns ${args.join(' ')}  → exit ${result.status ?? result.signal}\n${result.stdout}${result.stderr}`);
  return result;
}

const errorCode = (result) => {
  for (const line of result.stderr.split('\n')) {
    try {
      const code = JSON.parse(line)?.error?.code;
      if (code) return code;
    } catch {
      // not a JSON line
    }
  }
  return undefined;
};

let status = 1;
try {
  if (mcpns('auth', 'login', 's', '--json').status === 0) {
    const listed = mcpns('list', '--json', '--server', 's');
    const tools = listed.status === 0 ? JSON.parse(listed.stdout).tools.filter((tool) => tool.server === 's') : [];
    const tool = tools.find((each) => each.name === 'test-tool') ?? tools[0];
    if (!tool) status = listed.status === 0 ? 0 : 1;
    // A call that needs a new sign-in (step-up, a moved authorization server): sign in again, as the hint says.
    for (let round = 0; tool && round < 3; round++) {
      const call = mcpns('call', `s/${tool.name}`, '--args', '{}', '--execute', '--yes', '--json');
      if (call.status === 0) {
        status = 0;
        break;
      }
      if (errorCode(call) !== 'AUTH_REQUIRED' || mcpns('auth', 'login', 's', '--json').status !== 0) break;
    }
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
process.exitCode = status;
