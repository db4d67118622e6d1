import fc from '../../../helpers/fast-check.js';
import { describe, expect, it } from 'vitest';
import { ambiguousRoute } from '../../../../src/checks/conflicts/ambiguous-route.js';
import { nameCollision } from '../../../../src/checks/conflicts/name-collision.js';
import { conflictView } from '../../../../src/checks/conflicts/rendering.js';
import { compareFindings } from '../../../../src/checks/run.js';
import type { CheckContext } from '../../../../src/checks/types.js';
import { emptyConfig } from '../../../../src/config/loaded.js';
import { getTarget, lookupsPending } from '../../../../src/naming/index.js';
import { catalogOf } from './helpers.js';

// Separators, case and a dot in the parts, so names collide, get dropped (first-wins), refused (codex) or differ on the
// wire (mew-openai).
const part = fc.string({ unit: fc.constantFrom('a', 'B', '_', '.', '-', '/'), minLength: 1, maxLength: 3 });
const catalogs = fc.dictionary(part, fc.uniqueArray(part, { minLength: 1, maxLength: 4 }), { minKeys: 1, maxKeys: 5 });
const TARGETS = ['slash', 'openai', 'underscore', 'mew-openai', 'fastmcp', 'codex', 'gemini-cli', 'claude-code', 'litellm'];

const contextOf = (spec: Record<string, string[]>): CheckContext => ({ catalog: catalogOf(spec), config: emptyConfig('/'), targets: TARGETS });

describe('lookups built on first use', () => {
  it('NAME_COLLISION and AMBIGUOUS_ROUTE find the same whether the lookups were read before or not', () => {
    fc.assert(
      fc.property(catalogs, (spec) => {
        const unread = contextOf(spec);
        const read = contextOf(spec);
        const view = conflictView(read);
        for (const id of TARGETS) {
          const rendering = view.rendering(id);
          void rendering.lookup;
          void rendering.wireLookup;
          expect(lookupsPending(rendering)).toBe(false);
        }
        // In the order runChecks gives them (each check's own order follows its map's).
        const found = (context: CheckContext) => [...nameCollision.run(context), ...ambiguousRoute.run(context)].sort(compareFindings);
        const lazy = found(unread);
        for (const id of TARGETS) expect(lookupsPending(conflictView(unread).rendering(id))).toBe(true);
        expect(lazy).toEqual(found(read));
      }),
      { numRuns: 150 },
    );
  });

  it('builds the lookup from the names that are not dropped, once, and lets it be replaced', () => {
    const rendering = getTarget('agentgateway-never').render({
      servers: [{ name: 'a' }, { name: 'b' }],
      tools: [
        { server: 'a', tool: 'x' },
        { server: 'b', tool: 'x' },
        { server: 'b', tool: 'y' },
      ],
    });
    expect(rendering.names.map((rendered) => rendered.dropped !== undefined)).toEqual([true, true, false]);
    expect(lookupsPending(rendering)).toBe(true);
    const lookup = rendering.lookup;
    expect([...lookup]).toEqual([['y', [{ server: 'b', tool: 'y' }]]]);
    expect(rendering.lookup).toBe(lookup);
    expect(Object.keys(rendering)).toEqual(['target', 'names', 'lookup']);
    rendering.lookup = new Map();
    expect(rendering.lookup.size).toBe(0);
    expect(rendering.wireLookup).toBeUndefined();
  });

  it('builds the wire lookup when some wire name differs, and only on first read', () => {
    const rendering = getTarget('mew-openai').render({
      servers: [{ name: 'a_b' }, { name: 'a' }],
      tools: [
        { server: 'a_b', tool: 'x' },
        { server: 'a', tool: 'b_x' },
      ],
    });
    expect(lookupsPending(rendering)).toBe(true);
    expect(Object.keys(rendering)).toEqual(['target', 'names', 'lookup', 'wireLookup']);
    expect(lookupsPending(rendering)).toBe(true);
    expect([...rendering.wireLookup!]).toEqual([
      [
        'a_b_x',
        [
          { server: 'a_b', tool: 'x' },
          { server: 'a', tool: 'b_x' },
        ],
      ],
    ]);
    expect(lookupsPending(rendering)).toBe(false);
  });
});
