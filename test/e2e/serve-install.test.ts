/**
 * `mcpns serve --install claude-code` with the built bin, in a fresh project with three servers in .mcp.json: the
 * entry it writes starts a gateway that serves exactly those three servers' tools, a second run changes nothing, and
 * `--uninstall` puts every file back byte for byte (the file it created is gone again).
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runBin } from '../helpers/cli.js';
import { fixturePath, REPO_ROOT } from '../helpers/fixtures.js';
import { makeTempDir } from '../helpers/temp.js';

const MCP_JSON = (servers: Record<string, string>): string =>
  `{
  "mcpServers": {
${Object.entries(servers)
  .map(([name, fixture]) => `    "${name}": { "command": ${JSON.stringify(process.execPath)}, "args": [${JSON.stringify(fixturePath(fixture))}] }`)
  .join(',\n')}
  }
}
`;
const SETTINGS = `{
  "permissions": {
    "allow": ["mcp__calculator__add", "Bash(npm test)"],
    "deny": ["mcp__files"]
  }
}
`;

function run(args: string[], cwd: string, env: Record<string, string>) {
  return runBin(args, { cwd, env, timeoutMs: 120_000 });
}

describe('mcpns serve --install claude-code (built bin)', () => {
  it('installs, serves the three servers through the written entry, is idempotent, and undoes byte for byte', async () => {
    const project = makeTempDir('mcpns-install-');
    const home = makeTempDir('mcpns-home-');
    const env = { HOME: home, MCPNS_STATE_DIR: join(home, 'state'), CLAUDE_CONFIG_DIR: join(home, '.claude-config') };
    const mcp = MCP_JSON({ calculator: 'calculator', files: 'files', memory: 'memory' });
    mkdirSync(join(project, '.claude'));
    writeFileSync(join(project, '.mcp.json'), mcp);
    writeFileSync(join(project, '.claude', 'settings.json'), SETTINGS);

    const dry = await run(['serve', '--install', 'claude-code', '--dry-run'], project, env);
    expect(dry.stderr).toBe('');
    expect(dry.code).toBe(0);
    expect(dry.stdout).toContain('--- a/.mcp.json\n+++ b/.mcp.json\n');
    expect(dry.stdout).toContain('--- /dev/null\n+++ b/.claude/settings.local.json\n');
    expect(dry.stdout).toContain('-    "allow": ["mcp__calculator__add", "Bash(npm test)"],');
    expect(dry.stdout).toContain('+    "allow": ["mcp__mcpns__calculator__add", "Bash(npm test)"],');
    expect(readFileSync(join(project, '.mcp.json'), 'utf8'), '--dry-run writes nothing').toBe(mcp);
    expect(existsSync(join(project, '.claude', 'settings.local.json'))).toBe(false);

    const installed = await run(['serve', '--install', 'claude-code'], project, env);
    expect(installed.code).toBe(0);
    expect(installed.stdout).toContain('updated .mcp.json: gateway entry "mcpns" serving calculator, files, memory\n');
    expect(installed.stdout).toContain('created .claude/settings.local.json: ');
    expect(installed.stdout).toContain('updated .claude/settings.json: permissions.allow: mcp__calculator__add → mcp__mcpns__calculator__add; ');
    expect(installed.stderr).toContain('undo with: mcpns serve --uninstall claude-code');
    const written = JSON.parse(readFileSync(join(project, '.mcp.json'), 'utf8')) as {
      mcpServers: Record<string, { command: string; args: string[] }>;
    };
    const entry = written.mcpServers['mcpns']!;
    expect(entry.command).toBe('node');
    expect(entry.args.slice(0, 8)).toEqual([
      join(REPO_ROOT, 'bin', 'mcpns.js'),
      'serve',
      '--for',
      'claude-code',
      '--as',
      'mcpns',
      '--config',
      join(project, '.mcp.json'),
    ]);
    expect(JSON.parse(readFileSync(join(project, '.claude', 'settings.local.json'), 'utf8'))).toEqual({
      enabledMcpjsonServers: ['mcpns'],
      disabledMcpjsonServers: ['calculator', 'files', 'memory'],
      permissions: { allow: ['mcp__mcpns'] },
    });

    const again = await run(['serve', '--install', 'claude-code'], project, env);
    expect(again.code).toBe(0);
    expect(again.stdout).toBe('nothing to change: claude-code already reaches calculator, files, memory through the gateway (.mcp.json)\n');

    // The written entry, run as Claude Code would run it, with --dry-run: the three servers' tools, none of its own.
    const served = await new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
      execFile(
        process.execPath,
        [...entry.args, '--dry-run', '--json'],
        { cwd: project, env: { ...process.env, ...env, NO_COLOR: '1' }, timeout: 120_000 },
        (error, stdout, stderr) => resolve({ code: error ? Number(error.code) : 0, stdout, stderr }),
      );
    });
    const catalog = JSON.parse(served.stdout) as { servers: Array<{ name: string; status: string }>; tools: Array<{ server: string; qualifiedName: string }> };
    expect(catalog.servers.map((server) => `${server.name}:${server.status}`)).toEqual(['calculator:ok', 'files:ok', 'memory:ok']);
    expect(new Set(catalog.tools.map((tool) => tool.server))).toEqual(new Set(['calculator', 'files', 'memory']));
    expect(catalog.tools.map((tool) => tool.qualifiedName)).toContain('calculator__add');

    const undone = await run(['serve', '--uninstall', 'claude-code'], project, env);
    expect(undone.code).toBe(0);
    expect(undone.stdout).toContain('removed .claude/settings.local.json\n');
    expect(readFileSync(join(project, '.mcp.json'), 'utf8')).toBe(mcp);
    expect(readFileSync(join(project, '.claude', 'settings.json'), 'utf8')).toBe(SETTINGS);
    expect(existsSync(join(project, '.claude', 'settings.local.json'))).toBe(false);
    const nothing = await run(['serve', '--uninstall', 'claude-code'], project, env);
    expect(nothing.code).toBe(2);
    expect(nothing.stderr).toContain('nothing to undo');
  });
});
