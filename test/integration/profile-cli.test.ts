import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';

describe('profiles during discovery', () => {
  it('never starts a server the profile hides entirely, and says why', async () => {
    const run = await runCli(['list', '--profile', 'single', '--json']);
    expect(run.code).toBe(0);
    const catalog = JSON.parse(run.stdout);
    const atlassian = catalog.servers.find((server: { name: string }) => server.name === 'atlassian');
    expect(atlassian).toMatchObject({ status: 'disabled', toolCount: 0, notes: ['profile single: servers.disable lists "atlassian"'] });
    expect(atlassian.durationMs).toBeUndefined();
    expect(catalog.tools.some((tool: { server: string }) => tool.server === 'atlassian')).toBe(false);
    expect(catalog.servers.filter((server: { status: string }) => server.status === 'ok')).toHaveLength(5);
  });

  it('still discovers it with --all, marking its tools hidden', async () => {
    const run = await runCli(['list', '--profile', 'single', '--all', '--server', 'atlassian', 'calculator']);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('(hidden by profile single: servers.disable lists "atlassian")');
    expect(run.stdout).toMatch(/7 tools from 2 of 2 servers \(4 of them hidden\)/);
  });
});

describe('call with --server before key=value pairs', () => {
  it('keeps the pairs as arguments (--server takes one comma-separated value)', async () => {
    const run = await runCli([
      'call',
      'add',
      'a=5',
      '--server',
      'calculator',
      'b=3',
      '--catalog',
      'fixtures/plans/demo-catalog.json',
      '--envelope',
      'jsonrpc',
      '--envelope-only',
    ]);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout).params).toEqual({ name: 'add', arguments: { a: 5, b: 3 } });
  });
});
