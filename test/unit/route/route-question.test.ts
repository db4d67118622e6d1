import { describe, expect, it } from 'vitest';
import { readCatalogFile } from '../../../src/catalog/read.js';
import { DEFAULT_PARTICIPANT } from '../../../src/call/index.js';
import type { Route } from '../../../src/config/schema.js';
import { routeQuestion, type RouteOptions } from '../../../src/route/index.js';

const catalog = readCatalogFile('fixtures/plans/demo-catalog.json');
const options: RouteOptions = { resolve: { style: 'slash' }, envelope: 'mew', participant: DEFAULT_PARTICIPANT, id: 'req-1', ts: '2026-01-01T00:00:00Z' };

const routes: Route[] = [
  { name: 'add', pattern: 'what is (?<a>-?\\d+(?:\\.\\d+)?) plus (?<b>-?\\d+(?:\\.\\d+)?)', tool: 'calculator/add', arguments: { a: '${a}', b: '${b}' } },
  { name: 'any-plus', keywords: ['plus'], tool: 'subtract', arguments: { a: 0, b: 0 } },
  { name: 'sum', pattern: 'sum of (?<values>[\\d, ]+)', tool: 'math-service/add', arguments: { values: '${values}' } },
  {
    name: 'issue',
    pattern: 'status of (?<key>[A-Za-z]+-\\d+)',
    calls: [
      { tool: 'atlassian_get_issue', arguments: { issueKey: '${key}' } },
      { tool: 'memory/memory_search_memory', arguments: { query: 'issue ${key}', limit: 3 } },
    ],
  },
  { name: 'weather', keywords: ['weather'], pattern: 'in (?<location>\\w+)', tool: 'weather/getCurrentWeather', arguments: { location: '${location}' } },
];

describe('routeQuestion', () => {
  it('fires the first matching rule, extracts hints and types them through the schema', () => {
    const result = routeQuestion('What is 2 plus 3.5?', routes, catalog, options);
    expect(result).toMatchObject({ route: 'FAST_PATH', valid: true, hints: { a: '2', b: '3.5' }, rule: { name: 'add', index: 0 } });
    expect(result.calls).toHaveLength(1);
    expect(result.calls[0]!.arguments).toEqual({ a: 2, b: 3.5 });
    expect(result.calls[0]!.envelope).toEqual({
      protocol: 'mew/v0.4',
      id: 'req-1',
      ts: '2026-01-01T00:00:00Z',
      from: 'mcpns',
      to: ['calculator'],
      kind: 'mcp/request',
      payload: { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'add', arguments: { a: 2, b: 3.5 } } },
    });
    expect(result.plan).toEqual({
      route: 'FAST_PATH',
      confidence: 1,
      tool_calls: [{ tool: 'calculator/add', arguments: { a: 2, b: 3.5 } }],
      explain: 'rule "add" matched',
    });
  });

  it('rule order decides: a later rule that would also match does not fire', () => {
    const reversed = [routes[1]!, routes[0]!];
    expect(routeQuestion('what is 2 plus 3', reversed, catalog, options).rule?.name).toBe('any-plus');
    expect(routeQuestion('what is 2 plus 3', routes, catalog, options).rule?.name).toBe('add');
  });

  it('types an array argument from a captured list', () => {
    const result = routeQuestion('sum of 1, 2, 3', routes, catalog, options);
    expect(result.calls[0]!.arguments).toEqual({ values: [1, 2, 3] });
    expect(result.valid).toBe(true);
  });

  it('makes every call of a multi-call rule with derived ids', () => {
    const result = routeQuestion('status of ABC-123', routes, catalog, options);
    expect(result.calls.map((call) => `${call.resolution.server}/${call.resolution.tool}`)).toEqual([
      'atlassian/atlassian_get_issue',
      'memory/memory_search_memory',
    ]);
    expect(result.calls.map((call) => call.envelope['id'])).toEqual(['req-1-1', 'req-1-2']);
    expect(result.calls.map((call) => (call.envelope['payload'] as { id: number }).id)).toEqual([1, 2]);
    expect(result.calls[1]!.arguments).toEqual({ query: 'issue ABC-123', limit: 3 });
    expect(result.calls[0]!.resolution.via).toBe('unique-short-name');
    expect(result.valid).toBe(true);
  });

  it('reports invalid arguments per call (the issue key must be upper case)', () => {
    const result = routeQuestion('status of abc-123', routes, catalog, options);
    expect(result.route).toBe('FAST_PATH');
    expect(result.valid).toBe(false);
    expect(result.calls[0]!.validation.violations).toEqual([expect.objectContaining({ path: 'issueKey', keyword: 'pattern' })]);
    expect(result.calls[1]!.validation.valid).toBe(true);
  });

  it('NO_ROUTE lists the closest rules; explain lists every rule tried', () => {
    const result = routeQuestion('what is the weather like', routes, catalog, { ...options, explain: true });
    expect(result.route).toBe('NO_ROUTE');
    expect(result.valid).toBe(false);
    expect(result.closest?.map((trial) => trial.name)).toEqual(['weather', 'add']);
    expect(result.tried?.map((trial) => [trial.name, trial.fired])).toEqual([
      ['add', false],
      ['any-plus', false],
      ['sum', false],
      ['issue', false],
      ['weather', false],
    ]);
  });

  it('a rule naming a tool the catalog cannot resolve throws naming the rule', () => {
    const bad: Route[] = [{ name: 'ambiguous', keywords: ['add'], tool: 'add', arguments: {} }];
    expect(() => routeQuestion('add', bad, catalog, options)).toThrow(/route "ambiguous" \(routes\[0\]\) calls "add": "add" is ambiguous/);
    try {
      routeQuestion('add', bad, catalog, options);
    } catch (error) {
      expect((error as { code: string }).code).toBe('TOOL_AMBIGUOUS');
    }
  });
});
