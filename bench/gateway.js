// The gateway section of `npm run bench` (also runnable alone: `node bench/gateway.js` prints its markdown).
// Every figure is a ratio or a difference to calling the upstream directly, measured in the same run on the same
// transport, with the two contenders interleaved round by round so machine noise hits both alike:
//   - per-call overhead at p50: one tools/call at a time (stdio → stdio, HTTP → HTTP on loopback), as the median over
//     rounds of (the gateway's p50 in the round − direct's p50 in the round): a loaded machine moves both together;
//   - throughput with 32 concurrent callers (stdio: 32 requests in flight on one connection; HTTP: 32 sessions), as
//     the ratio within each round (min and median over the rounds);
//   - RSS of the gateway process over 100 000 calls, each sample taken after a full garbage collection (the gateway
//     runs with --expose-gc and bench/gc-probe.js), at the start and after each fifth of the calls;
//   - start-up to ready with 20 servers vs `mcpns list` on the same config.
// Beside the stdio throughput, for reference (no target): a minimal hand-written Node proxy (bench/minimal-proxy.js)
// against direct in rounds of its own, once with its server in its own session and process group (as mcpns starts
// every stdio server) and once with the server in the proxy's session (as the direct baseline's server is).
// BENCH_GATEWAY_CALLS (default 100 000) sets the RSS run; BENCH_RUNS the start-up runs; BENCH_GATEWAY_ROUNDS (default 7)
// the throughput rounds. `node bench/gateway.js --throughput` runs only the stdio throughput (gateway and references).
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const mcpns = join(root, 'bin', 'mcpns.js');
const upstreamFixture = join(root, 'fixtures', 'servers', 'gateway-upstream.js');
const gcProbe = join(root, 'bench', 'gc-probe.js');
const calculator = join(root, 'fixtures', 'servers', 'calculator.js');
const minimalProxy = join(root, 'bench', 'minimal-proxy.js');

/** Why a gateway target can be missed (written under each miss in RESULTS.md). */
export const GATEWAY_EXPLAIN =
  "A tools/call takes the gateway's fast path (raw JSON-RPC both ways, no SDK stack; to an HTTP upstream through node:http on a keep-alive connection; one object per call; everything answered in one turn of the event loop leaves in one write), so what remains is what any proxy process pays: one more read and write on each side (pipe or loopback TCP, each waking the next process), the event loop and garbage collection. Over stdio with 32 calls in flight the client, the gateway and the upstream share the 2 cores, so throughput falls by the proxy's share of the CPU: the reference rows measure a minimal hand-written Node proxy the same way. One more thing separates any proxy from direct: mcpns starts every stdio server detached, in a session and process group of its own (Node's only way to own a process group, which is how mcpns ends a server's whole process tree), while the direct baseline's server stays in the client's session; where Linux schedules each session as a group of its own (autogroup: see the note above the table) and other work loads the machine, the processes then pass the calls on one at a time, each message waking the next process, instead of in batches (the gateway: about 0.5–1.7 context switches per call, against about 0.25 with its server in its session; from /proc/<pid>/status). One call at a time on a loaded machine the extra wake-ups show as latency.";

const quantile = (values, q) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
};
const fmtMs = (ms) => (ms < 1 ? `${(ms * 1000).toFixed(0)} µs` : `${ms.toFixed(2)} ms`);

