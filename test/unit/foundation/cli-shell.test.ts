import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { VERSION } from '../../../src/version.js';
import { runCli } from '../../helpers/cli.js';
import { makeTempDir } from '../../helpers/temp.js';

describe('CLI shell', () => {
  it('prints the version from package.json', async () => {
    const pkg = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8'));
    expect(VERSION).toBe(pkg.version);
    const run = await runCli(['--version']);
    expect(run).toMatchObject({ code: 0, stdout: `${pkg.version}\n` });
  });

  it('--version --json names mcpns, Node, the MCP SDK packages installed and the protocol revisions (issue 25 §5)', async () => {
    const pkg = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8'));
    const installed = (name: string): string =>
      JSON.parse(readFileSync(new URL(`../../../node_modules/${name}/package.json`, import.meta.url), 'utf8')).version;
    const { SUPPORTED_PROTOCOL_VERSIONS } = await import('@modelcontextprotocol/client');
    for (const argv of [
      ['--version', '--json'],
      ['--json', '-V'],
    ]) {
      const run = await runCli(argv);
      expect(run.code, argv.join(' ')).toBe(0);
      expect(run.stderr).toBe('');
      expect(JSON.parse(run.stdout)).toEqual({
        schemaVersion: 1,
        mcpns: pkg.version,
        node: process.versions.node,
        sdk: {
          '@modelcontextprotocol/client': installed('@modelcontextprotocol/client'),
          '@modelcontextprotocol/server': installed('@modelcontextprotocol/server'),
          '@modelcontextprotocol/core': installed('@modelcontextprotocol/core'),
        },
        protocolVersions: ['2026-07-28', ...SUPPORTED_PROTOCOL_VERSIONS],
      });
    }
    // Anything else beside --version is not this document.
    expect((await runCli(['--version', '--json', 'list'])).stdout).not.toContain('protocolVersions');
  });

  it("exits 2 (not commander's 1) on an unknown command or option", async () => {
    expect((await runCli(['bogus'])).code).toBe(2);
    expect((await runCli(['servers', '--bogus'])).code).toBe(2);
  });

  it('writes one JSON error line on stderr under --json', async () => {
    const dir = makeTempDir('mcpns-shell-');
    writeFileSync(join(dir, 'mcpns.config.json'), '{ "servers": { "a": { "command": "node" } } }');
    const run = await runCli(['servers', '--server', 'nope', '--json'], { cwd: dir });
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    // Every stderr line is one JSON object: the config found by lookup is named, then the error.
    const lines = run.stderr
      .trim()
      .split('\n')
      .map((text) => JSON.parse(text));
    expect(lines).toEqual([
      { status: { message: 'reading mcpns.config.json', file: 'mcpns.config.json', client: 'mcpns' } },
      { error: expect.objectContaining({ code: 'UNKNOWN_SERVER', known: ['a'] }) },
    ]);
  });

  it('reports config errors with file:line:column and exit 2', async () => {
    const dir = makeTempDir('mcpns-shell-');
    writeFileSync(join(dir, 'mcpns.config.json'), '{\n  "servers": {,\n}');
    const run = await runCli(['servers'], { cwd: dir });
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/mcpns: error: mcpns\.config\.json:2:\d+: JSON syntax error/);
  });

  it('shows servers with env and header names but never their values', async () => {
    const dir = makeTempDir('mcpns-shell-');
    const secret = 'SENTINEL-s3cr3t-value';
    writeFileSync(
      join(dir, 'mcpns.config.json'),
      JSON.stringify({
        servers: {
          local: { command: 'node', args: ['x.js'], env: { API_KEY: secret } },
          remote: { type: 'http', url: `http://127.0.0.1:9/mcp?token=${secret}`, headers: { Authorization: `Bearer ${secret}` } },
        },
      }),
    );
    for (const argv of [['servers'], ['servers', '--json'], ['servers', '--verbose']]) {
      const run = await runCli(argv, { cwd: dir });
      expect(run.code).toBe(0);
      expect(run.stdout + run.stderr).not.toContain(secret);
      expect(run.stdout).toContain('API_KEY');
      expect(run.stdout).toContain('Authorization');
    }
  });
});
