/**
 * Issue 25 §4.11 cosmetics: `servers` says a note shared by several servers once (not on every row), and the
 * "nothing found" error lists only this platform's places.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { otherPlatformPath } from '../../src/config/load-core.js';
import { runCli } from '../helpers/cli.js';
import { makeTempDir } from '../helpers/temp.js';

describe('servers: a shared note is said once', () => {
  it('three servers of a .mcp.json nobody confirmed: the explanation once under the table, naming them', async () => {
    const home = makeTempDir('mcpns-notes-home-');
    const project = makeTempDir('mcpns-notes-');
    mkdirSync(join(project, '.git'));
    const entry = { command: 'node', args: ['server.js'] };
    writeFileSync(join(project, '.mcp.json'), JSON.stringify({ mcpServers: { a: entry, b: entry, c: entry } }));
    const run = await runCli(['servers'], { cwd: project, env: { HOME: home } });
    expect(run.code).toBe(0);
    const explanation = 'an interactive Claude Code session asks whether to use it, claude -p starts it';
    expect(run.stdout.split(explanation)).toHaveLength(2);
    expect(run.stdout).toContain(`\nnot confirmed yet: ${explanation} (a, b, c)\n`);
    const rows = run.stdout.split('\n').filter((line) => /^[abc] /.test(line));
    expect(rows).toHaveLength(3);
    for (const row of rows) expect(row).toMatch(/; not confirmed yet$/);
    // --json keeps each server's whole note.
    const json = JSON.parse((await runCli(['servers', '--json'], { cwd: project, env: { HOME: home } })).stdout);
    expect(json.servers.map((server: { approval: string }) => server.approval)).toEqual(Array(3).fill(`not confirmed yet: ${explanation}`));
  });

  it('a note only one server has stays on its row', async () => {
    const home = makeTempDir('mcpns-notes-home-');
    const project = makeTempDir('mcpns-notes-');
    mkdirSync(join(project, '.git'));
    writeFileSync(join(project, '.mcp.json'), JSON.stringify({ mcpServers: { a: { command: 'node' } } }));
    const run = await runCli(['servers'], { cwd: project, env: { HOME: home } });
    expect(run.stdout).toMatch(/; not confirmed yet: an interactive Claude Code session asks whether to use it, claude -p starts it\n/);
  });
});

describe('servers: "approved" has one meaning', () => {
  it('a deny rule makes a server NOT_APPROVED; that .mcp.json server is unconfirmed, and its note does not say "approved"', async () => {
    const home = makeTempDir('mcpns-notes-home-');
    const project = makeTempDir('mcpns-notes-');
    mkdirSync(join(project, '.git'));
    mkdirSync(join(project, '.claude'));
    writeFileSync(join(project, '.mcp.json'), JSON.stringify({ mcpServers: { a: { command: 'node' } } }));
    writeFileSync(join(project, '.claude', 'settings.json'), JSON.stringify({ permissions: { deny: ['mcp__a'] } }));
    const run = await runCli(['servers', '--wide'], { cwd: project, env: { HOME: home } });
    expect(run.code, run.stderr).toBe(0);
    const row = run.stdout.split('\n').find((line) => line.startsWith('a '));
    expect(row).toContain('NOT_APPROVED');
    expect(row).toContain('not confirmed yet: an interactive Claude Code session asks whether to use it');
    expect(row!.replace('NOT_APPROVED', '')).not.toMatch(/approved/i);
  });
});

describe('nothing found: only this platform’s places', () => {
  it("macOS's Application Support folder is left out off macOS, and kept on macOS", () => {
    expect(otherPlatformPath('/h/Library/Application Support/Claude/claude_desktop_config.json', '/h', 'linux')).toBe(true);
    expect(otherPlatformPath('/h/Library/Application Support/Claude/claude_desktop_config.json', '/h', 'darwin')).toBe(false);
    expect(otherPlatformPath('/h/.config/Claude/claude_desktop_config.json', '/h', 'linux')).toBe(false);
  });

  it.runIf(process.platform !== 'darwin')('--scan with nothing to read lists no macOS path here', async () => {
    const home = makeTempDir('mcpns-scan-home-');
    const run = await runCli(['list', '--scan'], { cwd: home, env: { HOME: home } });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('.config/Claude/claude_desktop_config.json');
    expect(run.stderr).not.toContain('Application Support');
  });
});
