// CPU per tools/call of HTTP gateways against the hand-written forwarder (bench/minimal-http-forwarder.js), 32
// sessions each, interleaved round by round; CPU from /proc/<pid>/stat. Contenders: `forwarder` and one gateway per
// GATEWAYS entry (name=path to a bin/mcpns.js; default: this checkout's). PROBE_KIND=json|sse, PROBE_ROUNDS,
// PROBE_CALLS (per round), PROBE_PROF=<dir> runs the gateways with --cpu-prof into that folder.
//   node bench/http-cpu-probe.js
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const kind = process.env.PROBE_KIND ?? 'json';
const rounds = Number(process.env.PROBE_ROUNDS ?? 5);
const calls = Number(process.env.PROBE_CALLS ?? 2000);
const gateways = (process.env.GATEWAYS ?? `gateway=${join(root, 'bin/mcpns.js')}`).split(',').map((each) => each.split('='));
const children = [];

function start(args, ready) {
  const child = spawn(process.execPath, args, { cwd: root, env: { ...process.env, NO_COLOR: '1' }, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  let output = '';
  return new Promise((ok, fail) => {
    const onData = (chunk) => {
      output += chunk;
      const match = ready.exec(output);
      if (match) ok({ child, match });
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => fail(new Error(`exited ${code}: ${output}`)));
  });
}
const cpuMs = (pid) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
};
async function client(url) {
  const one = new Client({ name: 'probe', version: '1' });
  await one.connect(new StreamableHTTPClientTransport(new URL(url)));
  return one;
}
async function concurrent(clients, total) {
  let next = 0;
  await Promise.all(
    clients.map(async (one) => {
      while (next < total) {
        next++;
        await one.callTool({ name: 'up__echo', arguments: { text: 'x' } });
      }
    }),
  );
}

const work = mkdtempSync(join(tmpdir(), 'mcpns-cpu-probe-'));
try {
  const upstream = await start(
    [join(root, 'fixtures/servers/gateway-upstream.js'), '--name', 'up', '--http', '0', ...(kind === 'json' ? ['--json'] : [])],
    /PORT=(\d+)/,
  );
  const upstreamUrl = `http://127.0.0.1:${upstream.match[1]}/mcp`;
  const config = join(work, 'http.json');
  writeFileSync(config, JSON.stringify({ servers: { up: { type: 'http', url: upstreamUrl } } }));
  const contenders = {};
  const forwarderProf = process.env.PROBE_PROF ? ['--cpu-prof', '--cpu-prof-dir', join(process.env.PROBE_PROF, 'forwarder')] : [];
  const forwarder = await start([...forwarderProf, join(root, 'bench/minimal-http-forwarder.js'), upstreamUrl, 'up__'], /PORT=(\d+)/);
  contenders.forwarder = { pid: forwarder.child.pid, url: `http://127.0.0.1:${forwarder.match[1]}/mcp` };
  for (const [name, bin] of gateways) {
    const prof = process.env.PROBE_PROF ? ['--cpu-prof', '--cpu-prof-dir', join(process.env.PROBE_PROF, name)] : [];
    const gateway = await start([...prof, bin, 'serve', '--http', '127.0.0.1:0', '--config', config], /at (http:\/\/\S+\/mcp)/);
    contenders[name] = { pid: gateway.child.pid, url: gateway.match[1], child: gateway.child };
  }
  const names = Object.keys(contenders);
  for (const name of names) {
    contenders[name].clients = await Promise.all(Array.from({ length: 32 }, () => client(contenders[name].url)));
    await concurrent(contenders[name].clients, 1000);
  }
  const perRound = Object.fromEntries(names.map((name) => [name, []]));
  for (let round = 0; round < rounds; round++) {
    for (let step = 0; step < names.length; step++) {
      const name = names[(round + step) % names.length];
      const before = cpuMs(contenders[name].pid);
      await concurrent(contenders[name].clients, calls);
      perRound[name].push(((cpuMs(contenders[name].pid) - before) * 1000) / calls);
    }
  }
  const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  console.log(
    `kind=${kind} rounds=${rounds} calls/round=${calls} load=${loadavg()
      .map((v) => v.toFixed(1))
      .join('/')}`,
  );
  for (const name of names)
    console.log(`${name.padEnd(12)} median ${median(perRound[name]).toFixed(0)} µs/call; rounds ${perRound[name].map((v) => v.toFixed(0)).join(' ')}`);
  for (const name of names) await Promise.all(contenders[name].clients.map((one) => one.close().catch(() => {})));
} finally {
  for (const child of children) child.kill('SIGTERM');
}
