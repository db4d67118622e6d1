import { describe, expect, it } from 'vitest';
import type { Route } from '../../../src/config/schema.js';
import { checkRouteDefinitions, compileRoutePattern, namedGroups } from '../../../src/config/route-definitions.js';
import { linearRegExp } from '../../../src/util/linear-regexp.js';
import { keywordMatches, patternWords, tryRule } from '../../../src/route/match.js';

const messages = (routes: Route[]): string[] => checkRouteDefinitions(routes).map((problem) => `${problem.name} ${problem.path.join('.')}: ${problem.message}`);

describe('checkRouteDefinitions', () => {
  it('accepts well-formed rules', () => {
    expect(
      checkRouteDefinitions([
        { name: 'add', pattern: '(?<a>\\d+) plus (?<b>\\d+)', tool: 'calculator/add', arguments: { a: '${a}', b: '${b}' } },
        { name: 'recall', keywords: ['remember'], calls: [{ tool: 'memory_search_memory', arguments: { query: '${question}' } }] },
      ]),
    ).toEqual([]);
  });

  it('names the rule whose regex does not compile', () => {
    expect(messages([{ name: 'broken', pattern: '(?<a>\\d+', tool: 't' }])).toEqual([
      expect.stringMatching(/^broken routes\.0\.pattern: invalid regular expression/),
    ]);
  });

  it('names the rule and path whose template uses a group that does not exist', () => {
    const problems = checkRouteDefinitions([
      { name: 'ok', keywords: ['x'], tool: 't' },
      { name: 'typo', pattern: '(?<city>\\w+)', calls: [{ tool: 't', arguments: { where: { city: '${ctiy}' } } }] },
    ]);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({ index: 1, name: 'typo', path: ['routes', 1, 'calls', 0, 'arguments', 'where', 'city'] });
    expect(problems[0]!.message).toContain('${ctiy}');
    expect(problems[0]!.message).toContain('city');
  });

  it('reports missing matcher, missing tool, tool + calls, stateful flags and duplicate names', () => {
    expect(
      messages([
        { name: 'a', tool: 't' },
        { name: 'b', keywords: ['x'] },
        { name: 'c', keywords: ['x'], tool: 't', calls: [{ tool: 'u' }] },
        { name: 'd', pattern: 'x', flags: 'g', tool: 't' },
        { name: 'd', keywords: ['y'], tool: 't' },
      ]),
    ).toEqual([
      'a routes.0: needs a "pattern" or "keywords" to match questions',
      'b routes.1: needs a "tool" or a non-empty "calls" list',
      'c routes.2.calls: use either "tool" (+ "arguments") or "calls", not both',
      expect.stringMatching(/^d routes\.3\.flags: flags "g" not allowed/),
      'd routes.4.name: duplicate rule name (also routes[3])',
    ]);
  });

  it('lists named groups, including ones in alternatives that do not match', () => {
    expect(namedGroups(linearRegExp('(?<a>x)|(?<b>y)', ''))).toEqual(['a', 'b']);
    expect(namedGroups(linearRegExp('plain', ''))).toEqual([]);
  });

  it('a pattern only a backtracking engine can run fails at config load, naming the rule (issue 25 §2.1)', () => {
    const problems = checkRouteDefinitions([{ name: 'ahead', pattern: '^(?!rm )(?<cmd>.+)$', tool: 'shell/run' }]);
    expect(problems.map((problem) => problem.message)).toEqual([
      expect.stringMatching(/^invalid regular expression: lookahead: mcpns runs regular expressions/),
    ]);
  });

  it('a hostile question against a nested quantifier is answered at once', () => {
    const pattern = compileRoutePattern({ name: 'r', pattern: '^(a+)+$', tool: 't' })!;
    expect(pattern.exec(`${'a'.repeat(42)}!`)).toBeNull();
  });
});

describe('tryRule', () => {
  it('matches keywords as words, case-insensitively', () => {
    expect(keywordMatches('weather', 'What is the WEATHER like?')).toBe(true);
    expect(keywordMatches('add', 'my address')).toBe(false);
    expect(keywordMatches('issue status', 'issue   status please')).toBe(true);
  });

  it('needs both the pattern and every keyword when both are given', () => {
    const route: Route = { name: 'read', keywords: ['read', 'file'], pattern: '(?<path>/[\\w./-]+)', tool: 'files/file_read_file' };
    expect(tryRule(route, 0, 'read the file /etc/hosts')).toMatchObject({ fired: true, hints: { path: '/etc/hosts' }, score: 1 });
    const partial = tryRule(route, 0, 'read /etc/hosts');
    expect(partial).toMatchObject({ fired: false, hints: {}, keywords: { matched: ['read'], missing: ['file'] } });
    expect(partial.score).toBeGreaterThan(0);
    expect(partial.score).toBeLessThan(1);
  });

  it('treats an alternation group as one slot and skips optional groups', () => {
    expect(patternWords('\\bweather (?:in|for|at) (?<location>\\w+)')).toEqual(['weather', 'in|for|at']);
    expect(patternWords('(?:status|state) of (?:issue |ticket )?(?<k>\\w+)')).toEqual(['status|state']);
    expect(patternWords('weather|forecast')).toEqual(['weather|forecast']);
    const trial = tryRule({ name: 'w', pattern: '(?:what is|calculate) (?<a>\\d+) plus (?<b>\\d+)', tool: 't' }, 0, 'what is two plus three');
    expect(trial.pattern).toMatchObject({ wordsFound: ['what is', 'plus'], wordsMissing: [] });
    expect(patternWords('(?:plus|\\+) (?:\\d|x)')).toEqual(['plus|+']);
  });

  it('scores a pattern that did not match by its literal words', () => {
    expect(patternWords('what is (?<a>\\d+) plus (?<b>\\d+)\\s*[a-z]')).toEqual(['what', 'plus']);
    const trial = tryRule({ name: 'add', pattern: 'what is (?<a>\\d+) plus (?<b>\\d+)', tool: 't' }, 0, 'what is two plus three');
    expect(trial.fired).toBe(false);
    expect(trial.pattern).toMatchObject({ matched: false, wordsFound: ['what', 'plus'], wordsMissing: [] });
    expect(trial.score).toBe(0.95);
  });
});
