import { describe, expect, it } from 'vitest';
import { EXPORT_PROVIDERS, exportTools, PROVIDER_RULES, type ExportResult } from '../../../src/export/providers.js';
import { toGeminiSchema } from '../../../src/export/gemini-schema.js';
import { catalogOf, getTestTarget } from '../call/helpers.js';

const catalog = catalogOf({
  calculator: [{ name: 'add', description: 'Add two numbers.', annotations: { readOnlyHint: true }, title: 'Add' }, 'subtract'],
  'math-service': ['add'],
  weather: [
    { name: 'get_forecast', description: '' },
    { name: 'secret', hidden: { by: 'profile p', reason: 'denied' } },
  ],
});

/** The exported names, whatever the provider's shape. */
function names(result: ExportResult): string[] {
  switch (result.provider) {
    case 'openai':
      return result.tools.map((tool) => (tool as { function: { name: string } }).function.name);
    case 'gemini':
      return (result.tools[0] as { functionDeclarations: { name: string }[] }).functionDeclarations.map((d) => d.name);
    default:
      return result.tools.map((tool) => (tool as { name: string }).name);
  }
}

describe('exportTools', () => {
  for (const provider of EXPORT_PROVIDERS) {
    it(`${provider}: names follow the provider rule and the map routes every exported name`, () => {
      const result = exportTools(catalog, { provider });
      const exported = names(result);
      expect(exported).toEqual(['calculator__add', 'calculator__subtract', 'math-service__add', 'weather__get_forecast']);
      for (const name of exported) {
        expect(name).toMatch(PROVIDER_RULES[provider].pattern);
        const ref = result.map[name]!;
        expect(catalog.tools.some((tool) => tool.server === ref.server && tool.name === ref.tool && !tool.hidden)).toBe(true);
      }
      expect(Object.keys(result.map).sort()).toEqual([...exported].sort());
      expect(result.problems).toEqual([]);
    });
  }

  it('uses each provider request shape and keeps the server visible in descriptions', () => {
    const openai = exportTools(catalog, { provider: 'openai' }).tools[0];
    expect(openai).toEqual({
      type: 'function',
      function: { name: 'calculator__add', description: 'Add two numbers. (server: calculator)', parameters: { type: 'object' } },
    });
    const anthropic = exportTools(catalog, { provider: 'anthropic' }).tools[0];
    expect(anthropic).toEqual({ name: 'calculator__add', description: 'Add two numbers. (server: calculator)', input_schema: { type: 'object' } });
    const gemini = exportTools(catalog, { provider: 'gemini' }).tools;
    expect(gemini).toHaveLength(1);
    expect((gemini[0] as { functionDeclarations: unknown[] }).functionDeclarations[3]).toEqual({
      name: 'weather__get_forecast',
      description: 'get_forecast (server: weather)',
      parameters: { type: 'object' },
    });
    const mcp = exportTools(catalog, { provider: 'mcp' }).tools[0];
    expect(mcp).toMatchObject({ name: 'calculator__add', title: 'Add', inputSchema: { type: 'object' }, annotations: { readOnlyHint: true } });
  });

  it('does not export hidden tools', () => {
    expect(Object.values(exportTools(catalog, { provider: 'openai' }).map).some((ref) => ref.tool === 'secret')).toBe(false);
  });

  it('reports invalid and too-long names instead of changing them', () => {
    const bad = catalogOf({ 'my.server': ['x'], ok: ['t'.repeat(70)], good: ['y'] });
    const result = exportTools(bad, { provider: 'openai' });
    expect(result.problems.map((p) => [p.code, p.name])).toEqual([
      ['NAME_INVALID_CHARS', 'my.server__x'],
      ['NAME_TOO_LONG', `ok__${'t'.repeat(70)}`],
    ]);
    expect(Object.keys(result.map)).toEqual(['good__y']);
    // "." is fine for MCP and Gemini
    expect(exportTools(bad, { provider: 'gemini' }).problems.map((p) => p.code)).toEqual(['NAME_TOO_LONG']);
    // Gemini names must start with a letter or "_"
    expect(exportTools(catalogOf({ '1st': ['x'] }), { provider: 'gemini' }).problems.map((p) => p.code)).toEqual(['NAME_INVALID_CHARS']);
  });

  it('a name shared by two tools is reported and neither is exported (never first-wins)', () => {
    const clash = catalogOf({ a__b: ['c'], a: ['b__c'], z: ['ok'] });
    const result = exportTools(clash, { provider: 'anthropic' });
    expect(result.problems).toHaveLength(1);
    expect(result.problems[0]).toMatchObject({
      code: 'NAME_COLLISION',
      name: 'a__b__c',
      members: [
        { server: 'a', tool: 'b__c' },
        { server: 'a__b', tool: 'c' },
      ],
    });
    expect(Object.keys(result.map)).toEqual(['z__ok']);
  });

  it('--preset names (wire name when the preset has one); tools the preset drops are reported', () => {
    const viaWire = exportTools(catalog, { provider: 'openai', preset: 'wire', getTarget: getTestTarget });
    expect(viaWire.map['calculator_add']).toEqual({ server: 'calculator', tool: 'add' });
    const dropping = exportTools(catalog, { provider: 'openai', preset: 'mcp-cc', getTarget: getTestTarget });
    expect(dropping.problems.map((p) => p.code)).toContain('DROPPED_BY_PRESET');
    expect(dropping.map['mcp__calculator__add']).toEqual({ server: 'calculator', tool: 'add' });
  });

  it('works with a real preset', () => {
    const result = exportTools(catalog, { provider: 'anthropic', preset: 'claude-code' });
    expect(result.map['mcp__calculator__add']).toEqual({ server: 'calculator', tool: 'add' });
    for (const name of Object.keys(result.map)) expect(name).toMatch(PROVIDER_RULES.anthropic.pattern);
  });

  it('notes a tool count over the provider limit', () => {
    const many = catalogOf({ big: Array.from({ length: 130 }, (_, i) => `t${String(i).padStart(3, '0')}`) });
    expect(exportTools(many, { provider: 'openai' }).notes.join('\n')).toContain('limit of 128');
  });

  // docs/presets.md (## Providers) has the sources; `s__` + tool makes a name 3 characters longer than the tool.
  it.each([
    ['openai', 64],
    ['anthropic', 128],
    ['gemini', 64],
    ['mcp', 128],
  ] as const)('%s: exports a %i-character name and refuses one character more', (provider, maxLength) => {
    const result = exportTools(catalogOf({ s: ['t'.repeat(maxLength - 3), 'u'.repeat(maxLength - 2)] }), { provider });
    expect(Object.keys(result.map)).toEqual([`s__${'t'.repeat(maxLength - 3)}`]);
    expect(result.problems).toEqual([expect.objectContaining({ code: 'NAME_TOO_LONG', name: `s__${'u'.repeat(maxLength - 2)}` })]);
    expect(result.problems[0]!.message).toContain(`${provider} allows ${maxLength}`);
  });

  it.each([
    ['openai', 128],
    ['gemini', 512],
  ] as const)('%s: %i tools export without a note, one more is noted', (provider, limit) => {
    const tools = (count: number): string[] => Array.from({ length: count }, (_, i) => `t${String(i).padStart(3, '0')}`);
    expect(exportTools(catalogOf({ s: tools(limit) }), { provider }).notes).toEqual([]);
    expect(exportTools(catalogOf({ s: tools(limit + 1) }), { provider }).notes).toEqual([
      `${limit + 1} tools exceed ${provider}'s limit of ${limit} per request; use --profile or --server to export fewer`,
    ]);
  });

  it('anthropic states no tool-count limit: 600 tools export without a note', () => {
    const tools = Array.from({ length: 600 }, (_, i) => `t${String(i).padStart(3, '0')}`);
    const result = exportTools(catalogOf({ s: tools }), { provider: 'anthropic' });
    expect(result.notes).toEqual([]);
    expect(Object.keys(result.map)).toHaveLength(600);
  });
});

