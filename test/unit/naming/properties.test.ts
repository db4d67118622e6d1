import fc from '../../helpers/fast-check.js';
import { describe, expect, it } from 'vitest';
import { getTarget, listTargets, type NamingInput } from '../../../src/naming/index.js';

const RUNS = { numRuns: 200 };

/** Names mixing ASCII, separators, Unicode, control characters and empty strings. */
const namePart = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.string({ unit: 'binary', maxLength: 12 }),
  fc.constantFrom('', '_', '__', '/', '.', '-', 'mcp_', 'a_b', 'a.b', 'mcp-add', ' ', '\u0000\n', 'Zürich Café', '😀'),
  fc.string({ unit: fc.constantFrom('a', 'b', '_', '.', '/', '-'), maxLength: 8 }),
);

/** A catalog-like input: unique servers, tools sorted by (server, tool) as the catalog is. */
const catalogInput: fc.Arbitrary<NamingInput> = fc
  .uniqueArray(namePart, { minLength: 1, maxLength: 4 })
  .chain((servers) =>
    fc.record({
      servers: fc.constant(servers.map((name) => ({ name }))),
      tools: fc.array(fc.record({ server: fc.constantFrom(...servers), tool: namePart }), { maxLength: 10 }),
    }),
  )
  .map(({ servers, tools }) => ({
    servers,
    tools: [...tools].sort((a, b) => (a.server < b.server ? -1 : a.server > b.server ? 1 : a.tool < b.tool ? -1 : a.tool > b.tool ? 1 : 0)),
  }));

describe('every target', () => {
  it('renders deterministically, one entry per tool in input order, without throwing', () => {
    fc.assert(
      fc.property(catalogInput, (input) => {
        for (const target of listTargets()) {
          const first = target.render(input);
          const second = target.render(input);
          expect(second.names).toEqual(first.names);
          expect(first.names.map((n) => [n.server, n.tool])).toEqual(input.tools.map((t) => [t.server, t.tool]));
        }
      }),
      RUNS,
    );
  });

  it('routes every exposed name back to its pair through lookup; dropped names are not routed', () => {
    fc.assert(
      fc.property(catalogInput, (input) => {
        for (const target of listTargets()) {
          const rendering = target.render(input);
          for (const rendered of rendering.names) {
            const bucket = rendering.lookup.get(rendered.name) ?? [];
            const pair = { server: rendered.server, tool: rendered.tool };
            if (rendered.dropped !== undefined) continue;
            expect(bucket).toContainEqual(pair);
            if (bucket.length === 1) expect(bucket[0]).toEqual(pair);
          }
          const routed = [...rendering.lookup.values()].reduce((sum, refs) => sum + refs.length, 0);
          expect(routed).toBe(rendering.names.filter((n) => n.dropped === undefined).length);
        }
      }),
      RUNS,
    );
  });

  it('presets that sanitize and shorten always satisfy their wire rule', () => {
    const guaranteed = ['vscode', 'gemini-cli', 'codex', 'openai-agents-prefixed', 'cline'];
    fc.assert(
      fc.property(catalogInput, (input) => {
        for (const id of guaranteed) {
          const target = getTarget(id);
          for (const rendered of target.render(input).names) expect(target.wire!.pattern.test(rendered.name)).toBe(true);
        }
      }),
      RUNS,
    );
  });

  // Codex is left out: its flat name trims "_" around the "__" delimiter, so tools "x" and "_x" really do meet.
  it('hash-allocating presets give distinct pairs distinct names', () => {
    fc.assert(
      fc.property(catalogInput, (input) => {
        for (const id of ['openai-agents-prefixed']) {
          const exposed = getTarget(id)
            .render(input)
            .names.filter((n) => n.dropped === undefined);
          const pairsByName = new Map<string, Set<string>>();
          for (const n of exposed) pairsByName.set(n.name, (pairsByName.get(n.name) ?? new Set()).add(`${n.server}\0${n.tool}`));
          for (const pairs of pairsByName.values()) expect(pairs.size).toBe(1);
        }
      }),
      RUNS,
    );
  });

  it('parse never throws on arbitrary strings', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 30 }), fc.array(namePart, { maxLength: 3 }), (name, servers) => {
        for (const target of listTargets())
          target.parse?.(
            name,
            servers,
            servers.map((server) => ({ server, tool: name })),
          );
      }),
      RUNS,
    );
  });
});

describe('separator styles round-trip', () => {
  const cases: [string, string][] = [
    ['slash', '/'],
    ['double-underscore', '__'],
    ['underscore', '_'],
    ['dot', '.'],
    ['openai', '__'],
    ['metamcp', '__'],
    ['1mcp', '_1mcp_'],
  ];
  for (const [id, separator] of cases) {
    it(`${id} parses its own names when the server contains no separator`, () => {
      const target = getTarget(id);
      fc.assert(
        fc.property(
          fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 10 }),
          fc.string({ unit: 'grapheme', minLength: 1, maxLength: 10 }),
          (server, tool) => {
            fc.pre(
              !server.includes(separator[0]!) &&
                (id !== 'metamcp' || /^[a-zA-Z0-9_-]+$/.test(server)) &&
                (id !== '1mcp' || (server.trim() === server && tool.trim() === tool)),
            );
            fc.pre(!(separator.length > 1 && tool.startsWith(separator.slice(1))) && !(id === 'metamcp' && server.endsWith('_')));
            const [rendered] = target.render({ servers: [{ name: server }], tools: [{ server, tool }] }).names;
            expect(target.parse!(rendered!.wireName ?? rendered!.name, [server])).toEqual({ server, tool });
          },
        ),
        RUNS,
      );
    });
  }
});

describe('hostile input', () => {
  it('megabyte names and control characters render under every target', () => {
    const huge = 'x'.repeat(1 << 20);
    const input: NamingInput = {
      servers: [{ name: huge }, { name: '\u0000\u001b[31m' }, { name: '' }],
      tools: [
        { server: huge, tool: huge },
        { server: '\u0000\u001b[31m', tool: '\ud800' },
        { server: '', tool: '' },
      ],
    };
    for (const target of listTargets()) {
      const rendering = target.render(input);
      expect(rendering.names).toHaveLength(3);
      const limited = target.wire && ['vscode', 'gemini-cli', 'openai-agents-prefixed', 'cline'].includes(target.id);
      if (limited) expect(rendering.names[0]!.name.length).toBeLessThanOrEqual(64);
    }
  });
});
