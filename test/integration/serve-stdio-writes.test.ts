/**
 * `mcpns serve` over stdio hands what it answers in one turn of the event loop to stdout in one write: the CLI's
 * stdout is a plain `write(text)` (no writev), so corking it would still write message by message — one syscall and
 * one wake-up of the client per message, which is what kept 32 concurrent callers far below direct throughput.
 */
import { PassThrough } from 'node:stream';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import type { CliIo } from '../../src/cli/services/io.js';
import { waitUntil } from '../helpers/assertions.js';
import { fixturePath, REPO_ROOT } from '../helpers/fixtures.js';
import { makeTempDir } from '../helpers/temp.js';

describe('mcpns serve over stdio: writes', () => {
  it('answers a burst of requests read at once in one write to stdout', async () => {
    const dir = makeTempDir();
    const config = join(dir, 'mcpns.config.json');
    writeFileSync(config, JSON.stringify({ servers: { up: { command: process.execPath, args: [fixturePath('gateway-upstream'), '--name', 'up'] } } }));
    const writes: string[] = [];
    const stdin = new PassThrough();
    const controller = new AbortController();
    const io: CliIo = {
      stdout: { write: (text: string) => void writes.push(text), isTTY: false },
      stderr: { write: () => {}, isTTY: false },
      stdin: stdin as unknown as CliIo['stdin'],
      env: { PATH: process.env['PATH'], HOME: process.env['HOME'], MCPNS_STATE_DIR: process.env['MCPNS_STATE_DIR'], NO_COLOR: '1' },
      cwd: REPO_ROOT,
      home: process.env['HOME'] ?? '/tmp',
      signal: controller.signal,
      now: () => new Date('2026-01-01T00:00:00.000Z'),
    };
    const answers = (): Array<Record<string, unknown>> =>
      writes
        .join('')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as Record<string, unknown>);
    const running = main(['serve', '--config', config], io);
    try {
      stdin.write(
        `${JSON.stringify({ jsonrpc: '2.0', id: 0, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '1' } } })}\n`,
      );
      await waitUntil(() => answers().some((message) => message['id'] === 0), 'the answer to initialize', { timeoutMs: 60_000 });
      stdin.write(`${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' })}\n`);
      const before = writes.length;
      const ids = Array.from({ length: 8 }, (_, index) => `ping-${index}`);
      stdin.write(ids.map((id) => `${JSON.stringify({ jsonrpc: '2.0', id, method: 'ping' })}\n`).join(''));
      await waitUntil(() => ids.every((id) => answers().some((message) => message['id'] === id)), 'answers to the 8 pings');
      const burst = writes.slice(before).filter((text) => text.includes('"ping-'));
      expect(burst).toHaveLength(1);
      expect(burst[0]!.split('\n').filter(Boolean)).toHaveLength(8);
    } finally {
      stdin.end();
      expect(await running).toBe(0);
    }
  });
});
