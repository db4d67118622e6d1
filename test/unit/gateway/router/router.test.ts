import { describe, expect, it } from 'vitest';
import { CALL_TOOL, DESCRIBE_TOOL, MAX_ANSWER_CHARS, Router, SEARCH_TOOL } from '../../../../src/gateway/router/index.js';
import { CATALOG, exposed, FakeHost, names, noCalls, structured, text } from './fake-host.js';

describe('router listing', () => {
  it("lists its three tools, the pinned tools and the routes' targets, nothing else", () => {
    const router = new Router(new FakeHost(), {
      pin: ['files/*', 'nothing_*'],
      routes: [{ name: 'sum', pattern: 'add (?<a>\\d+) and (?<b>\\d+)', tool: 'calc/add', arguments: { a: '${a}', b: '${b}' } }],
    });
    const listed = router.listTransform([...CATALOG.map((tool) => tool.definition), ...router.definitions()]).map((tool) => tool['name']);
    expect(listed.sort()).toEqual(['calc__add', CALL_TOOL, DESCRIBE_TOOL, 'files__read_file', SEARCH_TOOL].sort());
    const listing = router.listing();
    expect(listing.tools.map((tool) => tool['name'])).toEqual([SEARCH_TOOL, CALL_TOOL, DESCRIBE_TOOL, 'files__read_file', 'calc__add']);
    expect(listing.pinned).toEqual([
      { name: 'files__read_file', by: 'pin "files/*"' },
      { name: 'calc__add', by: 'route target' },
    ]);
    expect(listing.searchable).toBe(4);
    expect(listing.problems).toEqual(['pin "nothing_*" matches no exposed tool']);
  });

  it('says how many tools of which servers are behind the search tool', () => {
    const search = new Router(new FakeHost()).definitions()[0]!;
    expect(search['description']).toContain('6 tools from: calc (1), files (1), github (3), memory (1).');
  });

  it('reports a route target it cannot resolve, and a router tool that shadows an exposed one', () => {
    const shadow = { server: 'x', tool: 'search_tools', definition: { name: SEARCH_TOOL, inputSchema: { type: 'object' } } };
    const router = new Router(new FakeHost([...CATALOG, shadow]), { routes: [{ name: 'gone', keywords: ['weather'], tool: 'weather/forecast' }] });
    const problems = router.listing().problems;
    expect(problems).toContain("the router's search_tools shadows the exposed tool x/search_tools in the listing");
    expect(problems.some((problem) => problem.startsWith('route "gone" calls "weather/forecast":'))).toBe(true);
  });
});

