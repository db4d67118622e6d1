/**
 * The HTTP face's sessions over a fake upstream: a session whose client never sends notifications/initialized is
 * reaped after `sessionInitMs` (about a minute by default), so abandoned sessions cannot fill `maxSessions`; a session
 * that completed its initialization stays.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createGateway, type Gateway } from '../../../src/gateway/index.js';
import { serveGatewayHttp, type HttpGateway } from '../../../src/gateway/serve-http.js';
import { waitUntil } from '../../helpers/assertions.js';
import { gatedFactory, NAMING, specs } from '../../helpers/fake-upstream.js';
import { INIT, raw } from '../../helpers/raw-http.js';

const HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
const LIST = JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list', params: {} });
const INITIALIZED = JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' });

let gateway: Gateway | undefined;
let http: HttpGateway | undefined;
afterEach(async () => {
  await http?.close();
  await gateway?.close();
});

async function open(url: string): Promise<string> {
  const answer = await raw(url, { headers: HEADERS, body: INIT });
  expect(answer.status).toBe(200);
  return String(answer.headers['mcp-session-id']);
}

describe('HTTP sessions', () => {
  it('reaps a session that never completes its initialization, and keeps one that did', async () => {
    const factory = gatedFactory({ a: ['x'] });
    gateway = createGateway({ servers: specs('a'), naming: NAMING, discovery: { concurrency: 4 }, connect: factory.connect });
    const started = gateway.start();
    factory.release('a');
    await started;
    http = await serveGatewayHttp(gateway, { host: '127.0.0.1', port: 0, sessionInitMs: 200 });
    const url = `${http.url}`;
    const abandoned = await open(url);
    const kept = await open(url);
    expect((await raw(url, { headers: { ...HEADERS, 'mcp-session-id': kept }, body: INITIALIZED })).status).toBe(202);
    await waitUntil(
      async () => (await raw(url, { headers: { ...HEADERS, 'mcp-session-id': abandoned }, body: LIST })).status === 404,
      'the session that never sent notifications/initialized was not reaped',
      { timeoutMs: 20_000 },
    );
    const listed = await raw(url, { headers: { ...HEADERS, 'mcp-session-id': kept }, body: LIST });
    expect(listed.status).toBe(200);
    expect(listed.body).toContain('a__x');
  });
});
