import { existsSync, readFileSync } from 'node:fs';
import { Client } from '@modelcontextprotocol/client';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { prespawn, prespawnedEnded } from '../../src/discovery/prespawn.js';
import { waitUntil } from '../helpers/assertions.js';
import { CLOSE_POLICY, hurryAllGroups, KILL_POLICY, liveGroupCount, ProcessGroup, terminateAllGroups } from '../../src/discovery/process-group.js';
import { StderrBuffer } from '../../src/discovery/stderr-buffer.js';
import { ProcessGroupStdioTransport } from '../../src/discovery/stdio-transport.js';
import { expectProcessesGone } from '../helpers/processes.js';
import { makeTempDir } from '../helpers/temp.js';

/** A node process running `script`, as the leader of its own group. */
async function start(script: string): Promise<{ group: ProcessGroup; stderr: StderrBuffer }> {
  const stderr = new StderrBuffer();
  const group = ProcessGroup.spawn({ command: process.execPath, args: ['-e', script], env: { PATH: process.env['PATH'] ?? '' }, stderr });
  await group.started();
  return { group, stderr };
}

// Each script says it is ready on stderr once its handlers are installed; the tests wait for that line.
const READY = "process.stderr.write('ready\\n');";
const ready = (stderr: StderrBuffer): Promise<true> => waitUntil(() => stderr.text().includes('ready'), 'the script did not say it was ready');

describe('ProcessGroup shutdown order', () => {
  it('a server that exits on stdin EOF is never signalled', async () => {
    const { group, stderr } = await start(`process.stdin.resume(); process.stdin.on('end', () => process.exit(0)); ${READY}`);
    await ready(stderr);
    // The product's stdin grace is 25 ms; under load a node process can take longer than that to see EOF and exit
    // (it failed at load 12 on 2 cores). The order is what this test is about: with the longest grace end() allows
    // (its 2 s cap), the EOF alone must end the server.
    await group.end({ ...CLOSE_POLICY, stdinGraceMs: 30_000 });
    expect(group.exit).toEqual({ code: 0, signal: null });
    expect(group.alive()).toBe(false);
  });

  it('a server that ignores stdin EOF gets SIGTERM', async () => {
    const { group, stderr } = await start(`setInterval(() => {}, 60000); ${READY}`);
    await ready(stderr);
    await group.end(CLOSE_POLICY);
    expect(group.exit).toEqual({ code: null, signal: 'SIGTERM' });
  });

  it('a server that ignores SIGTERM too is SIGKILLed, and its last stderr line is kept', async () => {
    const { group, stderr } = await start(`process.on('SIGTERM', () => process.stderr.write('ignoring SIGTERM\\n')); setInterval(() => {}, 60000); ${READY}`);
    await ready(stderr);
    await group.end(KILL_POLICY);
    expect(group.exit).toEqual({ code: null, signal: 'SIGKILL' });
    expect(stderr.text()).toContain('ignoring SIGTERM');
  });

  it('hurrying (a second signal) cuts a long grace short and still ends with SIGKILL', async () => {
    const { group, stderr } = await start(`process.on('SIGTERM', () => {}); setInterval(() => {}, 60000); ${READY}`);
    await ready(stderr);
    // A minute of grace would outlast the test's timeout: only the hurry ends it in time.
    const ending = group.end({ stdinGraceMs: 0, termGraceMs: 60_000 });
    hurryAllGroups();
    await ending;
    expect(group.exit).toEqual({ code: null, signal: 'SIGKILL' });
  });

  it('terminateAllGroups ends every group still registered', async () => {
    const before = liveGroupCount();
    const started = await Promise.all([
      start(`setInterval(() => {}, 60000); ${READY}`),
      start(`process.on('SIGTERM', () => {}); setInterval(() => {}, 60000); ${READY}`),
    ]);
    await Promise.all(started.map(({ stderr }) => ready(stderr)));
    expect(liveGroupCount()).toBe(before + 2);
    await terminateAllGroups();
    expect(liveGroupCount()).toBe(before);
    expect(started.map(({ group }) => group.exit?.signal)).toEqual(['SIGTERM', 'SIGKILL']);
    await expectProcessesGone(started.map(({ group }) => group.pid!));
  });

  it('a command that cannot start reports its errno and leaves nothing registered', async () => {
    const before = liveGroupCount();
    const group = ProcessGroup.spawn({ command: 'mcpns-no-such-command-xyz', args: [], env: {}, stderr: new StderrBuffer() });
    await group.started();
    expect(group.spawnError?.code).toBe('ENOENT');
    await group.end(KILL_POLICY);
    expect(liveGroupCount()).toBe(before);
  });
});

describe('spawn first: a server that wrote to stdout and exited before discovery adopted it', () => {
  it('its stdout is still read before the close is reported (initialize fails at once: the server is gone)', async () => {
    // Node discards a child's untouched stdout when it exits; the waiting process's stdout must survive that, and be
    // handed over at adoption, not on a later tick (by then the failed initialize has closed the transport).
    const flag = join(makeTempDir(), 'pid');
    const request = { command: 'sh', args: ['-c', 'echo not json; echo $$ > "$0"', flag], env: { PATH: process.env['PATH'] ?? '' } };
    prespawn(request);
    await waitUntil(() => existsSync(flag) && readFileSync(flag, 'utf8').endsWith('\n'), 'the prespawned server did not record its PID');
    // Its exit handled: the waiting group knows it ended (it is adopted after that, as under load).
    await waitUntil(() => prespawnedEnded() === 1, 'the prespawned server did not end (or its exit was not noticed)');

    const stderr = new StderrBuffer();
    const transport = new ProcessGroupStdioTransport({ ...request, stderr });
    const closed = new Promise<string>((resolve) => (transport.onclose = () => resolve(stderr.text())));
    // As discovery does: connect (initialize cannot be sent to a process that is gone), then end the server.
    const client = new Client({ name: 'test', version: '1.0.0' });
    await expect(client.connect(transport)).rejects.toThrow();
    expect(transport.exit).toEqual({ code: 0, signal: null });
    await transport.close();
    expect(await closed).toContain('[mcpns] non-JSON line on stdout ignored: not json');
  });

  it('after notifications/cancelled, close() leaves a busy server time to read the cancel before SIGTERM', async () => {
    // The server is busy for 150 ms whenever input arrives (as a loaded machine makes any server), ignores stdin EOF,
    // and exits once it has read the cancel. With the usual 25 ms grace SIGTERM arrived first and the cancel was lost.
    const script = [
      'let text = "";',
      'process.stdin.setEncoding("utf8");',
      'process.stdin.on("data", (chunk) => {',
      '  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 150);',
      '  text += chunk;',
      '  if (text.includes("notifications/cancelled")) { process.stderr.write("read the cancel\\n"); process.exit(0); }',
      '});',
      'setInterval(() => {}, 60000);',
      READY,
    ].join('\n');
    const stderr = new StderrBuffer();
    const transport = new ProcessGroupStdioTransport({ command: process.execPath, args: ['-e', script], env: { PATH: process.env['PATH'] ?? '' }, stderr });
    await transport.start();
    await ready(stderr);
    await transport.send({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 1, reason: 'mcpns: --call-timeout of 1000 ms passed' } });
    await transport.close();
    expect(stderr.text()).toContain('read the cancel');
    expect(transport.exit).toEqual({ code: 0, signal: null });
  });
});
