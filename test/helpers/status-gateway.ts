/**
 * A `serve --http` gateway (the built bin) over two fixture servers, one of them with a hostile key (markup in it),
 * for the status page's tests: its base URL, and a stop that ends it and checks every process it started is gone.
 */
import { once } from 'node:events';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { settlesWithin } from './assertions.js';
import { fixturePath, REPO_ROOT } from './fixtures.js';
import { expectProcessesGone, readPids } from './processes.js';
import { startAndWait } from './start-and-wait.js';
import { makeTempDir } from './temp.js';

export const HOSTILE_SERVER = '<script>alert(1)</script>';

/** A fixture server's entry; `extra` tools are added to its own (GW_EXTRA_TOOLS). */
export const upstreamEntry = (name: string, extra?: Array<{ name: string; description?: string }>) => ({
  command: process.execPath,
  args: [fixturePath('gateway-upstream'), '--name', name],
  ...(extra ? { env: { GW_EXTRA_TOOLS: JSON.stringify(extra) } } : {}),
});

export async function startStatusGateway(options: { token?: string; args?: string[] } = {}): Promise<{
  base: string;
  mcp: string;
  /** Rewrite the config with these servers besides the two, and tell the gateway to reload it (SIGHUP). */
  reload(servers: Record<string, ReturnType<typeof upstreamEntry>>): void;
  stop(): Promise<void>;
}> {
  const dir = makeTempDir('mcpns-status-');
  const config = join(dir, 'mcpns.config.json');
  const write = (more: Record<string, ReturnType<typeof upstreamEntry>>) =>
    writeFileSync(config, JSON.stringify({ servers: { docs: upstreamEntry('docs'), [HOSTILE_SERVER]: upstreamEntry('hostile'), ...more } }));
  write({});
  const pids = join(dir, 'pids');
  const served = await startAndWait(
    [join(REPO_ROOT, 'bin', 'mcpns.js'), 'serve', '--http', '127.0.0.1:0', '--config', config, ...(options.args ?? [])],
    /serving .* at (http:\/\/127\.0\.0\.1:\d+)\/mcp/,
    { MCPNS_PID_FILE: pids, ...(options.token ? { MCPNS_SERVE_TOKEN: options.token } : {}) },
  );
  const base = served.match[1]!;
  return {
    base,
    mcp: `${base}/mcp`,
    reload(servers) {
      write(servers);
      served.child.kill('SIGHUP');
    },
    async stop() {
      const exited = once(served.child, 'exit');
      served.child.kill('SIGTERM');
      await settlesWithin(exited, 60_000, 'the gateway did not exit on SIGTERM');
      await expectProcessesGone(readPids(pids));
    },
  };
}
