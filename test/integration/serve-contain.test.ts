/**
 * Issue 31 §5, "contain every fault": a request cannot crash the gateway (a Bearer value whose bytes differ in length
 * from its characters), a Host with anything after `]` but a port is refused; start failures are shown with the
 * server's stderr, "command not found" is not retried, the backoff is the documented one; a config refused as a whole
 * or one that leaves nothing to serve stops the start (exit 2); the gateway's own entry is skipped.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { describe, expect, it } from 'vitest';
import { waitUntil } from '../helpers/assertions.js';
import { runCli } from '../helpers/cli.js';
import { fixturePath, REPO_ROOT } from '../helpers/fixtures.js';
import { expectProcessesGone, readPids } from '../helpers/processes.js';
import { startAndWait } from '../helpers/start-and-wait.js';
import { INIT, raw } from '../helpers/raw-http.js';
import { makeTempDir } from '../helpers/temp.js';

const BIN = join(REPO_ROOT, 'bin', 'mcpns.js');

const JSON_HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };

describe('mcpns serve --http contains faults', () => {
  it('a Bearer value of 24 bytes 0xE9 against a 24-character token is refused (401) and the gateway serves on', async () => {
    const dir = makeTempDir();
    const config = join(dir, 'c.json');
    writeFileSync(config, JSON.stringify({ servers: { local: { command: process.execPath, args: [fixturePath('gateway-upstream'), '--name', 'local'] } } }));
    const token = 'abcdefghijklmnopqrstuvwx';
    writeFileSync(join(dir, 'token'), token);
    const served = await startAndWait(
      [BIN, 'serve', '--http', '0', '--token-file', join(dir, 'token'), '--config', config],
      /at (http:\/\/127\.0\.0\.1:\d+\/mcp)/,
      { MCPNS_PID_FILE: join(dir, 'pids') },
    );
    const url = served.match[1]!;
    const exited = new Promise<number | null>((resolve) => served.child.once('exit', (code) => resolve(code)));
    try {
      const host = `127.0.0.1:${new URL(url).port}`;
      const forged = await raw(url, { headers: { ...JSON_HEADERS, host, authorization: `Bearer ${'\u00e9'.repeat(24)}` }, body: INIT });
      expect(forged.status).toBe(401);
      const shorter = await raw(url, { headers: { ...JSON_HEADERS, host, authorization: 'Bearer abc' }, body: INIT });
      expect(shorter.status).toBe(401);
      // Anything after `]` but a port is refused (it is not the loopback address it starts with).
      const auth = { authorization: `Bearer ${token}` };
      for (const evil of ['[::1].evil.example', '[::1]evil', '[::1]:80.evil.example', 'localhost:x'])
        expect((await raw(url, { headers: { ...JSON_HEADERS, ...auth, host: evil }, body: INIT })).status, evil).toBe(403);
      expect((await raw(url, { headers: { ...JSON_HEADERS, ...auth, host: '[::1]:8765' }, body: INIT })).status).toBe(200);
      const client = new Client({ name: 't', version: '1' });
      await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers: auth } }));
      expect(await client.callTool({ name: 'local__whoami', arguments: {} })).toEqual({ content: [{ type: 'text', text: 'local' }] });
      await client.close();
      expect(served.output()).not.toMatch(/internal error/i);
    } finally {
      served.child.kill('SIGTERM');
    }
    expect(await exited).toBe(143);
    await expectProcessesGone(readPids(join(dir, 'pids')), 5000);
  });
});

describe('mcpns serve start failures', () => {
  it('shows each failure with its stderr, does not retry "command not found", backs off 1, 2, 5 s', async () => {
    const dir = makeTempDir();
    const config = join(dir, 'c.json');
    writeFileSync(
      config,
      JSON.stringify({
        servers: {
          crashy: { command: process.execPath, args: [fixturePath('crash-on-start')] },
          local: { command: process.execPath, args: [fixturePath('gateway-upstream'), '--name', 'local'] },
          missing: { command: 'mcpns-test-no-such-command-31' },
        },
      }),
    );
    // The port opens first ("listening at …"); the summary line comes when the first start is over.
    const served = await startAndWait([BIN, 'serve', '--http', '0', '--config', config], /serving [^\n]* at (http:\/\/127\.0\.0\.1:\d+\/mcp)/, {
      MCPNS_PID_FILE: join(dir, 'pids'),
    });
    const exited = new Promise<number | null>((resolve) => served.child.once('exit', (code) => resolve(code)));
    try {
      const output = served.output();
      expect(output).toMatch(/serving \d+ tools from 1 of 3 servers; 2 failed: crashy, missing at http/);
      expect(output).toMatch(/upstream missing failed: SPAWN_FAILED: [^\n]*command not found[^\n]*\(not retried until its configuration changes\)/);
      expect(output).toMatch(
        /upstream crashy failed: [^\n]*\(retrying in 1 s\)\n[^\n]*crashy wrote to stderr:\n\s*\| crash-on-start: fatal: environment variable DEMO_API_KEY is not set/,
      );
      await waitUntil(() => /retrying in 5 s/.test(served.output()), 'crashy to fail three times', { timeoutMs: 30_000 });
      const delays = [...served.output().matchAll(/upstream crashy failed: [^\n]*\(retrying in (\d+) s\)/g)].map((match) => Number(match[1]));
      expect(delays.slice(0, 3)).toEqual([1, 2, 5]);
      expect(served.output()).not.toMatch(/upstream missing failed: [^\n]*retrying/);
      const url = served.match[1]!;
      const health = JSON.parse((await raw(url.replace('/mcp', '/health'), { method: 'GET', headers: { host: `127.0.0.1:${new URL(url).port}` } })).body) as {
        upstreams: Array<{ server: string; status: string }>;
      };
      expect(health.upstreams.find((entry) => entry.server === 'missing')?.status).toBe('failed');
      expect(health.upstreams.find((entry) => entry.server === 'local')?.status).toBe('up');
    } finally {
      served.child.kill('SIGTERM');
    }
    expect(await exited).toBe(143);
    await expectProcessesGone(readPids(join(dir, 'pids')), 5000);
  });
});

describe('mcpns serve refuses what it cannot serve', () => {
  const local = { command: process.execPath, args: [fixturePath('gateway-upstream'), '--name', 'local'] };
  /** A project folder under an empty home (the home's own files are not a project's). */
  const project = (): { home: string; cwd: string } => {
    const home = makeTempDir();
    const cwd = join(home, 'project');
    mkdirSync(cwd);
    return { home, cwd };
  };

  it('a .mcp.json its client refuses (a trailing comma) stops the start with exit 2, not a gateway serving 0 tools', async () => {
    const { home, cwd } = project();
    writeFileSync(join(cwd, '.mcp.json'), JSON.stringify({ mcpServers: { local } }).replace(/}}}$/, '},}}'));
    const result = await runCli(['serve'], { cwd, env: { HOME: home } });
    expect(result.code, result.stderr).toBe(2);
    expect(result.stderr).toMatch(/refusing to serve: \.mcp\.json: .*strict JSON/);
    expect(result.stderr).not.toMatch(/serving/);
  });

  it("skips the gateway's own entry with a note, and refuses to start when nothing else is left", async () => {
    const { home, cwd } = project();
    const self = { command: 'mcpns', args: ['serve'] };
    writeFileSync(join(cwd, '.mcp.json'), JSON.stringify({ mcpServers: { gateway: self, local } }));
    // --dry-run: stdio with an empty stdin would end before the start is over (initialize is answered at once).
    const result = await runCli(['serve', '--dry-run'], { cwd, env: { HOME: home } });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toMatch(/skipping server "gateway" in \.mcp\.json: it runs mcpns serve, this gateway itself/);
    expect(result.stdout).toMatch(/\d+ tools from 1 of 1 servers/);
    expect(result.stdout).not.toMatch(/^gateway /m);

    writeFileSync(join(cwd, '.mcp.json'), JSON.stringify({ mcpServers: { gateway: self } }));
    const alone = await runCli(['serve'], { cwd, env: { HOME: home } });
    expect(alone.code, alone.stderr).toBe(2);
    expect(alone.stderr).toMatch(/no server to serve/);
  });
});
