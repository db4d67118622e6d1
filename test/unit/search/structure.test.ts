import { describe, expect, it } from 'vitest';
import { analyzeQuery, buildSearchIndex, search, type SearchableTool } from '../../../src/search/index.js';

// Small hand-made catalogs, one per mechanism of the request's and the tool name's structure (src/search/factors.ts).
const tool = (
  server: string,
  name: string,
  description: string,
  schema: { properties?: Record<string, unknown>; required?: string[] } = {},
): SearchableTool => ({
  server,
  name,
  qualifiedName: `${server}/${name}`,
  description,
  inputSchema: { type: 'object', properties: schema.properties ?? {}, ...(schema.required ? { required: schema.required } : {}) },
});

const names = (tools: SearchableTool[], query: string, limit = 5): string[] =>
  search(buildSearchIndex(tools), query, { limit }).results.map((result) => result.qualifiedName);

describe("the request's object and the tool's name", () => {
  const tools = [
    tool('vcs', 'init', 'Initialize a new repository in a directory', { properties: { directory: { type: 'string' } } }),
    tool('fs', 'create_folder', 'Create a new directory'),
    tool('fs', 'read_file', 'Read a file'),
  ];

  it('a tool whose name states what the request acts on gets the object factor; a description that mentions it does not', () => {
    const results = search(buildSearchIndex(tools), 'create a directory', { limit: 5 }).results;
    expect(results[0]).toMatchObject({ qualifiedName: 'fs/create_folder', why: { object: { covered: 1, total: 1, factor: 1.5 } } });
    expect(results.find((result) => result.qualifiedName === 'vcs/init')?.why?.object).toBeUndefined();
  });

  it('a word only related to the object (helm for a cluster) in a name does not state the object', () => {
    const cluster = [tool('kube', 'uninstall_helm_chart', 'Uninstall a chart'), tool('kube', 'delete_cluster', 'Delete a cluster')];
    const results = search(buildSearchIndex(cluster), 'remove the cluster', { limit: 5 }).results;
    expect(results.find((result) => result.name === 'uninstall_helm_chart')?.matches.map((match) => match.source)).toContain('related');
    expect(results.find((result) => result.name === 'uninstall_helm_chart')?.why?.object).toBeUndefined();
    expect(results[0]).toMatchObject({ name: 'delete_cluster', why: { object: { covered: 1, total: 1 } } });
  });

  it('a quantity ("the whole", "several") is not an object', () => {
    const concepts = analyzeQuery('dump the whole memory').concepts;
    expect(concepts.find((concept) => concept.text === 'whole')?.object).toBe(false);
    expect(concepts.find((concept) => concept.text === 'memory')?.object).toBe(true);
    expect(analyzeQuery('dump the whole memory').concepts.find((concept) => concept.text === 'dump')?.object).toBe(false);
  });
});

describe("a server's common name prefix says where, not what", () => {
  const tools = [
    tool('web', 'browser_click', 'Click an element'),
    tool('web', 'browser_type', 'Type text into an element'),
    tool('web', 'browser_close', 'Close the page'),
    tool('web', 'browser_navigate', 'Navigate to a URL'),
    tool('other', 'open_browser', 'Open a browser window'),
  ];

  it('the prefix word counts as the server field, a name that holds it elsewhere keeps it as its name', () => {
    const results = search(buildSearchIndex(tools), 'browser', { limit: 5 }).results;
    const fields = (name: string): string[] => results.find((result) => result.name === name)?.matches[0]?.fields ?? [];
    expect(fields('browser_click')).toEqual(['server']);
    expect(fields('open_browser')).toContain('name');
    expect(results[0]?.name).toBe('open_browser');
  });

  it("a verb most of a server's tools begin with (get_, create_) stays the name's", () => {
    const verbs = ['get_issue', 'get_user', 'get_team', 'list_teams'].map((name) => tool('tracker', name, 'An operation'));
    expect(search(buildSearchIndex(verbs), 'get', { limit: 5 }).results[0]?.matches[0]?.fields).toContain('name');
  });
});

describe('one item or many (required identifier parameters)', () => {
  const tools = [
    tool('kube', 'describe', 'Describe a resource in detail', { properties: { kind: {}, name: {} }, required: ['kind', 'name'] }),
    tool('kube', 'get', 'Get resources', { properties: { kind: {}, name: {} }, required: ['kind'] }),
  ];

  it("a list asked for with no identifier is not for a tool that requires one item's name", () => {
    const results = search(buildSearchIndex(tools), 'show the pods', { limit: 5 }).results;
    expect(results.map((result) => result.name)).toEqual(['get', 'describe']);
    expect(results[1]?.why?.item).toEqual({ factor: 0.85 });
  });

  it('a request that names its item (a number, a code, a file) lifts the penalty', () => {
    expect(analyzeQuery('show pod 42').identifier).toBe(true);
    expect(analyzeQuery('what did commit abc123f change').identifier).toBe(true);
    expect(analyzeQuery('print the README').identifier).toBe(true);
    expect(analyzeQuery('show the pods').identifier).toBeUndefined();
    expect(search(buildSearchIndex(tools), 'describe the pods 42').results.find((result) => result.name === 'describe')?.why?.item).toBeUndefined();
  });
});

