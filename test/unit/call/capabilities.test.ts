import { describe, expect, it } from 'vitest';
import { decideKind, matchesCapability, matchesKind, matchesPattern, parseCapabilities, type Participant } from '../../../src/call/capabilities.js';
import { McpnsError } from '../../../src/errors.js';

const call = (name: string): Record<string, unknown> => ({ method: 'tools/call', params: { name, arguments: {} } });
const participant = (capabilities: Participant['capabilities']): Participant => ({ id: 'agent', capabilities });

describe('capability kinds', () => {
  it('globs kinds, and * does not cross "/" except the bare "*" (gateway rule)', () => {
    expect(matchesKind('mcp/*', 'mcp/request')).toBe(true);
    expect(matchesKind('mcp/*', 'chat')).toBe(false);
    expect(matchesKind('*/request', 'mcp/request')).toBe(true);
    expect(matchesKind('mcp/request', 'mcp/request')).toBe(true);
    expect(matchesKind('mcp/req*', 'mcp/request')).toBe(true);
    expect(matchesKind('mcp/req*', 'mcp/proposal')).toBe(false);
    expect(matchesKind('m*', 'mcp/request')).toBe(false);
    expect(matchesKind('**', 'mcp/request')).toBe(true);
    expect(matchesKind('*', 'mcp/request')).toBe(true);
    expect(matchesKind('*', 'chat')).toBe(true);
  });
});

describe('payload patterns', () => {
  const readOnly = { kind: 'mcp/request', payload: { method: 'tools/call', params: { name: 'read_*' } } };

  it('matches nested globs like params.name "read_*"', () => {
    expect(matchesCapability(readOnly, { kind: 'mcp/request', payload: call('read_file') })).toBe(true);
    expect(matchesCapability(readOnly, { kind: 'mcp/request', payload: call('write_file') })).toBe(false);
    expect(matchesCapability(readOnly, { kind: 'mcp/proposal', payload: call('read_file') })).toBe(false);
    expect(matchesCapability(readOnly, { kind: 'mcp/request', payload: { method: 'tools/call' } })).toBe(false);
  });

  it('supports negation, arrays as OR, /regex/ strings and method globs', () => {
    expect(matchesPattern('!delete_*', 'read_file')).toBe(true);
    expect(matchesPattern('!delete_*', 'delete_all')).toBe(false);
    expect(matchesPattern(['add', 'sub*'], 'subtract')).toBe(true);
    expect(matchesPattern(['add', 'sub*'], 'multiply')).toBe(false);
    expect(matchesPattern('/^(get|list)_/', 'get_forecast')).toBe(true);
    expect(matchesPattern('/^(get|list)_/i', 'GET_x')).toBe(true);
    expect(matchesPattern('/^(get|list)_/', 'set_x')).toBe(false);
    expect(matchesPattern('*/list', 'tools/list')).toBe(true);
    expect(matchesPattern('tools/*', 'tools/call')).toBe(true);
    expect(matchesPattern({}, { anything: 1 })).toBe(true);
    expect(matchesPattern(3, 3)).toBe(true);
    expect(matchesPattern({ $: 'x' }, { a: 1 })).toBe(false);
  });

  it('no payload pattern = match on kind only', () => {
    expect(matchesCapability({ kind: 'mcp/*' }, { kind: 'mcp/request', payload: call('x') })).toBe(true);
  });
});

describe('decideKind (request vs proposal)', () => {
  it('full access sends a request and names the capability', () => {
    const decision = decideKind(participant([{ kind: 'chat' }, { kind: 'mcp/*' }]), call('add'));
    expect(decision.kind).toBe('mcp/request');
    expect(decision.matched.index).toBe(1);
    expect(decision.reason).toContain('capability #1');
  });

  it('a tool-specific request capability allows only matching tools; others fall back to proposal', () => {
    const capabilities = [{ kind: 'mcp/request', payload: { method: 'tools/call', params: { name: 'read_*' } } }, { kind: 'mcp/proposal' }];
    expect(decideKind(participant(capabilities), call('read_file')).kind).toBe('mcp/request');
    const fallback = decideKind(participant(capabilities), call('write_file'));
    expect(fallback.kind).toBe('mcp/proposal');
    expect(fallback.reason).toMatch(/allows mcp\/request only for payloads matching/);
    expect(fallback.matched.index).toBe(1);
  });

  it('a proposal-only set always proposes', () => {
    const proposalOnly = [{ kind: 'mcp/proposal' }, { kind: 'mcp/response' }, { kind: 'chat' }];
    const decision = decideKind(participant(proposalOnly), call('add'));
    expect(decision.kind).toBe('mcp/proposal');
    expect(decision.reason).toContain('no capability kind matches mcp/request');
  });

  it('negation in a request capability', () => {
    const capabilities = [{ kind: 'mcp/request', payload: { params: { name: '!delete_*' } } }, { kind: 'mcp/proposal' }];
    expect(decideKind(participant(capabilities), call('read_file')).kind).toBe('mcp/request');
    expect(decideKind(participant(capabilities), call('delete_all')).kind).toBe('mcp/proposal');
  });

  it('no capability at all (or none for MCP) is NO_CAPABILITY', () => {
    for (const capabilities of [[], [{ kind: 'chat' }], [{ kind: 'mcp/request', payload: { method: 'tools/list' } }]]) {
      try {
        decideKind(participant(capabilities), call('add'));
        throw new Error('should have thrown');
      } catch (error) {
        expect((error as McpnsError).code).toBe('NO_CAPABILITY');
      }
    }
  });

  it('the glob gotcha is explained: "m*" does not cover mcp/request', () => {
    try {
      decideKind(participant([{ kind: 'm*' }]), call('add'));
      throw new Error('should have thrown');
    } catch (error) {
      expect((error as McpnsError).message).toContain('does not cross "/"');
    }
  });
});

describe('parseCapabilities', () => {
  it('accepts an array, {capabilities} or {id, capabilities}', () => {
    expect(parseCapabilities([{ kind: 'chat' }], 'f')).toEqual({ capabilities: [{ kind: 'chat' }] });
    expect(parseCapabilities({ id: 'x', capabilities: [{ kind: 'chat' }] }, 'f')).toEqual({ id: 'x', capabilities: [{ kind: 'chat' }] });
    expect(() => parseCapabilities({ nope: 1 }, 'f')).toThrow(McpnsError);
    expect(() => parseCapabilities([{ payload: {} }], 'f')).toThrow(/needs a string "kind"/);
  });
});
