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

  it("keeps apart names the style gives several pairs, each with its pair's hash, and reports them", () => {
    const result = exposeNames(['a', 'a__b', 'z'], pairs(['a', 'b__c'], ['a__b', 'c'], ['z', 'd']), { style: 'double-underscore', key: 'mcpns' });
    expect(result.collisions).toEqual([{ name: 'a__b__c', members: pairs(['a', 'b__c'], ['a__b', 'c']), exposed: [result.names[0], result.names[1]] }]);
    expect(result.names[0]).toMatch(/^a__b__c_[0-9a-f]{8}$/);
    expect(result.names[1]).toMatch(/^a__b__c_[0-9a-f]{8}$/);
    expect(result.names[0]).not.toBe(result.names[1]);
    expect(result.names[2]).toBe('z__d');
    // Deterministic: the same pair gets the same name whatever else is served, in any order.
    const reordered = exposeNames(['a__b', 'a'], pairs(['a__b', 'c'], ['a', 'b__c']), { style: 'double-underscore', key: 'mcpns' });
    expect(reordered.names).toEqual([result.names[1], result.names[0]]);
  });

  it('a tool literally named calc__add beside calc/add: both served, apart', () => {
    const result = exposeNames(['x'], pairs(['x', 'calc__add'], ['x', 'calc/add']), { style: 'double-underscore', key: 'mcpns' });
    expect(result.collisions.map((collision) => collision.name)).toEqual(['x__calc__add']);
    expect(new Set(result.names).size).toBe(2);
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
