import { createAjv } from '../../../src/util/json-schema.js';
import { describe, expect, it } from 'vitest';
import { ALL_CODES } from '../../../src/checks/codes.js';
import type { CheckResult } from '../../../src/checks/run.js';
import { FORMATS, formatters } from '../../../src/report/index.js';
import { escapeData, escapeProperty } from '../../../src/report/github.js';
import { demoConfig, demoResult } from './fixtures.js';

const options = { color: false, cwd: '/repo', config: demoConfig() };

/** Minimal SARIF 2.1.0 schema subset: version, runs, tool.driver.rules, results, locations. */
const SARIF_SUBSET = {
  type: 'object',
  required: ['version', 'runs'],
  properties: {
    version: { const: '2.1.0' },
    $schema: { type: 'string' },
    runs: {
      type: 'array',
      minItems: 1,
      items: {
        type: 'object',
        required: ['tool', 'results'],
        properties: {
          tool: {
            type: 'object',
            required: ['driver'],
            properties: {
              driver: {
                type: 'object',
                required: ['name', 'rules'],
                properties: {
                  name: { type: 'string' },
                  version: { type: 'string' },
                  rules: {
                    type: 'array',
                    items: {
                      type: 'object',
                      required: ['id', 'shortDescription', 'defaultConfiguration', 'help'],
                      properties: {
                        id: { type: 'string', pattern: '^[A-Z_]+$' },
                        shortDescription: { type: 'object', required: ['text'], properties: { text: { type: 'string', minLength: 1 } } },
                        defaultConfiguration: { type: 'object', properties: { level: { enum: ['none', 'note', 'warning', 'error'] } } },
                        help: { type: 'object', required: ['text'], properties: { text: { type: 'string', pattern: 'docs/rules\\.md#[a-z_]+' } } },
                      },
                    },
                  },
                },
              },
            },
          },
          results: {
            type: 'array',
            items: {
              type: 'object',
              required: ['ruleId', 'level', 'message'],
              properties: {
                ruleId: { type: 'string' },
                ruleIndex: { type: 'integer', minimum: 0 },
                level: { enum: ['none', 'note', 'warning', 'error'] },
                message: { type: 'object', required: ['text'], properties: { text: { type: 'string' } } },
                locations: {
                  type: 'array',
                  items: {
                    type: 'object',
                    properties: {
                      physicalLocation: {
                        type: 'object',
                        required: ['artifactLocation'],
                        properties: {
                          artifactLocation: { type: 'object', required: ['uri'], properties: { uri: { type: 'string' } } },
                          region: { type: 'object', required: ['startLine'], properties: { startLine: { type: 'integer', minimum: 1 } } },
                        },
                      },
                      logicalLocations: { type: 'array' },
                    },
                  },
                },
              },
            },
          },
        },
      },
    },
  },
} as const;

