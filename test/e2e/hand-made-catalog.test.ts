/**
 * A catalog document written by hand, every optional field left out (no generatedAt, style, transport, source,
 * toolCount, qualifiedName, inputSchema, serverInfo…), through every command of the built bin that reads one: each
 * reads it (never exit 2) and prints what the document says, with the values discovery would have given the fields it
 * lacks. The same document spread past the size where the reader parses its tools in pieces (src/catalog/read-core.ts)
 * prints the same. `serve` takes no --catalog (it talks to live servers).
 */
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseChunksInPiecesSteps } from '../../src/catalog/parse-in-pieces.js';
import { drain } from '../../src/util/steps.js';
import { readRegularFileChunks } from '../../src/util/read-file.js';
import { runBin, type CliResult } from '../helpers/cli.js';
import { makeTempDir } from '../helpers/temp.js';

const dir = makeTempDir();
const ADD_SCHEMA = { type: 'object', properties: { a: { type: 'number' }, b: { type: 'number' } }, required: ['a', 'b'] };
const TOOLS = [
  { server: 'calc', name: 'add', description: 'Add two numbers and return their sum.', inputSchema: ADD_SCHEMA },
  { server: 'calc', name: 'reset' },
  { server: 'notes', name: 'add_note', description: 'Save a note under a title so it can be found later.' },
];
const HAND_MADE = {
  schemaVersion: 1,
  servers: [
    { name: 'archive', status: 'disabled' },
    { name: 'calc', status: 'ok' },
    { name: 'notes', status: 'ok' },
    { name: 'weather', status: 'error', error: { code: 'SPAWN_FAILED', message: 'spawn weather-mcp ENOENT' } },
  ],
  tools: TOOLS,
};
const SMALL = join(dir, 'hand-made.json');
const LARGE = join(dir, 'hand-made-large.json');
/** The same document a diff compares against: reset got a description, add_note is gone. */
const CHANGED = join(dir, 'changed.json');
const ROUTES = join(dir, 'routes.mcpns.json');
const PLAN = join(dir, 'plan.json');
/** Above the 16 MiB from which a catalog file is parsed in pieces as it is read. */
const LARGE_BYTES = 18 * 1024 * 1024;

writeFileSync(SMALL, `${JSON.stringify(HAND_MADE, null, 2)}\n`);
// JSON space between the tools: the same document, large enough to be read in pieces.
const gap = ' '.repeat(Math.ceil(LARGE_BYTES / TOOLS.length));
writeFileSync(
  LARGE,
  `${JSON.stringify({ ...HAND_MADE, tools: [] }).replace('"tools":[]', `"tools":[${TOOLS.map((tool) => JSON.stringify(tool)).join(`${gap},${gap}`)}]`)}`,
);
writeFileSync(CHANGED, JSON.stringify({ ...HAND_MADE, tools: [TOOLS[0], { ...TOOLS[1], description: 'Clear the running total.' }] }));
writeFileSync(ROUTES, JSON.stringify({ routes: [{ name: 'sum', keywords: ['plus'], tool: 'calc/add', arguments: { a: 2, b: 3 } }] }));
writeFileSync(
  PLAN,
  JSON.stringify({
    route: 'PLAN',
    confidence: 0.9,
    tool_calls: [
      { tool: 'calc/add', arguments: { a: 2, b: 3 } },
      { tool: 'notes/add_note', arguments: {} },
    ],
    explain: 'add, then note it',
  }),
);

const json = (result: CliResult): Record<string, unknown> => JSON.parse(result.stdout) as Record<string, unknown>;
const codes = (result: CliResult): string[] =>
  (json(result)['findings'] as Array<{ code: string; name: string }>).map((finding) => `${finding.code} ${finding.name}`).sort();

/** A command reading `file`, and what a user must see from it. */
interface Run {
  argv: (file: string) => string[];
  code: number;
  check: (result: CliResult) => void;
}

