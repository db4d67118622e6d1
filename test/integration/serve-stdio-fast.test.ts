/**
 * The stdio fast path of `mcpns serve`: the gateway reads its stdin itself and answers tools/call without the SDK.
 * Attacked with what a client or an upstream may put on the wire: lines split across writes, several in one write,
 * CRLF ends, malformed calls (which the SDK must still answer), a cancel of nothing, and an upstream whose answer is
 * not a well-formed JSON-RPC response.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitUntil } from '../helpers/assertions.js';
import { fixturePath, REPO_ROOT } from '../helpers/fixtures.js';
import { expectProcessesGone, readPids } from '../helpers/processes.js';
import { makeTempDir } from '../helpers/temp.js';

const BIN = join(REPO_ROOT, 'bin', 'mcpns.js');

describe('mcpns serve over stdio: the fast path on the wire', () => {
  let dir: string;
  let gateway: ChildProcess;
  const received: Array<Record<string, unknown>> = [];
  /** The same, as the lines that came. */
  const lines: string[] = [];
  let buffer = '';

  const send = (text: string): void => void gateway.stdin!.write(text);
  const answerTo = async (id: unknown): Promise<Record<string, unknown>> => {
    await waitUntil(() => received.some((message) => message['id'] === id && message['method'] === undefined), `an answer to request ${JSON.stringify(id)}`);
    return received.find((message) => message['id'] === id && message['method'] === undefined)!;
  };

  beforeAll(async () => {
    dir = makeTempDir();
    const config = join(dir, 'mcpns.config.json');
    writeFileSync(
      config,
      JSON.stringify({
        servers: {
          up: { command: process.execPath, args: [fixturePath('gateway-upstream'), '--name', 'up'] },
          hostile: { command: process.execPath, args: [fixturePath('hostile-http-upstream')] },
        },
      }),
    );
    gateway = spawn(process.execPath, [BIN, 'serve', '--config', config], {
      env: { ...process.env, NO_COLOR: '1', MCPNS_PID_FILE: join(dir, 'pids') },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    gateway.stderr!.resume();
    gateway.stdout!.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      let newline: number;
      while ((newline = buffer.indexOf('\n')) !== -1) {
        lines.push(buffer.slice(0, newline));
        received.push(JSON.parse(buffer.slice(0, newline)) as Record<string, unknown>);
        buffer = buffer.slice(newline + 1);
      }
    });
    send(
      `${JSON.stringify({ jsonrpc: '2.0', id: 0, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'raw', version: '1' } } })}\n`,
    );
    await answerTo(0);
    send(`${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' })}\n`);
  });

  afterAll(() => {
    gateway?.kill('SIGKILL');
  });

  const call = (id: unknown, name: string, text = 'x'): string =>
    JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: { text } } });

  it('reads calls split across writes, several in one write, and CRLF-ended', async () => {
    const first = call(1, 'up__echo', 'one');
    send(first.slice(0, 10));
    send(first.slice(10) + '\n' + call(2, 'up__echo', 'two') + '\r\n' + call('three', 'up__echo', 'three').slice(0, 5));
    send(call('three', 'up__echo', 'three').slice(5) + '\n');
    for (const [id, text] of [
      [1, 'one'],
      [2, 'two'],
      ['three', 'three'],
    ] as const) {
      expect(await answerTo(id)).toEqual({ jsonrpc: '2.0', id, result: { content: [{ type: 'text', text }] } });
    }
  });

  it('leaves malformed calls to the SDK, which answers them with errors; a cancel of nothing is ignored', async () => {
    send(`{"jsonrpc":"2.0","id":10,"method":"tools/call","params":[1,2]}\n`);
    send(`{"jsonrpc":"2.0","id":11,"method":"tools/call","params":{"name":"nobody__nothing"}}\n`);
    send(`{"jsonrpc":"2.0","id":12,"method":"tools/call" this is not JSON\n`);
    send(`{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":"never-sent"}}\n`);
    expect((await answerTo(11))['error']).toMatchObject({ message: expect.stringContaining('nobody__nothing') });
    expect(await answerTo(10)).toHaveProperty('error');
    // Still serving.
    send(call(13, 'up__echo', 'after') + '\n');
    expect(await answerTo(13)).toEqual({ jsonrpc: '2.0', id: 13, result: { content: [{ type: 'text', text: 'after' }] } });
  });

  it('an upstream answer that is not a well-formed response fails that call only', async () => {
    send(call(20, 'hostile__bad_shape') + '\n');
    send(call(21, 'hostile__no_code') + '\n');
    for (const id of [20, 21])
      expect((await answerTo(id))['error']).toMatchObject({ code: -32603, message: expect.stringContaining('malformed JSON-RPC response') });
    send(call(22, 'hostile__ok') + '\n');
    expect(await answerTo(22)).toEqual({ jsonrpc: '2.0', id: 22, result: { content: [{ type: 'text', text: 'ok' }] } });
  });

  it('a result written as the SDKs write one reaches the client byte for byte, with its id; any other shape is checked', async () => {
    send(call(30, 'hostile__tail_ok') + '\n');
    await answerTo(30);
    expect(lines).toContain('{"result":{"content":[{"type":"text","text":"tail \\u00e9"}],"n":1.50},"jsonrpc":"2.0","id":30}');
    // A member besides result, jsonrpc and id: the parsed path answers (a strict client would refuse that member).
    send(call(31, 'hostile__tail_extra') + '\n');
    expect(await answerTo(31)).toEqual({ jsonrpc: '2.0', id: 31, result: { content: [{ type: 'text', text: 'extra' }] } });
    send(call(32, 'hostile__tail_bad') + '\n');
    expect((await answerTo(32))['error']).toMatchObject({ code: -32603, message: expect.stringContaining('malformed JSON-RPC response') });
    // The id the upstream wrote last is another request's (none of this client's): the client's call is not answered
    // by it, and the gateway goes on serving.
    send(call(33, 'hostile__tail_twice') + '\n');
    send(call(34, 'up__echo', 'still') + '\n');
    expect(await answerTo(34)).toEqual({ jsonrpc: '2.0', id: 34, result: { content: [{ type: 'text', text: 'still' }] } });
    expect(received.some((message) => message['id'] === 33)).toBe(false);
  });

  it('stdin EOF: the gateway exits 0 and every upstream process is gone', async () => {
    const pids = readPids(join(dir, 'pids'));
    expect(pids.length).toBe(2);
    const exited = new Promise<number | null>((resolve) => gateway.once('exit', (code) => resolve(code)));
    gateway.stdin!.end();
    expect(await exited).toBe(0);
    await expectProcessesGone(pids);
  });
});
