/**
 * Fuzzing the other readers of untrusted text: catalog documents (--catalog, diff inputs), `--args` JSON and
 * key=value pairs, the plan extractor (a plan wrapped in model prose), and every naming target on arbitrary
 * Unicode. Parsers either succeed or raise an McpnsError; text parsers run in a worker with a deadline.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from '../helpers/fast-check.js';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { parseCatalogText } from '../../src/catalog/read.js';
import { getTarget, listTargets } from '../../src/naming/index.js';
import { extractFirstJson } from '../../src/route/extract-json.js';
import { toGeminiSchema } from '../../src/export/gemini-schema.js';
import { runCli } from '../helpers/cli.js';
import { REPO_ROOT } from '../helpers/fixtures.js';
import { GuardedParser, type Outcome } from './support/guard.js';
import { applyMutations, mutations, structuralMutations } from './support/mutate.js';
import { assertFuzz, FUZZ_TEST_TIMEOUT_MS, fuzzRuns } from './support/fuzz.js';
import { makeTempDir } from '../helpers/temp.js';

const runs = fuzzRuns;
vi.setConfig({ testTimeout: FUZZ_TEST_TIMEOUT_MS });
const guard = new GuardedParser();
const scratch = makeTempDir('mcpns-fuzz-catalog-');
afterAll(async () => {
  await guard.close();
  rmSync(scratch, { recursive: true, force: true });
});

const clean = (outcome: Outcome): boolean => outcome.outcome === 'ok' || outcome.outcome === 'mcpns-error';
const explain = (outcome: Outcome, input: unknown): string =>
  `${outcome.outcome}: ${outcome.message}\n${outcome.stack ?? ''}\n--- input ---\n${JSON.stringify(input).slice(0, 3000)}`;

const CATALOGS = [
  'fixtures/catalogs/demo.json',
  'fixtures/catalogs/tricky.json',
  'fixtures/plans/demo-catalog.json',
  'fixtures/snapshots/drift-base.lock.json',
  'fixtures/snapshots/drift-type-narrowed.lock.json',
].map((path) => ({ path, text: readFileSync(join(REPO_ROOT, path), 'utf8') }));

describe('fuzz: catalog documents', () => {
  it('mutated catalogs parse or fail with CATALOG_INVALID / CATALOG_VERSION', async () => {
    await assertFuzz(
      fc.asyncProperty(fc.constantFrom(...CATALOGS), mutations, async (fixture, list) => {
        const text = applyMutations(fixture.text, fixture.path, list);
        const outcome = await guard.run('catalog', { text });
        if (!clean(outcome)) throw new Error(explain(outcome, text));
        if (outcome.outcome === 'mcpns-error') expect(['CATALOG_INVALID', 'CATALOG_VERSION']).toContain(outcome.code);
      }),
      250,
    );
  });
});

describe('fuzz: offline commands on catalogs that parse', () => {
  // A catalog that passes the reader must never make a command fail with an internal error (exit 2 "internal").
  it('list, check, export and diff handle every catalog the reader accepts', async () => {
    let accepted = 0;
    let index = 0;
    await assertFuzz(
      fc.asyncProperty(fc.constantFrom(...CATALOGS), fc.oneof(mutations, structuralMutations), async (fixture, list) => {
        const text = applyMutations(fixture.text, fixture.path, list);
        try {
          parseCatalogText(text, 'fuzz.json');
        } catch {
          return; // the reader refused it: covered above
        }
        accepted++;
        const file = join(scratch, `catalog-${index++}.json`);
        writeFileSync(file, text);
        for (const argv of [
          ['list', '--catalog', file, '--preset', 'claude-code'],
          ['check', '--catalog', file, '--preset', 'openai'],
          ['export', '--catalog', file, '--provider', 'gemini'],
          ['diff', join(REPO_ROOT, 'fixtures/catalogs/demo.json'), file, '--format', 'markdown'],
        ]) {
          const result = await runCli(argv);
          if (result.stderr.includes('internal error') || ![0, 1, 2].includes(result.code)) {
            throw new Error(`${argv[0]}: exit ${result.code}: ${result.stderr.slice(0, 500)}\n--- catalog ---\n${text.slice(0, 3000)}`);
          }
        }
      }),
      80,
    );
    if (process.env.FUZZ_DEBUG) console.log(`accepted ${accepted}`);
    expect(accepted).toBeGreaterThan(0);
  });
});

describe('fuzz: hostile JSON Schemas in tools', () => {
  // A live server's inputSchema is only checked for `type: "object"`; everything inside it is the server's choice.
  const demo = JSON.parse(readFileSync(join(REPO_ROOT, 'fixtures/catalogs/demo.json'), 'utf8')) as { tools: Array<Record<string, unknown>> };
  const anySchema = fc.oneof(
    fc.jsonValue({ maxDepth: 4 }),
    fc.object({
      maxDepth: 3,
      key: fc.constantFrom(
        'type',
        'properties',
        'required',
        'enum',
        'items',
        'anyOf',
        'oneOf',
        'allOf',
        '$ref',
        'additionalProperties',
        'default',
        'const',
        'x',
        '$schema',
        'format',
        'minimum',
        'pattern',
      ),
    }),
  );
  const edit = fc.record({
    tool: fc.nat(),
    where: fc.constantFrom('properties', 'property', 'required', 'items', 'whole', 'output', 'annotations'),
    value: anySchema,
  });

  it('check, lint, diff, export and call handle any schema content without an internal error', async () => {
    let index = 0;
    await assertFuzz(
      fc.asyncProperty(fc.array(edit, { minLength: 1, maxLength: 3 }), async (edits) => {
        const catalog = structuredClone(demo);
        for (const { tool: at, where, value } of edits) {
          const tool = catalog.tools[at % catalog.tools.length]!;
          const schema = { ...(tool['inputSchema'] as Record<string, unknown>) };
          if (where === 'properties') schema['properties'] = value;
          else if (where === 'property') schema['properties'] = { ...(schema['properties'] as object), hostile: value };
          else if (where === 'required') schema['required'] = value;
          else if (where === 'items') schema['properties'] = { list: { type: 'array', items: value } };
          else if (where === 'whole' && value && typeof value === 'object' && !Array.isArray(value)) Object.assign(schema, value, { type: 'object' });
          else if (where === 'output' && value && typeof value === 'object' && !Array.isArray(value)) tool['outputSchema'] = value;
          else if (where === 'annotations' && value && typeof value === 'object' && !Array.isArray(value)) tool['annotations'] = value;
          tool['inputSchema'] = schema;
        }
        const text = JSON.stringify(catalog);
        try {
          parseCatalogText(text, 'fuzz.json');
        } catch {
          return;
        }
        const file = join(scratch, `schema-${index++}.json`);
        writeFileSync(file, text);
        const first = catalog.tools[edits[0]!.tool % catalog.tools.length]!;
        for (const argv of [
          ['check', '--catalog', file, '--preset', 'openai,gemini'],
          ['export', '--catalog', file, '--provider', 'gemini'],
          ['diff', join(REPO_ROOT, 'fixtures/catalogs/demo.json'), file],
          ['diff', file, join(REPO_ROOT, 'fixtures/catalogs/demo.json')],
          ['call', '--catalog', file, `${String(first['server'])}/${String(first['name'])}`, 'hostile=1', 'list:=[1]', 'a=2'],
        ]) {
          const result = await runCli(argv);
          if (result.stderr.includes('internal error') || ![0, 1, 2].includes(result.code)) {
            throw new Error(`${argv[0]}: exit ${result.code}: ${result.stderr.slice(0, 500)}\n--- edits ---\n${JSON.stringify(edits).slice(0, 3000)}`);
          }
        }
      }),
      100,
    );
  });
});

describe('regressions found by the schema fuzzer', () => {
  it('gemini export: a non-array oneOf and a malformed %-escape in a $ref are notes, not crashes', () => {
    const { schema } = toGeminiSchema({ type: 'object', properties: { a: { oneOf: 0 }, b: { $ref: '#/%E0%A4%A' } } });
    expect(schema).toMatchObject({ type: 'object', properties: { b: { type: 'object' } } });
  });
});

describe('fuzz: --args', () => {
  const jsonish = fc.oneof(
    fc.string({ unit: 'binary', maxLength: 60 }),
    fc.json({ maxDepth: 3 }),
    fc.json({ maxDepth: 3 }).chain((json) => mutations.map((list) => applyMutations(json, 'args.json', list))),
    fc.string({ unit: fc.constantFrom('{', '}', '[', ']', '"', ':', ',', '\\', 'u', '1', 'e', '-', ' ', '\n', '/', '*'), maxLength: 30 }),
  );

  it('parseArgumentsJson: an object, or ARGS_INVALID with a 1-based line and column for syntax errors', async () => {
    await assertFuzz(
      fc.asyncProperty(jsonish, async (text) => {
        const outcome = await guard.run('argsJson', { text });
        if (!clean(outcome)) throw new Error(explain(outcome, text));
        if (outcome.outcome === 'mcpns-error') {
          expect(outcome.code).toBe('ARGS_INVALID');
          if (outcome.message?.includes('invalid JSON')) {
            expect(outcome.location?.line).toBeGreaterThanOrEqual(1);
            expect(outcome.location?.column).toBeGreaterThanOrEqual(1);
          }
        }
      }),
      300,
    );
  });

  it('parseKeyValueArguments: any pairs against any schema give arguments or ARGS_INVALID', async () => {
    const schema = fc.oneof(
      fc.constant(undefined),
      fc.constant({
        type: 'object',
        properties: { a: { type: 'number' }, b: { type: ['string', 'null'] }, c: { anyOf: [{ type: 'boolean' }, { enum: [1, null] }] }, d: { const: 5 } },
      }),
      fc.jsonValue({ maxDepth: 3 }).map((value) => ({ type: 'object', properties: { a: value, b: value } })),
    );
    const pair = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 20 }),
      fc.tuple(fc.constantFrom('a', 'b', 'c', 'd', '', ':', 'a:'), fc.constantFrom('=', ':=', '=='), jsonish).map(([key, op, value]) => `${key}${op}${value}`),
    );
    await assertFuzz(
      fc.asyncProperty(fc.array(pair, { maxLength: 4 }), schema, async (pairs, inputSchema) => {
        const outcome = await guard.run('argsPairs', { pairs, schema: inputSchema });
        if (!clean(outcome)) throw new Error(explain(outcome, { pairs, inputSchema }));
        if (outcome.outcome === 'mcpns-error') expect(outcome.code).toBe('ARGS_INVALID');
      }),
      300,
    );
  });
});

describe('fuzz: plan extraction from model prose', () => {
  it('never throws or hangs on arbitrary text', async () => {
    const text = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 200 }),
      fc.string({ unit: fc.constantFrom('{', '}', '[', ']', '"', '\\', '`', '\n', 'a', ':', ','), maxLength: 300 }),
      fc.constant('{'.repeat(3000) + '"' + '['.repeat(3000)),
    );
    await assertFuzz(
      fc.asyncProperty(text, async (input) => {
        const outcome = await guard.run('extractJson', { text: input });
        if (outcome.outcome !== 'ok') throw new Error(explain(outcome, input));
      }),
      250,
    );
  });

  it('gives up in linear time on hostile bracket soup instead of scanning quadratically', async () => {
    // 300 000 characters of unclosed brackets took minutes before the scan had a budget; a linear scan takes well
    // under a second, and the deadline leaves room for a loaded machine.
    const soup = '{'.repeat(150_000) + '"' + '['.repeat(150_000);
    const outcome = await guard.run('extractJson', { text: soup }, 20_000);
    expect(outcome.outcome, outcome.message).toBe('ok');
  });

  it('finds a plan object wrapped in prose (with or without a ```json fence)', () => {
    const prose = fc.string({ unit: fc.constantFrom('a', 'b', ' ', '.', '\n', 'é', '!', '?', ':'), maxLength: 40 });
    const plan = fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 }), { minKeys: 1, maxKeys: 4 });
    fc.assert(
      fc.property(prose, plan, prose, fc.boolean(), (before, value, after, fenced) => {
        const json = JSON.stringify(value, null, fenced ? 2 : 0);
        const text = fenced ? `${before}\n\`\`\`json\n${json}\n\`\`\`\n${after}` : `${before} ${json} ${after}`;
        const found = extractFirstJson(text);
        expect(found?.value).toEqual(JSON.parse(json));
        expect(text.slice(found!.start, found!.end)).toBe(json);
        if (fenced) expect(found?.fenced).toBe(true);
      }),
      { numRuns: runs(200) },
    );
  });
});

describe('fuzz: naming targets on arbitrary Unicode', () => {
  const part = fc.oneof(fc.string({ unit: 'binary', maxLength: 24 }), fc.string({ unit: 'binary', minLength: 300, maxLength: 400 }));

  it('every target renders and parses arbitrary server and tool names without throwing', () => {
    const targets = listTargets();
    expect(targets.length).toBeGreaterThan(10);
    fc.assert(
      fc.property(fc.uniqueArray(part, { minLength: 1, maxLength: 3 }), fc.array(part, { minLength: 1, maxLength: 4 }), (servers, toolNames) => {
        const tools = toolNames.map((tool, index) => ({ server: servers[index % servers.length]!, tool }));
        const input = { servers: servers.map((name) => ({ name, serverInfo: { name: `${name}\u202e`, title: name } })), tools };
        for (const target of targets) {
          const rendering = target.render(input);
          expect(rendering.names).toHaveLength(tools.length);
          for (const rendered of rendering.names) {
            expect(typeof rendered.name).toBe('string');
            target.parse?.(rendered.wireName ?? rendered.name, servers, tools);
          }
        }
      }),
      { numRuns: runs(150) },
    );
  });

  it('slash names split back to their pair when the server has no "/"', () => {
    const slash = getTarget('slash');
    fc.assert(
      fc.property(fc.string({ unit: 'binary', minLength: 1, maxLength: 30 }), fc.string({ unit: 'binary', minLength: 1, maxLength: 30 }), (server, tool) => {
        fc.pre(!server.includes('/'));
        const rendering = slash.render({ servers: [{ name: server }], tools: [{ server, tool }] });
        const name = rendering.names[0]!.name;
        expect(name).toBe(`${server}/${tool}`);
        expect(slash.parse?.(name, [server])).toEqual({ server, tool });
        expect(rendering.lookup.get(name)).toEqual([{ server, tool }]);
      }),
      { numRuns: runs(200) },
    );
  });
});

describe('fuzz: deep schemas (issue 18 §4)', () => {
  const demo = readFileSync(join(REPO_ROOT, 'fixtures/catalogs/demo.json'), 'utf8');
  /** A value nested `levels` deep in one of the shapes JSON Schema nests in, as JSON text (no recursion to build it). */
  const nested = (shape: string, levels: number): string => {
    const [open, close] =
      shape === 'properties'
        ? ['{"type":"object","properties":{"x":', '}}']
        : shape === 'items'
          ? ['{"type":"array","items":', '}']
          : shape === 'anyOf'
            ? ['{"anyOf":[', ',{"type":"null"}]}']
            : ['[', ']'];
    return `${open.repeat(levels)}{"type":"string"}${close.repeat(levels)}`;
  };

  it('any deep part of a tool makes that tool MALFORMED_TOOL; every command finishes without an internal error', async () => {
    let index = 0;
    await assertFuzz(
      fc.asyncProperty(
        fc.integer({ min: 130, max: 6000 }),
        fc.constantFrom('properties', 'items', 'anyOf', 'array'),
        fc.constantFrom('inputSchema', 'outputSchema', 'annotations', '_meta'),
        async (levels, shape, where) => {
          const deep = nested(shape, levels);
          const part = where === 'inputSchema' ? `{"type":"object","properties":{"deep":${deep}}}` : `{"deep":${deep}}`;
          const text = demo.replace('"tools": [', `"tools": [{"server":"calculator","name":"zz_deep","inputSchema":{"type":"object"},"${where}":${part}},`);
          expect(text).not.toBe(demo);
          const file = join(scratch, `deep-${index++}.json`);
          writeFileSync(file, text);
          const list = await runCli(['list', '--catalog', file, '--json']);
          expect(list.code, list.stderr).toBe(0);
          const listed = JSON.parse(list.stdout) as {
            tools: Array<{ name: string }>;
            servers: Array<{ name: string; malformedTools?: Array<{ name?: string }> }>;
          };
          // Deeper than the limit: reported, not kept; shallow enough: kept.
          const tooDeep = listed.servers.find((entry) => entry.name === 'calculator')?.malformedTools?.some((entry) => entry.name === 'zz_deep') === true;
          expect(tooDeep || listed.tools.some((entry) => entry.name === 'zz_deep')).toBe(true);
          for (const argv of [
            ['check', '--catalog', file, '--preset', 'openai'],
            ['export', '--catalog', file, '--provider', 'gemini'],
            ['snapshot', '-o', '-', '--catalog', file],
            ['diff', join(REPO_ROOT, 'fixtures/catalogs/demo.json'), file, '--format', 'json'],
          ]) {
            const result = await runCli(argv);
            if (result.stderr.includes('internal error') || ![0, 1].includes(result.code)) {
              throw new Error(`${argv[0]}: exit ${result.code}: ${result.stderr.slice(0, 500)} (depth ${levels}, ${shape} in ${where})`);
            }
          }
        },
      ),
      8,
    );
  });

  it('--args nested 100 000 levels deep is ARGS_INVALID, not a crash', async () => {
    const outcome = await guard.run('argsJson', { text: `{"a":${'['.repeat(100_000)}${']'.repeat(100_000)}}` });
    expect(outcome).toMatchObject({ outcome: 'mcpns-error', code: 'ARGS_INVALID' });
  });
});

