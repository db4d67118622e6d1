/**
 * Every relative link of the documents (README.md, CHANGELOG.md, CONTRIBUTING.md, docs/*.md) points at a file that
 * exists, and every `#anchor` at a heading of its page, as GitHub renders it (issue 34 §2: the README's reference
 * moved into docs/, and a link left pointing at the old place would be dead).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../helpers/fixtures.js';

const DOCUMENTS = [
  'README.md',
  'CHANGELOG.md',
  'CONTRIBUTING.md',
  ...readdirSync(join(REPO_ROOT, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];

/** The lines outside fenced code blocks, with inline code spans blanked (a link inside code is text, not a link). */
function prose(text: string): string[] {
  let fenced = false;
  return text.split('\n').map((line) => {
    if (/^\s*(```|~~~)/.test(line)) {
      fenced = !fenced;
      return '';
    }
    return fenced ? '' : line.replace(/(`+)[^`]*?\1/g, '``');
  });
}

/** A heading's anchor as GitHub makes it (github-slugger): lower case, punctuation dropped, spaces to hyphens. */
function slug(heading: string): string {
  const text = heading
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/`/g, '')
    .trim()
    .toLowerCase();
  return text.replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '').replace(/ /g, '-');
}

/** Every anchor of a page: its headings' slugs (a repeated slug gets -1, -2… as on GitHub) and HTML ids. */
function anchorsOf(text: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  let fenced = false;
  for (const line of text.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    if (fenced) continue;
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line)?.[1];
    if (heading !== undefined) {
      const base = slug(heading);
      const count = seen.get(base) ?? 0;
      seen.set(base, count + 1);
      anchors.add(count === 0 ? base : `${base}-${count}`);
    }
    for (const match of line.matchAll(/<a\s+(?:name|id)="([^"]+)"/g)) anchors.add(match[1]!);
  }
  return anchors;
}

interface Link {
  file: string;
  line: number;
  target: string;
}

/** Inline links and images, and reference definitions, that are not absolute URLs. */
function relativeLinks(file: string, text: string): Link[] {
  const links: Link[] = [];
  prose(text).forEach((line, index) => {
    const targets = [...line.matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g), ...line.matchAll(/^\s*\[[^\]]+\]:\s+<?(\S+?)>?(?:\s|$)/g)];
    for (const match of targets) {
      const target = match[1]!;
      if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue;
      links.push({ file, line: index + 1, target });
    }
  });
  return links;
}

/** What is wrong with one link, or undefined when it resolves. */
function problemOf(link: Link): string | undefined {
  const [path, anchor] = link.target.split('#', 2) as [string, string | undefined];
  const file = path === '' ? join(REPO_ROOT, link.file) : join(REPO_ROOT, dirname(link.file), decodeURIComponent(path));
  if (!existsSync(file)) return `no file ${relative(REPO_ROOT, file)}`;
  if (anchor === undefined) return undefined;
  if (!file.endsWith('.md')) return `#${anchor} in a file that is not Markdown`;
  return anchorsOf(readFileSync(file, 'utf8')).has(decodeURIComponent(anchor)) ? undefined : `no heading #${anchor} in ${relative(REPO_ROOT, file)}`;
}

describe('links between the documents', () => {
  const links = DOCUMENTS.flatMap((file) => relativeLinks(file, readFileSync(join(REPO_ROOT, file), 'utf8')));

  it('every relative link points at an existing file, and every #anchor at a heading there', () => {
    expect(links.length).toBeGreaterThan(50);
    const broken = links.flatMap((link) => {
      const problem = problemOf(link);
      return problem ? [`${link.file}:${link.line} (${link.target}): ${problem}`] : [];
    });
    expect(broken).toEqual([]);
  });

  it('the front page links every page of docs/', () => {
    const linked = new Set(links.filter((link) => link.file === 'README.md').map((link) => link.target.split('#')[0]));
    expect(DOCUMENTS.filter((file) => file.startsWith('docs/') && !linked.has(file))).toEqual([]);
  });
});

describe('the link checker', () => {
  it('makes anchors as GitHub does', () => {
    expect(slug('`--execute`: mcpns as an MCP client (`src/call/execute.ts`)')).toBe('--execute-mcpns-as-an-mcp-client-srccallexecutets');
    expect(slug('1. See what your agent sees')).toBe('1-see-what-your-agent-sees');
    expect(slug('NAME_COLLISION')).toBe('name_collision');
    expect(slug('Library use (for `route`/`plan`)')).toBe('library-use-for-routeplan');
    expect([...anchorsOf('# A\n## A\n```\n# not a heading\n```\n## B')]).toEqual(['a', 'a-1', 'b']);
  });

  it('finds a missing file and a missing heading, and leaves URLs and code alone', () => {
    const found = relativeLinks('docs/x.md', '[a](nope.md) [b](rules.md#no-such-code) [c](https://example.com/x) `[d](gone.md)`\n```\n[e](gone.md)\n```\n');
    expect(found.map((link) => link.target)).toEqual(['nope.md', 'rules.md#no-such-code']);
    expect(found.map(problemOf)).toEqual(['no file docs/nope.md', 'no heading #no-such-code in docs/rules.md']);
    expect(problemOf({ file: 'README.md', line: 1, target: '#commands' })).toBeUndefined();
  });
});
