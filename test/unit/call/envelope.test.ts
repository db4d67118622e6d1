import { describe, expect, it } from 'vitest';
import { buildMcpxEnvelope, buildMewEnvelope, buildResponseEnvelope, buildToolsCall } from '../../../src/call/envelope.js';

const request = buildToolsCall('add', { a: 5, b: 3 });

describe('envelope builders', () => {
  it('MEW v0.4 request: to [server], bare tool name, full JSON-RPC payload', () => {
    expect(buildMewEnvelope({ id: 'env-1', ts: '2026-01-01T00:00:00Z', from: 'agent', server: 'calculator', kind: 'mcp/request', request })).toEqual({
      protocol: 'mew/v0.4',
      id: 'env-1',
      ts: '2026-01-01T00:00:00Z',
      from: 'agent',
      to: ['calculator'],
      kind: 'mcp/request',
      payload: { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'add', arguments: { a: 5, b: 3 } } },
    });
  });

  it('a fulfilling request references the proposal as an array', () => {
    const fulfil = buildMewEnvelope({ id: 'f', ts: 't', from: 'human', server: 'calculator', kind: 'mcp/request', request, correlationId: 'p-1' });
    expect(fulfil.correlation_id).toEqual(['p-1']);
  });

  it('MCPx v0: kind "mcp", exactly one peer', () => {
    const envelope = buildMcpxEnvelope({ id: 'm', ts: 't', from: 'agent', server: 'calculator', request });
    expect(envelope).toMatchObject({ protocol: 'mcp-x/v0', kind: 'mcp', to: ['calculator'], payload: request });
  });

  it('responses correlate to the request', () => {
    const mew = buildResponseEnvelope('mew', { id: 'r', ts: 't', server: 'calculator', to: 'agent', requestId: 'env-1', rpcId: 1, result: { content: [] } });
    expect(mew).toMatchObject({
      kind: 'mcp/response',
      from: 'calculator',
      to: ['agent'],
      correlation_id: ['env-1'],
      payload: { jsonrpc: '2.0', id: 1, result: { content: [] } },
    });
    const mcpx = buildResponseEnvelope('mcpx', { id: 'r', ts: 't', server: 'calculator', to: 'agent', requestId: 'env-1', rpcId: 1, result: {} });
    expect(mcpx['correlation_id']).toBe('env-1');
    expect(buildResponseEnvelope('jsonrpc', { id: 'r', ts: 't', server: 's', to: 'a', requestId: 'x', rpcId: 7, result: {} })).toEqual({
      jsonrpc: '2.0',
      id: 7,
      result: {},
    });
  });
});
