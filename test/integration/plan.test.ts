import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';

const OPTIONS = ['-c', 'fixtures/plans/routes.mcpns.json', '--catalog', 'fixtures/plans/demo-catalog.json', '--id', 'plan-1', '--ts', '2026-01-01T00:00:00Z'];
const json = (text: string): Record<string, any> => JSON.parse(text) as Record<string, any>;

describe('mcpns plan validate', () => {
  it('a valid Bamboo plan → exit 0 (a namespace disambiguates a short name)', async () => {
    const run = await runCli(['plan', 'validate', 'fixtures/plans/valid-bamboo.json', ...OPTIONS]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('Bamboo plan · route PLAN · confidence 0.82 · 3 tool calls');
    expect(run.stdout).toContain('✓ tool_calls[2] add (namespace arithmetic) → calculator/add');
    expect(run.stdout).toContain('plan valid');
  });

  it('reports every problem with call index and path: unknown tool, ambiguous name, bad arguments, wrong field', async () => {
    const run = await runCli(['plan', 'validate', 'fixtures/plans/invalid-bamboo.json', ...OPTIONS, '--json']);
    expect(run.code).toBe(1);
    const result = json(run.stdout);
    expect(result['valid']).toBe(false);
    expect(result['problems'].map((problem: { index: number; path: string; code: string }) => `${problem.index} ${problem.path} ${problem.code}`)).toEqual([
      '0 tool_calls[0].tool TOOL_NOT_FOUND',
      '1 tool_calls[1].tool TOOL_AMBIGUOUS',
      '2 tool_calls[2].arguments.issueKey ARGS_INVALID',
      '3 tool_calls[3].args PLAN_SHAPE',
      '3 tool_calls[3].arguments.location ARGS_INVALID',
    ]);
    expect(result['problems'][1].candidates).toEqual([
      { server: 'calculator', tool: 'add' },
      { server: 'math-service', tool: 'add' },
    ]);
  });

  it('an ambiguous short name is an error in human output too, listing the candidates', async () => {
    const run = await runCli(['plan', 'validate', 'fixtures/plans/invalid-bamboo.json', ...OPTIONS]);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('tool_calls[1].tool  TOOL_AMBIGUOUS');
    expect(run.stdout).toContain('candidates: calculator/add, math-service/add');
    expect(run.stdout).toContain('plan INVALID');
  });

  it('a plan wrapped in prose and a code fence (stdin): extracted, and said so on stderr and in JSON', async () => {
    const stdin = readFileSync('fixtures/plans/wrapped-plan.md', 'utf8');
    const run = await runCli(['plan', 'validate', '-', ...OPTIONS, '--json'], { stdin });
    expect(run.code).toBe(0);
    // Under --json every stderr line is one JSON object.
    const lines = run.stderr
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(lines).toEqual([{ note: { message: 'extracted the first JSON object (lines 4-9) from a code fence; a planner should return bare JSON' } }]);
    expect(json(run.stdout)['notes']).toEqual(['extracted the first JSON object (lines 4-9) from a code fence; a planner should return bare JSON']);
  });

  it('a plain list with --envelopes and fixed --id/--ts prints the exact envelopes', async () => {
    const run = await runCli(['plan', 'validate', 'fixtures/plans/list-plan.json', ...OPTIONS, '--envelopes', '--json']);
    expect(run.code).toBe(0);
    expect(json(run.stdout)['envelopes']).toEqual([
      {
        protocol: 'mew/v0.4',
        id: 'plan-1-1',
        ts: '2026-01-01T00:00:00Z',
        from: 'mcpns',
        to: ['atlassian'],
        kind: 'mcp/request',
        payload: { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'atlassian_get_issue', arguments: { issueKey: 'ABC-123' } } },
      },
      {
        protocol: 'mew/v0.4',
        id: 'plan-1-2',
        ts: '2026-01-01T00:00:00Z',
        from: 'mcpns',
        to: ['memory'],
        kind: 'mcp/request',
        payload: { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'memory_search_memory', arguments: { query: 'ABC-123', limit: 3 } } },
      },
    ]);
  });

  it('an invalid plan prints no envelopes', async () => {
    const run = await runCli(['plan', 'validate', 'fixtures/plans/invalid-bamboo.json', ...OPTIONS, '--envelopes']);
    expect(run.code).toBe(1);
    expect(run.stdout).not.toContain('envelopes:');
    expect(run.stderr).toContain('no envelopes: the plan is invalid');
  });

  it('unreadable input → exit 2 (missing file, no JSON at all)', async () => {
    const missing = await runCli(['plan', 'validate', 'fixtures/plans/nope.json', ...OPTIONS, '--json']);
    expect(missing.code).toBe(2);
    expect(json(missing.stderr)['error'].code).toBe('PLAN_UNREADABLE');
    const prose = await runCli(['plan', 'validate', '-', ...OPTIONS], { stdin: 'I would call the calculator.' });
    expect(prose.code).toBe(2);
    expect(prose.stderr).toContain('no JSON object or array found');
  });

  it('route --json .plan round-trips through plan validate', async () => {
    const routed = await runCli(['route', 'status of issue ABC-123', ...OPTIONS, '--json']);
    const plan = json(routed.stdout)['plan'];
    const run = await runCli(['plan', 'validate', '-', ...OPTIONS, '--json'], { stdin: JSON.stringify(plan) });
    expect(run.code).toBe(0);
    expect(json(run.stdout)).toMatchObject({ valid: true, shape: 'bamboo', route: 'FAST_PATH', confidence: 1 });
  });

  it('plan schema prints the shipped draft 2020-12 schema', async () => {
    const run = await runCli(['plan', 'schema']);
    expect(run.code).toBe(0);
    expect(json(run.stdout)).toMatchObject({
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      oneOf: [{ $ref: '#/$defs/bambooPlan' }, { $ref: '#/$defs/callList' }],
    });
  });
});
