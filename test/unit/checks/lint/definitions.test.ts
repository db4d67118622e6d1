import { describe, expect, it } from 'vitest';
import { codeHits, lint, makeCatalog } from './make-catalog.js';

describe('MISSING_DESCRIPTION', () => {
  it('flags absent and blank descriptions', () => {
    const catalog = makeCatalog({ s: [{ name: 'none', description: undefined }, { name: 'blank', description: ' \n ' }, 'ok'] });
    expect(codeHits(lint(catalog), 'MISSING_DESCRIPTION')).toEqual(['s/blank', 's/none']);
  });
});

describe('INPUT_SCHEMA_INVALID', () => {
  const schemas: Record<string, unknown> = {
    ok: { type: 'object', properties: { a: { type: 'number' } }, required: ['a'] },
    okEmpty: { type: 'object', additionalProperties: false },
    ok07: { $schema: 'http://json-schema.org/draft-07/schema#', type: 'object', properties: { a: { type: 'string' } } },
    ok07https: { $schema: 'https://json-schema.org/draft-07/schema', type: 'object' },
    ok2019: { $schema: 'https://json-schema.org/draft/2019-09/schema', type: 'object' },
    okVendor: { type: 'object', 'x-vendor': true, properties: { a: { type: 'string', format: 'made-up' } } },
    notObject: { type: 'string' },
    noType: { properties: {} },
    nullSchema: null,
    badType: { type: 'object', properties: { a: { type: 'strin' } } },
    badRequired: { type: 'object', required: 'a' },
    badRef: { type: 'object', properties: { a: { $ref: '#/$defs/missing' } } },
    badPattern: { type: 'object', properties: { a: { type: 'string', pattern: '(' } } },
    unknownDialect: { $schema: 'http://example.com/my-schema', type: 'object' },
    // 2020-12 keyword misuse that draft-07 does not know: prefixItems must be an array.
    bad2020: { type: 'object', properties: { a: { prefixItems: {} } } },
  };
  const catalog = makeCatalog({ s: Object.entries(schemas).map(([name, inputSchema]) => ({ name, inputSchema: inputSchema as Record<string, unknown> })) });
  const findings = lint(catalog).filter((f) => f.code === 'INPUT_SCHEMA_INVALID');

  it('flags non-object and invalid schemas per dialect', () => {
    expect(findings.map((f) => f.tool).sort()).toEqual(
      ['notObject', 'noType', 'nullSchema', 'badType', 'badRequired', 'badRef', 'badPattern', 'unknownDialect', 'bad2020'].sort(),
    );
  });

  it('explains the problem', () => {
    const problem = (tool: string) => String(findings.find((f) => f.tool === tool)?.args?.['problem']);
    expect(problem('notObject')).toContain('"type" must be "object"');
    expect(problem('badType')).toContain('2020-12');
    expect(problem('unknownDialect')).toContain('unsupported "$schema"');
  });

  it('same schema twice gives the same answer (cached)', () => {
    const again = lint(catalog).filter((f) => f.code === 'INPUT_SCHEMA_INVALID');
    expect(again).toEqual(findings);
  });
});

describe('MALFORMED_TOOL', () => {
  it('reports what discovery recorded', () => {
    const catalog = makeCatalog(
      { s: ['fine'] },
      {
        s: {
          malformedTools: [
            { index: 2, name: 'broken', problems: ['inputSchema.type: expected "object"'] },
            { index: 3, problems: ['name: required'] },
          ],
        },
      },
    );
    const findings = lint(catalog).filter((f) => f.code === 'MALFORMED_TOOL');
    expect(findings.map((f) => [f.server, f.name, f.args?.['problems']])).toEqual([
      ['s', 'broken', 'inputSchema.type: expected "object"'],
      ['s', '#3', 'name: required'],
    ]);
  });
});

describe('PROTOCOL_REVISION_OUTDATED', () => {
  it('flags servers that negotiated a 2024 revision (info), not later ones nor servers without a recorded revision', () => {
    const catalog = makeCatalog(
      { old: ['a'], older: ['b'], current: ['c'], modern: ['d'], unknown: ['e'], failed: [] },
      {
        old: { protocolVersion: '2024-11-05' },
        older: { protocolVersion: '2024-10-07' },
        current: { protocolVersion: '2025-03-26' },
        modern: { protocolVersion: '2026-07-28' },
        failed: { status: 'error', protocolVersion: '2024-11-05', error: { code: 'CONNECTION_CLOSED', message: 'closed' } },
      },
    );
    const findings = lint(catalog).filter((f) => f.code === 'PROTOCOL_REVISION_OUTDATED');
    expect(findings.map((f) => [f.server, f.severity, f.args])).toEqual([
      ['old', 'info', { revision: '2024-11-05', current: '2025-11-25' }],
      ['older', 'info', { revision: '2024-10-07', current: '2025-11-25' }],
    ]);
  });
});