describe('fuzz: huge bodies (issue 18 §4, §8)', () => {
  it('every response body over the cap fails with ResponseTooLargeError, however it is chunked; others arrive whole', async () => {
    const { cappedFetch } = await import('../../src/discovery/capped-fetch.js');
    const { ResponseTooLargeError } = await import('../../src/discovery/errors.js');
    await assertFuzz(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 0, max: 5000 }), { maxLength: 30 }),
        fc.integer({ min: 1, max: 40_000 }),
        fc.boolean(),
        async (chunks, cap, declareLength) => {
          const total = chunks.reduce((sum, size) => sum + size, 0);
          const body = new ReadableStream<Uint8Array>({
            start(controller) {
              for (const size of chunks) controller.enqueue(new Uint8Array(size).fill(0x61));
              controller.close();
            },
          });
          const headers = declareLength ? { 'content-length': String(total) } : undefined;
          const base = (): Promise<Response> => Promise.resolve(new Response(body, { status: 200, ...(headers ? { headers } : {}) }));
          let tripped = 0;
          const fetch = cappedFetch(cap, () => tripped++, base);
          let text: string | undefined;
          let failure: unknown;
          try {
            text = await (await fetch('http://127.0.0.1/mcp')).text();
          } catch (error) {
            failure = error;
          }
          if (total <= cap) {
            expect(text).toHaveLength(total);
            expect(tripped).toBe(0);
          } else {
            expect(failure).toBeInstanceOf(ResponseTooLargeError);
            expect(tripped).toBeGreaterThanOrEqual(1);
          }
        },
      ),
      300,
    );
  });
});
