/**
 * Issue 23's fault acceptance for `mcpns serve`, every case waiting for the event it is about:
 *   - an upstream killed from outside (SIGKILL) mid-call fails only that call, the other server's call completes,
 *     and the killed one comes back (over stdio and through the HTTP fast path);
 *   - the whole process tree under the gateway — wrappers and a stubborn grandchild that ignores stdin EOF and
 *     SIGTERM included — is gone after SIGTERM, after stdin EOF, and after the downstream client crashes.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { describe, expect, it } from 'vitest';
import { waitUntil } from '../helpers/assertions.js';
import { fixturePath, REPO_ROOT } from '../helpers/fixtures.js';
import { expectProcessesGone } from '../helpers/processes.js';
import { startAndWait } from '../helpers/start-and-wait.js';
import { makeTempDir } from '../helpers/temp.js';

const BIN = join(REPO_ROOT, 'bin', 'mcpns.js');

/** Every process whose parent chain reaches `root` (read from /proc). */
function descendants(root: number): number[] {
  const parent = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      parent.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // Gone meanwhile.
    }
  }
  const found: number[] = [];
  for (const pid of parent.keys()) {
    for (let current = parent.get(pid); current !== undefined && current > 1; current = parent.get(current)) {
      if (current === root) {
        found.push(pid);
        break;
      }
    }
  }
  return found;
}

/** The PID of the gateway-upstream fixture started with `--name <name>`. */
function upstreamPid(name: string, under: number): number | undefined {
  return descendants(under).find((pid) => {
    try {
      return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').includes(`gateway-upstream.js --name ${name}`);
    } catch {
      return false;
    }
  });
}

const calls = (log: string, server: string, tool: string): number => {
  try {
    return readFileSync(log, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { server: string; event: string; tool?: string })
      .filter((event) => event.server === server && event.event === 'call' && event.tool === tool).length;
  } catch {
    return 0;
  }
};

function twoUpstreams(dir: string): string {
  const config = join(dir, 'mcpns.config.json');
  const upstream = (name: string) => ({ command: process.execPath, args: [fixturePath('gateway-upstream'), '--name', name] });
  writeFileSync(config, JSON.stringify({ servers: { alpha: upstream('alpha'), beta: upstream('beta') } }));
  return config;
}

/**
 * Kill alpha from outside while a call of alpha's and one of beta's are in flight: alpha's fails naming alpha, beta's
 * completes when released, and alpha answers again once the gateway says it restarted it.
 */
async function killMidCall(client: Client, gatewayPid: number, log: string, stderr: () => string): Promise<void> {
  // initialize is answered before the gateway has started its upstreams: wait for alpha's process to exist.
  await waitUntil(() => upstreamPid('alpha', gatewayPid) !== undefined, 'the alpha upstream process');
  const alphaPid = upstreamPid('alpha', gatewayPid);
  const beforeAlpha = calls(log, 'alpha', 'slow');
  const beforeBeta = calls(log, 'beta', 'progress');
  const alphaCall = client.callTool({ name: 'alpha__slow', arguments: {} }).then(
    () => new Error('alpha__slow answered although its server was killed'),
    (error: unknown) => error as Error,
  );
  const betaCall = client.callTool({ name: 'beta__progress', arguments: { steps: 40 } });
  await waitUntil(() => calls(log, 'alpha', 'slow') > beforeAlpha && calls(log, 'beta', 'progress') > beforeBeta, 'both calls to reach their servers');
  process.kill(alphaPid!, 'SIGKILL');
  const failure = await alphaCall;
  expect(failure.message).toMatch(/upstream server "alpha"/);
  expect((await betaCall).content).toEqual([{ type: 'text', text: 'progressed 40 on beta' }]);
  await waitUntil(() => /upstream alpha restarted/.test(stderr()), 'the gateway to restart alpha');
  expect((await client.callTool({ name: 'alpha__whoami', arguments: {} })).content).toEqual([{ type: 'text', text: 'alpha' }]);
  expect(upstreamPid('alpha', gatewayPid)).not.toBe(alphaPid);
}

