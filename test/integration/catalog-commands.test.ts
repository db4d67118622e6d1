/**
 * Every catalog the schema accepts works in every command that reads one (issue 25 §1): hand-made catalogs and
 * catalogs from other tools leave optional fields out, `source` among them. Generated documents hold every optional
 * field of servers and tools absent or present; each runs through every command that takes `--catalog` (and `diff`).
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from '../helpers/fast-check.js';
import { describe, expect, it } from 'vitest';
import { toolHashes } from '../../src/catalog/hash.js';
import { runCli, type CliResult } from '../helpers/cli.js';
import { makeTempDir } from '../helpers/temp.js';

const dir = makeTempDir();
const text = fc.string({ minLength: 1, maxLength: 6 }).filter((value) => value.trim() === value && value.length > 0);
const CONFIG = join(dir, 'recorded.mcpns.json');
const NOT_A_CONFIG = join(dir, 'notes.json');
writeFileSync(CONFIG, JSON.stringify({ servers: { recorded: { command: 'node', args: ['-e', '0'], enabled: false } } }));
writeFileSync(NOT_A_CONFIG, JSON.stringify({ hello: 'world' }));

/** Where a server says it came from: nowhere, a config file, a file that is gone, or a file that is no config. */
const source = fc.constantFrom(CONFIG, join(dir, 'gone.json'), NOT_A_CONFIG, 'README.md');

const serverFields = {
  transport: fc.constantFrom('stdio', 'http'),
  source,
  client: fc.constantFrom('mcpns', 'claude-code'),
  disabledKind: fc.constantFrom('disabled', 'profile'),
  durationMs: fc.nat(5000),
  order: fc.nat(3),
  serverInfo: fc.record({ name: text, version: text, title: text }, { requiredKeys: ['name'] }),
  protocolVersion: fc.constant('2025-06-18'),
  capabilities: fc.constant({ tools: {} }),
  instructions: text,
  pages: fc.nat(3),
  malformedTools: fc.constant([{ index: 0, name: 'broken', problems: ['inputSchema: expected an object'] }]),
  notes: fc.array(text, { maxLength: 2 }),
};
const toolFields = {
  title: text,
  description: text,
  inputSchema: fc.constant({ type: 'object', properties: { a: { type: 'number' } } }),
  outputSchema: fc.constant({ type: 'object' }),
  annotations: fc.record({ title: text, readOnlyHint: fc.boolean(), destructiveHint: fc.boolean() }, { requiredKeys: [] }),
  _meta: fc.constant({ vendor: 'x' }),
  hidden: fc.record({ by: text, reason: text }),
};

/** Servers s0…sN (each with a subset of the optional fields) and their tools; hashes, when present, match. */
const catalogs = fc
  .record({
    servers: fc.array(fc.record(serverFields, { requiredKeys: [] }), { minLength: 1, maxLength: 3 }),
    tools: fc.array(fc.tuple(fc.nat(2), fc.record({ ...toolFields, qualified: fc.boolean(), hashed: fc.boolean() }, { requiredKeys: [] })), {
      minLength: 1,
      maxLength: 4,
    }),
    generatedAt: fc.option(fc.constant('2026-01-01T00:00:00.000Z'), { nil: undefined }),
    style: fc.option(fc.constant('slash'), { nil: undefined }),
  })
  .map(({ servers, tools, generatedAt, style }) => ({
    schemaVersion: 1,
    ...(generatedAt ? { generatedAt } : {}),
    ...(style ? { style } : {}),
    servers: servers.map((fields, index) => ({ name: `s${index}`, status: 'ok', ...fields })),
    tools: tools.map(([serverIndex, { qualified, hashed, hidden, ...fields }], index) => {
      const server = `s${serverIndex % servers.length}`;
      // The first tool stays visible: call, route and plan name it (a hidden tool is not resolvable, by design).
      const tool = {
        server,
        name: `t${index}`,
        ...(qualified ? { qualifiedName: `${server}/t${index}` } : {}),
        ...fields,
        ...(hidden && index > 0 ? { hidden } : {}),
      };
      // Hashes as snapshot writes them: of the definition as read (an absent inputSchema reads as {type: object}).
      return hashed ? { ...tool, hashes: toolHashes({ ...tool, inputSchema: tool.inputSchema ?? { type: 'object' } }) } : tool;
    }),
  }));

/** Every command that reads a catalog document, as a user would run it on `file`. */
function commandsFor(file: string, firstTool: string): string[][] {
  const routes = join(dir, 'routes.mcpns.json');
  writeFileSync(routes, JSON.stringify({ routes: [{ name: 'hello', keywords: ['hello'], tool: firstTool }] }));
  const plan = join(dir, 'plan.json');
  writeFileSync(plan, JSON.stringify({ route: 'PLAN', tool_calls: [{ tool: firstTool, arguments: {} }] }));
  return [
    ['list', '--catalog', file],
    ['list', '--catalog', file, '--json', '--all'],
    ['check', '--catalog', file],
    ['lint', '--catalog', file],
    ['check-conflicts', '--catalog', file],
    ['export', '--catalog', file, '--provider', 'openai'],
    ['snapshot', '--catalog', file, '-o', '-'],
    ['diff', file, file],
    ['call', firstTool, '--catalog', file],
    ['route', 'hello', '--catalog', file, '--config', routes],
    ['plan', 'validate', plan, '--catalog', file],
  ];
}

/** A run that fails only for what the catalog says (findings: exit 1), never for reading it (exit 2). */
function expectWorked(argv: string[], result: CliResult): void {
  const shown = `mcpns ${argv.join(' ')}\n${result.stderr}`;
  expect([0, 1], shown).toContain(result.code);
  expect(result.stderr, shown).not.toMatch(/mcpns: error/);
}

describe('every catalog the schema accepts, in every command that reads one', () => {
  it('works with every optional field absent and present, and a recorded source that is missing or no config is a note', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(catalogs, async (catalog) => {
        const file = join(dir, `catalog-${run++}.json`);
        writeFileSync(file, JSON.stringify(catalog));
        for (const argv of commandsFor(file, catalog.tools[0]!.qualifiedName ?? `${catalog.tools[0]!.server}/${catalog.tools[0]!.name}`)) {
          expectWorked(argv, await runCli(argv, { cwd: dir }));
        }
      }),
      { numRuns: 8, seed: 26 },
    );
  });

  it('a hand-made catalog without any source: check, lint, check-conflicts and diff read no config from it', async () => {
    const file = join(dir, 'hand-made.json');
    writeFileSync(file, JSON.stringify({ schemaVersion: 1, servers: [{ name: 'calc', status: 'ok' }], tools: [{ server: 'calc', name: 'add' }] }));
    for (const argv of [
      ['check', '--catalog', file],
      ['lint', '--catalog', file],
      ['check-conflicts', '--catalog', file],
      ['diff', file, file],
    ]) {
      expectWorked(argv, await runCli(argv, { cwd: dir }));
    }
  });

  it('a recorded source that is no config file is skipped with a note naming it', async () => {
    const file = join(dir, 'recorded-readme.json');
    writeFileSync(
      file,
      JSON.stringify({ schemaVersion: 1, servers: [{ name: 'calc', status: 'ok', source: NOT_A_CONFIG }], tools: [{ server: 'calc', name: 'add' }] }),
    );
    const result = await runCli(['check', '--catalog', file], { cwd: dir });
    expectWorked(['check', '--catalog', file], result);
    expect(result.stderr).toContain(`ignoring notes.json, recorded in ${file} as a server's config file: notes.json: not a config format mcpns understands`);
  });
});
