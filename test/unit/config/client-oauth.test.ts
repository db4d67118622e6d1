/** OAuth settings read from each client's own config (docs/auth.md maps them), and mcpns's own `oauth` object. */
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readForeignConfigFile } from '../../../src/config/clients/index.js';
import { loadConfig } from '../../../src/config/load.js';
import type { ServerSpec } from '../../../src/config/model.js';
import { makeTempDir } from '../../helpers/temp.js';

const ROOT = resolve('fixtures/configs/clients/oauth');
const ENV = {
  LINEAR_CLIENT_ID: 'lin-1',
  GEMINI_OAUTH_SECRET: 'gem-secret',
  MITTWALD_OAUTH_CLIENT_ID: 'mw-id',
  MITTWALD_OAUTH_CLIENT_SECRET: 'mw-secret',
  SENTRY_CLIENT_ID: 'sen',
};

function servers(rel: string): Map<string, ServerSpec> {
  const file = join(ROOT, rel);
  const config = readForeignConfigFile(file, readFileSync(file, 'utf8'), { cwd: '/tmp/project', home: '/home/user', env: ENV });
  return new Map(config.servers.map((server) => [server.name, server]));
}
const codes = (server: ServerSpec | undefined): string[] => (server?.diagnostics ?? []).map((d) => d.code).sort();

describe('OAuth fields of client configs', () => {
  it('Claude Code: oauth.clientId, callbackPort and scopes (one space-separated string); authServerMetadataUrl is noted as unused', () => {
    const read = servers('claude-code/.mcp.json');
    expect(read.get('linear')?.oauth).toEqual({ clientId: 'lin-1', callbackPort: 8765, scopes: ['read', 'write'] });
    expect(codes(read.get('linear'))).toEqual(['OAUTH_FIELD_NOT_USED']);
    expect(read.get('linear')?.diagnostics[0]?.pointer).toBe('/mcpServers/linear/oauth/authServerMetadataUrl');
    expect(read.get('plain')?.oauth).toBeUndefined();
  });

  it('Gemini CLI: oauth.clientId, clientSecret ($VAR), scopes; a loopback redirectUri gives the callback port; explicit endpoints are noted', () => {
    const read = servers('gemini-cli/.gemini/settings.json');
    expect(read.get('webex')?.oauth).toEqual({
      clientId: 'gem-client',
      clientSecret: 'gem-secret',
      scopes: ['spark:mcp', 'offline_access'],
      callbackPort: 7777,
    });
    expect(codes(read.get('webex'))).toEqual(['OAUTH_FIELD_NOT_USED', 'OAUTH_FIELD_NOT_USED']);
    expect(codes(read.get('google'))).toEqual(['AUTH_PROVIDER_NOT_SUPPORTED']);
  });

  it('Cursor: auth.CLIENT_ID, CLIENT_SECRET, scopes (no more "OAuth not used" note); a non-object auth skips the entry', () => {
    const file = join(ROOT, 'cursor/.cursor/mcp.json');
    const config = readForeignConfigFile(file, readFileSync(file, 'utf8'), { cwd: '/tmp/project', home: '/home/user', env: ENV });
    const mittwald = config.servers.find((server) => server.name === 'mittwald');
    expect(mittwald?.oauth).toEqual({ clientId: 'mw-id', clientSecret: 'mw-secret', scopes: ['mcp', 'offline_access'] });
    expect(codes(mittwald)).toEqual([]);
    expect(config.diagnostics.map((d) => d.message)).toEqual(['server "bad" is skipped: "auth" must be an object']);
  });

  it('Zed: oauth.client_id and client_secret', () => {
    expect(servers('zed/settings.json').get('remote')?.oauth).toEqual({ clientId: 'zed-client', clientSecret: 'zed-secret' });
  });

  it('opencode: oauth.clientId, clientSecret, scope ({env:VAR}); "oauth": false reads as no settings', () => {
    const read = servers('opencode/opencode.json');
    expect(read.get('sentry')?.oauth).toEqual({ clientId: 'sen', clientSecret: 'oc-secret', scopes: ['org:read', 'project:read'] });
    expect(read.get('no-oauth')?.oauth).toBeUndefined();
  });

  it('Codex: scopes and [oauth] client_id; oauth_resource is noted as unused', () => {
    const figma = servers('codex/.codex/config.toml').get('figma');
    expect(figma?.oauth).toEqual({ clientId: 'codex-client', scopes: ['files:read', 'offline_access'] });
    expect(codes(figma)).toEqual(['OAUTH_FIELD_NOT_USED']);
  });
});

describe("mcpns's own oauth object", () => {
  const load = (oauth: Record<string, unknown>, env: Record<string, string> = {}): ServerSpec => {
    const dir = makeTempDir();
    writeFileSync(join(dir, 'mcpns.config.json'), JSON.stringify({ servers: { s: { type: 'http', url: 'https://example.com/mcp', oauth } } }));
    return loadConfig({ cwd: dir, home: dir, env }).servers[0]!;
  };

  it('expands ${VAR} in every text field and resolves privateKeyFile against the config directory', () => {
    const spec = load(
      {
        grantType: 'client_credentials',
        clientId: '${ID}',
        privateKeyFile: 'keys/ci.pem',
        signingAlgorithm: 'ES256',
        scopes: ['a', '${SCOPE}'],
        issuer: 'https://as.example.com',
      },
      { ID: 'ci-client', SCOPE: 'b' },
    );
    expect(spec.oauth).toMatchObject({
      grantType: 'client_credentials',
      clientId: 'ci-client',
      scopes: ['a', 'b'],
      signingAlgorithm: 'ES256',
      issuer: 'https://as.example.com',
    });
    expect(spec.oauth?.privateKeyFile).toMatch(/[\\/]keys[\\/]ci\.pem$/);
  });

  it.each([
    [{ grantType: 'client_credentials', clientSecret: 'x' }, 'servers.s.oauth.clientId: client_credentials needs a clientId'],
    [{ grantType: 'client_credentials', clientId: 'x' }, 'servers.s.oauth.clientSecret: client_credentials needs a clientSecret'],
    [{ privateKey: 'k', privateKeyFile: 'f' }, 'servers.s.oauth.privateKey: give privateKey or privateKeyFile, not both'],
    [{ privateKeyFile: 'f' }, 'servers.s.oauth.privateKeyFile: private_key_jwt is used with "grantType": "client_credentials"'],
    [{ clientMetadataUrl: 'http://example.com/client.json' }, 'servers.s.oauth.clientMetadataUrl: must be an https URL with a path'],
    [{ callbackPort: 70000 }, 'servers.s.oauth.callbackPort: Too big'],
    [{ clientID: 'x' }, 'servers.s.oauth.clientID: unknown key "clientID"'],
    [{ signingAlgorithm: 'HS256' }, 'servers.s.oauth.signingAlgorithm: Invalid option'],
  ])('refuses %j with the field named', (oauth, message) => {
    expect(() => load(oauth)).toThrow(message);
  });
});
