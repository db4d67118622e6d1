/**
 * `serve` on stdio answers the opening `initialize` before the SDK and the gateway are loaded: the early answer must be
 * the one the gateway's SDK server would give while its upstreams start, and everything read is handed over intact.
 */
import { PassThrough } from 'node:stream';
import { SUPPORTED_PROTOCOL_VERSIONS } from '@modelcontextprotocol/server';
import { describe, expect, it } from 'vitest';
import { answerInitializeEarly, INITIALIZE_VERSIONS, STARTING_CAPABILITIES } from '../../../src/gateway/early-initialize.js';
import { createGateway } from '../../../src/gateway/index.js';
import { waitUntil } from '../../helpers/assertions.js';
import { gatedFactory, NAMING, specs } from '../../helpers/fake-upstream.js';

const initialize = (id: unknown, protocolVersion: string): string =>
  `${JSON.stringify({ jsonrpc: '2.0', id, method: 'initialize', params: { protocolVersion, capabilities: {}, clientInfo: { name: 't', version: '1' } } })}\n`;

describe('the early answer to initialize', () => {
  it('speaks the revisions the SDK server speaks', () => {
    expect([...INITIALIZE_VERSIONS]).toEqual([...SUPPORTED_PROTOCOL_VERSIONS]);
  });

  it('declares what the gateway declares while its servers start', async () => {
    const factory = gatedFactory({ a: ['x'] });
    const gateway = createGateway({ servers: specs('a'), naming: NAMING, discovery: { concurrency: 4 }, connect: factory.connect });
    const started = gateway.start();
    expect(gateway.capabilities()).toEqual(STARTING_CAPABILITIES);
    factory.release('a');
    await started;
    await gateway.close();
  });

  it('answers an initialize split over reads, and hands over every byte read', async () => {
    const stdin = new PassThrough();
    const written: string[] = [];
    const early = answerInitializeEarly(stdin, (text) => written.push(text));
    const opening = initialize('a-1', '2025-06-18');
    const rest = `${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' })}\n`;
    stdin.write(opening.slice(0, 20));
    stdin.write(opening.slice(20) + rest);
    await waitUntil(() => written.length === 1, 'the answer');
    expect(JSON.parse(written[0]!)).toEqual({
      jsonrpc: '2.0',
      id: 'a-1',
      result: {
        protocolVersion: '2025-06-18',
        capabilities: STARTING_CAPABILITIES,
        serverInfo: { name: 'mcpns', version: expect.any(String), title: 'mcpns gateway' },
      },
    });
    const taken = early.takeOver();
    expect(Buffer.concat(taken.chunks).toString()).toBe(opening + rest);
    expect(taken).toMatchObject({ answered: 'a-1', ended: false });
  });

  it('leaves anything else to the SDK: an unknown revision, another method, a line that is not JSON', async () => {
    for (const first of [initialize(1, '1999-01-01'), `${JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'server/discover' })}\n`, 'not json\n']) {
      const stdin = new PassThrough();
      const written: string[] = [];
      const early = answerInitializeEarly(stdin, (text) => written.push(text));
      const ended = new Promise((resolve) => stdin.once('end', resolve));
      stdin.end(first);
      await ended;
      const taken = early.takeOver();
      expect(written).toEqual([]);
      expect(taken).toMatchObject({ answered: undefined, ended: true });
      expect(Buffer.concat(taken.chunks).toString()).toBe(first);
    }
  });
});
