// The official MCP server conformance suite, run twice: against the suite's reference "everything" server directly,
// and through `mcpns serve --http … --style hybrid` in front of that same server; then the comparison per scenario.
// Acceptance (issue 23): every scenario the reference server passes directly passes through the gateway, and
// dns-rebinding-protection passes on the gateway's own endpoint.
//
//   node scripts/conformance-serve.mjs --everything <dir> [--revision 2025-11-25|2026-07-28|all] [--requirements]
//
// <dir> holds examples/servers/typescript of github.com/modelcontextprotocol/conformance (everything-server.ts and
// its package.json; the npm package ships only the test runner, not this server). Its dependencies are installed
// there on first use (npm ci). MCPNS_EVERYTHING_SERVER may name the folder instead of --everything.
// The suite (@modelcontextprotocol/conformance@0.2.0-alpha.12) and Node 22 (it needs fs.globSync) are installed into
// .cache/ by scripts/cache-install.mjs — never dependencies of mcpns. Build first (npm run build).
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cacheInstall } from './cache-install.mjs';

const SUITE_VERSION = '0.2.0-alpha.12';
const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const option = (name) => {
  const index = args.indexOf(name);
  return index >= 0 ? args[index + 1] : undefined;
};
const everything = option('--everything') ?? process.env.MCPNS_EVERYTHING_SERVER;
const revisionOption = option('--revision') ?? 'all';
const requirements = args.includes('--requirements');
if (!everything || !existsSync(join(everything, 'everything-server.ts'))) {
  process.stderr.write(
    'usage: node scripts/conformance-serve.mjs --everything <examples/servers/typescript of modelcontextprotocol/conformance> [--revision 2025-11-25|2026-07-28|all] [--requirements]\n',
  );
  process.exit(2);
}

const node22 = join(cacheInstall(`node-${process.platform}-${process.arch}`, '22'), 'bin', 'node');
const suite = join(cacheInstall('@modelcontextprotocol/conformance', SUITE_VERSION), 'dist', 'index.js');
if (!existsSync(join(everything, 'node_modules'))) {
  process.stderr.write(`installing the reference server's dependencies in ${everything}\n`);
  execFileSync('npm', ['ci', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: everything, stdio: ['ignore', 'inherit', 'inherit'] });
}

const children = [];
const cleanup = () => {
  for (const child of children) {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // Already gone.
    }
  }
};
process.on('exit', cleanup);
process.on('SIGINT', () => process.exit(130));

function freePort() {
  return new Promise((resolvePort) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolvePort(port));
    });
  });
}

/** Start a process and wait (bounded) until its output matches `ready`. */
function start(command, commandArgs, options, ready) {
  // Its own process group: `npx tsx` starts grandchildren that must end with it.
  const child = spawn(command, commandArgs, { ...options, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  let output = '';
  return new Promise((resolveStart, reject) => {
    const timer = setTimeout(() => reject(new Error(`${command} ${commandArgs.join(' ')} did not become ready:\n${output}`)), 60_000);
    const onData = (chunk) => {
      output += chunk;
      if (ready.test(output)) {
        clearTimeout(timer);
        resolveStart(child);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => reject(new Error(`${command} exited with ${code}:\n${output}`)));
  });
}

/** Run the suite against `url`; scenario → { passed, failed } from its summary. */
function runSuite(url, revision, label) {
  const out = mkdtempSync(join(tmpdir(), `mcpns-conformance-${label}-`));
  const suiteArgs = [suite, 'server', '--url', url, '-o', out];
  if (requirements) suiteArgs.push('--requirements', revision);
  else suiteArgs.push('--spec-version', revision);
  let text;
  try {
    text = execFileSync(node22, suiteArgs, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 64 * 1024 * 1024 });
  } catch (error) {
    text = `${error.stdout ?? ''}`; // the suite exits non-zero when a scenario fails
  }
  const results = new Map();
  for (const match of text.matchAll(/^[✓✗] (\S+): (\d+) passed, (\d+) failed/gmu)) {
    results.set(match[1], { passed: Number(match[2]), failed: Number(match[3]) });
  }
  return { results, out };
}

const referencePort = await freePort();
await start('npx', ['tsx', 'everything-server.ts'], { cwd: everything, env: { ...process.env, PORT: String(referencePort) } }, /MCP endpoint/);
const gatewayPort = await freePort();
const config = join(mkdtempSync(join(tmpdir(), 'mcpns-conformance-config-')), 'gateway.json');
writeFileSync(config, JSON.stringify({ servers: { everything: { url: `http://127.0.0.1:${referencePort}/mcp` } } }));
await start(
  process.execPath,
  [join(root, 'bin', 'mcpns.js'), 'serve', '--http', `127.0.0.1:${gatewayPort}`, '--config', config, '--style', 'hybrid'],
  { cwd: root, env: { ...process.env, NO_COLOR: '1' } },
  /serving .* at http/,
);

const revisions = revisionOption === 'all' ? ['2025-11-25', '2026-07-28'] : [revisionOption];
let ok = true;
for (const revision of revisions) {
  const direct = runSuite(`http://localhost:${referencePort}/mcp`, revision, 'direct');
  const gateway = runSuite(`http://localhost:${gatewayPort}/mcp`, revision, 'gateway');
  const scenarios = [...new Set([...direct.results.keys(), ...gateway.results.keys()])].sort();
  const passes = (entry) => entry !== undefined && entry.failed === 0 && entry.passed > 0;
  const lines = [];
  let directPassed = 0;
  let gatewayPassed = 0;
  let regressions = 0;
  for (const scenario of scenarios) {
    const d = direct.results.get(scenario);
    const g = gateway.results.get(scenario);
    if (passes(d)) directPassed++;
    if (passes(g)) gatewayPassed++;
    const regression = passes(d) && !passes(g);
    if (regression) regressions++;
    const show = (entry) => (entry ? `${entry.passed}/${entry.passed + entry.failed}` : '-');
    lines.push(`  ${regression ? '✗' : passes(g) ? '✓' : '·'} ${scenario.padEnd(44)} direct ${show(d).padStart(5)}   gateway ${show(g).padStart(5)}`);
  }
  const rebinding = passes(gateway.results.get('dns-rebinding-protection'));
  process.stdout.write(
    `\n${requirements ? 'requirements' : 'spec version'} ${revision}: ${scenarios.length} scenarios; reference server directly ${directPassed} passed, through mcpns serve ${gatewayPassed} passed; ${regressions} passed directly but not through the gateway; dns-rebinding-protection on the gateway ${rebinding ? 'passed' : 'FAILED'}\n${lines.join('\n')}\n  results: ${direct.out} (direct), ${gateway.out} (gateway)\n`,
  );
  if (regressions || !rebinding) ok = false;
}
cleanup();
process.exit(ok ? 0 : 1);
