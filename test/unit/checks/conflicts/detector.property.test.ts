import fc from '../../../helpers/fast-check.js';
import { describe, expect, it } from 'vitest';
import { foldHash, foldName } from '../../../../src/checks/conflicts/fold.js';
import { nameCollision } from '../../../../src/checks/conflicts/name-collision.js';
import { nearCollision } from '../../../../src/checks/conflicts/near-collision.js';
import type { Finding } from '../../../../src/checks/types.js';
import type { NamingTarget } from '../../../../src/naming/types.js';
import { catalogOf, contextFor, target } from './helpers.js';

/** Small alphabets so random catalogs collide often: case, separators and a Cyrillic look-alike included. */
const part = fc.string({ unit: fc.constantFrom('a', 'A', 'b', '_', '.', '-', '\u0430'), minLength: 1, maxLength: 3 });
const catalogs = fc.dictionary(part, fc.uniqueArray(part, { minLength: 1, maxLength: 4 }), { minKeys: 1, maxKeys: 6 });

const targets: NamingTarget[] = [
  target('p-bare', (ref) => ref.tool, { unprefixed: true }),
  target('p-mangle', (ref) =>
    `${ref.server}_${ref.tool}`
      .toLowerCase()
      .replace(/[^a-z0-9]/g, '_')
      .slice(0, 5),
  ),
];

/** Brute force: cluster rendered names pairwise by a relation, keep clusters with ≥ 2 distinct pairs (and, for near, ≥ 2 distinct names). */
function bruteForce(names: { name: string; pair: string }[], same: (a: string, b: string) => boolean, near: boolean): string[] {
  const clusters: { names: Set<string>; pairs: Set<string> }[] = [];
  for (let i = 0; i < names.length; i++) {
    let cluster = clusters.find((c) => [...c.names].some((name) => same(name, names[i]!.name)));
    if (!cluster) clusters.push((cluster = { names: new Set(), pairs: new Set() }));
    cluster.names.add(names[i]!.name);
    cluster.pairs.add(names[i]!.pair);
  }
  return clusters
    .filter((c) => c.pairs.size > 1 && (!near || c.names.size > 1))
    .map((c) => [...c.pairs].sort().join(' '))
    .sort();
}

const groupsOf = (findings: Finding[], id: string): string[] =>
  findings
    .filter((f) => f.target === id)
    .map((f) =>
      f
        .members!.map((m) => `${m.server}/${m.tool}`)
        .sort()
        .join(' '),
    )
    .sort();

describe('collision detector vs brute force', () => {
  it('NAME_COLLISION and NEAR_COLLISION agree with pairwise comparison on random catalogs', () => {
    fc.assert(
      fc.property(catalogs, (spec) => {
        const catalog = catalogOf(spec);
        const context = contextFor(catalog, targets);
        const exact = nameCollision.run(context);
        const near = nearCollision.run(context);
        for (const t of targets) {
          const rendered = t.render({
            servers: catalog.servers.map((s) => ({ name: s.name })),
            tools: catalog.tools.map((tool) => ({ server: tool.server, tool: tool.name })),
          });
          const names = rendered.names.map((r) => ({ name: r.name, pair: `${r.server}/${r.tool}` }));
          expect(groupsOf(exact, t.id)).toEqual(bruteForce(names, (a, b) => a === b, false));
          expect(groupsOf(near, t.id)).toEqual(bruteForce(names, (a, b) => foldName(a) === foldName(b), true));
        }
      }),
      { numRuns: 150 },
    );
  });
});

describe('foldName', () => {
  it('folds printable ASCII (its fast path) exactly as the full Unicode path does', () => {
    // An invisible character forces the full path (NFKC, invisibles, confusables) and is removed by it.
    fc.assert(
      fc.property(fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((code) => String.fromCharCode(code)), maxLength: 40 }), (name) => {
        expect(foldName(name)).toBe(foldName(`${name}\u200b`));
      }),
      { numRuns: 500 },
    );
  });
});

describe('foldHash (how NEAR_COLLISION buckets names before folding them)', () => {
  // Names that fold alike through case, separators, invisible characters and look-alikes, and ones that do not.
  const unit = fc.constantFrom('a', 'A', 'b', 'B', '-', '_', '.', '/', '1', '\u200b', 'а', 'о', 'O', 'é', 'ﬁ', ' ');
  it('gives equal folds equal hashes (so no near collision is missed)', () => {
    fc.assert(
      fc.property(fc.string({ unit, maxLength: 12 }), fc.string({ unit, maxLength: 12 }), (a, b) => {
        if (foldName(a) === foldName(b)) expect(foldHash(a)).toBe(foldHash(b));
      }),
      { numRuns: 3000 },
    );
    expect(foldHash('Read-File')).toBe(foldHash('read_file'));
    expect(foldHash('rеad_file')).toBe(foldHash('read_file')); // a Cyrillic "е"
    expect(foldHash('read\u200bfile')).toBe(foldHash('readfile'));
  });
});
