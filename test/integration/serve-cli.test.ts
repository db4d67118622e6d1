/**
 * `mcpns serve` as a command: --dry-run prints the catalog the gateway would expose with list's renderer and exits with
 * the check exit code; a name collision the style cannot separate is refused at start with NAME_COLLISION findings.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { fixturePath } from '../helpers/fixtures.js';
import { makeTempDir } from '../helpers/temp.js';

function config(servers: Record<string, { name: string; extra?: unknown[] }>): string {
  const dir = makeTempDir();
  const entries = Object.fromEntries(
    Object.entries(servers).map(([key, { name, extra }]) => [
      key,
      {
        command: process.execPath,
        args: [fixturePath('gateway-upstream'), '--name', name],
        ...(extra ? { env: { GW_EXTRA_TOOLS: JSON.stringify(extra) } } : {}),
      },
    ]),
  );
  const file = join(dir, 'mcpns.config.json');
  writeFileSync(file, JSON.stringify({ servers: entries }));
  return file;
}

describe('mcpns serve --dry-run', () => {
  it('prints the exposed catalog (hybrid: bare unless shared) and exits 0 when nothing is at --fail-on', async () => {
    const file = config({ alpha: { name: 'alpha', extra: [{ name: 'only_alpha', description: 'Only here.' }] }, beta: { name: 'beta' } });
    const result = await runCli(['serve', '--dry-run', '--style', 'hybrid', '--config', file]);
    expect(result.stderr).toContain('upstream alpha ready: 18 tools');
    expect(result.stdout).toMatch(/^SERVER\s+NAME \(serve, hybrid\)/);
    expect(result.stdout).toMatch(/alpha\s+only_alpha\s+Only here\./);
    expect(result.stdout).toMatch(/beta\s+beta__whoami/);
    expect(result.stdout).toContain('35 tools from 2 of 2 servers');
    expect(result.code).toBe(0);
  });

  it('--json: the exposed catalog as list --json plus the findings', async () => {
    const file = config({ alpha: { name: 'alpha' } });
    const result = await runCli(['serve', '--dry-run', '--json', '--config', file]);
    const document = JSON.parse(result.stdout) as { style: string; tools: Array<{ qualifiedName: string }>; summary: unknown };
    expect(document.style).toBe('double-underscore');
    expect(document.tools.map((tool) => tool.qualifiedName)).toContain('alpha__whoami');
    expect(result.code).toBe(0);
  });

  it('--for claude-code: names too long for mcp__<key>__… are shortened and reported', async () => {
    const long = `x${'_very_long_tool_name'.repeat(6)}`;
    const file = config({ alpha: { name: 'alpha', extra: [{ name: long, description: 'Long.' }] } });
    const result = await runCli(['serve', '--dry-run', '--for', 'claude-code', '--as', 'gateway', '--config', file]);
    expect(result.stdout).toMatch(/CLAUDE-CODE/);
    expect(result.stdout).toMatch(
      /shortened: alpha\/x_very_long_tool_name.* → alpha__x_very_long_tool_name\S*_[0-9a-f]{8} \(claude-code shows it as \d+ characters, over its limit of 128\)/,
    );
    expect(result.stdout).toMatch(/mcp__gateway__alpha__whoami/);
  });

  it('a collision the style cannot separate: --dry-run reports NAME_COLLISION and exits 1; serve refuses to start', async () => {
    const file = config({ a: { name: 'a', extra: [{ name: 'b__whoami' }] }, a__b: { name: 'ab' } });
    const dry = await runCli(['serve', '--dry-run', '--config', file]);
    expect(dry.stdout).toMatch(/NAME_COLLISION .*a__b__whoami/);
    expect(dry.code).toBe(1);
    // Over HTTP (stdio would end at once: runCli's stdin is empty): the refusal comes when the first start is over.
    const served = await runCli(['serve', '--http', '127.0.0.1:0', '--config', file]);
    expect(served.stderr).toContain('refusing to start: 1 exposed name(s) would route to several servers');
    expect(served.stderr).toMatch(/NAME_COLLISION .*a__b__whoami/);
    expect(served.code).toBe(1);
  });

  it('refuses --catalog', async () => {
    const result = await runCli(['serve', '--catalog', 'x.json']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--catalog is not supported');
  });
});
