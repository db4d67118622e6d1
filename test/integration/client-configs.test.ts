import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CliIo } from '../../src/cli/services/io.js';
import { main } from '../../src/cli/main.js';
import type { Catalog } from '../../src/catalog/types.js';
import { fixturePath } from '../helpers/fixtures.js';
import { writeClientTree, type ClientTree } from '../unit/config/client-tree.js';

const SECRET = 'SENTINEL-s3cr3t-4b9d71';

async function run(argv: string[], where: { cwd: string; home: string }, env: Record<string, string> = {}) {
  let stdout = '';
  let stderr = '';
  const io: CliIo = {
    stdout: { write: (text: string) => void (stdout += text), isTTY: false, columns: 200 },
    stderr: { write: (text: string) => void (stderr += text), isTTY: false },
    stdin: Readable.from(['']) as NodeJS.ReadableStream & { isTTY?: boolean },
    env: { PATH: process.env['PATH'], NO_COLOR: '1', MCPNS_SECRET: SECRET, ...env },
    cwd: where.cwd,
    home: where.home,
    signal: new AbortController().signal,
    now: () => new Date('2026-01-01T00:00:00.000Z'),
  };
  const code = await main(argv, io);
  return { code, stdout, stderr };
}

let tree: ClientTree;
let where: { cwd: string; home: string };
beforeAll(() => {
  tree = writeClientTree({ command: process.execPath, args: [fixturePath('calculator')], secret: SECRET, remoteUrl: 'http://127.0.0.1:9/mcp' });
  where = { cwd: tree.project, home: tree.home };
});
afterAll(() => rmSync(tree.root, { recursive: true, force: true }));

const CLIENTS = ['claude-code', 'claude-desktop', 'vscode', 'cursor', 'windsurf', 'codex', 'gemini-cli', 'opencode', 'zed', 'cline', 'continue', 'goose'];

describe('mcpns servers --scan', () => {
  it("lists every client's servers with source file and client id (text)", async () => {
    const result = await run(['servers', '--scan'], where);
    expect(result.code).toBe(0);
    for (const client of CLIENTS) {
      expect(result.stdout).toContain(`${client}-calc`);
      expect(result.stdout).toContain(`(${client})`);
    }
    expect(result.stdout).toMatch(/\.mcp\.json:\d+/);
    expect(result.stdout).toMatch(/\.codex\/config\.toml:\d+/);
    expect(result.stdout).toContain(join(tree.home, '.claude.json'));
  });

  it('--json: sources, clients, scopes, filters', async () => {
    const result = await run(['servers', '--scan', '--json'], where);
    const document = JSON.parse(result.stdout) as { files: string[]; servers: Array<Record<string, unknown>> };
    const calc = (client: string) => document.servers.find((server) => server.name === `${client}-calc`)!;
    for (const client of CLIENTS) expect(calc(client)).toMatchObject({ client, transport: 'stdio', enabled: true });
    expect(calc('claude-code')).toMatchObject({ source: '.mcp.json', scope: 'project', pointer: '/mcpServers/claude-code-calc', line: 3 });
    expect(calc('gemini-cli')).toMatchObject({
      source: join('.gemini', 'settings.json'),
      toolFilter: { include: ['add', 'multiply(a, b)'], exclude: ['multiply'] },
    });
    expect(document.servers.find((server) => server.name === 'vscode-remote')).toMatchObject({
      transport: 'http',
      sseFallback: true,
      headerKeys: ['Authorization', 'X-Literal'],
    });
    // 13 client files, and Codex's user config.toml (where the project is trusted).
    expect(document.files.length).toBe(14);
  });
});

describe('tools each client would expose (live discovery of the calculator fixture)', () => {
  let catalog: Catalog;
  let listText = '';
  beforeAll(async () => {
    const names = CLIENTS.map((client) => `${client}-calc`);
    const json = await run(['list', '--scan', '--server', ...names, '--all', '--json'], where);
    expect(json.code).toBe(0);
    catalog = JSON.parse(json.stdout) as Catalog;
    listText = (await run(['list', '--client', 'gemini-cli', '--server', 'gemini-cli-calc'], where)).stdout;
  });

  it("applies each client's own filter; hidden tools stay in the document with the reason", () => {
    const visible = (server: string) => catalog.tools.filter((tool) => tool.server === server && !tool.hidden).map((tool) => tool.name);
    expect(visible('gemini-cli-calc')).toEqual(['add']);
    expect(visible('codex-calc')).toEqual(['add']);
    expect(visible('windsurf-calc')).toEqual(['multiply', 'subtract']);
    expect(visible('opencode-calc')).toEqual(['add', 'subtract']);
    expect(visible('goose-calc')).toEqual(['multiply']);
    for (const client of ['claude-code', 'claude-desktop', 'vscode', 'cursor', 'zed', 'cline', 'continue']) {
      expect(visible(`${client}-calc`)).toEqual(['add', 'multiply', 'subtract']);
    }
    const hidden = catalog.tools.find((tool) => tool.server === 'gemini-cli-calc' && tool.name === 'multiply')!.hidden;
    expect(hidden).toEqual({ by: 'gemini-cli excludeTools', reason: `listed in excludeTools in ${join('.gemini', 'settings.json')}` });
    expect(listText).toContain('hidden; --all shows them');
    expect(listText).not.toContain('gemini-cli-calc/multiply');
  });
});

