/**
 * Terminal safety: server names, tool names, titles, descriptions and error messages full of ANSI/OSC escapes,
 * C1 controls, bidi overrides and zero-width characters are shown escaped by every command that prints them,
 * and kept exact (after JSON parsing) in machine output.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { evil, unsafeCharacters, writeHostileCatalogs, type HostileCatalog } from './support/hostile.js';

let hostile: HostileCatalog;
let config: string;
let plan: string;

beforeAll(() => {
  hostile = writeHostileCatalogs();
  const { server, tool, property } = hostile.names;
  config = join(hostile.dir, 'hostile.mcpns.json');
  writeFileSync(
    config,
    JSON.stringify({
      servers: {},
      routes: [{ name: 'hostile', pattern: 'hello', tool: `${server}/${tool}`, arguments: { [property]: 'x' } }],
    }),
  );
  plan = join(hostile.dir, 'plan.json');
  writeFileSync(
    plan,
    JSON.stringify({
      route: 'PLAN',
      confidence: 0.5,
      tool_calls: [
        { tool: `${server}/${tool}`, arguments: { [property]: 'x' } },
        { tool: evil('unknown'), arguments: {} },
        { tool: `${server}/add`, arguments: { a: evil('not a number'), [evil('extra')]: 1 } },
      ],
      explain: evil('explain'),
    }),
  );
});
afterAll(() => hostile.cleanup());

/** Every human-format invocation that prints server-provided text. `() =>` because paths exist only after beforeAll. */
const humanCases: Array<[string, () => string[]]> = [
  ['list', () => ['list', '--catalog', hostile.v1]],
  ['list --preset claude-code,openai', () => ['list', '--catalog', hostile.v1, '--preset', 'claude-code,openai']],
  ['list --all --verbose', () => ['list', '--catalog', hostile.v1, '--all', '--verbose']],
  ['lint', () => ['lint', '--catalog', hostile.v1]],
  ['check', () => ['check', '--catalog', hostile.v1, '--preset', 'claude-code,openai']],
  ['check --format markdown', () => ['check', '--catalog', hostile.v1, '--format', 'markdown']],
  ['check --format github', () => ['check', '--catalog', hostile.v1, '--format', 'github']],
  ['check --format junit', () => ['check', '--catalog', hostile.v1, '--format', 'junit']],
  ['check-conflicts', () => ['check-conflicts', '--catalog', hostile.v1, '--preset', 'claude-code']],
  [
    'call <hostile name> (dry run)',
    () => ['call', '--catalog', hostile.v1, `${hostile.names.server}/${hostile.names.tool}`, `${hostile.names.property}=${evil('value')}`],
  ],
  ['call <unknown hostile name>', () => ['call', '--catalog', hostile.v1, evil('nope')]],
  ['export --provider openai', () => ['export', '--catalog', hostile.v1, '--provider', 'openai']],
  ['export --provider anthropic --preset claude-code', () => ['export', '--catalog', hostile.v1, '--provider', 'anthropic', '--preset', 'claude-code']],
  ['diff', () => ['diff', hostile.v1, hostile.v2, '--fail-on', 'never']],
  ['diff --format markdown', () => ['diff', hostile.v1, hostile.v2, '--format', 'markdown']],
  ['diff --format github', () => ['diff', hostile.v1, hostile.v2, '--format', 'github']],
  ['route --explain', () => ['route', '--catalog', hostile.v1, '--config', config, '--explain', 'hello', evil('question')]],
  ['plan validate', () => ['plan', 'validate', plan, '--catalog', hostile.v1]],
];

describe('terminal safety: human output escapes hostile server text', () => {
  it.each(humanCases)('%s', async (_label, argv) => {
    const result = await runCli(argv());
    const printed = result.stdout + result.stderr;
    expect(printed.length).toBeGreaterThan(0);
    expect(result.stderr).not.toContain('internal error');
    expect(unsafeCharacters(printed), printed.slice(0, 2000)).toEqual([]);
    // The hostile text is there, made visible (\u{1b} in text, \u001b in JSON).
    expect(printed).toMatch(/\\u\{1b\}|\\u001b/);
  });
});

