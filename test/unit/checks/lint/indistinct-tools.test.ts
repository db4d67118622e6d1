import { describe, expect, it } from 'vitest';
import { INDISTINCT_SIMILARITY } from '../../../../src/checks/lint/indistinct-tools.js';
import fc from '../../../helpers/fast-check.js';
import { lint, makeCatalog } from './make-catalog.js';

const indistinct = (spec: Parameters<typeof makeCatalog>[0]) =>
  lint(makeCatalog(spec))
    .filter((f) => f.code === 'INDISTINCT_TOOLS')
    .map((f) => (f.members ?? []).map((member) => `${member.server}/${member.tool}`).join(' + '));

describe('INDISTINCT_TOOLS', () => {
  it('names the tools of different servers described in the same words, once per group', () => {
    expect(
      indistinct({
        'browser-a': [{ name: 'click', description: 'Click an element on the web page' }],
        'browser-b': [{ name: 'click_element', description: 'Click an element on the web page.' }],
        'browser-c': [{ name: 'press', description: 'Clicks the element on a web page' }],
        desktop: [{ name: 'click', description: 'Click at screen coordinates with the mouse' }],
      }),
    ).toEqual(['browser-a/click + browser-b/click_element + browser-c/press']);
  });

  it("does not count the server's own name: a GitHub and a GitLab issue tool are alike", () => {
    expect(
      indistinct({
        github: [{ name: 'create_issue', description: 'Create a new GitHub issue with a title and body' }],
        gitlab: [{ name: 'create_issue', description: 'Create a new GitLab issue with a title and body' }],
      }),
    ).toEqual(['github/create_issue + gitlab/create_issue']);
  });

  it('leaves distinct descriptions, tools of one server and short descriptions alone', () => {
    expect(
      indistinct({
        files: [
          { name: 'read', description: 'Read the contents of a text file' },
          { name: 'read_again', description: 'Read the contents of a text file' },
        ],
        mail: [{ name: 'send', description: 'Send an email to a recipient' }],
        a: [{ name: 'x', description: 'Add numbers' }],
        b: [{ name: 'y', description: 'Add numbers' }],
      }),
    ).toEqual([]);
  });

  it('stays bounded on many copies of one tool (one finding naming them all)', () => {
    const spec = Object.fromEntries(Array.from({ length: 2000 }, (_, n) => [`s${n}`, [{ name: 'click', description: 'Click an element on the web page' }]]));
    const found = indistinct(spec);
    expect(found).toHaveLength(1);
    expect(found[0]!.split(' + ')).toHaveLength(2000);
  });

  it('joins copies on one server through a third server, and never copies on one server alone', () => {
    expect(
      indistinct({
        a: [
          { name: 'read', description: 'Read the contents of a text file' },
          { name: 'read_again', description: 'Read the contents of a text file' },
        ],
        b: [{ name: 'cat', description: 'Read the contents of a text file.' }],
      }),
    ).toEqual(['a/read + a/read_again + b/cat']);
    expect(
      indistinct({
        a: [
          { name: 'read', description: 'Read the contents of a text file' },
          { name: 'read_again', description: 'Read the contents of a text file' },
        ],
        b: [{ name: 'send', description: 'Send an email to a recipient' }],
      }),
    ).toEqual([]);
  });

  it('finds what comparing every pair finds (small catalogs, where no bucket is cut)', () => {
    // Descriptions drawn from a few words, so copies, near copies and one-word differences all occur.
    const vocabulary = ['read', 'write', 'file', 'text', 'contents', 'remote', 'disk', 'page', 'element', 'click', 'mouse', 'screen'];
    const tool = fc.record({
      server: fc.constantFrom('a', 'b', 'c', 'd'),
      words: fc.uniqueArray(fc.constantFrom(...vocabulary), { minLength: 3, maxLength: 12 }),
    });
    fc.assert(
      fc.property(fc.array(tool, { minLength: 2, maxLength: 30 }), (drawn) => {
        const spec: Record<string, Array<{ name: string; description: string }>> = {};
        drawn.forEach(({ server, words }, index) => (spec[server] ??= []).push({ name: `t${index}`, description: words.join(' ') }));
        expect(new Set(indistinct(spec))).toEqual(new Set(everyPair(spec)));
      }),
      { numRuns: 300 },
    );
  });
});

/** INDISTINCT_TOOLS by brute force: every pair of tools on different servers with Jaccard ≥ 0.9 joins a group. */
function everyPair(spec: Record<string, Array<{ name: string; description: string }>>): string[] {
  const tools = Object.keys(spec)
    .sort()
    .flatMap((server) => spec[server]!.map((tool) => ({ id: `${server}/${tool.name}`, server, words: new Set(tool.description.split(' ')) })));
  const parent = tools.map((_, index) => index);
  const find = (index: number): number => (parent[index] === index ? index : (parent[index] = find(parent[index]!)));
  const joined = new Set<number>();
  tools.forEach((a, i) =>
    tools.forEach((b, j) => {
      if (j <= i || a.server === b.server) return;
      const shared = [...a.words].filter((word) => b.words.has(word)).length;
      if (shared / (a.words.size + b.words.size - shared) < INDISTINCT_SIMILARITY) return;
      parent[find(j)] = find(i);
      joined.add(i).add(j);
    }),
  );
  const groups = new Map<number, string[]>();
  for (const index of joined) groups.set(find(index), [...(groups.get(find(index)) ?? []), tools[index]!.id]);
  return [...groups.values()].map((members) => members.sort().join(' + '));
}
