import { describe, expect, it } from 'vitest';
import { mcpnsErrorOf } from '../../helpers/assertions.js';
import { resolveToolName, type ResolveOptions } from '../../../src/call/resolve.js';
import { catalogOf, getTestTarget } from './helpers.js';

const catalog = catalogOf({
  calculator: ['add', 'subtract'],
  'math-service': ['add', 'integrate'],
  files: ['read_file', { name: 'delete_all', hidden: { by: 'profile safe', reason: 'denied by delete_*' } }],
});
const base: ResolveOptions = { style: 'slash', getTarget: getTestTarget };

describe('resolveToolName', () => {
  it('resolves a qualified name in the active style through its lookup map', () => {
    expect(resolveToolName('calculator/add', catalog, base)).toMatchObject({ server: 'calculator', tool: 'add', via: 'qualified' });
    expect(resolveToolName('math-service__add', catalog, { ...base, style: 'dunder' })).toMatchObject({
      server: 'math-service',
      tool: 'add',
      via: 'qualified',
    });
  });

  it('accepts the canonical server/tool form in any style', () => {
    expect(resolveToolName('math-service/integrate', catalog, { ...base, style: 'dunder' })).toMatchObject({ server: 'math-service', via: 'qualified' });
  });

  it('resolves names rendered by a requested preset, including a wire name', () => {
    const viaPreset = resolveToolName('mcp__calculator__add', catalogOf({ calculator: ['add'] }), { ...base, presets: ['mcp-cc'] });
    expect(viaPreset).toMatchObject({ server: 'calculator', tool: 'add', via: 'preset:mcp-cc' });
    expect(resolveToolName('calculator_add', catalog, { ...base, presets: ['wire'] })).toMatchObject({ server: 'calculator', via: 'preset:wire' });
  });

  it('does not accept a preset name unless that preset is requested, nor a name the preset drops', () => {
    expect(mcpnsErrorOf(() => resolveToolName('mcp__calculator__add', catalogOf({ calculator: ['add'] }), base)).code).toBe('TOOL_NOT_FOUND');
    // mcp__math-service__add is longer than 20: the preset drops it, so it routes nowhere
    expect(mcpnsErrorOf(() => resolveToolName('mcp__math-service__add', catalog, { ...base, presets: ['mcp-cc'] })).code).toBe('TOOL_NOT_FOUND');
  });

  it('resolves a unique short name', () => {
    const resolution = resolveToolName('integrate', catalog, base);
    expect(resolution).toMatchObject({ server: 'math-service', tool: 'integrate', via: 'unique-short-name' });
    expect(resolution.explanation).toContain('exactly one server');
  });

  it('refuses an ambiguous short name and lists every candidate', () => {
    const failure = mcpnsErrorOf(() => resolveToolName('add', catalog, base));
    expect(failure.code).toBe('TOOL_AMBIGUOUS');
    expect(failure.details?.['candidates']).toEqual([
      { server: 'calculator', tool: 'add' },
      { server: 'math-service', tool: 'add' },
    ]);
    expect(failure.message).toContain('calculator/add');
    expect(failure.message).toContain('math-service/add');
  });

  it('--pick priority chooses the highest-priority server and says so', () => {
    const priority = (server: string): number | undefined => ({ calculator: 10, 'math-service': 90 })[server];
    const resolution = resolveToolName('add', catalog, { ...base, pick: 'priority', priority });
    expect(resolution).toMatchObject({ server: 'math-service', tool: 'add', via: 'priority' });
    expect(resolution.candidates).toHaveLength(2);
    expect(resolution.explanation).toMatch(/priority 90/);
  });

  it('--pick priority with a tie or no priorities stays ambiguous', () => {
    expect(mcpnsErrorOf(() => resolveToolName('add', catalog, { ...base, pick: 'priority', priority: () => 5 })).code).toBe('TOOL_AMBIGUOUS');
    expect(mcpnsErrorOf(() => resolveToolName('add', catalog, { ...base, pick: 'priority', priority: () => undefined })).code).toBe('TOOL_AMBIGUOUS');
    expect(mcpnsErrorOf(() => resolveToolName('add', catalog, { ...base, pick: 'priority' })).code).toBe('TOOL_AMBIGUOUS');
  });

  it('the ambiguity hint suggests --pick priority only when it would decide, and says whom it would pick (issue 25 §4.7)', () => {
    const tie = mcpnsErrorOf(() => resolveToolName('add', catalog, { ...base, priority: () => 60 }));
    expect(tie.hint).toBe(
      "use a qualified name; --pick priority cannot decide here: no single server has the highest priority (set namespaces.<ns>.priority, or a profile's priorities with --profile)",
    );
    expect(mcpnsErrorOf(() => resolveToolName('add', catalog, base)).hint).toContain('--pick priority cannot decide here');
    const decides = mcpnsErrorOf(() => resolveToolName('add', catalog, { ...base, priority: (server) => (server === 'calculator' ? 100 : 10) }));
    expect(decides.hint).toBe('use a qualified name, or --pick priority, which would choose calculator (priority 100; math-service: 10)');
    const tried = mcpnsErrorOf(() => resolveToolName('add', catalog, { ...base, pick: 'priority', priority: () => 60 }));
    expect(tried.hint).toMatch(/^no single server has the highest priority .*; use a qualified name$/);
  });

  it('a namespace hint disambiguates a short name', () => {
    expect(resolveToolName('add', catalog, { ...base, namespaceHint: 'calculator' })).toMatchObject({ server: 'calculator', tool: 'add' });
  });

  it('unknown names fail with up to three "did you mean" suggestions', () => {
    const typo = mcpnsErrorOf(() => resolveToolName('calcualtor/add', catalog, base));
    expect(typo.code).toBe('TOOL_NOT_FOUND');
    expect(typo.details?.['suggestions']).toEqual(['calculator/add']);
    expect(typo.message).toContain('did you mean "calculator/add"');
    const bare = mcpnsErrorOf(() => resolveToolName('substract', catalog, base));
    expect(bare.details?.['suggestions']).toEqual(['calculator/subtract']);
    const far = mcpnsErrorOf(() => resolveToolName('zzzzzzzzzz', catalog, base));
    expect(far.details?.['suggestions']).toEqual([]);
    const many = mcpnsErrorOf(() => resolveToolName('ad', catalog, base));
    expect((many.details?.['suggestions'] as string[]).length).toBeLessThanOrEqual(3);
  });

  it('hidden tools are not resolvable, and the error says why', () => {
    for (const name of ['files/delete_all', 'delete_all']) {
      const failure = mcpnsErrorOf(() => resolveToolName(name, catalog, base));
      expect(failure.code).toBe('TOOL_NOT_FOUND');
      expect(failure.message).toContain('hidden by profile safe');
    }
  });

  it('routes by map, never by splitting: separators inside names cannot misroute', () => {
    const tricky = catalogOf({ a_b: ['c'], a: ['b_c'] });
    // both pairs render to "a_b_c" under the underscore style: ambiguous, not first-wins
    const failure = mcpnsErrorOf(() => resolveToolName('a_b_c', tricky, { ...base, style: 'underscore' }));
    expect(failure.code).toBe('TOOL_AMBIGUOUS');
    expect(failure.details?.['candidates']).toEqual([
      { server: 'a', tool: 'b_c' },
      { server: 'a_b', tool: 'c' },
    ]);
    // a tool name containing "/" stays whole (MEW's split('/') would truncate it)
    const bridged = catalogOf({ bridge: ['ns/tool'] });
    expect(resolveToolName('bridge/ns/tool', bridged, base)).toMatchObject({ server: 'bridge', tool: 'ns/tool' });
  });

  it('works with the real registry presets', () => {
    const real = catalogOf({ calculator: ['add'], weather: ['get_forecast'] });
    expect(resolveToolName('mcp__calculator__add', real, { style: 'slash', presets: ['claude-code'] })).toMatchObject({
      server: 'calculator',
      tool: 'add',
      via: 'preset:claude-code',
    });
  });
});
