/**
 * `mcpns serve` as a command: --dry-run prints the catalog the gateway would expose with list's renderer and exits with
 * the check exit code; a name collision the style cannot separate is kept apart (each pair's hash) and reported as a
 * NAME_COLLISION finding, refused at start with --strict.
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
      /shortened: alpha\/x_very_long_tool_name.* → alpha__x_very_long_tool_name\S*_[0-9a-f]{8} \(Claude Code leaves out a name over 128 characters \("is not sent to Claude"\)\)/,
    );
    expect(result.stdout).toMatch(/mcp__gateway__alpha__whoami/);
  });

  it('--for gemini-cli --json: names Gemini CLI cuts at 63 carry their uncut form and NAME_SHORTENED; names cut alike are kept apart', async () => {
    const long = 'get_cost_and_usage_comparisons_with_forecast';
    const file = config({ 'awslabs-billing-cost-management': { name: 'billing', extra: [{ name: long }, { name: `${long}_v2` }, { name: `x_${long}` }] } });
    const result = await runCli(['serve', '--dry-run', '--json', '--for', 'gemini-cli', '--as', 'mcpns', '--config', file]);
    const document = JSON.parse(result.stdout) as {
      names: Array<{ tool: string; final: string; uncut?: string; shortened?: { reason: string } }>;
      findings: Array<{ code: string; tool?: string; args?: { by: string; from: string; to: string } }>;
    };
    const byTool = new Map(document.names.map((name) => [name.tool, name]));
    expect(byTool.get(`${long}_v2`)).toMatchObject({
      final: 'mcp_mcpns_awslabs-billing-cost...e_comparisons_with_forecast_v2',
      uncut: `mcp_mcpns_awslabs-billing-cost-management__${long}_v2`,
    });
    expect(byTool.get(long)!.final).not.toBe(byTool.get(`x_${long}`)!.final);
    expect(byTool.get(long)!.shortened!.reason).toContain('like 1 other name(s)');
    expect(new Set(document.names.map((name) => name.final)).size).toBe(document.names.length);
    const cut = document.findings.find((finding) => finding.code === 'NAME_SHORTENED' && finding.tool === `${long}_v2`);
    expect(cut?.args).toMatchObject({ by: 'client', to: byTool.get(`${long}_v2`)!.final });
    expect(
      document.findings
        .filter((finding) => finding.code === 'NAME_SHORTENED' && finding.args?.by === 'gateway')
        .map((finding) => finding.tool)
        .sort(),
    ).toEqual([long, `x_${long}`]);
    expect(result.code).toBe(0);
  });

  it("a collision the style cannot separate is kept apart with each pair's hash and reported; --strict refuses (exit 1)", async () => {
    const file = config({ a: { name: 'a', extra: [{ name: 'b__whoami' }] }, a__b: { name: 'ab' } });
    const dry = await runCli(['serve', '--dry-run', '--config', file]);
    expect(dry.stdout).toMatch(/NAME_COLLISION .*a__b__whoami/);
    expect(dry.stdout).toMatch(/a\s+a__b__whoami_[0-9a-f]{8}/);
    expect(dry.stdout).toMatch(/a__b\s+a__b__whoami_[0-9a-f]{8}/);
    // A warning (the gateway keeps them apart); the exit code is the check's (AMBIGUOUS_ROUTE: server key "a__b").
    expect(dry.stdout).toMatch(/Warnings \(\d+\)[\s\S]*NAME_COLLISION/);
    expect(dry.stdout).not.toMatch(/Errors \(\d+\)[^]*NAME_COLLISION[^]*Warnings/);
    // Over HTTP (stdio would end at once: runCli's stdin is empty): the refusal comes when the first start is over.
    const strict = await runCli(['serve', '--strict', '--http', '127.0.0.1:0', '--config', file]);
    expect(strict.stderr).toContain('refusing to start: 1 exposed name(s) would route to several servers');
    expect(strict.stderr).toMatch(/NAME_COLLISION .*a__b__whoami/);
    expect(strict.code).toBe(1);
    const strictDry = await runCli(['serve', '--dry-run', '--strict', '--config', file]);
    expect(strictDry.code).toBe(1);
  });

  it('tools literally named calc__add and calc/add on one server are both served, apart', async () => {
    const file = config({ x: { name: 'x', extra: [{ name: 'calc__add' }, { name: 'calc/add' }] } });
    const dry = await runCli(['serve', '--dry-run', '--json', '--config', file]);
    const document = JSON.parse(dry.stdout) as { tools: Array<{ name: string; qualifiedName: string }>; findings: Array<{ code: string; severity: string }> };
    const names = document.tools.filter((tool) => tool.name.startsWith('calc')).map((tool) => tool.qualifiedName);
    expect(names).toHaveLength(2);
    for (const name of names) expect(name).toMatch(/^x__calc__add_[0-9a-f]{8}$/);
    expect(document.findings.filter((finding) => finding.code === 'NAME_COLLISION').map((finding) => finding.severity)).toEqual(['warning']);
    expect(dry.code).toBe(0);
  });

  it('refuses --catalog', async () => {
    const result = await runCli(['serve', '--catalog', 'x.json']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--catalog is not supported');
  });
});
