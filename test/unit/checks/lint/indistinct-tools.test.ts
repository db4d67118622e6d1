import { describe, expect, it } from 'vitest';
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
});