describe('search_tools', () => {
  it("returns the best tools with their full input schemas, under the gateway's names", async () => {
    const result = await new Router(new FakeHost()).call(SEARCH_TOOL, { query: 'open a ticket on GitHub', limit: 2 }, noCalls);
    expect(result['isError']).toBeUndefined();
    expect(names(result)[0]).toBe('github__create_issue');
    const first = (structured(result)['tools'] as Array<Record<string, unknown>>)[0]!;
    expect(first).toMatchObject({ server: 'github', inputSchema: CATALOG[0]!.definition['inputSchema'] });
    expect(JSON.parse(text(result))).toEqual(structured(result));
  });

  it('never finds a tool the gateway does not expose (hidden by a profile or deny rule)', async () => {
    const host = new FakeHost(CATALOG.filter((tool) => tool.server !== 'memory'));
    const result = await new Router(host).call(SEARCH_TOOL, { query: 'remember this fact for later', limit: 50 }, noCalls);
    expect(names(result).some((name) => name.startsWith('memory__'))).toBe(false);
    const described = await new Router(host).call(DESCRIBE_TOOL, { name: 'memory__store_memory' }, noCalls);
    expect(described['isError']).toBe(true);
  });

  it("puts a fired route's target first", async () => {
    const router = new Router(new FakeHost(), { routes: [{ name: 'sum', pattern: 'add (?<a>\\d+) and (?<b>\\d+)', tool: 'calc/add' }] });
    const result = await router.call(SEARCH_TOOL, { query: 'please add 2 and 3 to the GitHub issue' }, noCalls);
    expect(names(result)[0]).toBe('calc__add');
    expect((structured(result)['tools'] as Array<Record<string, unknown>>)[0]!['route']).toBe('sum');
  });

  it('refuses an empty, a 100 kB or a non-text query with a clear error, and bounds the limit', async () => {
    const router = new Router(new FakeHost());
    for (const query of ['', '   \u0000\u0007 ', 'x'.repeat(100_000), 42]) {
      const result = await router.call(SEARCH_TOOL, { query }, noCalls);
      expect(result['isError'], String(query).slice(0, 10)).toBe(true);
      expect(text(result).length).toBeLessThan(300);
    }
    const many = await router.call(SEARCH_TOOL, { query: 'github\u001b[31m issue', limit: 10_000 }, noCalls);
    expect(many['isError']).toBeUndefined();
    expect(names(many).length).toBeLessThanOrEqual(50);
    expect((await router.call(SEARCH_TOOL, { query: 'x', limit: 'all' }, noCalls))['isError']).toBe(true);
    expect(names(await router.call(SEARCH_TOOL, { query: 'github issue', limit: '2' }, noCalls))).toHaveLength(2);
  });

  it('says so when nothing matches', async () => {
    const result = await new Router(new FakeHost()).call(SEARCH_TOOL, { query: 'zebra xylophone' }, noCalls);
    expect(names(result)).toEqual([]);
    expect(structured(result)['hint']).toMatch(/no tool matches/);
  });

  it('keeps an answer bounded: a definition too large to return is named, for describe_tool', async () => {
    const huge = Object.fromEntries(Array.from({ length: 3000 }, (_, i) => [`github_field_${i}`, { type: 'string', description: 'an issue field' }]));
    const big = exposed('github', 'create_issue_huge', 'Create an issue in GitHub with every field.', huge);
    const result = await new Router(new FakeHost([big, ...CATALOG])).call(SEARCH_TOOL, { query: 'create a GitHub issue' }, noCalls);
    expect(text(result).length).toBeLessThanOrEqual(MAX_ANSWER_CHARS);
    expect(structured(result)['schemaOmitted']).toMatchObject({ tools: ['github__create_issue_huge'] });
    const described = await new Router(new FakeHost([big])).call(DESCRIBE_TOOL, { name: 'github__create_issue_huge' }, noCalls);
    expect(Object.keys((structured(described)['inputSchema'] as { properties: object }).properties)).toHaveLength(3000);
  });
});

describe('index maintenance', () => {
  it('finds a tool added later (list_changed gives the host a new array)', async () => {
    const host = new FakeHost();
    const router = new Router(host);
    expect(names(await router.call(SEARCH_TOOL, { query: 'weather forecast' }, noCalls))).toEqual([]);
    host.tools = [...CATALOG, exposed('weather', 'forecast', 'Get the weather forecast for a city.', { city: { type: 'string' } })];
    expect(names(await router.call(SEARCH_TOOL, { query: 'weather forecast' }, noCalls))[0]).toBe('weather__forecast');
  });

  it('rebuilds after invalidate() when the host changed its array in place', async () => {
    const tools = [...CATALOG];
    const router = new Router(new FakeHost(tools));
    expect(names(await router.call(SEARCH_TOOL, { query: 'weather forecast' }, noCalls))).toEqual([]);
    tools.push(exposed('weather', 'forecast', 'Get the weather forecast for a city.'));
    expect(names(await router.call(SEARCH_TOOL, { query: 'weather forecast' }, noCalls))).toEqual([]);
    router.invalidate();
    expect(names(await router.call(SEARCH_TOOL, { query: 'weather forecast' }, noCalls))).toEqual(['weather__forecast']);
  });
});

describe('search tool description', () => {
  it('names the configured servers when given, so the listing stays put while servers come and go', () => {
    const search = new Router(new FakeHost(), { servers: ['github', 'memory', 'weather'] }).definitions()[0]!;
    expect(search['description']).toContain('Servers: github, memory, weather.');
  });
});
