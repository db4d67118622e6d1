/**
 * Classification of connection failures by the v2 SDK's error types and the server's own JSON-RPC errors, never by
 * message text (src/discovery/errors.ts).
 */
import { ProtocolError, SdkError, SdkErrorCode, SdkHttpError, SseError, UnauthorizedError } from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import { classifyFailure, describeError, httpStatus, WireLog } from '../../../src/discovery/errors.js';

const refusal = (supported: string[]) => ({ code: -32022, message: 'Unsupported protocol version', data: { supported, requested: '2026-07-28' } });

describe('classifyFailure', () => {
  it('a JSON-RPC error from the server is SERVER_ERROR with its code, whatever the code', () => {
    for (const code of [-32000, -32001, -32601, -32603, 42]) {
      expect(classifyFailure(new ProtocolError(code, 'server says no'), 'initialize')).toMatchObject({
        code: 'SERVER_ERROR',
        serverError: { code, message: 'server says no' },
      });
    }
  });

  it('a refusal of the protocol version is PROTOCOL_VERSION_UNSUPPORTED with the supported list, in-band or in an HTTP body', () => {
    const inBand = ProtocolError.fromError(-32022, 'Unsupported protocol version', refusal(['2099-01-01']).data);
    expect(classifyFailure(inBand, 'initialize')).toMatchObject({ code: 'PROTOCOL_VERSION_UNSUPPORTED', supported: ['2099-01-01'] });
    expect(classifyFailure(inBand, 'list')).toMatchObject({ code: 'PROTOCOL_VERSION_UNSUPPORTED' });
    const overHttp = new SdkHttpError(SdkErrorCode.ClientHttpNotImplemented, 'Error POSTing to endpoint', {
      status: 400,
      statusText: 'Bad Request',
      text: JSON.stringify({ jsonrpc: '2.0', id: 0, error: refusal(['2024-01-01']) }),
    });
    expect(classifyFailure(overHttp, 'initialize')).toMatchObject({
      code: 'PROTOCOL_VERSION_UNSUPPORTED',
      supported: ['2024-01-01'],
      serverError: { code: -32022 },
    });
    // Wrapped by the negotiation (the SDK keeps the cause).
    const wrapped = new SdkError(SdkErrorCode.EraNegotiationFailed, 'Version negotiation failed', undefined, { cause: inBand });
    expect(classifyFailure(wrapped, 'initialize').code).toBe('PROTOCOL_VERSION_UNSUPPORTED');
  });

  it("the 2025 revisions' -32602 naming supported versions is a version refusal during the handshake only", () => {
    const error = new ProtocolError(-32602, 'Unsupported protocol version', { supported: ['1999-01-01'] });
    expect(classifyFailure(error, 'initialize')).toMatchObject({ code: 'PROTOCOL_VERSION_UNSUPPORTED', supported: ['1999-01-01'] });
    expect(classifyFailure(error, 'list').code).toBe('SERVER_ERROR');
  });

  it('HTTP failures by status: 401/403 AUTH_REQUIRED, others HTTP_ERROR (Streamable HTTP .status, SSE .code)', () => {
    const http = (status: number) => new SdkHttpError(SdkErrorCode.ClientHttpNotImplemented, 'x', { status, statusText: '' });
    expect(classifyFailure(http(401), 'initialize').code).toBe('AUTH_REQUIRED');
    expect(classifyFailure(http(403), 'list').code).toBe('AUTH_REQUIRED');
    expect(classifyFailure(http(404), 'initialize').code).toBe('HTTP_ERROR');
    expect(classifyFailure(http(400), 'initialize').code).toBe('HTTP_ERROR');
    expect(httpStatus(http(405))).toBe(405);
    expect(classifyFailure(new SseError(403, 'forbidden', {} as ConstructorParameters<typeof SseError>[2]), 'initialize').code).toBe('AUTH_REQUIRED');
    expect(classifyFailure(new UnauthorizedError('no token'), 'initialize').code).toBe('AUTH_REQUIRED');
    // A 4xx whose body is an ordinary JSON-RPC error stays an HTTP failure (its status says which).
    const body = new SdkHttpError(SdkErrorCode.ClientHttpNotImplemented, 'x', {
      status: 400,
      statusText: '',
      text: JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: -32000, message: 'Bad Request: Server not initialized' } }),
    });
    expect(classifyFailure(body, 'initialize').code).toBe('HTTP_ERROR');
  });

  it('SDK-local failures by their SdkErrorCode; message text decides nothing', () => {
    expect(classifyFailure(new SdkError(SdkErrorCode.ConnectionClosed, 'whatever'), 'initialize').code).toBe('CONNECTION_CLOSED');
    expect(classifyFailure(new SdkError(SdkErrorCode.RequestTimeout, 'whatever'), 'list').code).toBe('CONNECT_TIMEOUT');
    expect(classifyFailure(new Error('Connection closed'), 'initialize').code).toBe('HANDSHAKE_FAILED');
    expect(classifyFailure(new Error('Request timed out'), 'list').code).toBe('LIST_FAILED');
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), { code: 'ECONNREFUSED' });
    const negotiation = new SdkError(SdkErrorCode.EraNegotiationFailed, 'probe failed', undefined, {
      cause: new TypeError('fetch failed', { cause: refused }),
    });
    expect(classifyFailure(negotiation, 'initialize').code).toBe('HTTP_ERROR');
  });

  it('an initialize result naming a revision mcpns does not speak is PROTOCOL_VERSION_UNSUPPORTED, worded with what mcpns speaks', () => {
    const wire = new WireLog();
    wire.observe({ jsonrpc: '2.0', id: 0, result: { protocolVersion: '1999-01-01', capabilities: {}, serverInfo: { name: 's', version: '1' } } });
    const error = new Error("Server's protocol version is not supported: 1999-01-01");
    expect(classifyFailure(error, 'initialize', false, wire).code).toBe('PROTOCOL_VERSION_UNSUPPORTED');
    expect(describeError(error, 'PROTOCOL_VERSION_UNSUPPORTED', { stage: 'initialize', wire })).toBe(
      'the server answered with protocol version 1999-01-01, which mcpns does not speak (mcpns speaks: 2026-07-28, 2025-11-25, 2025-06-18, 2025-03-26, 2024-11-05, 2024-10-07)',
    );
  });
});
