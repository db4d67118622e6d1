import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { makeTempDir } from '../helpers/temp.js';

const root = resolve(import.meta.dirname, '../..');
const demo = 'fixtures/catalogs/demo.json';
const tricky = 'fixtures/catalogs/tricky.json';
const cli = (argv: string[], cwd = root) => runCli(argv, { cwd });
const json = async (argv: string[], cwd = root) => {
  const run = await cli([...argv, '--format', 'json'], cwd);
  return { ...run, report: run.stdout ? JSON.parse(run.stdout) : undefined };
};
const summaryOf = (report: { findings: { code: string; target?: string; name?: string }[] }) =>
  report.findings.map((f) => `${f.code} ${f.target ?? '-'} ${f.name}`);

describe('mcpns check-conflicts on the demo catalog', () => {
  it('reports add and search as SHADOWED_TOOL (info) and exits 0 under the configured targets', async () => {
    const { code, report } = await json(['check-conflicts', '--catalog', demo]);
    expect(code).toBe(0);
    expect(report.targets).toEqual(['slash', 'openai']);
    expect(summaryOf(report)).toEqual(['SHADOWED_TOOL - add', 'SHADOWED_TOOL - search']);
    expect(report.findings.map((f: { severity: string }) => f.severity)).toEqual(['info', 'info']);
    expect(report.findings[0].members).toEqual([
      { server: 'calculator', tool: 'add' },
      { server: 'math-service', tool: 'add' },
    ]);
    expect(report.findings[1].members).toEqual([
      { server: 'atlassian', tool: 'search' },
      { server: 'weather', tool: 'search' },
    ]);
  });

  it('is clean (exit 0) under slash, in text too', async () => {
    const run = await cli(['check-conflicts', '--catalog', demo, '--style', 'slash']);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('SHADOWED_TOOL tool "add" is offered by 2 servers: calculator/add, math-service/add');
    expect(run.stdout).toMatch(/✓ 0 errors, 0 warnings, 2 info · targets: slash\n$/);
  });

  it.each(['openai-agents', 'docker-mcp-gateway'])('reports real NAME_COLLISIONs under the unprefixed %s (exit 1)', async (preset) => {
    const { code, report } = await json(['check-conflicts', '--catalog', demo, '--preset', preset]);
    expect(code).toBe(1);
    expect(summaryOf(report)).toEqual([`NAME_COLLISION ${preset} add`, `NAME_COLLISION ${preset} search`, 'SHADOWED_TOOL - add', 'SHADOWED_TOOL - search']);
    expect(report.findings[0]).toMatchObject({
      severity: 'error',
      members: [
        { server: 'calculator', tool: 'add' },
        { server: 'math-service', tool: 'add' },
      ],
    });
    expect(report.findings[0].hint).toContain('"math-service/add"');
    expect(report.findings[2].severity).toBe('warning');
    expect(report.summary).toEqual({ error: 2, warning: 2, info: 0 });
  });

  it('--fail-on never exits 0 and --fail-on warning exits 1 on warnings; the format never changes the exit code', async () => {
    expect((await cli(['check-conflicts', '--catalog', demo, '--preset', 'openai-agents', '--fail-on', 'never'])).code).toBe(0);
    expect((await cli(['check-conflicts', '--catalog', demo, '--preset', 'openai-agents', '--ignore', 'NAME_COLLISION', '--fail-on', 'warning'])).code).toBe(1);
    expect((await cli(['check-conflicts', '--catalog', demo, '--preset', 'openai-agents', '--ignore', 'NAME_COLLISION'])).code).toBe(0);
    for (const format of ['text', 'json', 'markdown', 'github', 'sarif', 'junit']) {
      expect((await cli(['check-conflicts', '--catalog', demo, '--preset', 'openai-agents', '--format', format])).code).toBe(1);
    }
  });

  it('exits 2 listing the valid targets for an unknown preset, and the valid codes for an unknown --ignore code', async () => {
    const preset = await cli(['check-conflicts', '--catalog', demo, '--preset', 'nope']);
    expect(preset.code).toBe(2);
    expect(preset.stderr).toMatch(/unknown style or preset "nope"/);
    expect(preset.stderr).toMatch(/claude-code.*openai/s);
    const ignore = await cli(['check-conflicts', '--catalog', demo, '--ignore', 'NOPE', '--json']);
    expect(ignore.code).toBe(2);
    // Every stderr line is one JSON object; the error is the last (a status line may name the config files read).
    const error = JSON.parse(ignore.stderr.trim().split('\n').pop()!).error;
    expect(error.code).toBe('UNKNOWN_CODE');
    expect(error.valid).toContain('NAME_COLLISION');
    expect((await cli(['check-conflicts', '--catalog', demo, '--format', 'xml'])).code).toBe(2);
  });
});

