/** The small pieces of src/auth on their own: state directory, browser command, loopback listener, token store. */
import { mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { assertBrowsable, assertSecureEndpoint, browserCommand } from '../../../src/auth/browser.js';
import { AuthError } from '../../../src/discovery/auth-error.js';
import { startLoopbackListener } from '../../../src/auth/loopback.js';
import { stateDirectory } from '../../../src/util/state-dir.js';
import { canonicalServerUrl, storeKey, TokenStore } from '../../../src/auth/store.js';
import { makeTempDir } from '../../helpers/temp.js';

describe('state directory', () => {
  it('MCPNS_STATE_DIR, then XDG_STATE_HOME/mcpns, then the platform place', () => {
    expect(stateDirectory({ env: { MCPNS_STATE_DIR: '/s', XDG_STATE_HOME: '/x' }, home: '/h', platform: 'linux' })).toBe('/s');
    expect(stateDirectory({ env: { XDG_STATE_HOME: '/x' }, home: '/h', platform: 'linux' })).toBe('/x/mcpns');
    expect(stateDirectory({ env: {}, home: '/h', platform: 'linux' })).toBe('/h/.local/state/mcpns');
    expect(stateDirectory({ env: {}, home: '/h', platform: 'darwin' })).toBe('/h/Library/Application Support/mcpns');
    expect(stateDirectory({ env: { LOCALAPPDATA: 'C:/Users/u/AppData/Local' }, home: 'C:/Users/u', platform: 'win32' })).toMatch(/mcpns[\\/]state$/);
  });

  it('a relative XDG_STATE_HOME (or LOCALAPPDATA) is ignored, as the XDG spec says: tokens never land inside the project', () => {
    for (const relative of ['state', './state', '.local/state', '../x']) {
      expect(stateDirectory({ env: { XDG_STATE_HOME: relative }, home: '/h', platform: 'linux' })).toBe('/h/.local/state/mcpns');
    }
    expect(stateDirectory({ env: { LOCALAPPDATA: 'AppData' }, home: 'C:\\Users\\u', platform: 'win32' })).toMatch(/^C:\\Users\\u.AppData.Local.mcpns.state$/);
  });
});

describe('browser hand-off', () => {
  it('$BROWSER (with its own arguments) gets the URL as one more argument; else the platform opener', () => {
    const url = 'https://as.example.com/authorize?a=1&b=2';
    expect(browserCommand({ BROWSER: 'firefox --new-window' }, 'linux', url)).toEqual({ command: 'firefox', args: ['--new-window', url] });
    expect(browserCommand({}, 'linux', url)).toEqual({ command: 'xdg-open', args: [url] });
    expect(browserCommand({}, 'darwin', url)).toEqual({ command: 'open', args: [url] });
    expect(browserCommand({}, 'win32', url)).toEqual({ command: 'cmd', args: ['/c', 'start', '""', 'https://as.example.com/authorize?a=1^&b=2'] });
  });

  it('only https (or http on this machine) is ever opened', () => {
    expect(() => assertBrowsable('https://as.example.com/authorize')).not.toThrow();
    expect(() => assertBrowsable('http://127.0.0.1:9/authorize')).not.toThrow();
    // All of 127.0.0.0/8 and ::1 are this machine (one isLoopback for auth, serve --http and the gateway's Host check).
    for (const local of ['http://127.0.0.2:9/authorize', 'http://127.1.2.3/authorize', 'http://[::1]:9/authorize', 'http://LOCALHOST:9/authorize']) {
      expect(() => assertBrowsable(local), local).not.toThrow();
      expect(() => assertSecureEndpoint(local, 'token endpoint'), local).not.toThrow();
    }
    for (const bad of [
      'http://as.example.com/authorize',
      'http://127.0.0.1.example.com/',
      'http://128.0.0.1/',
      'file:///etc/passwd',
      'javascript:alert(1)',
      'not a url',
    ]) {
      expect(() => assertBrowsable(bad), bad).toThrow(AuthError);
    }
  });
});

describe('loopback listener', () => {
  it('listens on 127.0.0.1 /callback; other paths and methods are refused; a callback with nobody waiting says so', async () => {
    const listener = await startLoopbackListener({ serverName: 's' });
    try {
      expect(listener.redirectUrl).toBe(`http://127.0.0.1:${listener.port}/callback`);
      expect((await fetch(`http://127.0.0.1:${listener.port}/other`)).status).toBe(404);
      expect((await fetch(listener.redirectUrl, { method: 'POST' })).status).toBe(405);
      const idle = await fetch(`${listener.redirectUrl}?code=x&state=y`);
      expect(idle.status).toBe(400);
      expect(await idle.text()).toContain('No sign-in in progress');
    } finally {
      await listener.close();
    }
  });

  it('accepts one callback with the expected state; a wrong state or an error is rejected with an error page', async () => {
    const listener = await startLoopbackListener({ serverName: 's' });
    try {
      const ok = listener.expect('good-state');
      const page = await fetch(`${listener.redirectUrl}?code=the-code&state=good-state&iss=${encodeURIComponent('https://as.example')}`);
      expect([page.status, await ok]).toEqual([200, { code: 'the-code', iss: 'https://as.example' }]);
      expect(page.headers.get('cache-control')).toBe('no-store');
      expect(await page.text()).not.toContain('the-code');

      // Another state (a forged link, an old tab): an error page, and the wait goes on for the real answer.
      const waiting = listener.expect('good-state');
      for (const forged of ['code=c&state=evil', 'code=c', 'error=access_denied&state=evil']) {
        const refused = await fetch(`${listener.redirectUrl}?${forged}`);
        expect(refused.status).toBe(400);
        expect(await refused.text()).toContain('Sign-in answer ignored');
      }
      expect(listener.ignored).toBe(3);
      // The authorization server's `iss` (RFC 9207) comes back with the code, for the SDK to check.
      expect((await fetch(`${listener.redirectUrl}?code=real&state=good-state&iss=${encodeURIComponent('https://as.example.com')}`)).status).toBe(200);
      expect(await waiting).toEqual({ code: 'real', iss: 'https://as.example.com' });

      const denied = listener.expect('s2');
      denied.catch(() => {});
      const refusal = await fetch(`${listener.redirectUrl}?error=access_denied&error_description=${encodeURIComponent('<b>no</b>')}&state=s2`);
      expect(await refusal.text()).toContain('&lt;b&gt;no&lt;/b&gt;');
      await expect(denied).rejects.toThrow('the authorization server refused the sign-in to "s": access_denied (<b>no</b>)');
    } finally {
      await listener.close();
    }
  });

  it('a configured port that is taken is an error; a remembered one falls back to a free port', async () => {
    const first = await startLoopbackListener({ serverName: 's' });
    try {
      await expect(startLoopbackListener({ serverName: 's', port: first.port, strictPort: true })).rejects.toThrow(
        /cannot listen on 127\.0\.0\.1:\d+ .*EADDRINUSE/,
      );
      const second = await startLoopbackListener({ serverName: 's', port: first.port });
      expect(second.port).not.toBe(first.port);
      await second.close();
    } finally {
      await first.close();
    }
  });
});

describe('token store', () => {
  const url = 'HTTPS://Example.COM:443/mcp#frag';

  it('keys by the canonical URL; client credentials get a file of their own', () => {
    const store = new TokenStore(makeTempDir());
    expect(canonicalServerUrl(url)).toBe('https://example.com/mcp');
    expect(store.fileFor(url)).toBe(store.fileFor('https://example.com/mcp'));
    expect(store.fileFor('https://example.com/mcp/')).not.toBe(store.fileFor('https://example.com/mcp'));
    const ci = storeKey({ url: 'https://example.com/mcp', oauth: { grantType: 'client_credentials', clientId: 'ci' } });
    expect(store.fileFor(ci)).not.toBe(store.fileFor('https://example.com/mcp'));
    expect(storeKey({ url: 'https://example.com/mcp', oauth: { clientId: 'x' } })).toBe('https://example.com/mcp');
  });

  it('writes 0600 files atomically (no temporary file left) in a 0700 directory; query values are masked in the record', () => {
    const store = new TokenStore(makeTempDir());
    store.write('https://example.com/mcp?key=s3cret', { issuer: 'https://as.example.com/' });
    expect(readdirSync(store.directory).filter((name) => name.includes('.tmp'))).toEqual([]);
    expect(statSync(store.directory).mode & 0o777).toBe(0o700);
    const file = store.fileFor('https://example.com/mcp?key=s3cret');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(store.read('https://example.com/mcp?key=s3cret')).toMatchObject({
      version: 1,
      server: 'https://example.com/mcp?key=***',
      issuer: 'https://as.example.com/',
    });
  });

  it('refuses corrupt and foreign files naming the file and logout', () => {
    const store = new TokenStore(makeTempDir());
    mkdirSync(store.directory, { recursive: true });
    const file = store.fileFor(url);
    for (const [content, problem] of [
      ['nope', 'is corrupt (not JSON)'],
      ['[1]', 'is corrupt (not an object)'],
      ['{"version":2,"server":"x"}', 'has format version 2; this mcpns reads version 1'],
      ['{"version":1,"server":"x","tokens":{"access_token":5}}', 'is corrupt ("tokens.access_token" must be a string)'],
    ]) {
      writeFileSync(file, content as string);
      expect(() => store.read(url, 'tracker')).toThrow(`token file ${file} ${problem}`);
      try {
        store.read(url, 'tracker');
      } catch (error) {
        expect((error as AuthError).hint).toBe('remove it with: mcpns auth logout tracker');
      }
    }
    expect(store.remove(url)).toBe(true);
    expect(store.read(url)).toBeUndefined();
  });

  it('one login lock per server; a lock left by a process that is gone is taken over', () => {
    const store = new TokenStore(makeTempDir());
    const release = store.lock(url, 's');
    expect(() => store.lock(url, 's')).toThrow(`another sign-in to "s" is in progress (process ${process.pid})`);
    release();
    mkdirSync(store.directory, { recursive: true });
    writeFileSync(store.fileFor(url).replace(/\.json$/, '.lock'), '2147483646\n');
    const again = store.lock(url, 's');
    again();
  });
});
