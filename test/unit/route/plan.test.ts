import { describe, expect, it } from 'vitest';
import { readCatalogFile } from '../../../src/catalog/read.js';
import { DEFAULT_PARTICIPANT } from '../../../src/call/index.js';
import { checkPlanShape, readPlanText, validatePlan, type PlanOptions } from '../../../src/route/index.js';

const catalog = readCatalogFile('fixtures/plans/demo-catalog.json');
const options: PlanOptions = {
  resolve: { style: 'slash' },
  envelope: 'mew',
  participant: DEFAULT_PARTICIPANT,
  id: 'plan-1',
  ts: '2026-01-01T00:00:00Z',
  namespaces: { math: { servers: ['calculator', 'math-service'] }, arithmetic: { servers: ['calculator'] } },
};

const codes = (value: unknown): string[] => validatePlan(value, catalog, options).problems.map((problem) => `${problem.path} ${problem.code}`);

describe('plan shape', () => {
  it('accepts both shapes', () => {
    expect(checkPlanShape({ route: 'FAST_PATH', confidence: 0.9, tool_calls: [{ tool: 'x', arguments: {} }], explain: '' })).toEqual({
      shape: 'bamboo',
      problems: [],
    });
    expect(checkPlanShape([{ tool: 'x' }])).toEqual({ shape: 'list', problems: [] });
    expect(checkPlanShape({ route: 'RETRIEVE', confidence: 0.2, retrieval_query: { type: 'exact', keys: {} } }).problems).toEqual([]);
  });

  it('reports shape problems with paths and call indexes', () => {
    const { problems } = checkPlanShape({ route: 'GUESS', confidence: 2, tool_calls: [{ tool: 'x' }, { name: 'y', args: {} }] });
    expect(problems.map((problem) => `${problem.index ?? '-'} ${problem.path}: ${problem.message}`)).toEqual([
      '- route: expected one of "FAST_PATH", "PLAN", "RETRIEVE"',
      '- confidence: must be <= 1 (maximum)',
      '1 tool_calls[1].tool: required field is missing',
      '1 tool_calls[1].name: unknown field (did you mean "tool"?)',
      '1 tool_calls[1].args: unknown field (did you mean "arguments"?)',
    ]);
  });

  it('FAST_PATH needs a tool call; RETRIEVE needs a query or a call', () => {
    expect(checkPlanShape({ route: 'FAST_PATH', confidence: 1, tool_calls: [] }).problems.map((problem) => problem.message)).toEqual([
      'route FAST_PATH and PLAN need at least one tool call',
    ]);
    expect(checkPlanShape({ route: 'RETRIEVE', confidence: 1 }).problems.map((problem) => problem.message)).toEqual([
      'route RETRIEVE needs a retrieval_query or at least one tool call',
    ]);
  });

  it('rejects a scalar', () => {
    expect(checkPlanShape('add').problems).toEqual([{ path: '(plan)', message: expect.stringContaining('JSON object') }]);
  });
});

describe('validatePlan', () => {
  it('a valid Bamboo plan resolves every call and builds numbered envelopes', () => {
    const result = validatePlan(
      {
        route: 'PLAN',
        confidence: 0.8,
        tool_calls: [
          { tool: 'calculator/add', arguments: { a: 1, b: 2 } },
          { tool: 'getCurrentWeather', arguments: { location: 'Oslo' } },
        ],
        explain: 'two steps',
      },
      catalog,
      options,
    );
    expect(result).toMatchObject({ valid: true, shape: 'bamboo', route: 'PLAN', confidence: 0.8, problems: [] });
    expect(result.calls.map((call) => [call.resolution?.qualifiedName, call.envelope?.['id']])).toEqual([
      ['calculator/add', 'plan-1-1'],
      ['weather/getCurrentWeather', 'plan-1-2'],
    ]);
  });

  it('collects every problem: unknown tool, ambiguous name, bad arguments with call index and path', () => {
    const result = validatePlan(
      {
        route: 'PLAN',
        confidence: 0.5,
        tool_calls: [
          { tool: 'calculater/add', arguments: { a: 1, b: 2 } },
          { tool: 'add', arguments: { a: 1, b: 2 } },
          { tool: 'calculator/multiply', arguments: { a: 'two', c: 3 } },
          { tool: 'memory_search_memory', arguments: { query: 'x', limit: 0 } },
        ],
      },
      catalog,
      options,
    );
    expect(result.valid).toBe(false);
    expect(result.problems.map((problem) => `${problem.index} ${problem.path} ${problem.code}`)).toEqual([
      '0 tool_calls[0].tool TOOL_NOT_FOUND',
      '1 tool_calls[1].tool TOOL_AMBIGUOUS',
      '2 tool_calls[2].arguments.a ARGS_INVALID',
      '2 tool_calls[2].arguments.b ARGS_INVALID',
      '3 tool_calls[3].arguments.limit ARGS_INVALID',
    ]);
    expect(result.problems[0]!.suggestions).toContain('calculator/add');
    expect(result.problems[1]!.candidates).toEqual([
      { server: 'calculator', tool: 'add' },
      { server: 'math-service', tool: 'add' },
    ]);
    expect(result.calls.map((call) => call.valid)).toEqual([false, false, false, false]);
  });

  it('a namespace (server or config namespace) disambiguates a short name; an unknown or wide one does not', () => {
    expect(codes([{ tool: 'add', namespace: 'calculator', arguments: { a: 1, b: 2 } }])).toEqual([]);
    expect(codes([{ tool: 'add', namespace: 'arithmetic', arguments: { a: 1, b: 2 } }])).toEqual([]);
    expect(codes([{ tool: 'add', namespace: 'math', arguments: { a: 1, b: 2 } }])).toEqual(['[0].tool TOOL_AMBIGUOUS']);
    expect(codes([{ tool: 'add', namespace: 'nope', arguments: { a: 1, b: 2 } }])).toEqual(['[0].namespace NAMESPACE_UNKNOWN', '[0].tool TOOL_AMBIGUOUS']);
    expect(codes([{ tool: 'calculator/add', namespace: 'weather', arguments: { a: 1, b: 2 } }])).toEqual(['[0].namespace NAMESPACE_MISMATCH']);
    const resolved = validatePlan([{ tool: 'add', namespace: 'arithmetic', arguments: { a: 1, b: 2 } }], catalog, options);
    expect(resolved.calls[0]!.resolution).toMatchObject({ server: 'calculator', tool: 'add' });
  });

  it('validates a plain list and reports non-object arguments', () => {
    expect(codes([{ tool: 'weather/search', arguments: { query: 'Oslo' } }])).toEqual([]);
    expect(codes([{ tool: 'weather/search', arguments: 'Oslo' }])).toEqual(['[0].arguments PLAN_SHAPE']);
  });
});

describe('readPlanText', () => {
  it('notes extraction from a code fence', () => {
    const { value, notes } = readPlanText('Here you go:\n\n```json\n[{"tool":"add"}]\n```\n', 'plan.md');
    expect(value).toEqual([{ tool: 'add' }]);
    expect(notes).toEqual(['extracted the first JSON array (line 4) from a code fence; a planner should return bare JSON']);
  });

  it('fails with PLAN_UNREADABLE when there is no JSON', () => {
    expect(() => readPlanText('no plan today', 'x')).toThrow(expect.objectContaining({ code: 'PLAN_UNREADABLE' }));
    expect(() => readPlanText('   ', 'x')).toThrow(expect.objectContaining({ code: 'PLAN_UNREADABLE' }));
  });
});