const RUNS: Record<string, Run> = {
  list: {
    argv: (file) => ['list', '--catalog', file],
    code: 1, // a failed server
    check: (result) =>
      expect(result.stdout).toBe(
        [
          'SERVER  NAME (slash)    DESCRIPTION                                          FLAGS',
          'calc    calc/add        Add two numbers and return their sum.',
          'calc    calc/reset',
          'notes   notes/add_note  Save a note under a title so it can be found later.',
          '',
          '3 tools from 2 of 3 servers; 1 failed: weather; 1 disabled: archive',
          '',
        ].join('\n'),
      ),
  },
  'list --json': {
    argv: (file) => ['list', '--catalog', file, '--json'],
    code: 1,
    check: (result) => {
      const catalog = json(result);
      expect(catalog['style']).toBe('slash');
      expect(catalog['servers']).toEqual([
        { name: 'archive', status: 'disabled', transport: 'unknown', toolCount: 0 },
        { name: 'calc', status: 'ok', transport: 'unknown', toolCount: 2 },
        { name: 'notes', status: 'ok', transport: 'unknown', toolCount: 1 },
        { ...HAND_MADE.servers[3], transport: 'unknown', toolCount: 0 },
      ]);
      expect(catalog['tools']).toEqual([
        { ...TOOLS[0], qualifiedName: 'calc/add' },
        { ...TOOLS[1], inputSchema: { type: 'object' }, qualifiedName: 'calc/reset' },
        { ...TOOLS[2], inputSchema: { type: 'object' }, qualifiedName: 'notes/add_note' },
      ]);
    },
  },
  check: {
    argv: (file) => ['check', '--catalog', file, '--json'],
    code: 1,
    check: (result) => expect(codes(result)).toEqual(['MISSING_DESCRIPTION reset', 'SERVER_UNREACHABLE weather']),
  },
  lint: {
    argv: (file) => ['lint', '--catalog', file, '--json'],
    code: 1,
    check: (result) => expect(codes(result)).toEqual(['MISSING_DESCRIPTION reset', 'SERVER_UNREACHABLE weather']),
  },
  'check-conflicts': {
    argv: (file) => ['check-conflicts', '--catalog', file, '--json'],
    code: 1,
    check: (result) => expect(codes(result)).toEqual(['SERVER_UNREACHABLE weather']),
  },
  search: {
    argv: (file) => ['search', 'add', '--catalog', file, '--json'],
    code: 0,
    check: (result) => {
      const results = json(result)['results'] as Array<{ qualifiedName: string }>;
      expect(results.map((found) => found.qualifiedName)).toEqual(['calc/add', 'notes/add_note']);
    },
  },
  export: {
    argv: (file) => ['export', '--catalog', file, '--provider', 'openai'],
    code: 1,
    check: (result) => {
      const functions = (JSON.parse(result.stdout) as Array<{ function: Record<string, unknown> }>).map((entry) => entry.function);
      expect(functions).toEqual([
        { name: 'calc__add', description: 'Add two numbers and return their sum. (server: calc)', parameters: ADD_SCHEMA },
        { name: 'calc__reset', description: 'reset (server: calc)', parameters: { type: 'object' } },
        { name: 'notes__add_note', description: 'Save a note under a title so it can be found later. (server: notes)', parameters: { type: 'object' } },
      ]);
    },
  },
  snapshot: {
    argv: (file) => ['snapshot', '--catalog', file, '--allow-partial', '-o', '-'],
    code: 1, // partial
    check: (result) => {
      const snapshot = json(result);
      expect((snapshot['tools'] as Array<{ qualifiedName: string; hashes?: unknown }>).map((tool) => [tool.qualifiedName, typeof tool.hashes])).toEqual([
        ['calc/add', 'object'],
        ['calc/reset', 'object'],
        ['notes/add_note', 'object'],
      ]);
    },
  },
  diff: {
    argv: (file) => ['diff', file, CHANGED, '--json'],
    code: 1,
    check: (result) => expect(codes(result)).toEqual(['DESCRIPTION_CHANGED calc/reset', 'SERVER_UNREACHABLE weather', 'TOOL_REMOVED notes/add_note']),
  },
  call: {
    argv: (file) => ['call', 'calc/add', 'a=2', 'b=3', '--catalog', file, '--envelope', 'jsonrpc', '--envelope-only'],
    code: 0,
    check: (result) => expect(json(result)).toEqual({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'add', arguments: { a: 2, b: 3 } } }),
  },
  route: {
    argv: (file) => ['route', 'what is 2 plus 3', '--catalog', file, '--config', ROUTES, '--id', 'r1', '--ts', '2026-01-01T00:00:00Z', '--json'],
    code: 0,
    check: (result) => {
      const answer = json(result);
      expect(answer['route']).toBe('FAST_PATH');
      expect((answer['calls'] as Array<Record<string, unknown>>).map((call) => [call['tool'], call['arguments']])).toEqual([['calc/add', { a: 2, b: 3 }]]);
    },
  },
  'plan validate': {
    argv: (file) => ['plan', 'validate', PLAN, '--catalog', file],
    code: 0,
    check: (result) => {
      expect(result.stdout).toContain('✓ tool_calls[0] calc/add → calc/add (via qualified)');
      expect(result.stdout).toContain('✓ tool_calls[1] notes/add_note → notes/add_note (via qualified)');
      expect(result.stdout).toContain('plan valid: every tool resolves and every argument set matches its schema');
    },
  },
};

// Runs the built bin/mcpns.js (`npm run build` first), from a folder with no config of its own.
describe('a hand-made catalog with no optional field, in every command that reads one (built bin)', () => {
  const results = new Map<string, CliResult>();
  beforeAll(async () => {
    // One command at a time: each large read takes a core.
    for (const [name, run] of Object.entries(RUNS)) {
      for (const file of [SMALL, LARGE]) results.set(`${name} ${file}`, await runBin(run.argv(file), { cwd: dir }));
    }
  });

  it('the large copy is the same document, and one the reader parses in pieces', () => {
    expect(statSync(LARGE).size).toBeGreaterThan(16 * 1024 * 1024);
    const chunks = readRegularFileChunks(LARGE);
    try {
      expect(drain(parseChunksInPiecesSteps(chunks))).toEqual(JSON.parse(readFileSync(SMALL, 'utf8')));
    } finally {
      chunks.return();
    }
  });

  for (const [name, run] of Object.entries(RUNS)) {
    it(`${name} reads it and prints what it says`, () => {
      const small = results.get(`${name} ${SMALL}`)!;
      const shown = `mcpns ${run.argv(SMALL).join(' ')}\n${small.stdout}\n${small.stderr}`;
      expect(small.code, shown).toBe(run.code);
      expect(small.stderr, shown).not.toMatch(/mcpns: error/);
      run.check(small);
    });

    it(`${name} prints the same for the copy read in pieces`, () => {
      const small = results.get(`${name} ${SMALL}`)!;
      const large = results.get(`${name} ${LARGE}`)!;
      // Only the file's own name, and list --json's time of writing, may differ.
      const same = (result: CliResult, file: string): CliResult => ({
        code: result.code,
        stdout: result.stdout.replaceAll(file, '<catalog>').replace(/"generatedAt": "[^"]*"/, '"generatedAt": "<now>"'),
        stderr: result.stderr.replaceAll(file, '<catalog>'),
      });
      expect(same(large, LARGE)).toEqual(same(small, SMALL));
    });
  }
});
