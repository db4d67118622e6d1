/**
 * `mcpns serve --install` / `--uninstall` in-process: Codex's user file by default (CODEX_HOME), --json, refusals
 * (an unknown client, both flags, an undo over files edited since), and the moved servers' file read as the
 * client's own.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { detectClient } from '../../src/config/clients/detect.js';
import { runCli } from '../helpers/cli.js';
import { makeTempDir } from '../helpers/temp.js';

const CODEX = `# user config
model = "gpt-5.5"

[mcp_servers.docs]
command = "node"
args = ["docs.js"]
`;

function setup() {
  const project = makeTempDir('mcpns-install-');
  const home = makeTempDir('mcpns-home-');
  const env = { HOME: home, MCPNS_STATE_DIR: join(home, 'state'), CODEX_HOME: join(home, 'codex') };
  mkdirSync(env.CODEX_HOME);
  writeFileSync(join(env.CODEX_HOME, 'config.toml'), CODEX);
  return { project, home, env, file: join(env.CODEX_HOME, 'config.toml') };
}

describe('mcpns serve --install (in-process)', () => {
  it('codex: the user file by default; --json lists the changes; --uninstall --json restores', async () => {
    const { project, env, file } = setup();
    const dry = await runCli(['serve', '--install', 'codex', '--dry-run', '--json'], { cwd: project, env });
    expect(dry.code).toBe(0);
    const plan = JSON.parse(dry.stdout) as Record<string, any>;
    expect(plan).toMatchObject({ schemaVersion: 1, client: 'codex', scope: 'user', entryFile: file, served: ['docs'], method: 'disabled', dryRun: true });
    expect(plan['changes'][0].diff).toContain('+[mcp_servers.mcpns]\n');
    expect(plan['changes'][0].diff).toContain(' [mcp_servers.docs]\n+enabled = false\n');
    expect(readFileSync(file, 'utf8')).toBe(CODEX);

    const done = await runCli(['serve', '--install', 'codex', '--json'], { cwd: project, env });
    expect(done.code).toBe(0);
    expect(JSON.parse(done.stdout)).toMatchObject({ dryRun: false, changes: [{ file, action: 'update' }] });
    expect(readFileSync(file, 'utf8')).toContain('default_tools_approval_mode = "approve"');

    const undo = await runCli(['serve', '--uninstall', 'codex', '--json'], { cwd: project, env });
    expect(undo.code).toBe(0);
    expect(JSON.parse(undo.stdout)).toMatchObject({ client: 'codex', changes: [{ file, action: 'restore' }] });
    expect(readFileSync(file, 'utf8')).toBe(CODEX);
  });

  it('refuses to undo over a file edited since the install, and says which', async () => {
    const { project, env, file } = setup();
    expect((await runCli(['serve', '--install', 'codex'], { cwd: project, env })).code).toBe(0);
    writeFileSync(file, readFileSync(file, 'utf8') + '\n# mine\n');
    const undo = await runCli(['serve', '--uninstall', 'codex'], { cwd: project, env });
    expect(undo.code).toBe(2);
    expect(undo.stderr).toContain(`not undoing: ${file} changed since the install`);
    expect(readFileSync(file, 'utf8')).toContain('# mine');
  });

  it('usage errors: an unknown client, both flags, a scope that is not one', async () => {
    const { project, env } = setup();
    const unknown = await runCli(['serve', '--install', 'zed'], { cwd: project, env });
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('claude-code, codex, gemini-cli, opencode, cursor, vscode');
    expect((await runCli(['serve', '--install', 'codex', '--uninstall', 'codex'], { cwd: project, env })).code).toBe(2);
    const scope = await runCli(['serve', '--install', 'codex', '--scope', 'local'], { cwd: project, env });
    expect(scope.code).toBe(2);
    expect(scope.stderr).toContain('project, user');
  });

  it('the servers moved for Cursor are read as Cursor’s file', () => {
    expect(detectClient('/p/.cursor/mcpns.servers.json', '{"mcpServers":{}}', 'x')).toBe('cursor');
    expect(detectClient('/p/.vscode/mcpns.servers.json', '{"servers":{}}', 'x')).toBe('vscode');
    expect(detectClient('/p/servers.json', '{"mcpServers":{}}', 'x')).toBe('generic');
  });
});