describe('the general verb of an action', () => {
  const tools = [
    tool('tracker', 'create_issue', 'Create an issue', { properties: { assignee: {} } }),
    tool('tracker', 'update_issue', 'Update an issue', { properties: { assignee: {}, state: {} } }),
    tool('tracker', 'get_issue', 'Get an issue', { properties: { number: {} } }),
  ];

  it.each([
    ['give ticket 5 to Ana', 'assign'],
    ['close issue 31', 'close'],
  ])('%s (%s) is for the update tool', (query, action) => {
    const results = search(buildSearchIndex(tools), query, { limit: 5 }).results;
    expect(results[0]).toMatchObject({ name: 'update_issue', why: { action: { requested: [action], performed: ['update'], factor: 1.15 } } });
  });
});

describe('a request that names a server', () => {
  const tools = [tool('notion', 'search', 'Search pages'), tool('confluence', 'search', 'Search pages'), tool('google-maps', 'search_places', 'Search places')];

  it("ranks that server's tools first and says so", () => {
    expect(names(tools, 'search the pages in confluence')[0]).toBe('confluence/search');
    expect(search(buildSearchIndex(tools), 'search the pages in confluence').results[0]?.why?.server).toEqual({ factor: 1.25 });
  });

  it('a word that is only part of a server key does not name it', () => {
    expect(search(buildSearchIndex(tools), 'google the pages', { limit: 5 }).results.every((result) => !result.why?.server)).toBe(true);
  });
});

describe('request phrases', () => {
  it('a phrase may close on a function word it has ("give … to", "turn … into"), never on an article', () => {
    expect(analyzeQuery('give the ticket to Ana').actions).toContain('assign');
    expect(analyzeQuery('turn this folder into a repo').actions).toContain('create');
    expect(analyzeQuery('open the page to read a book').concepts.map((concept) => concept.text)).not.toContain('open … a');
  });

  it('a verb in the plural after a determiner is a noun: "my downloads" asks for no download', () => {
    expect(analyzeQuery('what files are in my downloads folder').actions).not.toContain('download');
    expect(analyzeQuery('download the report').actions).toContain('download');
  });

  it('a phrase that loses a word when searched as written counts as a synonym, not as the word', () => {
    const concept = analyzeQuery('how do I get from the station to the airport').concepts.find((each) => each.text === 'get from');
    expect(concept?.alternatives.find((alternative) => alternative.text === 'get from')?.weight).toBe(0.6);
    expect(analyzeQuery('pull request').concepts[0]?.alternatives.find((alternative) => alternative.text === 'pull request')?.weight).toBe(1);
  });

  it('names a file without extension (README, Dockerfile) as a file', () => {
    expect(analyzeQuery('print the README').concepts.map((concept) => concept.text)).toContain('file');
  });

  it('a part of a compound request may be one phrase of verb and object ("open … page")', () => {
    const tools = [
      tool('web', 'navigate', 'Navigate to a URL or open a page'),
      tool('web', 'fill', 'Fill in a form field'),
      tool('web', 'find', 'Find text in the page'),
    ];
    const results = search(buildSearchIndex(tools), 'open the page and fill in the search box').results;
    expect(
      results
        .slice(0, 2)
        .map((result) => result.name)
        .sort(),
    ).toEqual(['fill', 'navigate']);
    expect(results[0]?.part).toBeDefined();
  });
});

describe('actions a tool name states', () => {
  it('an HTTP method just before another verb is the transport: API-post-search searches, post_message sends', () => {
    const index = buildSearchIndex([tool('api', 'API-post-search', 'Search by title'), tool('chat', 'post_message', 'Post a message')]);
    const actionsOf = (name: string): string[] | undefined =>
      search(index, 'find the page', { limit: 5 }).results.find((result) => result.name === name)?.why?.action.performed;
    expect(actionsOf('API-post-search')).toEqual(['search']);
    expect(search(index, 'send a message').results[0]?.why?.action.performed).toEqual(['send']);
  });

  it('a tool named cherry_pick cherry-picks; it does not pick (select) something', () => {
    const index = buildSearchIndex([tool('vcs', 'cherry_pick', 'Apply the changes of a commit'), tool('vcs', 'checkout', 'Switch to a branch')]);
    expect(search(index, 'switch to the develop branch').results[0]?.name).toBe('checkout');
    expect(search(index, 'cherry-pick abc123f').results[0]?.why?.action).toMatchObject({ performed: ['cherry pick'], factor: 1.3 });
  });

  it('crawling (following links across a site) is not extracting one page', () => {
    expect(analyzeQuery('crawl the docs site').actions).toEqual(['crawl']);
    expect(analyzeQuery('scrape the text of this page').actions).toEqual(['extract']);
  });
});
