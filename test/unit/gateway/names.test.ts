import { describe, expect, it } from 'vitest';
import { exposeNames, shortenName, validMcpName } from '../../../src/gateway/names.js';
import { getTarget } from '../../../src/naming/index.js';

const pairs = (...list: Array<[string, string]>) => list.map(([server, tool]) => ({ server, tool }));

describe('gateway names', () => {
  it('default style: server__tool for every pair, valid MCP names', () => {
    const result = exposeNames(['a', 'b'], pairs(['a', 'x'], ['b', 'x']), { style: 'double-underscore', key: 'mcpns' });
    expect(result.names).toEqual(['a__x', 'b__x']);
    expect(result.collisions).toEqual([]);
    expect(result.shortened).toEqual([]);
  });

  it('hybrid: a name only one server offers passes unchanged; a shared one is qualified with a valid separator', () => {
    const result = exposeNames(['a', 'b'], pairs(['a', 'x'], ['b', 'x'], ['b', 'y']), { style: 'hybrid', key: 'mcpns' });
    expect(result.names).toEqual(['a__x', 'b__x', 'y']);
  });

  it('reports names the style gives several pairs (the gateway refuses them)', () => {
    const result = exposeNames(['a', 'a__b'], pairs(['a', 'b__c'], ['a__b', 'c']), { style: 'double-underscore', key: 'mcpns' });
    expect(result.collisions).toEqual([{ name: 'a__b__c', members: pairs(['a', 'b__c'], ['a__b', 'c']) }]);
  });

  it("a server that lies about another server's tool name collides instead of shadowing it (hybrid)", () => {
    const result = exposeNames(['evil', 'good', 'other'], pairs(['evil', 'good__add'], ['good', 'add'], ['other', 'add']), { style: 'hybrid', key: 'mcpns' });
    expect(result.collisions.map((collision) => collision.name)).toEqual(['good__add']);
  });

  it('--for claude-code: the final mcp__<key>__<name> fits, shortened deterministically with a hash of the pair', () => {
    const long = 'get_cost_and_usage_comparisons_with_forecast_'.repeat(3);
    const settings = { style: 'double-underscore', for: 'claude-code', key: 'mcpns' };
    const first = exposeNames(['billing'], pairs(['billing', long]), settings);
    const second = exposeNames(['billing', 'zzz'], pairs(['billing', long], ['zzz', 'other']), settings);
    expect(first.names[0]).toBe(second.names[0]);
    const final = first.finals[0]!;
    expect(final.startsWith('mcp__mcpns__billing__get_cost')).toBe(true);
    expect(final.length).toBeLessThanOrEqual(getTarget('claude-code').wire!.maxLength);
    expect(first.shortened).toHaveLength(1);
    expect(first.shortened[0]).toMatchObject({ server: 'billing', tool: long, to: first.names[0] });
  });

  it('--for: names equal after the client sanitizes them are kept apart', () => {
    const result = exposeNames(['a.b', 'a_b'], pairs(['a.b', 'c'], ['a_b', 'c']), { style: 'double-underscore', for: 'claude-code', key: 'mcpns' });
    expect(new Set(result.finals).size).toBe(2);
    expect(result.shortened.map((entry) => entry.server).sort()).toEqual(['a.b', 'a_b']);
  });

  it('--for cursor: a name Cursor would filter for its length is shortened until Cursor keeps it', () => {
    const result = exposeNames(['srv'], pairs(['srv', 'x'.repeat(70)]), { style: 'double-underscore', for: 'cursor', key: 'gw' });
    const final = getTarget('cursor').render({ servers: [{ name: 'gw' }], tools: [{ server: 'gw', tool: result.names[0]! }] }).names[0]!;
    expect(final.dropped).toBeUndefined();
  });

  it('validMcpName and shortenName', () => {
    expect(validMcpName('a/b c')).toBe('a__b_c');
    expect(shortenName('abcdefghijklmnopqrstuvwxyz', { server: 's', tool: 't' }, 16)).toMatch(/^abcdefg_[0-9a-f]{8}$/);
  });
});