describe('toGeminiSchema', () => {
  it('converts to the OpenAPI subset and notes every change', () => {
    const { schema, notes } = toGeminiSchema({
      $schema: 'http://json-schema.org/draft-07/schema#',
      type: 'object',
      additionalProperties: false,
      $defs: { unit: { type: 'string', enum: ['c', 'f'] } },
      properties: {
        city: { type: ['string', 'null'], description: 'City' },
        unit: { $ref: '#/$defs/unit' },
        mode: { const: 'fast' },
        either: { oneOf: [{ type: 'string' }, { type: 'number', exclusiveMinimum: 0 }] },
      },
      required: ['city'],
    });
    expect(schema).toEqual({
      type: 'object',
      properties: {
        city: { type: 'string', nullable: true, description: 'City' },
        unit: { type: 'string', enum: ['c', 'f'] },
        mode: { enum: ['fast'] },
        either: { anyOf: [{ type: 'string' }, { type: 'number' }] },
      },
      required: ['city'],
    });
    const text = notes.join('\n');
    expect(text).toContain('(root): stripped $defs, $schema, additionalProperties');
    expect(text).toContain('inlined $ref #/$defs/unit');
    expect(text).toContain('const converted to enum');
    expect(text).toContain('exclusiveMinimum');
  });

  it('replaces a recursive $ref', () => {
    const { schema, notes } = toGeminiSchema({ type: 'object', properties: { node: { $ref: '#' } } });
    expect(schema['properties']).toEqual({ node: { type: 'object' } });
    expect(notes.join()).toMatch(/unresolvable|recursive/);
  });
});