describe('mcpns check-conflicts on tricky names', () => {
  it('reports a.b vs a_b, case, look-alikes, duplicates and the failed server while checking the rest', async () => {
    const { code, report } = await json(['check-conflicts', '--catalog', tricky, '--preset', 'claude-code,openai']);
    expect(code).toBe(1);
    const codes = summaryOf(report);
    expect(codes).toContain('NAME_COLLISION claude-code mcp__a_b__c');
    expect(codes).toContain('AMBIGUOUS_ROUTE claude-code mcp__a_b__c');
    expect(codes).toContain('NEAR_COLLISION openai a.b__c');
    expect(codes).toContain('NEAR_COLLISION openai github__Create_Issue');
    expect(codes).toContain('NEAR_COLLISION openai paypal__send_money');
    // The pair is 88 characters under openai (over 64); Claude Code's 93-character name fits the Anthropic API's 128.
    expect(codes).toContain('NAME_TOO_LONG openai awslabs.billing-cost-management-mcp-server__get_cost_and_usage_comparisons_with_forecast');
    expect(codes).not.toContain('NAME_TOO_LONG claude-code mcp__awslabs_billing-cost-management-mcp-server__get_cost_and_usage_comparisons_with_forecast');
    expect(codes).toContain('NAME_INVALID_CHARS openai a.b__c');
    expect(codes).toContain('DUPLICATE_IN_SERVER - lookup');
    expect(codes).toContain('SERVER_UNREACHABLE - broken');
    const collision = report.findings.find((f: { code: string; target?: string }) => f.code === 'NAME_COLLISION' && f.target === 'claude-code');
    expect(collision.members).toEqual([
      { server: 'a.b', tool: 'c' },
      { server: 'a_b', tool: 'c' },
    ]);
    expect(collision.hint).toContain('rename server key "a_b"');
  });

  it('--fail-fast exits 2 when a server is unreachable', async () => {
    const run = await cli(['check-conflicts', '--catalog', tricky, '--preset', 'slash', '--fail-fast']);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/server "broken" is unreachable/);
  });
});

