// Time from process start to the first answered `initialize` of `mcpns serve` (stdio), whatever the upstreams do:
// one server that never answers, one that is ready at once, one that floods 100 000 log notifications. Each round
// spawns the gateway, writes initialize at once, and takes the time of its answer; `node -e 0` spawned the same way
// is the floor (Node's own start). Prints the median and range of each over `--rounds` (default 15) runs; the gateway
// section of `npm run bench` (bench/gateway.js) takes its target row from firstInitialize().
//   node bench/serve-start.js [--rounds N]
import { spawn } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const fixture = (name) => ({ command: process.execPath, args: [join(root, 'fixtures', 'servers', `${name}.js`)] });

const INIT = `${JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'bench', version: '1' } } })}\n`;

/** Milliseconds from spawn to the first stdout line (the initialize answer), or to exit for `node -e 0`. */
function once(dir, args, answer) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, args, { cwd: dir, stdio: ['pipe', 'pipe', 'ignore'], env: { ...process.env, NO_COLOR: '1' } });
    if (!answer) return child.once('exit', () => resolve(performance.now() - started));
    child.stdin.write(INIT);
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
      if (!out.includes('\n')) return;
      const elapsed = performance.now() - started;
      if (!out.includes('"id":1')) reject(new Error(`unexpected answer: ${out.slice(0, 200)}`));
      child.stdin.end();
      child.once('exit', () => resolve(elapsed));
    });
  });
}

const summary = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return `median ${sorted[Math.floor(sorted.length / 2)].toFixed(0)} ms (${sorted[0].toFixed(0)}–${sorted.at(-1).toFixed(0)})`;
};

/** `rounds` interleaved runs of `node -e 0` and of `mcpns serve` to its answer to initialize: ms of each. */
export async function firstInitialize(rounds) {
  const dir = mkdtempSync(join(tmpdir(), 'mcpns-start-'));
  const config = join(dir, 'mcpns.config.json');
  writeFileSync(config, JSON.stringify({ servers: { never: fixture('never-initialize'), calc: fixture('calculator'), flood: fixture('log-flood') } }));
  const node = [];
  const serve = [];
  try {
    for (let round = 0; round < rounds; round++) {
      node.push(await once(dir, ['-e', '0'], false));
      serve.push(await once(dir, [join(root, 'bin', 'mcpns.js'), 'serve', '--config', config], true));
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return { node, serve };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const rounds = Number(process.argv[process.argv.indexOf('--rounds') + 1] || 15) || 15;
  const { node, serve } = await firstInitialize(rounds);
  console.log(`node -e 0 to exit:                      ${summary(node)}`);
  console.log(`mcpns serve to the answer to initialize: ${summary(serve)}  (never-answering, ready and flooding upstreams)`);
}
