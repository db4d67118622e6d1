/**
 * The gateway's cap on log notifications (notifications/message, per upstream per second): a flood is cut, counted
 * and reported. Driven in-process with a cap of one a second (`maxLogRate`), so neither a fast nor a loaded machine
 * changes the outcome: 300 notifications would pass uncut only if they were spread over 300 seconds. (The default cap
 * is 500 a second; a test of it through the bin needed more than 500 notifications inside one wall-clock second.)
 */
import { PassThrough } from 'node:stream';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { createGateway, serveGatewayStdio, type GatewayEvent } from '../../src/gateway/index.js';
import { waitUntil } from '../helpers/assertions.js';
import { stdioSpec } from '../helpers/fixtures.js';
import { expectProcessesGone, readPids } from '../helpers/processes.js';
import { makeTempDir } from '../helpers/temp.js';

const SENT = 300;

it('a notification flood is capped: what is not forwarded is counted in the dropped-notifications reports', async () => {
  const pids = join(makeTempDir('mcpns-flood-'), 'pids');
  const events: GatewayEvent[] = [];
  const gateway = createGateway({
    servers: [stdioSpec('gateway-upstream', { name: 'alpha', extraArgs: ['--name', 'alpha'], env: { MCPNS_PID_FILE: pids } })],
    naming: { style: 'double-underscore', key: 'mcpns' },
    discovery: { concurrency: 1, timeoutMs: 60_000 },
    maxLogRate: 1,
    onEvent: (event) => void events.push(event),
  });
  await gateway.start();
  const stdin = new PassThrough();
  let out = '';
  const serving = serveGatewayStdio(gateway, { stdin, stdout: { write: (text: string) => void (out += text) } });
  const messages = (): Array<Record<string, unknown>> =>
    out
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Record<string, unknown>);
  const send = (message: Record<string, unknown>): boolean => stdin.write(`${JSON.stringify({ jsonrpc: '2.0', ...message })}\n`);
  const answered = (id: number) => () => messages().some((message) => message['id'] === id);
  try {
    send({ id: 0, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } } });
    await waitUntil(answered(0), 'the gateway did not answer initialize');
    send({ method: 'notifications/initialized' });
    send({ id: 1, method: 'logging/setLevel', params: { level: 'debug' } });
    await waitUntil(answered(1), 'the gateway did not answer logging/setLevel');
    send({ id: 2, method: 'tools/call', params: { name: 'alpha__log', arguments: { count: SENT } } });
    await waitUntil(answered(2), 'the log call did not return');
    const forwarded = (): number => messages().filter((message) => message['method'] === 'notifications/message').length;
    const dropped = (): number =>
      events.reduce((sum, event) => sum + (event.type === 'dropped-notifications' && event.server === 'alpha' ? event.count : 0), 0);
    // Every notification is either forwarded or counted in a report (sent when its second is over).
    await waitUntil(() => forwarded() + dropped() === SENT, `forwarded + dropped did not add up to ${SENT}`);
    expect(dropped()).toBeGreaterThan(0);
    expect(forwarded()).toBeLessThan(SENT);
  } finally {
    stdin.end();
    await serving;
    await gateway.close();
  }
  await expectProcessesGone(readPids(pids));
});