describe('config rules, ignore and baselines', () => {
  function workspace(config: object): string {
    const dir = makeTempDir('mcpns-check-');
    writeFileSync(join(dir, 'mcpns.config.json'), JSON.stringify(config, null, 2));
    writeFileSync(join(dir, 'catalog.json'), readFileSync(join(root, demo)));
    return dir;
  }
  const servers = { calculator: { command: 'node' }, 'math-service': { command: 'node' }, atlassian: { command: 'node' }, weather: { command: 'node' } };

  it('applies rules and ignore entries from config', async () => {
    const dir = workspace({
      servers,
      naming: { targets: ['openai-agents'] },
      rules: { SHADOWED_TOOL: 'off', NAME_COLLISION: 'warn' },
      ignore: [{ code: 'NAME_COLLISION', name: 'search', reason: 'atlassian and weather search different things' }],
    });
    const { code, report } = await json(['check-conflicts', '--catalog', 'catalog.json'], dir);
    expect(code).toBe(0);
    expect(summaryOf(report)).toEqual(['NAME_COLLISION openai-agents add']);
    expect(report.findings[0].severity).toBe('warning');
    expect(report.ignored).toBe(1);
  });

  it('rejects an unknown code in config rules with exit 2', async () => {
    const dir = workspace({ servers, rules: { NOT_A_CODE: 'off' } });
    const run = await cli(['check-conflicts', '--catalog', 'catalog.json'], dir);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/unknown finding code "NOT_A_CODE" in config rules/);
    expect(run.stderr).toContain('SHADOWED_TOOL');
  });

  it('--write-baseline records findings; --baseline then fails only on new ones', async () => {
    const dir = workspace({ servers, naming: { targets: ['openai-agents'] } });
    const written = await cli(['check-conflicts', '--catalog', 'catalog.json', '--write-baseline', 'baseline.json'], dir);
    expect(written.code).toBe(0);
    expect(written.stderr).toContain('wrote 4 finding(s) to baseline baseline.json');
    const baseline = JSON.parse(readFileSync(join(dir, 'baseline.json'), 'utf8'));
    expect(baseline.findings).toHaveLength(4);

    const same = await json(['check-conflicts', '--catalog', 'catalog.json', '--baseline', 'baseline.json'], dir);
    expect(same.code).toBe(0);
    expect(same.report).toMatchObject({ findings: [], baselined: 4 });
    expect((await cli(['check-conflicts', '--catalog', 'catalog.json', '--baseline', 'baseline.json'], dir)).stdout).toContain('4 baselined');

    const catalog = JSON.parse(readFileSync(join(dir, 'catalog.json'), 'utf8'));
    catalog.servers.push({ name: 'zeta', transport: 'stdio', source: 'x', status: 'ok', toolCount: 1 });
    catalog.tools.push({ server: 'zeta', name: 'add', qualifiedName: 'zeta/add', inputSchema: { type: 'object' } });
    writeFileSync(join(dir, 'catalog.json'), JSON.stringify(catalog));
    const grown = await json(['check-conflicts', '--catalog', 'catalog.json', '--baseline', 'baseline.json'], dir);
    expect(grown.code).toBe(1);
    expect(summaryOf(grown.report)).toEqual(['NAME_COLLISION openai-agents add', 'SHADOWED_TOOL - add']);
    expect(grown.report.findings[0].members).toHaveLength(3);
    expect(grown.report.baselined).toBe(2);

    const missing = await cli(['check-conflicts', '--catalog', 'catalog.json', '--baseline', 'nope.json'], dir);
    expect(missing.code).toBe(2);
  });

  it('--output writes the report to a file', async () => {
    const dir = workspace({ servers });
    const run = await cli(['check-conflicts', '--catalog', 'catalog.json', '--format', 'sarif', '-o', 'out/mcpns.sarif'], dir);
    expect(run.code).toBe(0);
    expect(run.stdout).toBe('');
    expect(existsSync(join(dir, 'out/mcpns.sarif'))).toBe(true);
    expect(JSON.parse(readFileSync(join(dir, 'out/mcpns.sarif'), 'utf8')).version).toBe('2.1.0');
  });

  it('--report writes more formats of the same run beside the one on stdout (the GitHub Action needs three)', async () => {
    const dir = workspace({ servers, naming: { targets: ['openai-agents'] } });
    const run = await cli(
      ['check-conflicts', '--catalog', 'catalog.json', '--format', 'github', '--report', 'sarif=out/mcpns.sarif', '--report', 'markdown=summary.md'],
      dir,
    );
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/^::error file=mcpns.config.json,line=\d+/m);
    expect(run.stderr).toContain('wrote sarif report to out/mcpns.sarif');
    expect(run.stderr).toContain('wrote markdown report to summary.md');
    const sarif = JSON.parse(readFileSync(join(dir, 'out/mcpns.sarif'), 'utf8'));
    expect(sarif.runs[0].results.map((result: { ruleId: string }) => result.ruleId)).toContain('NAME_COLLISION');
    const markdown = readFileSync(join(dir, 'summary.md'), 'utf8');
    expect(markdown).toContain('NAME_COLLISION');
    expect(markdown).not.toContain('\u001b[');
    // The same findings in every format: the json of the run equals the json --report writes.
    await cli(['check-conflicts', '--catalog', 'catalog.json', '--report', 'json=a.json', '-o', 'b.json', '--format', 'json'], dir);
    expect(readFileSync(join(dir, 'a.json'), 'utf8')).toBe(readFileSync(join(dir, 'b.json'), 'utf8'));
  });

  it('--report refuses an unknown format, a missing file, stdout and a directory before anything runs (exit 2)', async () => {
    const dir = workspace({ servers });
    const unknown = await cli(['check-conflicts', '--catalog', 'catalog.json', '--report', 'pdf=x.pdf'], dir);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('unknown format "pdf"');
    expect(unknown.stderr).toContain('sarif');
    for (const bad of ['sarif', 'sarif=', '=x.sarif', 'sarif=-']) {
      const run = await cli(['check-conflicts', '--catalog', 'catalog.json', '--report', bad], dir);
      expect(run.code, bad).toBe(2);
      expect(run.stdout, bad).toBe('');
    }
    const folder = await cli(['check-conflicts', '--catalog', 'catalog.json', '--report', 'sarif=.'], dir);
    expect(folder.code).toBe(2);
    expect(folder.stderr).toContain('is a directory');
  });

  it('survives control characters and a megabyte description in text output', async () => {
    const dir = workspace({ servers });
    const catalog = JSON.parse(readFileSync(join(dir, 'catalog.json'), 'utf8'));
    catalog.servers.push({ name: 'evil\u001b]0;pwned\u0007', transport: 'stdio', source: 'x', status: 'ok', toolCount: 1 });
    catalog.tools.push({
      server: 'evil\u001b]0;pwned\u0007',
      name: 'add\u202e',
      description: 'd'.repeat(1_000_000),
      qualifiedName: 'x',
      inputSchema: { type: 'object' },
    });
    writeFileSync(join(dir, 'catalog.json'), JSON.stringify(catalog));
    const run = await cli(['check-conflicts', '--catalog', 'catalog.json', '--preset', 'slash,openai'], dir);
    expect(run.stdout).not.toMatch(/[\u001b\u0007\u202e]/);
    expect(run.stdout).toContain('\\u{1b}');
    expect(run.stdout.length).toBeLessThan(100_000);
  });
});
