/**
 * `mcpns serve` on stdio answers `initialize` before the gateway is loaded (the entry point's early reader), then the
 * gateway takes over what was read: the client gets one answer to its `initialize` (the SDK server's own is dropped)
 * and what it sent meanwhile is answered in order.
 */
import { PassThrough } from 'node:stream';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import type { CliIo } from '../../src/cli/services/io.js';
import { answerInitializeEarly } from '../../src/gateway/early-initialize.js';
import { waitUntil } from '../helpers/assertions.js';
import { fixturePath, REPO_ROOT } from '../helpers/fixtures.js';
import { makeTempDir } from '../helpers/temp.js';

describe('mcpns serve over stdio: the early answer to initialize', () => {
  it('answers initialize before the gateway runs, once, and the gateway answers what came after it', async () => {
    const dir = makeTempDir();
    const config = join(dir, 'mcpns.config.json');
    writeFileSync(config, JSON.stringify({ servers: { up: { command: process.execPath, args: [fixturePath('gateway-upstream'), '--name', 'up'] } } }));
    const writes: string[] = [];
    const stdin = new PassThrough();
    const stdout = { write: (text: string) => void writes.push(text), isTTY: false };
    const answers = (): Array<Record<string, unknown>> =>
      writes
        .join('')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as Record<string, unknown>);
    const earlyStdin = answerInitializeEarly(stdin, stdout.write);
    stdin.write(
      `${JSON.stringify({ jsonrpc: '2.0', id: 0, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '1' } } })}\n`,
    );
    await waitUntil(() => answers().some((message) => message['id'] === 0), 'the early answer to initialize');
    stdin.write(
      `${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' })}\n${JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' })}\n`,
    );
    const controller = new AbortController();
    const io: CliIo = {
      stdout,
      stderr: { write: () => {}, isTTY: false },
      stdin: stdin as unknown as CliIo['stdin'],
      env: { PATH: process.env['PATH'], HOME: process.env['HOME'], MCPNS_STATE_DIR: process.env['MCPNS_STATE_DIR'], NO_COLOR: '1' },
      cwd: REPO_ROOT,
      home: process.env['HOME'] ?? '/tmp',
      signal: controller.signal,
      now: () => new Date('2026-01-01T00:00:00.000Z'),
      earlyStdin,
    };
    const running = main(['serve', '--config', config], io);
    try {
      await waitUntil(() => answers().some((message) => message['id'] === 1), 'the answer to tools/list', { timeoutMs: 60_000 });
      stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'up__echo', arguments: { text: 'hi' } } })}\n`);
      await waitUntil(() => answers().some((message) => message['id'] === 2), 'the answer to a call', { timeoutMs: 60_000 });
      expect(answers().filter((message) => message['id'] === 0)).toHaveLength(1);
      expect(JSON.stringify(answers().find((message) => message['id'] === 2))).toContain('hi');
    } finally {
      stdin.end();
      expect(await running).toBe(0);
    }
  });
});