describe('terminal safety: machine output keeps the exact strings', () => {
  const parse = (text: string): unknown => JSON.parse(text);

  it('list --json', async () => {
    const result = await runCli(['list', '--catalog', hostile.v1, '--json']);
    expect(unsafeCharacters(result.stdout + result.stderr)).toEqual([]);
    const catalog = parse(result.stdout) as {
      servers: Array<{ name: string; error?: { message: string } }>;
      tools: Array<{ server: string; name: string; title?: string; description?: string; inputSchema: { properties?: Record<string, unknown> } }>;
    };
    const { names } = hostile;
    expect(catalog.servers.map((server) => server.name)).toContain(names.server);
    expect(catalog.servers.find((server) => server.name === names.failed)?.error?.message).toBe(names.errorMessage);
    const tool = catalog.tools.find((entry) => entry.name === names.tool);
    expect(tool).toMatchObject({ server: names.server, title: names.title, description: names.description });
    expect(Object.keys(tool?.inputSchema.properties ?? {})).toEqual([names.property]);
  });

  it('check --format json and sarif', async () => {
    const json = await runCli(['check', '--catalog', hostile.v1, '--format', 'json']);
    expect(unsafeCharacters(json.stdout + json.stderr)).toEqual([]);
    const report = parse(json.stdout) as { findings: Array<{ code: string; server?: string; tool?: string }> };
    const pairs = report.findings.map((finding) => ({ server: finding.server, tool: finding.tool }));
    expect(pairs).toContainEqual({ server: hostile.names.server, tool: hostile.names.tool });

    const sarif = await runCli(['check', '--catalog', hostile.v1, '--format', 'sarif']);
    expect(unsafeCharacters(sarif.stdout + sarif.stderr)).toEqual([]);
    expect(() => parse(sarif.stdout)).not.toThrow();
  });

  it('export --json', async () => {
    const result = await runCli(['export', '--catalog', hostile.v1, '--provider', 'mcp', '--json']);
    expect(unsafeCharacters(result.stdout + result.stderr)).toEqual([]);
    // The hostile names break mcp's name rule, so they are reported (exactly) instead of exported.
    const exported = parse(result.stdout) as { problems: Array<{ members: Array<{ server: string; tool: string }> }> };
    expect(exported.problems.flatMap((problem) => problem.members)).toContainEqual({ server: hostile.names.server, tool: hostile.names.tool });
  });

  it('call --json (dry run)', async () => {
    const { server, tool, property } = hostile.names;
    const value = evil('value');
    const result = await runCli(['call', '--catalog', hostile.v1, `${server}/${tool}`, '--args', JSON.stringify({ [property]: value }), '--json']);
    expect(result.code).toBe(0);
    expect(unsafeCharacters(result.stdout + result.stderr)).toEqual([]);
    expect(result.stdout).toContain(JSON.stringify(tool).slice(1, 10)); // sanity: the document names the tool
    const document = JSON.stringify(parse(result.stdout));
    expect(document).toContain(JSON.stringify(value));
    expect(document).toContain(JSON.stringify(tool));
  });

  it('diff --format json', async () => {
    const result = await runCli(['diff', hostile.v1, hostile.v2, '--format', 'json']);
    expect(unsafeCharacters(result.stdout + result.stderr)).toEqual([]);
    const report = parse(result.stdout) as {
      findings: Array<{ code: string; server?: string; tool?: string; members?: Array<{ server: string; tool: string }> }>;
    };
    expect(JSON.stringify(report)).toContain(JSON.stringify(evil('new')));
  });

  it('snapshot -o - (stdout)', async () => {
    const result = await runCli(['snapshot', '-o', '-', '--catalog', hostile.v2, '--allow-partial']);
    expect(unsafeCharacters(result.stdout + result.stderr)).toEqual([]);
    const snapshot = parse(result.stdout) as { tools: Array<{ name: string; description?: string }> };
    expect(snapshot.tools.map((tool) => tool.name)).toContain(hostile.names.tool);
  });

  it('route --json and plan validate --json', async () => {
    const route = await runCli(['route', '--catalog', hostile.v1, '--config', config, '--json', 'hello']);
    expect(unsafeCharacters(route.stdout + route.stderr)).toEqual([]);
    expect(JSON.stringify(parse(route.stdout))).toContain(JSON.stringify(hostile.names.tool));

    const validated = await runCli(['plan', 'validate', plan, '--catalog', hostile.v1, '--json']);
    expect(unsafeCharacters(validated.stdout + validated.stderr)).toEqual([]);
    expect(JSON.stringify(parse(validated.stdout))).toContain(JSON.stringify(evil('unknown')));
  });
});