describe('secrets never appear in output', () => {
  const commands: string[][] = [
    ['servers', '--scan'],
    ['servers', '--scan', '--json'],
    ['servers', '--scan', '--verbose'],
    ['list', '--scan', '--all', '--verbose'],
    ['list', '--scan', '--json'],
    // check: every remote entry (headers) plus two stdio ones, to keep the run short.
    ['check', '--scan', '--server', ...CLIENTS.map((client) => `${client}-remote`).filter((name) => name !== 'claude-desktop-remote'), 'codex-calc'],
    [
      'check',
      '--scan',
      '--format',
      'json',
      '--server',
      ...CLIENTS.map((client) => `${client}-remote`).filter((name) => name !== 'claude-desktop-remote'),
      'codex-calc',
    ],
  ];
  it.each(commands.map((argv) => [argv.join(' '), argv]))(
    '%s',
    async (_label, argv) => {
      const result = await run(argv as string[], where);
      expect(result.stdout.length + result.stderr.length).toBeGreaterThan(0);
      expect(result.stdout).not.toContain(SECRET);
      expect(result.stderr).not.toContain(SECRET);
    },
    60_000,
  );
});

describe('other sources', () => {
  it('mcpns.config.json include reaches the client readers', async () => {
    const dir = join(tree.root, 'own');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'mcpns.config.json'), JSON.stringify({ include: [join(tree.project, '.mcp.json'), join(tree.project, '.vscode', 'mcp.json')] }));
    const result = await run(['servers', '--json'], { cwd: dir, home: tree.home });
    expect(result.code).toBe(0);
    const servers = (JSON.parse(result.stdout) as { servers: Array<{ name: string; client: string }> }).servers;
    expect(servers.map((server) => `${server.client}:${server.name}`).sort()).toEqual([
      'claude-code:claude-code-calc',
      'claude-code:claude-code-remote',
      'vscode:vscode-calc',
      'vscode:vscode-remote',
    ]);
  });

  it('--config detects a client file; --input answers ${input:id}', async () => {
    const fixtures = resolve('fixtures/configs/clients');
    const without = await run(['servers', '--config', join(fixtures, 'vscode/.vscode/mcp.json'), '--json'], where);
    expect(without.stdout).toContain('UNRESOLVED_INPUT');
    const answered = await run(['servers', '--config', join(fixtures, 'vscode/.vscode/mcp.json'), '--input', 'perplexity-key=pplx-answer', '--json'], where);
    expect(answered.stdout).not.toContain('UNRESOLVED_INPUT');
    expect(answered.stdout).not.toContain('pplx-answer');
    const claude = await run(['servers', '--config', join(fixtures, 'claude-code/project/.mcp.json')], where);
    expect(claude.stderr).toContain(
      '/mcpServers/calculator/env/CALC_TOKEN: variable CALC_TOKEN is not set; the placeholder is kept literally [UNRESOLVED_VARIABLE]',
    );
    expect(claude.stderr).toContain('[URL_WITHOUT_TYPE]');
    expect(claude.stdout).toMatch(/no-type\s+unlaunchable/);
  });

  it('malformed client files exit 2 with file, line and column', async () => {
    const fixtures = resolve('fixtures/configs/clients/malformed');
    for (const name of ['.mcp.json', 'config.toml', 'config.yaml']) {
      const result = await run(['servers', '--config', join(fixtures, name), '--json'], { cwd: fixtures, home: tree.home });
      expect(result.code).toBe(2);
      const error = (JSON.parse(result.stderr.trim()) as { error: Record<string, unknown> }).error;
      expect(error).toMatchObject({ code: 'CONFIG_PARSE', file: name });
      expect(error['line']).toEqual(expect.any(Number));
      expect(error['column']).toEqual(expect.any(Number));
    }
  });

  it('an unknown --client is a usage error listing the valid ids', async () => {
    const result = await run(['servers', '--client', 'claude'], where);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('unknown client "claude"');
    expect(result.stderr).toContain('claude-code');
  });
});
