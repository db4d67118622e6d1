import { resolve } from 'node:path';
import { createAjv } from '../../src/util/json-schema.js';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';

const root = resolve(import.meta.dirname, '../..');
const demo = 'fixtures/catalogs/demo.json';
const tricky = 'fixtures/catalogs/tricky.json';
const cli = (argv: string[]) => runCli(argv, { cwd: root });

describe('mcpns lint and mcpns check', () => {
  it('lint runs only the lint family (plus SERVER_UNREACHABLE)', async () => {
    const run = await cli(['lint', '--catalog', tricky, '--preset', 'slash', '--json']);
    const report = JSON.parse(run.stdout);
    const codes = new Set<string>(report.findings.map((f: { code: string }) => f.code));
    expect(codes.has('SERVER_UNREACHABLE')).toBe(true);
    for (const conflict of ['SHADOWED_TOOL', 'NAME_COLLISION', 'NEAR_COLLISION', 'DUPLICATE_IN_SERVER']) expect(codes.has(conflict)).toBe(false);
    expect(run.code).toBe(1);
  });

  it('check runs both families in one report with one exit code', async () => {
    const conflicts = JSON.parse((await cli(['check-conflicts', '--catalog', tricky, '--preset', 'slash', '--json'])).stdout);
    const lint = JSON.parse((await cli(['lint', '--catalog', tricky, '--preset', 'slash', '--json'])).stdout);
    const run = await cli(['check', '--catalog', tricky, '--preset', 'slash', '--json']);
    const both = JSON.parse(run.stdout);
    const key = (f: { code: string; target?: string; name?: string; server?: string; tool?: string }) =>
      `${f.code}|${f.target}|${f.name}|${f.server}|${f.tool}`;
    const expected = [...new Set([...conflicts.findings.map(key), ...lint.findings.map(key)])];
    expect(both.findings.map(key).sort()).toEqual(expected.sort());
    expect(both.findings.map(key)).toEqual(
      [...both.findings.map(key)].sort((a: string, b: string) => (a.split('|')[0]! < b.split('|')[0]! ? -1 : a.split('|')[0]! > b.split('|')[0]! ? 1 : 0) || 0),
    );
    expect(run.code).toBe(1);
  });

  it('check on the demo catalog is clean under slash unless lint finds something at error', async () => {
    const run = await cli(['check', '--catalog', demo, '--preset', 'slash', '--json']);
    const report = JSON.parse(run.stdout);
    expect(run.code).toBe(report.summary.error > 0 ? 1 : 0);
    expect(report.findings.filter((f: { code: string }) => f.code === 'SHADOWED_TOOL')).toHaveLength(2);
  });

  it('has help with examples and exit codes', async () => {
    for (const command of ['check-conflicts', 'lint', 'check']) {
      const run = await cli([command, '--help']);
      expect(run.code).toBe(0);
      expect(run.stdout).toContain('Examples:');
      expect(run.stdout).toContain('--fail-on <severity>');
      expect(run.stdout).toContain('--write-baseline <file>');
      expect(run.stdout).toMatch(/--format <format>\s+report format \(default: text\) \(choices: "text",\s+"json", "markdown", "github", "sarif", "junit"\)/);
    }
  });
});

describe('reporters through the CLI (demo catalog, openai-agents)', () => {
  const argv = (format: string) => ['check-conflicts', '--catalog', demo, '--preset', 'openai-agents', '--format', format];

  it('github: annotations on the config line of each colliding server', async () => {
    const run = await cli(argv('github'));
    expect(run.code).toBe(1);
    const lines = run.stdout.trimEnd().split('\n');
    // mcpns.config.json declares calculator on line 4 and atlassian on line 8.
    expect(lines[0]).toMatch(/^::error file=mcpns\.config\.json,line=4,col=\d+,title=mcpns NAME_COLLISION::2 tools are named "add" under openai-agents/);
    expect(lines[1]).toMatch(/^::error file=mcpns\.config\.json,line=8,col=\d+,title=mcpns NAME_COLLISION::2 tools are named "search"/);
    expect(lines[2]).toMatch(/^::warning file=mcpns\.config\.json,line=4,.*title=mcpns SHADOWED_TOOL::/);
    expect(lines.at(-1)).toBe('mcpns: 2 errors, 2 warnings, 0 info');
  });

  it('sarif: valid, located at the server entries', async () => {
    const document = JSON.parse((await cli(argv('sarif'))).stdout);
    const validate = createAjv('draft-07', { strict: false }).compile({
      type: 'object',
      required: ['version', 'runs'],
      properties: { version: { const: '2.1.0' }, runs: { type: 'array', minItems: 1, items: { type: 'object', required: ['tool', 'results'] } } },
    });
    expect(validate(document)).toBe(true);
    const results = document.runs[0].results;
    expect(results.map((r: { ruleId: string; level: string }) => `${r.ruleId}:${r.level}`)).toEqual([
      'NAME_COLLISION:error',
      'NAME_COLLISION:error',
      'SHADOWED_TOOL:warning',
      'SHADOWED_TOOL:warning',
    ]);
    expect(results[0].locations.map((l: { physicalLocation: { region: { startLine: number } } }) => l.physicalLocation.region.startLine)).toEqual([4, 5]);
  });

  it('junit: a failing testcase per finding at --fail-on in the openai-agents suite', async () => {
    const xml = (await cli(argv('junit'))).stdout;
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="mcpns"')).toBe(true);
    expect(xml).toContain('<testsuite name="mcpns openai-agents" tests="2" failures="2"');
    expect(xml).toContain('<testcase classname="mcpns.NAME_COLLISION" name="NAME_COLLISION add" file="mcpns.config.json" line="4">');
    // Only the findings at --fail-on (default error) fail; the two warnings pass with their text in <system-out>.
    expect(xml.match(/<failure /g)).toHaveLength(2);
    expect(xml.trimEnd().endsWith('</testsuites>')).toBe(true);
    const strict = (await cli([...argv('junit'), '--fail-on', 'warning'])).stdout;
    expect(strict.match(/<failure /g)).toHaveLength(4);
  });

  it('markdown: heading, counts and a table row per finding', async () => {
    const markdown = (await cli(argv('markdown'))).stdout;
    expect(markdown).toMatch(/^## ❌ mcpns: 2 errors, 2 warnings, 0 info\n/);
    expect(
      markdown
        .split('\n')
        .filter(
          (line) => line.startsWith('| ❌ error | NAME_COLLISION | openai\\-agents |') || line.startsWith('| ❌ error | NAME_COLLISION | openai-agents |'),
        ),
    ).toHaveLength(2);
  });

  it('json (and --json): the contract Report document', async () => {
    const viaFormat = (await cli(argv('json'))).stdout;
    const viaFlag = (await cli(['check-conflicts', '--catalog', demo, '--preset', 'openai-agents', '--json'])).stdout;
    expect(viaFlag).toBe(viaFormat);
    const report = JSON.parse(viaFormat);
    expect(Object.keys(report)).toEqual(['schemaVersion', 'targets', 'findings', 'summary']);
    expect(Object.keys(report.findings[0])).toEqual(['code', 'severity', 'target', 'name', 'members', 'message', 'hint', 'args']);
    const conflict = await cli(['check-conflicts', '--catalog', demo, '--json', '--format', 'sarif']);
    expect(conflict.code).toBe(2);
  });
});
