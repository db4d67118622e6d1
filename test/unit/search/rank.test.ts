import { describe, expect, it } from 'vitest';
import { buildSearchIndex, MAX_LIMIT, search, SearchQueryError, type SearchableTool } from '../../../src/search/index.js';

const tool = (server: string, name: string, description: string, properties: Record<string, unknown> = {}): SearchableTool => ({
  server,
  name,
  qualifiedName: `${server}/${name}`,
  description,
  inputSchema: { type: 'object', properties },
});

const TOOLS: SearchableTool[] = [
  tool('github', 'create_issue', 'Create a new issue in a GitHub repository', { title: { type: 'string', description: 'Issue title' } }),
  tool('github', 'list_issues', 'List issues in a GitHub repository'),
  tool('github', 'create_pull_request', 'Create a new pull request in a GitHub repository'),
  tool('memory', 'create_entities', 'Create multiple new entities in the knowledge graph'),
  tool('memory', 'delete_entities', 'Delete multiple entities from the knowledge graph'),
  tool('browser', 'take_screenshot', 'Take a screenshot of the current page'),
  tool('browser', 'navigate', 'Navigate to a URL', { url: { type: 'string' } }),
  tool('files', 'read_file', 'Read the complete contents of a file', { path: { type: 'string' } }),
  tool('chat', 'post_message', 'Post a new message to a channel'),
];

const top = (query: string, tools = TOOLS): string | undefined => search(buildSearchIndex(tools), query).results[0]?.qualifiedName;

describe('search', () => {
  it.each([
    ['file a ticket about the crash', 'github/create_issue'],
    ['open a PR', 'github/create_pull_request'],
    ['remember that Ana likes tea', 'memory/create_entities'],
    ['forget what you know about Ana', 'memory/delete_entities'],
    ['capture the page', 'browser/take_screenshot'],
    ['go to https://example.com', 'browser/navigate'],
    ['print /etc/hosts', 'files/read_file'],
    ['notify the team that the deploy is done', 'chat/post_message'],
  ])('%s → %s', (query, expected) => {
    expect(top(query)).toBe(expected);
  });

  it('says why: the matched words, lexicon terms and fields', () => {
    const [first] = search(buildSearchIndex(TOOLS), 'file a ticket').results;
    expect(first?.matches).toContainEqual(
      expect.objectContaining({ query: 'ticket', term: 'issue', source: 'lexicon', concept: 'issue', fields: expect.arrayContaining(['name']) }),
    );
  });

  it('ranks the same for the same tools in any order, ties broken by qualified name', () => {
    const twins = [tool('b', 'same', 'Send an email'), tool('a', 'same', 'Send an email'), tool('c', 'same', 'Send an email')];
    const ranking = (tools: SearchableTool[]): string[] =>
      search(buildSearchIndex(tools), 'send an email', { limit: 10 }).results.map((result) => result.qualifiedName);
    expect(ranking(twins)).toEqual(['a/same', 'b/same', 'c/same']);
    expect(ranking([...twins].reverse())).toEqual(['a/same', 'b/same', 'c/same']);
    const all = [...TOOLS, ...twins];
    expect(search(buildSearchIndex([...all].reverse()), 'create an issue or email', { limit: 50 })).toEqual(
      search(buildSearchIndex(all), 'create an issue or email', { limit: 50 }),
    );
  });

  it('never returns a hidden tool', () => {
    const hidden = { ...tool('secret', 'create_issue', 'Create a new issue'), hidden: { by: 'profile', reason: 'denied' } };
    const results = search(buildSearchIndex([...TOOLS, hidden]), 'create an issue', { limit: 50 }).results;
    expect(results.map((result) => result.server)).not.toContain('secret');
  });

  it('puts the tools of a fired route first, then the ranking without them', () => {
    const response = search(buildSearchIndex(TOOLS), 'create an issue', {
      routes: [{ qualifiedNames: ['chat/post_message'], route: { name: 'notify', index: 0 } }],
    });
    expect(response.results[0]).toMatchObject({ qualifiedName: 'chat/post_message', route: { name: 'notify', index: 0 } });
    expect(response.results[1]?.qualifiedName).toBe('github/create_issue');
    expect(response.results.filter((result) => result.qualifiedName === 'chat/post_message')).toHaveLength(1);
  });

  it('reuses the analysis of unchanged tools when rebuilt after a change', () => {
    const first = buildSearchIndex(TOOLS);
    const changed = [...TOOLS.slice(1), tool('github', 'create_issue', 'Open a new ticket')];
    const second = buildSearchIndex(changed, { previous: first });
    expect([...second.analyses.values()].filter((analysis) => [...first.analyses.values()].includes(analysis))).toHaveLength(TOOLS.length - 1);
    expect(search(second, 'open a ticket').results[0]?.qualifiedName).toBe('github/create_issue');
  });
});

