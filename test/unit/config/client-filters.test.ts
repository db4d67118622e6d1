import { describe, expect, it } from 'vitest';
import type { Catalog } from '../../../src/catalog/types.js';
import { emptyConfig } from '../../../src/config/loaded.js';
import type { ServerSpec, ToolFilter } from '../../../src/config/model.js';
import { applyClientToolFilters } from '../../../src/profiles/client-filters.js';

const spec = (name: string, client: ServerSpec['source']['client'], toolFilter?: ToolFilter, file = `${client}.json`): ServerSpec => ({
  name,
  transport: 'stdio',
  command: 'node',
  enabled: true,
  source: { client, file, pointer: `/x/${name}` },
  diagnostics: [],
  ...(toolFilter ? { toolFilter } : {}),
});

function catalogOf(tools: Record<string, string[]>): Catalog {
  return {
    schemaVersion: 1,
    generatedAt: '2026-01-01T00:00:00.000Z',
    style: 'slash',
    servers: Object.keys(tools).map((name) => ({ name, transport: 'stdio', source: 'x', status: 'ok' as const, toolCount: tools[name]!.length })),
    tools: Object.entries(tools).flatMap(([server, names]) =>
      names.map((name) => ({ server, name, qualifiedName: `${server}/${name}`, inputSchema: { type: 'object' } })),
    ),
  };
}

function hidden(servers: ServerSpec[], tools: Record<string, string[]>): Record<string, string> {
  const config = { ...emptyConfig('/'), servers };
  const result = applyClientToolFilters(catalogOf(tools), config);
  return Object.fromEntries(result.tools.filter((tool) => tool.hidden).map((tool) => [tool.qualifiedName, tool.hidden!.by]));
}

describe('client tool filters', () => {
  const calc = { calc: ['add', 'subtract', 'multiply'] };
  it('Gemini: tools.exclude of the settings, by registered name, by the name without mcp_<server>_ (any server), or by class', () => {
    const settingsExclude = [
      { name: 'add', file: '.gemini/settings.json' },
      { name: 'mcp_texc_two', file: '.gemini/settings.json' },
      { name: 'texc__three', file: '.gemini/settings.json' },
      { name: 'do_thing', file: '/home/u/.gemini/settings.json' },
    ];
    const servers = [spec('texc', 'gemini-cli', { match: 'gemini', settingsExclude }), spec('calc', 'gemini-cli', { match: 'gemini', settingsExclude })];
    expect(hidden(servers, { texc: ['add', 'two', 'three', 'do thing', 'five'], calc: ['add', 'subtract'] })).toEqual({
      'texc/add': 'gemini-cli tools.exclude',
      'texc/two': 'gemini-cli tools.exclude',
      'texc/do thing': 'gemini-cli tools.exclude',
      'calc/add': 'gemini-cli tools.exclude',
    });
    const everything = [spec('calc', 'gemini-cli', { match: 'gemini', settingsExclude: [{ name: 'DiscoveredMCPTool', file: 's.json' }] })];
    expect(Object.keys(hidden(everything, calc))).toEqual(['calc/add', 'calc/subtract', 'calc/multiply']);
  });

  it('Gemini: includeTools (exact or "name(" form), excludeTools wins', () => {
    const filter: ToolFilter = {
      include: ['add', 'multiply(a, b)', 'subtract'],
      exclude: ['subtract'],
      match: 'gemini',
      includeField: 'includeTools',
      excludeField: 'excludeTools',
    };
    expect(hidden([spec('calc', 'gemini-cli', filter)], calc)).toEqual({ 'calc/subtract': 'gemini-cli excludeTools' });
    const narrow: ToolFilter = { include: ['add'], match: 'gemini', includeField: 'includeTools' };
    expect(hidden([spec('calc', 'gemini-cli', narrow)], calc)).toEqual({
      'calc/subtract': 'gemini-cli includeTools',
      'calc/multiply': 'gemini-cli includeTools',
    });
  });
  it('Codex: enabled_tools then disabled_tools', () => {
    const filter: ToolFilter = {
      include: ['add', 'subtract'],
      exclude: ['subtract'],
      match: 'exact',
      includeField: 'enabled_tools',
      excludeField: 'disabled_tools',
    };
    expect(hidden([spec('calc', 'codex', filter)], calc)).toEqual({ 'calc/subtract': 'codex disabled_tools', 'calc/multiply': 'codex enabled_tools' });
  });
  it('opencode: globs over <server>_<tool>', () => {
    const filter: ToolFilter = { exclude: ['calc_mul*'], match: 'glob', excludeField: 'tools', prefix: 'calc_' };
    expect(hidden([spec('calc', 'opencode', filter)], calc)).toEqual({ 'calc/multiply': 'opencode tools' });
  });
  it('keeps the reason and leaves servers without a filter alone', () => {
    const filter: ToolFilter = { exclude: ['add'], match: 'exact', excludeField: 'disabledTools' };
    const config = { ...emptyConfig('/'), servers: [spec('calc', 'windsurf', filter, 'mcp_config.json'), spec('other', 'windsurf')] };
    const result = applyClientToolFilters(catalogOf({ calc: ['add', 'subtract'], other: ['add'] }), config);
    expect(result.tools.map((tool) => [tool.qualifiedName, tool.hidden?.reason])).toEqual([
      ['calc/add', 'listed in disabledTools in mcp_config.json'],
      ['calc/subtract', undefined],
      ['other/add', undefined],
    ]);
  });
  it('an existing mark (e.g. a profile) is kept', () => {
    const config = { ...emptyConfig('/'), servers: [spec('calc', 'codex', { exclude: ['add'], match: 'exact', excludeField: 'disabled_tools' })] };
    const catalog = catalogOf({ calc: ['add'] });
    catalog.tools[0]!.hidden = { by: 'profile p', reason: 'r' };
    expect(applyClientToolFilters(catalog, config).tools[0]!.hidden).toEqual({ by: 'profile p', reason: 'r' });
  });
});