describe('mcpns serve under faults', () => {
  it('stdio: an upstream killed mid-call fails only that call and comes back', async () => {
    const dir = makeTempDir();
    const log = join(dir, 'events');
    let stderr = '';
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [BIN, 'serve', '--config', twoUpstreams(dir)],
      env: { ...(process.env as Record<string, string>), NO_COLOR: '1', MCPNS_EVENT_LOG: log },
      stderr: 'pipe',
    });
    transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const client = new Client({ name: 'faults', version: '1' });
    await client.connect(transport, { timeout: 90_000 });
    try {
      await killMidCall(client, transport.pid!, log, () => stderr);
    } finally {
      await client.close();
    }
  });

  it('HTTP: an upstream killed mid-call fails only that call and comes back', async () => {
    const dir = makeTempDir();
    const log = join(dir, 'events');
    const served = await startAndWait(
      [BIN, 'serve', '--http', '127.0.0.1:0', '--config', twoUpstreams(dir)],
      /serving .* at (http:\/\/127\.0\.0\.1:\d+\/mcp)/,
      {
        MCPNS_EVENT_LOG: log,
      },
    );
    const client = new Client({ name: 'faults', version: '1' });
    await client.connect(new StreamableHTTPClientTransport(new URL(served.match[1]!)));
    try {
      await killMidCall(client, served.child.pid!, log, served.output);
    } finally {
      await client.close();
      served.child.kill('SIGTERM');
    }
  });

  it('an HTTP upstream that restarts (a new process, its sessions gone) is reconnected: the call that met the 404 fails, later ones work', async () => {
    const first = await startAndWait([fixturePath('gateway-upstream'), '--name', 'remote', '--http', '0'], /PORT=(\d+)/);
    const port = first.match[1]!;
    const dir = makeTempDir();
    const config = join(dir, 'mcpns.config.json');
    writeFileSync(config, JSON.stringify({ servers: { remote: { type: 'http', url: `http://127.0.0.1:${port}/mcp` } } }));
    let stderr = '';
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [BIN, 'serve', '--config', config],
      env: { ...(process.env as Record<string, string>), NO_COLOR: '1' },
      stderr: 'pipe',
    });
    transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const client = new Client({ name: 'faults', version: '1' });
    await client.connect(transport, { timeout: 90_000 });
    let second: ChildProcess | undefined;
    try {
      expect((await client.callTool({ name: 'remote__whoami', arguments: {} })).content).toEqual([{ type: 'text', text: 'remote' }]);
      await new Promise((resolve) => {
        first.child.once('exit', resolve);
        first.child.kill('SIGKILL');
      });
      second = (await startAndWait([fixturePath('gateway-upstream'), '--name', 'remote', '--http', port], /PORT=(\d+)/)).child;
      await expect(client.callTool({ name: 'remote__whoami', arguments: {} })).rejects.toThrow(/no longer knows its session/);
      await waitUntil(() => /upstream remote restarted/.test(stderr), 'the gateway to reconnect to the restarted server');
      expect((await client.callTool({ name: 'remote__whoami', arguments: {} })).content).toEqual([{ type: 'text', text: 'remote' }]);
    } finally {
      await client.close();
      second?.kill('SIGTERM');
    }
  });

  /** A gateway over stdio in front of plain servers, a wrapper with a stubborn grandchild, and `sh -c` around one. */
  async function treeGateway(): Promise<{ client: ChildProcess; gatewayPid: number; tree: number[] }> {
    const dir = makeTempDir();
    const config = join(dir, 'mcpns.config.json');
    writeFileSync(
      config,
      JSON.stringify({
        servers: {
          alpha: { command: process.execPath, args: [fixturePath('gateway-upstream'), '--name', 'alpha'] },
          wrapped: { command: process.execPath, args: [fixturePath('wrapper-grandchild')] },
          shell: { command: 'sh', args: ['-c', `"${process.execPath}" "${fixturePath('wrapper-grandchild')}" --direct; :`] },
        },
      }),
    );
    // The downstream client: a process that starts the gateway on pipes and reports when it serves.
    const script = `
      const { spawn } = require('node:child_process');
      const gateway = spawn(process.execPath, ${JSON.stringify([BIN, 'serve', '--config', config])}, { stdio: ['pipe', 'pipe', 'pipe'] });
      console.log('GATEWAY=' + gateway.pid);
      gateway.stderr.on('data', (chunk) => { if (String(chunk).includes('serving')) console.log('READY'); });
      process.stdin.on('data', (chunk) => {
        const command = String(chunk).trim();
        if (command === 'eof') gateway.stdin.end();
        if (command === 'term') gateway.kill('SIGTERM');
      });
      gateway.on('exit', (code, signal) => console.log('EXIT=' + code + ':' + signal));`;
    const client = spawn(process.execPath, ['-e', script], { env: { ...process.env, NO_COLOR: '1' }, stdio: ['pipe', 'pipe', 'inherit'] });
    let out = '';
    client.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
    await waitUntil(() => out.includes('READY'), 'the gateway to serve');
    const gatewayPid = Number(/GATEWAY=(\d+)/.exec(out)![1]);
    const tree = descendants(gatewayPid);
    // alpha; wrapped (wrapper + grandchild); shell (sh + grandchild): five processes at least.
    expect(tree.length, `processes under the gateway: ${tree.join(' ')}`).toBeGreaterThanOrEqual(5);
    return { client, gatewayPid, tree };
  }

  it('the process tree is empty after SIGTERM', async () => {
    const { client, gatewayPid, tree } = await treeGateway();
    client.stdin!.write('term\n');
    await expectProcessesGone([gatewayPid, ...tree]);
    client.kill('SIGKILL');
  });

  it('the process tree is empty after stdin EOF', async () => {
    const { client, gatewayPid, tree } = await treeGateway();
    client.stdin!.write('eof\n');
    await expectProcessesGone([gatewayPid, ...tree]);
    client.kill('SIGKILL');
  });

  it('the process tree is empty after the downstream client crashes', async () => {
    const { client, gatewayPid, tree } = await treeGateway();
    client.kill('SIGKILL');
    await expectProcessesGone([gatewayPid, ...tree]);
  });
});
