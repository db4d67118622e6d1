import { chmodSync, existsSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ServerSpec } from '../../src/config/model.js';
import { discoverServers, serverDeadlineMs } from '../../src/discovery/discover.js';
import type { DiscoveryProgress } from '../../src/discovery/types.js';
import { fixturePath, stdioSpec } from '../helpers/fixtures.js';
import { waitUntil } from '../helpers/assertions.js';
import { expectProcessesGone, readPids } from '../helpers/processes.js';
import { makeTempDir } from '../helpers/temp.js';

/**
 * A package runner on a cold cache (fixtures/servers/package-runner.js behind an executable named `npx`): it prints
 * nothing while it "installs" into a real cache folder, then serves. Deadlines are made small here so the tests stay
 * fast; the defaults themselves (10 s, 120 s for runners) are checked through `serverDeadlineMs`.
 */
function runnerSetup(installMs: number): { spec: ServerSpec; cache: string; pids: string } {
  const dir = makeTempDir('mcpns-runner-');
  const cache = join(dir, 'cache');
  const pids = join(dir, 'pids.txt');
  const npx = join(dir, 'npx');
  writeFileSync(npx, `#!/bin/sh\nexec "${process.execPath}" "${fixturePath('package-runner')}" "$@"\n`);
  chmodSync(npx, 0o755);
  const spec: ServerSpec = {
    ...stdioSpec('package-runner', { name: 'runner' }),
    command: npx,
    args: ['--cache', cache],
    env: { INSTALL_MS: String(installMs), MCPNS_PID_FILE: pids },
  };
  return { spec, cache, pids };
}

describe('package runners', () => {
  it('get a 120 s default deadline (10 s otherwise); an explicit or per-server deadline still wins', () => {
    const { spec } = runnerSetup(0);
    const plain = stdioSpec('calculator');
    expect(serverDeadlineMs(spec, {})).toBe(120_000);
    expect(serverDeadlineMs(plain, {})).toBe(10_000);
    expect(serverDeadlineMs(spec, { timeoutMs: 500 })).toBe(500);
    expect(serverDeadlineMs({ ...spec, timeoutMs: 90_000 }, { timeoutMs: 500 })).toBe(90_000);
  });

  it('a slow first start through npx succeeds where a plain server with the same delay times out, reporting "installing"', async () => {
    const { spec, cache, pids } = runnerSetup(1500);
    // The same fixture started directly is no package runner: it gets the (here tiny) default deadline.
    const direct: ServerSpec = {
      ...spec,
      name: 'direct',
      command: process.execPath,
      args: [fixturePath('package-runner'), '--cache', makeTempDir('mcpns-runner-')],
    };
    const events: DiscoveryProgress[] = [];
    const results = await discoverServers([spec, direct], { defaultTimeoutMs: 500, concurrency: 2, onProgress: (event) => events.push(event) });
    expect(results.map((result) => result.server.error?.code ?? result.server.status)).toEqual(['ok', 'CONNECT_TIMEOUT']);
    expect(results[0]?.tools.map((tool) => tool.name)).toEqual(['add', 'subtract', 'multiply']);
    const phases = events.filter((event) => event.server === 'runner').map((event) => `${event.phase}${event.runner ? `:${event.runner}` : ''}`);
    expect(phases).toEqual(['start', 'installing:npx', 'installed:npx', 'done']);
    expect(events.filter((event) => event.server === 'direct').map((event) => event.phase)).toEqual(['start', 'failed']);
    expect(readdirSync(cache)).toEqual(['calculator']); // the install completed and was moved into place
    await expectProcessesGone(readPids(pids));
  });

  it('on a deadline the runner gets SIGTERM and its full grace: no partial files are left in its cache', async () => {
    const { spec, cache, pids } = runnerSetup(60_000);
    // Its cleanup takes longer (600 ms) than the SIGTERM grace of an ordinary server (300 ms). The deadline must find
    // the runner installing, its SIGTERM handler in place: 2 s was not enough for node to start it at load 25.
    const [result] = await discoverServers([spec], { timeoutMs: 10_000, concurrency: 1 });
    expect(result?.server.error?.code).toBe('CONNECT_TIMEOUT');
    expect(result?.server.error?.message).toContain('npx may still have been installing the package');
    expect(result?.server.error?.message).toContain('--timeout');
    expect(result?.stderr).toContain('package-runner: interrupted, cleaning the cache'); // it was mid-install…
    expect(readdirSync(cache)).toEqual([]); // …and removed every partial file before exiting
    await expectProcessesGone(readPids(pids));
  });

  it('an interrupt (Ctrl-C) during the install gives the runner the same grace', async () => {
    const { spec, cache, pids } = runnerSetup(60_000);
    const controller = new AbortController();
    const results = discoverServers([spec], {
      concurrency: 1,
      signal: controller.signal,
    });
    // Interrupt once the install has written its first file (no timing: wait for the file itself).
    const partialFiles = (): string[] =>
      existsSync(cache) ? readdirSync(cache).flatMap((entry) => (entry.startsWith('.partial-') ? readdirSync(join(cache, entry)) : [])) : [];
    await waitUntil(() => partialFiles().length > 0, 'the runner wrote no install file');
    controller.abort();
    const [result] = await results;
    expect(result?.server.error?.code).toBe('INTERRUPTED');
    expect(result?.stderr).toContain('package-runner: interrupted, cleaning the cache');
    expect(readdirSync(cache)).toEqual([]);
    await expectProcessesGone(readPids(pids));
  });
});
