import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { makeTempDir } from '../helpers/temp.js';

const CATALOG = ['--catalog', 'fixtures/plans/demo-catalog.json'];
const FIXED = ['--id', 'req-1', '--ts', '2026-01-01T00:00:00Z'];
const ROUTES = ['-c', 'fixtures/plans/routes.mcpns.json', ...CATALOG, ...FIXED];

const json = (text: string): Record<string, any> => JSON.parse(text) as Record<string, any>;

function tempConfig(routes: unknown[]): string {
  const dir = makeTempDir('mcpns-route-');
  const file = join(dir, 'mcpns.config.json');
  writeFileSync(file, JSON.stringify({ routes }, null, 2));
  return file;
}

describe('mcpns route', () => {
  it('demo config: "what is 2 plus 3" → calculator/add with a=2, b=3 (typed by the schema)', async () => {
    const run = await runCli(['route', 'what is 2 plus 3', '-c', 'mcpns.config.json', ...CATALOG, ...FIXED, '--json']);
    expect(run.code).toBe(0);
    const result = json(run.stdout);
    expect(result).toMatchObject({ route: 'FAST_PATH', valid: true, rule: { name: 'add-two-numbers' }, hints: { a: '2', b: '3' } });
    expect(result['calls'][0].resolution).toMatchObject({ server: 'calculator', tool: 'add' });
    expect(result['calls'][0].arguments).toEqual({ a: 2, b: 3 });
  });

  it('demo config: "weather in Paris" → weather/getCurrentWeather location=Paris', async () => {
    const run = await runCli(['route', 'weather in Paris', '-c', 'mcpns.config.json', ...CATALOG, ...FIXED]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('FAST_PATH rule "current-weather"');
    expect(run.stdout).toContain('weather/getCurrentWeather');
    expect(run.stdout).toContain('{"location":"Paris"}');
  });

  it('rule order: the first matching rule wins over a later keyword rule', async () => {
    const first = await runCli(['route', 'what is 2 plus 3', ...ROUTES, '--json']);
    expect(json(first.stdout)['rule'].name).toBe('add-two-numbers');
    const second = await runCli(['route', 'two plus three', ...ROUTES, '--json']);
    expect(json(second.stdout)['rule'].name).toBe('anything-with-plus');
  });

  it('multi-call rule: exact jsonrpc envelopes with derived ids', async () => {
    const run = await runCli(['route', 'status of issue ABC-123', ...ROUTES, '--envelope', 'jsonrpc', '--json']);
    expect(run.code).toBe(0);
    expect(json(run.stdout)['calls'].map((call: { envelope: unknown }) => call.envelope)).toEqual([
      { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'atlassian_get_issue', arguments: { issueKey: 'ABC-123' } } },
      { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'memory_search_memory', arguments: { query: 'ABC-123', limit: 3 } } },
    ]);
    const mew = await runCli(['route', 'status of issue ABC-123', ...ROUTES, '--json']);
    expect(json(mew.stdout)['calls'].map((call: { envelope: { id: string; to: string[] } }) => [call.envelope.id, call.envelope.to])).toEqual([
      ['req-1-1', ['atlassian']],
      ['req-1-2', ['memory']],
    ]);
  });

  it('invalid arguments after filling → exit 1 with the argument path', async () => {
    const run = await runCli(['route', 'status of issue abc-123', ...ROUTES]);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('FAILED (1)');
    expect(run.stdout).toMatch(/issueKey: must match pattern/);
  });

  it('NO_ROUTE → exit 1 listing the closest rules', async () => {
    const run = await runCli(['route', 'what is the weather like', ...ROUTES]);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('NO_ROUTE');
    expect(run.stdout).toMatch(/closest\n {2}routes\[3\] current-weather \(score 0\.8\)/);
    const asJson = await runCli(['route', 'hello there', ...ROUTES, '--json']);
    expect(asJson.code).toBe(1);
    expect(json(asJson.stdout)).toMatchObject({ route: 'NO_ROUTE', closest: [], calls: [] });
  });

  it('--explain shows every rule tried up to the one that fired', async () => {
    const run = await runCli(['route', 'weather for Oslo?', ...ROUTES, '--explain']);
    expect(run.code).toBe(0);
    const tried = run.stdout.split('\n').filter((line) => /^ {2}[✓✗] routes\[/.test(line));
    expect(tried.map((line) => line.slice(0, 40).split(':')[0])).toEqual([
      '  ✗ routes[0] add-two-numbers',
      '  ✗ routes[1] anything-with-plus',
      '  ✗ routes[2] issue-status',
      '  ✓ routes[3] current-weather',
    ]);
    expect(run.stdout).toContain('keywords missing: plus');
    expect(run.stdout).toContain('hints      location="Oslo"');
  });

  it('a route whose regex does not compile → exit 2 naming the rule', async () => {
    const file = tempConfig([{ name: 'broken-regex', pattern: '(?<a>\\d+', tool: 'calculator/add' }]);
    const run = await runCli(['route', 'x', '-c', file, ...CATALOG, '--json']);
    expect(run.code).toBe(2);
    const error = json(run.stderr)['error'];
    expect(error).toMatchObject({ code: 'CONFIG_INVALID', path: 'routes.0.pattern', route: 'broken-regex', line: 5 });
    expect(error.message).toContain('route "broken-regex"');
  });

  it('a template naming a group that does not exist → exit 2 naming the rule', async () => {
    const file = tempConfig([{ name: 'typo', pattern: 'weather in (?<city>\\w+)', tool: 'weather/getCurrentWeather', arguments: { location: '${location}' } }]);
    const run = await runCli(['route', 'weather in Paris', '-c', file, ...CATALOG]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('route "typo" (routes.0.arguments.location)');
    expect(run.stderr).toContain('${location}');
  });

  it('no routes configured, or a rule naming an unknown tool → exit 2', async () => {
    const none = await runCli(['route', 'x', '-c', tempConfig([]), ...CATALOG]);
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('no routes are configured');
    const unknown = await runCli(['route', 'go', '-c', tempConfig([{ name: 'go', keywords: ['go'], tool: 'calculator/ad' }]), ...CATALOG]);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('route "go" (routes[0]) calls "calculator/ad": no tool named "calculator/ad"; did you mean "calculator/add"?');
  });
});
