import { describe, expect, it } from 'vitest';
import { detectPackageRunner } from '../../../src/discovery/package-runner.js';

describe('detectPackageRunner', () => {
  it.each([
    ['npx', ['-y', '@modelcontextprotocol/server-memory'], 'npx'],
    ['/usr/local/bin/npx', ['pkg'], 'npx'],
    ['C:\\Program Files\\nodejs\\npx.cmd', ['-y', 'pkg'], 'npx'],
    ['npm', ['exec', '--yes', 'pkg'], 'npm exec'],
    ['npm', ['--yes', 'exec', 'pkg'], 'npm exec'],
    ['npm', ['x', 'pkg'], 'npm exec'],
    ['pnpm', ['dlx', 'pkg'], 'pnpm dlx'],
    ['yarn', ['dlx', 'pkg'], 'yarn dlx'],
    ['bunx', ['pkg'], 'bunx'],
    ['bun', ['x', 'pkg'], 'bun x'],
    ['uvx', ['mcp-server-fetch'], 'uvx'],
    ['uv', ['run', '--with', 'mcp', 'server.py'], 'uv run'],
    ['uv', ['--quiet', 'run', 'server.py'], 'uv run'],
    ['pipx', ['run', 'mcp-server-git'], 'pipx run'],
    ['docker', ['run', '-i', '--rm', 'mcp/fetch'], 'docker run'],
    ['podman', ['run', '-i', 'mcp/fetch'], 'podman run'],
  ])('%s %j is %s', (command, args, runner) => {
    expect(detectPackageRunner(command, args)).toBe(runner);
  });

  it.each([
    ['node', ['server.js']],
    ['npm', ['start']],
    ['npm', []],
    ['uv', ['pip', 'install', 'x']],
    ['docker', ['exec', '-i', 'box', 'server']],
    ['python', ['-m', 'server']],
    ['constructor', []],
    ['toString', ['run']],
    ['npxx', ['pkg']],
  ])('%s %j is no package runner', (command, args) => {
    expect(detectPackageRunner(command, args)).toBeUndefined();
  });
});