/** Well-formedness: a tiny tokenizer that checks balanced tags, quoted attributes and no raw "<"/"&" in text. */
function assertWellFormedXml(xml: string): void {
  const body = xml.replace(/^<\?xml[^?]*\?>\s*/, '');
  const stack: string[] = [];
  const token = /<\/?([A-Za-z_][\w.-]*)((?:\s+[\w:.-]+="[^"<]*")*)\s*(\/?)>|([^<]+)/gy;
  let match: RegExpExecArray | null;
  let consumed = 0;
  while ((match = token.exec(body))) {
    consumed = token.lastIndex;
    const [whole, name, , selfClosing, text] = match;
    if (text !== undefined) {
      expect(text).not.toMatch(/&(?!(amp|lt|gt|quot|apos|#\d+);)/);
      continue;
    }
    if (whole.startsWith('</')) expect(stack.pop()).toBe(name);
    else if (!selfClosing) stack.push(name!);
    expect(whole).not.toMatch(/&(?!(amp|lt|gt|quot|apos|#\d+);)/);
  }
  expect(consumed).toBe(body.length);
  expect(stack).toEqual([]);

  expect(xml).not.toMatch(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/);
}

describe('reporters', () => {
  it('registers one formatter per format', () => {
    expect(Object.keys(formatters).sort()).toEqual([...FORMATS].sort());
  });

  it('json: the contract Report document with message + hint and exact text', () => {
    const document = JSON.parse(formatters.json(demoResult(), options));
    expect(document).toMatchObject({ schemaVersion: 1, targets: ['slash', 'openai-agents'], summary: { error: 2, warning: 1, info: 1 } });
    expect(document.findings[0]).toMatchObject({
      code: 'NAME_COLLISION',
      severity: 'error',
      target: 'openai-agents',
      name: 'add',
      members: [
        { server: 'calculator', tool: 'add' },
        { server: 'math-service', tool: 'add' },
      ],
      message: '2 tools are named "add" under openai-agents: calculator/add, math-service/add',
      hint: 'deny "math-service/add" in a profile\'s tools.deny (keeping calculator/add)',
    });
    expect(document.findings[0].args).toEqual({ cause: 'unprefixed' });
    expect(document.findings[1].name).toBe('a|b<script>&x%\n\u001b[31m');
  });

  it('text: grouped by severity, terminal-safe, with the config line of the servers', () => {
    const text = formatters.text(demoResult(), options);
    expect(text.indexOf('Errors (2)')).toBeLessThan(text.indexOf('Warnings (1)'));
    expect(text.indexOf('Warnings (1)')).toBeLessThan(text.indexOf('Info (1)'));
    expect(text).toContain('at mcpns.config.json:4, mcpns.config.json:5');
    expect(text).toContain('\\u{1b}[31m');
    expect(text).not.toContain('\u001b');
    expect(text).toMatch(/✗ 2 errors, 1 warning, 1 info · targets: slash, openai-agents\n$/);
    expect(formatters.text(demoResult(), { ...options, color: true })).toContain('\u001b[31m');
  });

  it('text: survives a megabyte description-sized name (clipped)', () => {
    const result = demoResult();
    result.findings[1]!.name = 'n'.repeat(1_000_000);
    const text = formatters.text(result, options);
    expect(text.length).toBeLessThan(20_000);
    expect(text).toMatch(/more characters/);
  });

  it('markdown: a table with pipes and HTML escaped', () => {
    const markdown = formatters.markdown(demoResult(), options);
    expect(markdown).toMatch(/^## ❌ mcpns: 2 errors, 1 warning, 1 info/);
    expect(markdown).toContain('| Severity | Code | Target | Name | Message | How to fix |');
    const row = markdown.split('\n').find((line) => line.includes('NAME_INVALID_CHARS'))!;
    expect(row).toContain('a\\|b&lt;script&gt;&amp;x%');
    expect(row).not.toContain('<script>');
    expect(row.split(/(?<!\\)\|/).length).toBe(8);
  });

  it('github: annotations at the config line of the first server, escaped per the workflow-command rules', () => {
    const lines = formatters.github(demoResult(), options).trimEnd().split('\n');
    expect(lines[0]).toBe(
      '::error file=mcpns.config.json,line=4,col=5,title=mcpns NAME_COLLISION::2 tools are named "add" under openai-agents: calculator/add, math-service/add%0Ahint: deny "math-service/add" in a profile\'s tools.deny (keeping calculator/add)',
    );
    expect(lines[1]).toMatch(/^::warning file=mcpns\.config\.json,line=9,col=5,title=mcpns NAME_INVALID_CHARS::/);
    expect(lines[1]).toContain('%25');
    expect(lines[1]).not.toContain('\n');
    expect(lines.find((line) => line.includes('SHADOWED_TOOL'))).toMatch(/^::notice /);
    // An unknown server has no entry: the annotation points at the config file.
    expect(lines.find((line) => line.includes('SERVER_UNREACHABLE'))).toMatch(/^::error file=mcpns\.config\.json,title=/);
    expect(lines.at(-1)).toBe('mcpns: 2 errors, 1 warning, 1 info');
    expect(escapeData('50%\r\n')).toBe('50%25%0D%0A');
    expect(escapeProperty('a:b,c')).toBe('a%3Ab%2Cc');
  });

  it('sarif: valid 2.1.0 (schema subset), rules from the code table, results located in the config file', () => {
    const document = JSON.parse(formatters.sarif(demoResult(), options));
    const validate = createAjv('draft-07', { allErrors: true, strict: false }).compile(SARIF_SUBSET);
    expect(validate(document), JSON.stringify(validate.errors)).toBe(true);
    const run = document.runs[0];
    expect(run.tool.driver.rules.map((rule: { id: string }) => rule.id)).toEqual(ALL_CODES);
    const rule = run.tool.driver.rules.find((r: { id: string }) => r.id === 'NAME_COLLISION');
    expect(rule).toMatchObject({ defaultConfiguration: { level: 'error' } });
    expect(rule.help.text).toContain('docs/rules.md#name_collision');
    expect(run.results[0]).toMatchObject({
      ruleId: 'NAME_COLLISION',
      ruleIndex: ALL_CODES.indexOf('NAME_COLLISION'),
      level: 'error',
      locations: [
        { physicalLocation: { artifactLocation: { uri: 'mcpns.config.json' }, region: { startLine: 4 } } },
        { physicalLocation: { artifactLocation: { uri: 'mcpns.config.json' }, region: { startLine: 5 } } },
      ],
    });
    expect(run.results.find((r: { ruleId: string }) => r.ruleId === 'SHADOWED_TOOL').level).toBe('note');
    expect(run.results[0].partialFingerprints['mcpns/v1']).toMatch(/^[0-9a-f]{16}$/);
    // Without config, results carry logical locations naming the servers.
    const bare = JSON.parse(formatters.sarif(demoResult(), { color: false, cwd: '/repo' }));
    expect(validate(bare)).toBe(true);
    expect(bare.runs[0].results[0].locations[0].logicalLocations[0].name).toBe('calculator');
  });

  it('junit: well-formed XML, one testcase per finding, failures for the findings at --fail-on', () => {
    const xml = formatters.junit(demoResult(), { ...options, failOn: 'warning' });
    assertWellFormedXml(xml);
    expect(xml.match(/<testcase /g)).toHaveLength(5); // 4 findings + "no findings (slash)"
    expect(xml.match(/<failure /g)).toHaveLength(3);
    expect(xml).toContain('<testsuites name="mcpns" tests="5" failures="3" errors="0">');
    // Default --fail-on error: warnings pass, reported in <system-out> with their severity.
    const errorsOnly = formatters.junit(demoResult(), options);
    const errors = demoResult().summary.error;
    expect(errorsOnly.match(/<failure /g) ?? []).toHaveLength(errors);
    expect(errorsOnly).toContain(`failures="${errors}"`);
    expect(errorsOnly).toContain('<system-out>warning: ');
    expect(xml).toContain('&lt;script&gt;&amp;x%');
    expect(xml).toContain('\\u{1b}');
  });

  it('junit: an empty result is still a valid suite', () => {
    const empty: CheckResult = { schemaVersion: 1, targets: ['slash'], findings: [], summary: { error: 0, warning: 0, info: 0 } };
    const xml = formatters.junit(empty, options);
    assertWellFormedXml(xml);
    expect(xml).toContain('tests="2" failures="0"');
    expect(formatters.text(empty, options)).toBe('✓ no findings · targets: slash\n');
    expect(formatters.markdown(empty, options)).toContain('No findings.');
  });
});
