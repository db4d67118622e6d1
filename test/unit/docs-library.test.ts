/** The library's documentation matches what the package exports (issue 25 §4.4: docs/call.md listed six functions as library functions that were not exported). */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as library from '../../src/index.js';
import { REPO_ROOT } from '../helpers/fixtures.js';

const read = (file: string): string => readFileSync(join(REPO_ROOT, file), 'utf8');

/** A section of a Markdown file: from its heading to the next heading of the same or a higher level. */
function section(text: string, heading: string): string {
  const start = text.indexOf(`${heading}\n`);
  expect(start, heading).toBeGreaterThanOrEqual(0);
  const level = /^#+/.exec(heading)![0];
  const rest = text.slice(start + heading.length);
  const end = rest.search(new RegExp(`^#{1,${level.length}} `, 'm'));
  return end < 0 ? rest : rest.slice(0, end);
}

/** Names written as calls (`name(`) in a text. */
const calls = (text: string): string[] => [...text.matchAll(/`(\w+)\(/g)].map((match) => match[1] as string);

describe('docs/library.md and the library sections of the docs', () => {
  it('docs/library.md has one row per export of the package entry, and no other', () => {
    const rows = [...read('docs/library.md').matchAll(/^\| `(\w+)/gm)].map((match) => match[1] as string);
    expect(new Set(rows).size).toBe(rows.length);
    expect([...rows].sort()).toEqual(Object.keys(library).sort());
  });

  it('every function docs/library.md, docs/call.md and docs/export.md present as library API is exported', () => {
    const mentioned = [
      ...calls(section(read('docs/library.md'), '## An example')),
      ...calls(section(read('docs/call.md'), '## Library use (for `route`/`plan`)')),
      ...calls(/^Library: .*$/m.exec(read('docs/export.md'))?.[0] ?? ''),
    ];
    expect(mentioned.length).toBeGreaterThan(15);
    const exported = new Set(Object.keys(library));
    expect(mentioned.filter((name) => !exported.has(name))).toEqual([]);
  });

  it('the example of docs/library.md imports only exports', () => {
    const example = /<!-- library-example:start -->\n```js\n([\s\S]*?)```/.exec(read('docs/library.md'))?.[1] ?? '';
    const imported =
      /import \{([^}]*)\} from 'mcpns'/
        .exec(example)?.[1]
        ?.split(',')
        .map((name) => name.trim()) ?? [];
    expect(imported.length).toBeGreaterThan(3);
    expect(imported.filter((name) => !(name in library))).toEqual([]);
  });
});