describe('search bounds', () => {
  const index = buildSearchIndex(TOOLS);

  it('rejects an empty request, or one of only spaces and control characters', () => {
    expect(() => search(index, '')).toThrow(SearchQueryError);
    expect(() => search(index, ' \u0000\u001b\t ')).toThrow(/empty/);
  });

  it('rejects a 100 kB request with the bound in the message', () => {
    expect(() => search(index, 'create issue '.repeat(8000))).toThrow(/at most 1000 are accepted/);
  });

  it('searches a request with control characters as if they were spaces', () => {
    const response = search(index, 'create\u001b[2J an\u0000 issue\u202e');
    expect(response.query).toBe('create [2J an issue');
    expect(response.results[0]?.qualifiedName).toBe('github/create_issue');
  });

  it('answers at most MAX_LIMIT results when 10,000 are asked, and at least one', () => {
    const many = Array.from({ length: 120 }, (_, n) => tool(`s${n}`, 'create_issue', 'Create an issue'));
    const big = buildSearchIndex(many);
    expect(search(big, 'create issue', { limit: 10_000 })).toMatchObject({ limit: MAX_LIMIT, matched: 120 });
    expect(search(big, 'create issue', { limit: 10_000 }).results).toHaveLength(MAX_LIMIT);
    expect(search(big, 'create issue', { limit: 0 }).results).toHaveLength(1);
  });

  it('finds nothing for a request no tool matches', () => {
    expect(search(index, 'zebra giraffe').results).toEqual([]);
  });
});

describe('verb/object structure', () => {
  const tools = [
    tool('git', 'git_branch_create', 'Create a branch'),
    tool('git', 'git_branch_delete', 'Delete a branch'),
    tool('git', 'git_branch_list', 'List the branches'),
    tool('git', 'git_branch_get', 'Get one branch'),
    tool('kube', 'uninstall_chart', 'Uninstall a chart, or get rid of it'),
    tool('kube', 'get_logs', 'Get the logs of a job'),
    tool('kube', 'delete_resource', 'Delete a resource such as a job'),
  ];
  const index = buildSearchIndex(tools);
  const first = (query: string): string | undefined => search(index, query).results[0]?.qualifiedName;

  it("matches the request's action to the action the tool's name states, and says so", () => {
    expect(first('remove the feature branch')).toBe('git/git_branch_delete');
    expect(first('make a branch for the fix')).toBe('git/git_branch_create');
    const [top] = search(index, 'remove the feature branch').results;
    expect(top?.why?.action).toEqual({ requested: ['delete'], performed: ['delete'], factor: 1.3 });
    expect(search(index, 'remove the feature branch', { limit: 10 }).results.find((result) => result.name === 'git_branch_create')?.why?.action.factor).toBe(
      0.75,
    );
  });

  it('a plural object with a reading verb asks to list; a question asks to read', () => {
    expect(search(index, 'show me the branches').actions).toEqual(['list']);
    expect(first('show me the branches')).toBe('git/git_branch_list');
    expect(search(index, 'which branch is checked out').actions).toEqual(['read']);
  });

  it('a request in the plural prefers a tool whose name is in the plural', () => {
    const files = buildSearchIndex([tool('fs', 'read_file', 'Read the contents of a file'), tool('fs', 'read_files', 'Read the contents of files')]);
    expect(search(files, 'read the config files').results[0]).toMatchObject({ name: 'read_files', why: { plural: { factor: 1.15 } } });
    expect(search(files, 'read the config file').results[0]?.name).toBe('read_file');
  });

  it('a compound request ("X and Y") gets the best tool of each part in turn; "search and replace" stays whole', () => {
    const chat = buildSearchIndex([
      tool('chat', 'post_message', 'Post a new message to a channel'),
      tool('files', 'read_file', 'Read the complete contents of a file'),
      tool('chat', 'post_reply', 'Post a reply in a channel thread'),
      tool('chat', 'post_file', 'Post a file to a channel'),
      tool('chat', 'pin_message', 'Pin a message in a channel'),
    ]);
    const request = 'read the config file and post it to the channel';
    // Ranked whole, post_file (post + file + channel) would lead; each part's best is read_file and post_message.
    expect(
      search(chat, request)
        .results.slice(0, 2)
        .map((result) => result.qualifiedName),
    ).toEqual(['files/read_file', 'chat/post_message']);
    expect(search(chat, request)).toEqual(search(chat, request));
    expect(search(chat, request).results[0]).toMatchObject({ part: 'read the config file', coverage: { matched: 2, total: 2 } });
    expect(search(chat, 'search and replace text').results.length).toBeGreaterThan(0);
  });

  it('a lexicon phrase matches only whole: "get rid of" is not "get"', () => {
    const matches = search(index, 'remove the old job', { limit: 10 }).results.find((result) => result.name === 'get_logs')?.matches ?? [];
    expect(matches.map((match) => match.term)).not.toContain('get rid of');
  });

  it('name coverage: the share of the name words (less the words all its server shares) the request covers', () => {
    const [top] = search(index, 'delete a resource').results;
    expect(top).toMatchObject({ qualifiedName: 'kube/delete_resource', why: { name: { covered: 2, total: 2, factor: 1.5 } } });
    // "git" and "branch" are in every git tool's name: they say where, not what.
    expect(search(index, 'list the branches').results[0]?.why?.name).toEqual({ covered: 1, total: 1, factor: 1.5 });
  });
});
