/**
 * What a client receives through the gateway: the final names each client shows (one rendering, the presets'), and
 * the naming findings judged on the gateway's key and exposed names, never on the upstream keys as if each server
 * were configured in the client (a key Codex refuses, a pair Gemini CLI would split wrongly, two keys opencode folds
 * alike all reach the client as distinct exposed names under one valid key).
 */
import { describe, expect, it } from 'vitest';
import type { Catalog } from '../../../src/catalog/types.js';
import { emptyConfig } from '../../../src/config/loaded.js';
import { clientNames, judgeThroughGateway } from '../../../src/gateway/client-view.js';
import { computeExposure } from '../../../src/gateway/exposure.js';

const SERVERS: Record<string, string[]> = { 'My Server (EU)': ['whoami', 'read_file'], a_b: ['c', 'whoami'], a: ['b_c', 'whoami'] };

function setup(naming: { style: string; for?: string; key: string }, servers = SERVERS) {
  const offers = Object.entries(servers).map(([server, tools]) => ({
    server,
    tools: tools.map((name) => ({ name, description: `${name} of ${server}, described well enough.`, inputSchema: { type: 'object' } })),
    prompts: [],
    resources: [],
    templates: [],
  }));
  const exposure = computeExposure(offers, naming);
  const catalog: Catalog = {
    schemaVersion: 1,
    generatedAt: '2026-01-01T00:00:00.000Z',
    style: 'slash',
    servers: Object.entries(servers).map(([name, tools]) => ({ name, transport: 'stdio', status: 'ok', toolCount: tools.length })),
    tools: Object.entries(servers).flatMap(([server, tools]) =>
      tools.map((name) => ({
        server,
        name,
        qualifiedName: `${server}/${name}`,
        description: `${name} of ${server}, described well enough.`,
        inputSchema: { type: 'object' },
      })),
    ),
  };
  const result = judgeThroughGateway({ catalog, exposure, config: emptyConfig('/'), naming, collisions: [] });
  return { exposure, result, names: clientNames(exposure, naming) };
}

const NAMING = ['NAME_REFUSED', 'AMBIGUOUS_ROUTE', 'NAME_COLLISION', 'NAME_INVALID_CHARS', 'NAME_TOO_LONG', 'SERVER_NAME_INVALID'];

