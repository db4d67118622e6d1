import { describe, expect, it } from 'vitest';
import { discoverServers } from '../../src/discovery/discover.js';
import { liveGroupCount } from '../../src/discovery/process-group.js';
import { stdioSpec } from '../helpers/fixtures.js';
import { expectProcessesGone, readPids } from '../helpers/processes.js';
import { makeTempDir } from '../helpers/temp.js';
import { join } from 'node:path';

/**
 * A server that dies mid-session leaves its last stderr lines in the pipe after it is gone. They are the ones that
 * say why, so discovery must read stderr to end-of-file before it lets the pipe go — however late the event loop
 * gets to them (no timing in this test: every server must show its last line, on an idle or a busy machine).
 */
describe('stderr of a server that dies is kept to the last line', () => {
  it('shows the final line of every crashing server, after a burst that fills the pipe', async () => {
    const specs = Array.from({ length: 8 }, (_, index) =>
      stdioSpec('close-mid-list', { name: `crash-${index}`, env: { STDERR_BYTES: String(48 * 1024 + index * 4096) } }),
    );
    const results = await discoverServers(specs, { timeoutMs: 20_000, concurrency: 8 });
    expect(results).toHaveLength(8);
    for (const result of results) {
      expect(result.server.error?.code).toBe('CONNECTION_CLOSED');
      expect(result.stderr.trimEnd().split('\n').at(-1)).toBe('close-mid-list: segfault (simulated)');
    }
  });
});

describe('results first, cleanup after (deferClose)', () => {
  it("hands each successful server's shutdown to the caller; failed servers are ended before results", async () => {
    const pids = join(makeTempDir(), 'pids.txt');
    const env = { MCPNS_PID_FILE: pids };
    const before = liveGroupCount();
    const closings: Promise<void>[] = [];
    const results = await discoverServers([stdioSpec('calculator', { env }), stdioSpec('wrapper-grandchild', { env }), stdioSpec('crash-on-start', { env })], {
      timeoutMs: 20_000,
      concurrency: 3,
      deferClose: (closing) => closings.push(closing),
    });
    expect(results.map((result) => result.server.error?.code ?? result.server.status)).toEqual(['ok', 'ok', 'CONNECTION_CLOSED']);
    expect(closings).toHaveLength(2); // one per successful server
    await Promise.all(closings);
    expect(liveGroupCount()).toBe(before);
    await expectProcessesGone(readPids(pids)); // the stubborn grandchild included
  });
});