/** Start a process and resolve once its output matches `ready` (bounded). */
function startProcess(args, ready, env = {}) {
  const child = spawn(process.execPath, args, { cwd: root, env: { ...process.env, NO_COLOR: '1', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  return new Promise((resolveStart, reject) => {
    const timer = setTimeout(() => reject(new Error(`not ready: ${args.join(' ')}\n${output}`)), 60_000);
    const onData = (chunk) => {
      output += chunk;
      const match = ready.exec(output);
      if (match) {
        clearTimeout(timer);
        resolveStart({ child, match });
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => reject(new Error(`exited ${code}: ${args.join(' ')}\n${output}`)));
  });
}

async function stdioClient(args, { stderr = 'ignore' } = {}) {
  const transport = new StdioClientTransport({ command: process.execPath, args, cwd: root, stderr, env: { ...process.env, NO_COLOR: '1' } });
  const client = new Client({ name: 'bench', version: '1' });
  await client.connect(transport, { timeout: 60_000 });
  return { client, pid: () => transport.pid, stderr: transport.stderr };
}

/** The gateway's memory after a full collection (it runs with bench/gc-probe.js): SIGUSR2, then its report line. */
function settledMemory(gateway) {
  return new Promise((resolveMemory, reject) => {
    let text = '';
    const timer = setTimeout(() => {
      gateway.stderr.off('data', onData);
      reject(new Error('the gateway did not report its memory after SIGUSR2'));
    }, 30_000);
    const onData = (chunk) => {
      text += chunk;
      const match = /mcpns-bench-memory rss=(\d+) heapUsed=(\d+)/.exec(text);
      if (!match) return;
      clearTimeout(timer);
      gateway.stderr.off('data', onData);
      resolveMemory({ rssKiB: Number(match[1]) / 1024, heapKiB: Number(match[2]) / 1024 });
    };
    gateway.stderr.on('data', onData);
    process.kill(gateway.pid(), 'SIGUSR2');
  });
}

async function httpClient(url) {
  const client = new Client({ name: 'bench', version: '1' });
  await client.connect(new StreamableHTTPClientTransport(new URL(url)), { timeout: 60_000 });
  return client;
}

/** `count` sequential calls; their latencies in ms. */
async function sequential(client, tool, count) {
  const latencies = [];
  for (let index = 0; index < count; index++) {
    const start = performance.now();
    await client.callTool({ name: tool, arguments: { text: 'x' } });
    latencies.push(performance.now() - start);
  }
  return latencies;
}

/** `total` calls with `width` in flight at once, spread over `clients`; calls per second. */
async function concurrent(clients, tool, total, width) {
  let next = 0;
  const start = performance.now();
  await Promise.all(
    Array.from({ length: width }, async (_, lane) => {
      const client = clients[lane % clients.length];
      while (next < total) {
        next++;
        await client.callTool({ name: tool, arguments: { text: 'x' } });
      }
    }),
  );
  return total / ((performance.now() - start) / 1000);
}

/**
 * Interleave `rounds` rounds of a measurement over the two contenders (which goes first alternates): pooled samples per
 * contender, and each round's own pair (`rounds[i].direct`, `rounds[i].gateway`) for figures taken within a round.
 */
async function interleaved(rounds, measureDirect, measureGateway) {
  const direct = [];
  const gateway = [];
  const perRound = [];
  for (let round = 0; round < rounds; round++) {
    const pair = {};
    if (round % 2 === 0) {
      pair.direct = await measureDirect();
      pair.gateway = await measureGateway();
    } else {
      pair.gateway = await measureGateway();
      pair.direct = await measureDirect();
    }
    direct.push(...[].concat(pair.direct));
    gateway.push(...[].concat(pair.gateway));
    perRound.push(pair);
  }
  return { direct, gateway, rounds: perRound };
}

/** Per-call overhead at p50, robust to a machine whose load changes between rounds: the median of the rounds' differences of medians. */
function overheadOf(sequentialRounds) {
  return quantile(
    sequentialRounds.rounds.map((pair) => quantile(pair.gateway, 0.5) - quantile(pair.direct, 0.5)),
    0.5,
  );
}

/** Throughput ratios within each round: min and median. */
function ratiosOf(throughputRounds) {
  const ratios = throughputRounds.rounds.map((pair) => pair.gateway / pair.direct);
  return { min: Math.min(...ratios), median: quantile(ratios, 0.5), all: ratios };
}

/**
 * stdio, 32 calls in flight: the gateway against direct in `rounds` interleaved rounds (the G3 figure), then each
 * reference proxy against direct in rounds of its own (the gateway's rounds are the same whether or not they run).
 */
async function stdioThroughputRounds(directClient, gatewayClient, rounds) {
  const stdioThroughput = await interleaved(
    rounds,
    () => concurrent([directClient], 'echo', 4000, 32),
    () => concurrent([gatewayClient], 'up__echo', 4000, 32),
  );
  const references = [];
  for (const [where, flags] of [
    ['its own session, as the gateway starts it', ['--own-session']],
    ["the proxy's session, as direct", []],
  ]) {
    const proxy = await stdioClient([minimalProxy, ...flags, 'up__', process.execPath, upstreamFixture, '--name', 'up']);
    try {
      await concurrent([proxy.client], 'up__echo', 2000, 32);
      const throughput = await interleaved(
        rounds,
        () => concurrent([directClient], 'echo', 4000, 32),
        () => concurrent([proxy.client], 'up__echo', 4000, 32),
      );
      references.push({ where, throughput, ratio: ratiosOf(throughput) });
    } finally {
      await proxy.client.close().catch(() => {});
    }
  }
  return { stdioThroughput, stdioRatio: ratiosOf(stdioThroughput), references };
}

function referenceRow({ where, throughput, ratio }) {
  return `| stdio, 32 in flight, for reference: a minimal hand-written Node proxy (\`bench/minimal-proxy.js\`), its server in ${where}; calls/s (median round) | ${quantile(throughput.direct, 0.5).toFixed(0)} | ${quantile(throughput.gateway, 0.5).toFixed(0)} | ${(ratio.median * 100).toFixed(0)}% (min ${(ratio.min * 100).toFixed(0)}%) |`;
}

function stdioThroughputVerdict(verdict, stdioRatio) {
  verdict(
    '(G3)',
    `stdio: 32 concurrent callers keep ${(stdioRatio.median * 100).toFixed(0)}% of direct throughput (median round; min ${(stdioRatio.min * 100).toFixed(0)}%; target ≥ 80%)`,
    stdioRatio.median >= 0.8,
    `${((0.8 - stdioRatio.median) * 100).toFixed(0)} points short.`,
  );
}

/**
 * Whether Linux schedules each session as a group of its own (autogroup): then a stdio server mcpns starts (detached:
 * its own session) is scheduled apart from the client and the gateway, while the direct baseline's server is not.
 */
function autogroupNote() {
  let setting;
  try {
    setting = readFileSync('/proc/sys/kernel/sched_autogroup_enabled', 'utf8').trim();
  } catch {
    return 'Linux autogroup scheduling: not present on this system.';
  }
  return `Linux autogroup scheduling (\`/proc/sys/kernel/sched_autogroup_enabled\`): ${setting === '0' ? 'off' : 'on — each session is scheduled as a group of its own'}.`;
}

/** Only the stdio throughput (`--throughput`): the G3 verdict, the gateway's row and the references'. */
export async function benchStdioThroughput({ verdict = () => {} } = {}) {
  const work = mkdtempSync(join(tmpdir(), 'mcpns-bench-gateway-'));
  const oneConfig = join(work, 'one.json');
  writeFileSync(oneConfig, JSON.stringify({ servers: { up: { command: process.execPath, args: [upstreamFixture, '--name', 'up'] } } }));
  const direct = await stdioClient([upstreamFixture, '--name', 'up']);
  const viaGateway = await stdioClient([mcpns, 'serve', '--config', oneConfig]);
  try {
    await concurrent([direct.client], 'echo', 2000, 32);
    await concurrent([viaGateway.client], 'up__echo', 2000, 32);
    const { stdioThroughput, stdioRatio, references } = await stdioThroughputRounds(
      direct.client,
      viaGateway.client,
      Number(process.env.BENCH_GATEWAY_ROUNDS ?? 7),
    );
    stdioThroughputVerdict(verdict, stdioRatio);
    return [
      autogroupNote(),
      '',
      '| measure | direct | through the gateway (or the reference) | ratio |',
      '|---|---|---|---|',
      `| stdio, 32 in flight, calls/s (median round) | ${quantile(stdioThroughput.direct, 0.5).toFixed(0)} | ${quantile(stdioThroughput.gateway, 0.5).toFixed(0)} | ${(stdioRatio.median * 100).toFixed(0)}% (min ${(stdioRatio.min * 100).toFixed(0)}%; rounds ${stdioRatio.all.map((ratio) => (ratio * 100).toFixed(0)).join(' ')}) |`,
      ...references.map((reference) => referenceRow(reference)),
    ].join('\n');
  } finally {
    await Promise.all([direct.client.close().catch(() => {}), viaGateway.client.close().catch(() => {})]);
  }
}

export async function benchGateway({ verdict = () => {}, runs = Number(process.env.BENCH_RUNS ?? 7) } = {}) {
  const work = mkdtempSync(join(tmpdir(), 'mcpns-bench-gateway-'));
  const lines = [];
  const children = [];
  const clients = [];
  try {
    // ——— stdio → stdio
    const oneConfig = join(work, 'one.json');
    writeFileSync(oneConfig, JSON.stringify({ servers: { up: { command: process.execPath, args: [upstreamFixture, '--name', 'up'] } } }));
    const direct = await stdioClient([upstreamFixture, '--name', 'up']);
    const viaGateway = await stdioClient(['--expose-gc', '--import', gcProbe, mcpns, 'serve', '--config', oneConfig], { stderr: 'pipe' });
    viaGateway.stderr.resume();
    clients.push(direct.client, viaGateway.client);
    await sequential(direct.client, 'echo', 300);
    await sequential(viaGateway.client, 'up__echo', 300);
    const stdioSeq = await interleaved(
      20,
      () => sequential(direct.client, 'echo', 200),
      () => sequential(viaGateway.client, 'up__echo', 200),
    );
    const stdioP50 = { direct: quantile(stdioSeq.direct, 0.5), gateway: quantile(stdioSeq.gateway, 0.5) };
    const stdioOverhead = overheadOf(stdioSeq);
    const throughputRounds = Number(process.env.BENCH_GATEWAY_ROUNDS ?? 7);
    const { stdioThroughput, stdioRatio, references } = await stdioThroughputRounds(direct.client, viaGateway.client, throughputRounds);

    // ——— RSS over many calls (the stdio gateway above), each sample after a full garbage collection
    const totalCalls = Number(process.env.BENCH_GATEWAY_CALLS ?? 100_000);
    await concurrent([viaGateway.client], 'up__echo', 5000, 16);
    const memory = [await settledMemory(viaGateway)];
    for (let fifth = 0; fifth < 5; fifth++) {
      await concurrent([viaGateway.client], 'up__echo', Math.ceil(totalCalls / 5), 16);
      memory.push(await settledMemory(viaGateway));
    }
    const rssBefore = memory[0].rssKiB;
    const rssAfter = memory.at(-1).rssKiB;
    const rssGrowth = rssAfter / rssBefore - 1;

    // ——— HTTP → HTTP
    const upstreamHttp = await startProcess([upstreamFixture, '--name', 'up', '--http', '0'], /PORT=(\d+)/);
    children.push(upstreamHttp.child);
    const upstreamUrl = `http://127.0.0.1:${upstreamHttp.match[1]}/mcp`;
    const httpConfig = join(work, 'http.json');
    writeFileSync(httpConfig, JSON.stringify({ servers: { up: { type: 'http', url: upstreamUrl } } }));
    const gatewayHttp = await startProcess([mcpns, 'serve', '--http', '127.0.0.1:0', '--config', httpConfig], /at (http:\/\/\S+\/mcp)/);
    children.push(gatewayHttp.child);
    const gatewayUrl = gatewayHttp.match[1];
    const directHttp = await httpClient(upstreamUrl);
    const viaHttp = await httpClient(gatewayUrl);
    clients.push(directHttp, viaHttp);
    await sequential(directHttp, 'echo', 300);
    await sequential(viaHttp, 'up__echo', 300);
    const httpSeq = await interleaved(
      20,
      () => sequential(directHttp, 'echo', 200),
      () => sequential(viaHttp, 'up__echo', 200),
    );
    const httpP50 = { direct: quantile(httpSeq.direct, 0.5), gateway: quantile(httpSeq.gateway, 0.5) };
    const httpOverhead = overheadOf(httpSeq);
    const directSessions = await Promise.all(Array.from({ length: 32 }, () => httpClient(upstreamUrl)));
    const gatewaySessions = await Promise.all(Array.from({ length: 32 }, () => httpClient(gatewayUrl)));
    clients.push(...directSessions, ...gatewaySessions);
    const httpThroughput = await interleaved(
      throughputRounds,
      () => concurrent(directSessions, 'echo', 2000, 32),
      () => concurrent(gatewaySessions, 'up__echo', 2000, 32),
    );
    const httpRatio = ratiosOf(httpThroughput);

    // ——— start-up to ready, 20 servers, vs `mcpns list`
    const twenty = join(work, 'twenty.json');
    writeFileSync(
      twenty,
      JSON.stringify({
        servers: Object.fromEntries(Array.from({ length: 20 }, (_, index) => [`calc${index}`, { command: process.execPath, args: [calculator] }])),
      }),
    );
    const timeList = () =>
      new Promise((resolveTime, reject) => {
        const start = performance.now();
        const child = spawn(process.execPath, [mcpns, 'list', '--config', twenty, '--json'], { cwd: root, stdio: ['ignore', 'pipe', 'ignore'] });
        child.stdout.resume();
        child.once('exit', (code) => (code === 0 ? resolveTime(performance.now() - start) : reject(new Error(`list exited ${code}`))));
      });
    const timeServe = async () => {
      const start = performance.now();
      const { child } = await startProcess([mcpns, 'serve', '--http', '127.0.0.1:0', '--config', twenty], /serving \d+ tools/);
      const ms = performance.now() - start;
      await new Promise((resolveExit) => {
        child.once('exit', resolveExit);
        child.kill('SIGTERM');
      });
      return ms;
    };
    await timeList();
    await timeServe();
    const startup = await interleaved(runs, timeList, timeServe);
    const startupRatio = quantile(startup.gateway, 0.5) / quantile(startup.direct, 0.5);

    const row = (label, d, g, unit, r) => `| ${label} | ${unit(d)} | ${unit(g)} | ${r} |`;
    lines.push(
      '## 7. The gateway (`mcpns serve`, issue 23) vs calling the upstream directly',
      '',
      `Upstream: \`fixtures/servers/gateway-upstream.js\` (its \`echo\` tool); client: the SDK's \`Client\` in the benchmark process. Direct and through the gateway alternate in rounds on the same transport (which goes first alternates too). ${stdioSeq.direct.length} sequential calls per contender per transport in ${stdioSeq.rounds.length} rounds: the p50 columns pool them, the difference is the median over the rounds of each round's difference of p50s. Throughput: ${stdioThroughput.rounds.length} rounds, the ratio taken within each round (median, and min in brackets); the reference proxy's rounds against direct follow the gateway's. ${autogroupNote()} RSS: the gateway's, each sample after a full garbage collection (\`--expose-gc\`, \`bench/gc-probe.js\`), after a 5 000-call warm-up and after each fifth of the calls (${memory.map((sample) => (sample.rssKiB / 1024).toFixed(1)).join(' → ')} MiB; heap used ${memory.map((sample) => (sample.heapKiB / 1024).toFixed(1)).join(' → ')} MiB).`,
      '',
      '| measure | direct | through the gateway | difference / ratio |',
      '|---|---|---|---|',
      row('stdio, one call at a time, p50', stdioP50.direct, stdioP50.gateway, fmtMs, `+${fmtMs(stdioOverhead)}`),
      row(
        'stdio, p90',
        quantile(stdioSeq.direct, 0.9),
        quantile(stdioSeq.gateway, 0.9),
        fmtMs,
        `+${fmtMs(quantile(stdioSeq.gateway, 0.9) - quantile(stdioSeq.direct, 0.9))}`,
      ),
      row('HTTP (loopback), one call at a time, p50', httpP50.direct, httpP50.gateway, fmtMs, `+${fmtMs(httpOverhead)}`),
      row(
        'HTTP, p90',
        quantile(httpSeq.direct, 0.9),
        quantile(httpSeq.gateway, 0.9),
        fmtMs,
        `+${fmtMs(quantile(httpSeq.gateway, 0.9) - quantile(httpSeq.direct, 0.9))}`,
      ),
      row(
        'stdio, 32 in flight, calls/s (median round)',
        quantile(stdioThroughput.direct, 0.5),
        quantile(stdioThroughput.gateway, 0.5),
        (v) => v.toFixed(0),
        `${(stdioRatio.median * 100).toFixed(0)}% (min ${(stdioRatio.min * 100).toFixed(0)}%)`,
      ),
      ...references.map((reference) => referenceRow(reference)),
      row(
        'HTTP, 32 sessions, calls/s (median round)',
        quantile(httpThroughput.direct, 0.5),
        quantile(httpThroughput.gateway, 0.5),
        (v) => v.toFixed(0),
        `${(httpRatio.median * 100).toFixed(0)}% (min ${(httpRatio.min * 100).toFixed(0)}%)`,
      ),
      `| gateway RSS over ${totalCalls.toLocaleString('en')} calls (after 5 000 warm-up; after a full GC) | — | ${(rssBefore / 1024).toFixed(1)} → ${(rssAfter / 1024).toFixed(1)} MiB | ${(rssGrowth * 100).toFixed(1)}% |`,
      row(
        'start-up to ready, 20 stdio servers (`list --json` to exit vs `serve` to its "serving" line), median',
        quantile(startup.direct, 0.5),
        quantile(startup.gateway, 0.5),
        fmtMs,
        `${startupRatio.toFixed(2)}×`,
      ),
    );
    verdict(
      '(G1)',
      `stdio: a tools/call through the gateway adds ${fmtMs(stdioOverhead)} at p50 (median of ${stdioSeq.rounds.length} rounds' differences; target ≤ 1 ms)`,
      stdioOverhead <= 1,
      `${fmtMs(stdioOverhead - 1)} over.`,
    );
    verdict(
      '(G2)',
      `HTTP: a tools/call through the gateway adds ${fmtMs(httpOverhead)} at p50 (median of ${httpSeq.rounds.length} rounds' differences; target ≤ 0.3 ms)`,
      httpOverhead <= 0.3,
      `${fmtMs(httpOverhead - 0.3)} over.`,
    );
    stdioThroughputVerdict(verdict, stdioRatio);
    verdict(
      '(G3)',
      `HTTP: 32 concurrent sessions keep ${(httpRatio.median * 100).toFixed(0)}% of direct throughput (median round; min ${(httpRatio.min * 100).toFixed(0)}%; target ≥ 80%)`,
      httpRatio.median >= 0.8,
      `${((0.8 - httpRatio.median) * 100).toFixed(0)} points short.`,
    );
    verdict(
      '(G4)',
      `gateway RSS grows ${(rssGrowth * 100).toFixed(1)}% over ${totalCalls.toLocaleString('en')} calls (target < 10%)`,
      rssGrowth < 0.1,
      `${((rssGrowth - 0.1) * 100).toFixed(1)} points over.`,
    );
    verdict(
      '(G5)',
      `start-up to ready with 20 servers: ${startupRatio.toFixed(2)}× \`mcpns list\` (target ≤ 1.1×)`,
      startupRatio <= 1.1,
      `${((startupRatio / 1.1 - 1) * 100).toFixed(0)}% over.`,
    );
    return lines.join('\n');
  } finally {
    await Promise.all(clients.map((client) => client.close().catch(() => {})));
    for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const verdicts = [];
  const text = await (process.argv.includes('--throughput') ? benchStdioThroughput : benchGateway)({
    verdict: (id, message, met, by) => verdicts.push(`- ${met ? '✓' : '✗'} ${id} ${message}${met ? '' : ` Missed by ${by}`}`),
  });
  process.stdout.write(`${verdicts.join('\n')}\n\n${text}\n`);
}