describe('through the gateway', () => {
  for (const client of ['codex', 'gemini-cli', 'opencode', 'claude-code', 'vscode', 'cursor']) {
    it(`${client}: no naming finding on upstream keys the client never sees`, () => {
      const { result, names } = setup({ style: 'double-underscore', for: client, key: 'mcpns' });
      expect(result.findings.filter((finding) => NAMING.includes(finding.code))).toEqual([]);
      expect(result.targets).toEqual(['double-underscore', client]);
      expect(new Set(names.map((name) => name.final)).size).toBe(names.length);
      expect(names.every((name) => name.dropped === undefined)).toBe(true);
    });
  }

  it('codex: each name in its namespace form, the final name its flat form', () => {
    const { names } = setup({ style: 'double-underscore', for: 'codex', key: 'mcpns' });
    const eu = names.find((name) => name.server === 'My Server (EU)' && name.tool === 'read_file')!;
    expect(eu).toMatchObject({ exposed: 'My_Server__EU___read_file', namespace: 'mcp__mcpns', function: 'My_Server__EU___read_file' });
    expect(eu.final).toBe('mcp__mcpns__My_Server__EU___read_file');
  });

  it('claude-code: mcp__<key>__<exposed>; without --for the final name is the exposed one', () => {
    expect(setup({ style: 'double-underscore', for: 'claude-code', key: 'gw' }).names.find((name) => name.server === 'a')).toMatchObject({
      server: 'a',
      tool: 'b_c',
      exposed: 'a__b_c',
      final: 'mcp__gw__a__b_c',
    });
    for (const name of setup({ style: 'double-underscore', key: 'gw' }).names) expect(name.final).toBe(name.exposed);
  });

  it('the gateway key itself is judged: a key Codex refuses is NAME_REFUSED on it', () => {
    const { result } = setup({ style: 'double-underscore', for: 'codex', key: 'my gw' });
    const refused = result.findings.filter((finding) => finding.code === 'NAME_REFUSED');
    expect(refused).toHaveLength(1);
    expect(refused[0]).toMatchObject({ target: 'codex', name: 'my gw', severity: 'error' });
  });

  it('a finding on an exposed name names the upstream pair', () => {
    // Exposed names equal but for case: NEAR_COLLISION under the style, about the servers' pairs.
    const { result } = setup({ style: 'double-underscore', for: 'claude-code', key: 'mcpns' }, { Docs: ['find'], docs: ['find'] });
    const near = result.findings.filter((finding) => finding.code === 'NEAR_COLLISION' && finding.target === 'double-underscore');
    expect(near).toHaveLength(1);
    expect(near[0]!.members).toEqual([
      { server: 'Docs', tool: 'find' },
      { server: 'docs', tool: 'find' },
    ]);
  });

  it('SHADOWED_TOOL (upstream) is still reported', () => {
    const { result } = setup({ style: 'double-underscore', for: 'codex', key: 'mcpns' });
    expect(result.findings.some((finding) => finding.code === 'SHADOWED_TOOL')).toBe(true);
  });

  it('gemini-cli: a name Gemini CLI cuts at 63 is in names (uncut) and a NAME_SHORTENED finding; two cut alike are kept apart', () => {
    const long = 'get_cost_and_usage_comparisons_with_forecast';
    const { names, result } = setup(
      { style: 'double-underscore', for: 'gemini-cli', key: 'mcpns' },
      { 'awslabs-billing-cost-management': [long, `${long}_v2`, `x_${long}`], github: ['create_issue'] },
    );
    const cut = names.find((name) => name.tool === `${long}_v2`)!;
    expect(cut.final).toBe('mcp_mcpns_awslabs-billing-cost...e_comparisons_with_forecast_v2');
    expect(cut.uncut).toBe(`mcp_mcpns_awslabs-billing-cost-management__${long}_v2`);
    expect(names.find((name) => name.tool === 'create_issue')!.uncut).toBeUndefined();
    // Cut alike (same first and last 30), the two are kept apart by the gateway before the client cuts them.
    const alike = names.filter((name) => name.tool === long || name.tool === `x_${long}`);
    expect(new Set(alike.map((name) => name.final)).size).toBe(2);
    for (const name of alike)
      expect(name.shortened?.reason).toMatch(/gemini-cli shows it as mcp_mcpns_awslabs-billing-cost\.\.\.sage_comparisons_with_forecast, like 1 other/);
    expect(new Set(names.map((name) => name.final)).size).toBe(names.length);
    const shortened = result.findings.filter((finding) => finding.code === 'NAME_SHORTENED');
    expect(shortened.map((finding) => [finding.tool, finding.args?.by])).toEqual(
      expect.arrayContaining([
        [`${long}_v2`, 'client'],
        [long, 'gateway'],
        [`x_${long}`, 'gateway'],
      ]),
    );
    expect(shortened.every((finding) => finding.severity === 'info' && finding.target === 'gemini-cli')).toBe(true);
    // Gemini CLI finds a cut name whole in its registry: no AMBIGUOUS_ROUTE for it.
    expect(result.findings.filter((finding) => finding.code === 'AMBIGUOUS_ROUTE')).toEqual([]);
    // Without a client that cuts, nothing is reported.
    expect(setup({ style: 'double-underscore', for: 'codex', key: 'mcpns' }).result.findings.some((finding) => finding.code === 'NAME_SHORTENED')).toBe(false);
  });

  it('vscode: an id VS Code cuts at 64 carries its uncut form and is reported (NAME_SHORTENED by the client)', () => {
    const long = 'get_cost_and_usage_comparisons_with_forecast';
    const { names, result } = setup({ style: 'double-underscore', for: 'vscode', key: 'mcpns' }, { 'awslabs-billing-cost-management': [long] });
    const cut = names.find((name) => name.tool === long)!;
    expect(cut.final).toHaveLength(64);
    expect(cut.uncut).toBe(`mcp_mcpns_awslabs-billing-cost-management__${long}`);
    expect(cut.uncut!.startsWith(cut.final)).toBe(true);
    const finding = result.findings.find((entry) => entry.code === 'NAME_SHORTENED')!;
    expect(finding).toMatchObject({ target: 'vscode', server: 'awslabs-billing-cost-management', tool: long, args: { by: 'client', to: cut.final } });
  });
});
