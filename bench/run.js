// `npm run bench`: measures mcpns side by side with what users would run instead, in one invocation, and writes
// bench/RESULTS.md. Not a test: every figure is min/median/max over the runs, and a ratio to a baseline measured in
// the same invocation, with contenders interleaved run by run so machine noise hits them alike.
//   1. start-up of commands that start no server vs bare `node -e 0` (also under Node 24, compile cache on and off)
//   2. time to the first server process vs bare node start-up (and the minimal SDK client)
//   3. one real server (server-everything): mcpns vs a minimal SDK client vs the MCP Inspector CLI 2.12
//   4. 1/5/20 fixture servers vs a concurrent minimal SDK client
//   5. shutdown: from the results on stdout to the process exit, vs the minimal client's own close()
//   6. offline `check --catalog` on 10k/100k/1M generated tools: time and peak memory
//   7. the gateway (`mcpns serve`) vs hand-written references and direct: per-call overhead, throughput, RSS, first
//      initialize and start-up (bench/gateway.js, issue 31 §6)
//   8. tool search on real servers' tools: recall@1/@5 and MRR beside plain BM25, listing size, latency (bench/search.js)
//   9. `serve --router`: its tools/list and one search answer vs the full listing, over the same corpus (bench/router-listing.js)
// Where a target is missed, the command is profiled once more with `node --cpu-prof` and the profile's heaviest
// functions are written next to the miss (profiles are kept in bench/.work/profiles).
// BENCH_RUNS (default 7, at least 5) sets the runs; BENCH_SKIP_1M=1 leaves out the 1M-tool case; BENCH_SKIP_GATEWAY=1
// the gateway section. `node bench/run.js 4 6` (or BENCH_ONLY=4,6) runs only those sections and writes its results to
// bench/.work/RESULTS.partial.md instead of bench/RESULTS.md (which only a full run regenerates).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem, type as osType, release } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { cacheInstall } from '../scripts/cache-install.mjs';
import { generateCatalog } from './gen-catalog.js';
import { summarizeProfile } from './profile-summary.js';
import { DEFAULT_MAX_INPUT_BYTES } from '../dist/util/read-file.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const work = join(root, 'bench', '.work');
rmSync(work, { recursive: true, force: true });
mkdirSync(work, { recursive: true });
const node = process.execPath;
const mcpns = join(root, 'bin', 'mcpns.js');
const RUNS = Math.max(5, Number(process.env.BENCH_RUNS ?? 7));
const hasGnuTime = existsSync('/usr/bin/time');
const loadAtStart = loadavg();
const INSPECTOR_VERSION = '2.12.0';
const NODE24_VERSION = process.env.NODE24_VERSION ?? '24.21.0';
const everything = join(root, 'node_modules', '@modelcontextprotocol', 'server-everything', 'dist', 'index.js');
const calculator = join(root, 'fixtures', 'servers', 'calculator.js');
const minimalClient = join(root, 'bench', 'minimal-client.js');
const only = new Set(
  [...process.argv.slice(2), ...(process.env.BENCH_ONLY ?? '').split(',')]
    .map((each) => each.trim())
    .filter(Boolean)
    .map(Number),
);
for (const section of only) if (!(section >= 1 && section <= 9)) throw new Error(`no bench section ${section} (sections 1–9)`);
/** Whether section N runs in this invocation (every section unless some were named). */
const wanted = (section) => only.size === 0 || only.has(section);

// ---------------------------------------------------------------------------------------------------- measuring

/** Run a command once; wall ms and peak RSS (KiB, when GNU time exists). */
function once(contender) {
  const { command, args } = contender;
  const wrapped = hasGnuTime ? ['/usr/bin/time', ['-f', '%M', command, ...args]] : [command, args];
  const start = process.hrtime.bigint();
  const result = spawnSync(wrapped[0], wrapped[1], {
    cwd: contender.cwd ?? root,
    encoding: 'utf8',
    maxBuffer: 1 << 30,
    env: { ...process.env, ...contender.env },
  });
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  if (!(contender.okCodes ?? [0]).includes(result.status)) {
    throw new Error(`${command} ${args.join(' ')} exited ${result.status}: ${result.stderr.slice(-2000)}`);
  }
  const rssKiB = hasGnuTime ? Number(result.stderr.trim().split('\n').pop()) : undefined;
  return { ms, rssKiB };
}

/** Interleave the contenders run by run after one warm-up run each (disk cache, JIT). */
function measure(contenders, runs = RUNS) {
  for (const contender of contenders) once(contender);
  const samples = contenders.map(() => []);
  for (let run = 0; run < runs; run++) contenders.forEach((contender, index) => samples[index].push(once(contender)));
  return contenders.map((contender, index) => ({
    label: contender.label,
    contender,
    ...stats(
      samples[index].map((sample) => sample.ms),
      samples[index],
    ),
  }));
}

function stats(values, samples = []) {
  const sorted = [...values].sort((a, b) => a - b);
  const rss = samples
    .map((sample) => sample.rssKiB)
    .filter((value) => Number.isFinite(value))
    .sort((a, b) => a - b);
  return {
    min: sorted[0],
    median: median(sorted),
    max: sorted[sorted.length - 1],
    runs: sorted.length,
    rssMedianMiB: rss.length ? median(rss) / 1024 : undefined,
  };
}
const median = (sorted) => (sorted.length % 2 ? sorted[(sorted.length - 1) / 2] : (sorted[sorted.length / 2 - 1] + sorted[sorted.length / 2]) / 2);

const fmt = (ms) => `${ms.toFixed(0)} ms`;
const ratio = (value, base) => `${(value / base).toFixed(2)}×`;
const table = (results, baseline, extra) =>
  [
    `| command | min | median | max | ratio to ${baseline.label.replace(/ \(baseline\)$/, '')} (median) |`,
    '|---|---|---|---|---|',
    ...results.map(
      (result) => `| ${result.label} | ${fmt(result.min)} | ${fmt(result.median)} | ${fmt(result.max)} | ${ratio(result.median, baseline.median)} |`,
    ),
    ...(extra ?? []),
  ].join('\n');

function writeConfig(file, servers) {
  writeFileSync(
    file,
    JSON.stringify({ servers: Object.fromEntries(servers.map((server) => [server.name, { command: server.command, args: server.args }])) }, null, 2),
  );
}

const verdicts = [];
const misses = [];
const sections = [];
/** Record a target; when missed, keep by how much (measured), why (EXPLAIN) and the profile of the command. */
function verdict(id, text, met, by, contender, explain) {
  verdicts.push(`- ${id} ${text} — ${met ? 'met' : '**missed**'}`);
  if (!met) misses.push({ id, text, by, contender, explain });
}

/** Why a target can be missed, in words; the profile of the run (added below each miss) shows it in numbers. */
const EXPLAIN = {
  startup:
    "What is left is Node loading and compiling mcpns's bundle (scripts/build-cli.mjs: about a dozen files for these commands, most of it in two chunks — the config reader spawn first loads, and commander, the services, naming and the catalog reader) and running the command (reading the config and, for list, the catalog). zod (about 100 modules), the regular-expression engine (a config's patterns are checked without it when they are plain), node:child_process and cli-table3 (tables are laid out by mcpns, byte for byte as cli-table3 did) are no longer loaded by these commands; `--version` and `plan schema` are answered before the bundle is loaded. On Node ≥ 22.8 the compile cache (bin/mcpns.js) also skips most compiling; this machine runs Node 20.",
  startup24:
    'Node 24 starts in about half the time of Node 20 (its start-up snapshot), so the same fixed cost of mcpns — loading its bundle (about 25 files, read and linked even when their compiled code comes from the compile cache) and running the command — weighs about twice as much against it.',
  firstSpawn:
    'Before its first spawn mcpns loads its entry, the spawn-first module and the precompiled config validator (a dozen files of the bundle, no commander, zod or SDK), reads and validates the config and builds the environment; the rest is Node start-up and `spawn()` itself.',
  inspector:
    "Both clients wait for the same server, and the minimal SDK client, which does nothing else, is already most of the time. mcpns runs at about the minimal client's speed (or faster, thanks to spawn first and the short shutdown), so how far ahead of the Inspector it can be is bounded by how much slower the Inspector is than a minimal client on this server.",
  oneServer:
    'mcpns does more than the minimal client (commander, config, naming, secret redaction, the catalog document), though after its servers are started; on 2 cores every CPU-millisecond it spends delays the servers that are still booting. Both contenders give their servers the same environment (bench/minimal-client.js).',
  shutdown: 'A server that keeps writing to stderr after stdin closes is still working: the grace before SIGTERM restarts with each write (up to 2 s).',
  offline:
    '`check` runs both families over two targets: it parses the JSON, renders every name per target (the routing lookups are built only when something reads them, and `check` does not), groups names (exact and folded) in open-addressing tables of typed arrays sized once (src/util/first-index.ts), parses each name back, tokenizes and compares every description (INDISTINCT_TOOLS compares tools with the same words once, as a class) and writes the report in parts. Each step is one pass over the tools; parsing the JSON, validating its shape and limits, and garbage collection are the largest items in the profile.',
  refused:
    'The generated catalog is larger than the input-size guard (500 MiB per file, src/util/read-file.ts, against hostile inputs); a million generated tools are about 290 MiB.',
  growth:
    'No step is quadratic (the 1M profile has the same functions as the 100k one), but the parsed document and the renderings (most of a gigabyte live at a million tools) outgrow the CPU caches, so every table probe and every garbage collection (which walks the live heap) costs more per tool; and past 256 MiB of heap the CLI collects at its breaks (src/cli/services/heap.ts) to keep the peak within 4× the file, which a 100 000-tool run never needs.',
};

// ---------------------------------------------------------------------------------------------------- 1. start-up
if (wanted(1)) {
  const small = join(work, 'catalog-20.json');
  writeFileSync(small, JSON.stringify(generateCatalog(20)));
  const config = join(work, 'servers-20.mcpns.json');
  writeConfig(
    config,
    Array.from({ length: 20 }, (_, index) => ({ name: `calc-${index}`, command: node, args: [calculator] })),
  );
  const results = measure([
    { label: 'node -e 0 (baseline)', command: node, args: ['-e', '0'] },
    { label: 'mcpns --version', command: node, args: [mcpns, '--version'] },
    { label: 'mcpns servers (20 servers)', command: node, args: [mcpns, 'servers', '--config', config] },
    { label: 'mcpns list --catalog (20 tools)', command: node, args: [mcpns, 'list', '--catalog', small] },
    { label: 'mcpns plan schema', command: node, args: [mcpns, 'plan', 'schema'] },
  ]);
  const [bare, , ...noServer] = results;
  for (const result of noServer) {
    const value = result.median / bare.median;
    verdict(
      '(3)',
      `${result.label}: ${value.toFixed(2)}× bare node start-up (target ≤ 2×)`,
      value <= 2,
      `${result.label} takes ${fmt(result.median - bare.median)} over bare node (${fmt(result.median)} vs ${fmt(bare.median)}), ${((value / 2 - 1) * 100).toFixed(0)}% over the target.`,
      result.contender,
      EXPLAIN.startup,
    );
  }
  sections.push(`## 1. Commands that start no server\n\n${table(results, bare)}`);

  // The same under Node 24 (what users run; the binary npm publishes, cached in .cache/ like test:node24's), with
  // Node's compile cache as bin/mcpns.js turns it on (kept in a temp folder of this run), and with it turned off.
  const node24 = join(cacheInstall(`node-${process.platform}-${process.arch}`, NODE24_VERSION), 'bin', 'node');
  const compileCache = mkdtempSync(join(tmpdir(), 'mcpns-bench-compile-cache-'));
  process.on('exit', () => rmSync(compileCache, { recursive: true, force: true }));
  const cached = { NODE_COMPILE_CACHE: compileCache };
  const uncached = { NODE_DISABLE_COMPILE_CACHE: '1' };
  const version24 = spawnSync(node24, ['--version'], { encoding: 'utf8' }).stdout.trim();
  const results24 = measure([
    { label: `node -e 0, Node ${version24} (baseline)`, command: node24, args: ['-e', '0'] },
    { label: 'mcpns servers (20 servers), compile cache', command: node24, args: [mcpns, 'servers', '--config', config], env: cached },
    { label: 'mcpns servers (20 servers), no compile cache', command: node24, args: [mcpns, 'servers', '--config', config], env: uncached },
    { label: 'mcpns list --catalog (20 tools), compile cache', command: node24, args: [mcpns, 'list', '--catalog', small], env: cached },
    { label: 'mcpns list --catalog (20 tools), no compile cache', command: node24, args: [mcpns, 'list', '--catalog', small], env: uncached },
  ]);
  const [bare24, ...noServer24] = results24;
  for (const result of noServer24.filter((each) => each.contender.env === cached)) {
    const value = result.median / bare24.median;
    verdict(
      `(3, Node ${version24})`,
      `${result.label}: ${value.toFixed(2)}× bare node start-up (target ≤ 2×)`,
      value <= 2,
      `${result.label} takes ${fmt(result.median - bare24.median)} over bare node (${fmt(result.median)} vs ${fmt(bare24.median)}), ${((value / 2 - 1) * 100).toFixed(0)}% over the target.`,
      result.contender,
      EXPLAIN.startup24,
    );
  }
  sections.push(`### Under Node ${version24}\n\n${table(results24, bare24)}`);
}

// ---------------------------------------------------------------------------------------------------- 2. first spawn
if (wanted(2)) {
  // The server command records the wall clock (ns) the moment it runs, then becomes the calculator server.
  const marker = join(work, 'first-spawn.txt');
  const probe = { command: '/bin/sh', args: ['-c', `date +%s%N >> "${marker}"; exec "${node}" "${calculator}"`] };
  const config = join(work, 'first-spawn.mcpns.json');
  writeConfig(config, [{ name: 'probe', ...probe }]);
  const firstSpawn = (command, args) => {
    rmSync(marker, { force: true });
    const start = performance.timeOrigin + performance.now();
    const result = spawnSync(command, args, { cwd: root, encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`${args.join(' ')} exited ${result.status}: ${result.stderr}`);
    return Number(BigInt(readFileSync(marker, 'utf8').split('\n')[0].trim()) / 1000n) / 1000 - start;
  };
  const contenders = [
    { label: 'node -e 0 exits (baseline)', run: () => once({ command: node, args: ['-e', '0'] }).ms },
    { label: 'minimal SDK client: first server process', run: () => firstSpawn(node, [minimalClient, JSON.stringify([probe])]) },
    {
      label: 'mcpns list: first server process',
      run: () => firstSpawn(node, [mcpns, 'list', '--json', '--config', config]),
      cli: [mcpns, 'list', '--json', '--config', config],
    },
  ];
  contenders.forEach((contender) => contender.run());
  const samples = contenders.map(() => []);
  for (let run = 0; run < RUNS; run++) contenders.forEach((contender, index) => samples[index].push(contender.run()));
  const results = contenders.map((contender, index) => ({ label: contender.label, ...stats(samples[index]) }));
  const [bare, minimal, ours] = results;
  const over = ours.median - bare.median;
  verdict(
    '(2)',
    `mcpns starts its first server ${fmt(ours.median)} after launch, ${fmt(over)} after bare node start-up (${ratio(ours.median, bare.median)}; target ≤ +50 ms); the minimal SDK client: ${fmt(minimal.median)}`,
    over <= 50,
    `the first spawn comes ${fmt(over - 50)} later than the target (${fmt(over)} after bare node start-up).`,
    { command: node, args: contenders[2].cli },
    EXPLAIN.firstSpawn,
  );
  sections.push(
    `## 2. Time to the first server process\n\nFrom launching the command to the moment the server command runs (it records the wall clock first thing; \`sh\` + \`date\` add about 2 ms). The baseline is bare node start-up: \`node -e 0\` from launch to exit.\n\n${table(results, bare)}`,
  );
}

// ---------------------------------------------------------------------------------------------------- 3. one real server
if (wanted(3)) {
  const config = join(work, 'everything.mcpns.json');
  writeConfig(config, [{ name: 'everything', command: node, args: [everything] }]);
  const inspectorDir = cacheInstall('@modelcontextprotocol/inspector', INSPECTOR_VERSION);
  const inspector = join(inspectorDir, 'clients', 'launcher', 'build', 'index.js');
  const results = measure([
    { label: 'minimal SDK client (baseline)', command: node, args: [minimalClient, JSON.stringify([{ command: node, args: [everything] }])] },
    { label: 'mcpns list --json', command: node, args: [mcpns, 'list', '--json', '--config', config] },
    {
      label: `MCP Inspector ${INSPECTOR_VERSION} --cli … --method tools/list`,
      command: node,
      args: [inspector, '--cli', node, everything, '--method', 'tools/list'],
    },
  ]);
  const [minimal, ours, theirs] = results;
  const vsMinimal = ours.median / minimal.median;
  verdict(
    '(1)',
    `one server: mcpns is ${vsMinimal.toFixed(2)}× the minimal SDK client (target ≤ 1.15×)`,
    vsMinimal <= 1.15,
    `mcpns takes ${fmt(ours.median - minimal.median)} more than the minimal client (${((vsMinimal / 1.15 - 1) * 100).toFixed(0)}% over the target).`,
    ours.contender,
    EXPLAIN.oneServer,
  );
  const faster = theirs.median / ours.median;
  verdict(
    '(6)',
    `the MCP Inspector CLI ${INSPECTOR_VERSION} takes ${faster.toFixed(2)}× as long as mcpns on the same server (target ≥ 4×)`,
    faster >= 4,
    `the Inspector takes ${fmt(theirs.median)}, mcpns ${fmt(ours.median)} and the minimal SDK client ${fmt(minimal.median)}: ${faster.toFixed(2)}×, ${((1 - faster / 4) * 100).toFixed(0)}% short of 4×; the Inspector is ${ratio(theirs.median, minimal.median)} the minimal client.`,
    ours.contender,
    EXPLAIN.inspector,
  );
  sections.push(
    `## 3. One real server (@modelcontextprotocol/server-everything)\n\nThe Inspector ${INSPECTOR_VERSION} is installed into \`.cache/\` by \`scripts/cache-install.mjs\`; its launcher runs on this Node (its package declares Node ≥ 22.19 for the web UI).\n\n${table(results, minimal)}`,
  );
}

// ---------------------------------------------------------------------------------------------------- 4. fixture servers
if (wanted(4)) {
  const tables = [];
  for (const count of [1, 5, 20]) {
    const servers = Array.from({ length: count }, (_, index) => ({ name: `calc-${index}`, command: node, args: [calculator] }));
    const config = join(work, `fixtures-${count}.mcpns.json`);
    writeConfig(config, servers);
    const plural = count === 1 ? '' : 's';
    const results = measure([
      { label: `minimal concurrent client, ${count} server${plural} (baseline)`, command: node, args: [minimalClient, JSON.stringify(servers)] },
      { label: `mcpns list --json, ${count} server${plural}`, command: node, args: [mcpns, 'list', '--json', '--config', config, '--concurrency', '20'] },
    ]);
    const value = results[1].median / results[0].median;
    if (count === 20) {
      verdict(
        '(1)',
        `twenty servers: mcpns is ${value.toFixed(2)}× the concurrent minimal client (target ≤ 1.10×)`,
        value <= 1.1,
        `${fmt(results[1].median - results[0].median)} more than the minimal client.`,
        results[1].contender,
        EXPLAIN.oneServer,
      );
    }
    tables.push(table(results, results[0]));
  }
  sections.push(`## 4. Fixture servers discovered concurrently (the calculator fixture)\n\n${tables.join('\n\n')}`);
}

// ---------------------------------------------------------------------------------------------------- 5. shutdown
if (wanted(5)) {
  /** Launch once; ms from the complete result on stdout to the exit, and the minimal client's own close() time. */
  const shutdownOnce = (command, args) =>
    new Promise((resolvePromise, reject) => {
      const child = spawn(command, args, { cwd: root, env: { ...process.env, BENCH_TIMING: '1' }, stdio: ['ignore', 'pipe', 'pipe'] });
      let out = '';
      let err = '';
      let outputAt;
      child.stdout.on('data', (chunk) => {
        out += chunk;
        if (outputAt === undefined && out.endsWith('\n')) {
          try {
            JSON.parse(out);
            outputAt = performance.now();
          } catch {
            // not complete yet
          }
        }
      });
      child.stderr.on('data', (chunk) => (err += chunk));
      child.on('exit', (code) => {
        const exitAt = performance.now();
        if (code !== 0) reject(new Error(`${args.join(' ')} exited ${code}: ${err}`));
        const timing = /\{"closeMs":[\d.]+\}/.exec(err);
        resolvePromise(timing ? JSON.parse(timing[0]).closeMs : exitAt - outputAt);
      });
    });
  const rows = [];
  for (const [name, servers] of [
    ['server-everything', [{ name: 'everything', command: node, args: [everything] }]],
    ['20 × calculator', Array.from({ length: 20 }, (_, index) => ({ name: `calc-${index}`, command: node, args: [calculator] }))],
  ]) {
    const config = join(work, `shutdown-${servers.length}.mcpns.json`);
    writeConfig(config, servers);
    const contenders = [
      { label: `minimal SDK client close(), ${name} (baseline)`, run: () => shutdownOnce(node, [minimalClient, JSON.stringify(servers)]) },
      {
        label: `mcpns list --json, ${name}: results on stdout → exit`,
        run: () => shutdownOnce(node, [mcpns, 'list', '--json', '--config', config, '--concurrency', '20']),
      },
    ];
    for (const contender of contenders) await contender.run();
    const samples = contenders.map(() => []);
    for (let run = 0; run < RUNS; run++) for (const [index, contender] of contenders.entries()) samples[index].push(await contender.run());
    const results = contenders.map((contender, index) => ({ label: contender.label, ...stats(samples[index]) }));
    verdict(
      '(4)',
      `shutdown after the results, ${name}: ${fmt(results[1].median)} (servers end in parallel; target ≤ 50 ms per server) vs ${fmt(results[0].median)} for the minimal client's close()`,
      results[1].median <= 50,
      `${fmt(results[1].median - 50)} over the target.`,
      { command: node, args: [mcpns, 'list', '--json', '--config', config, '--concurrency', '20'] },
      EXPLAIN.shutdown,
    );
    rows.push(table(results, results[0]));
  }
  sections.push(
    `## 5. Shutdown after a successful discovery\n\nmcpns: from the moment the complete catalog is on stdout to the process exit (every server's process group is gone by then). Baseline: the minimal client's \`await client.close()\` (the SDK's own shutdown), measured inside it.\n\n${rows.join('\n\n')}`,
  );
}

// ---------------------------------------------------------------------------------------------------- 6. offline checks
if (wanted(6)) {
  const offlineDir = mkdtempSync(join(tmpdir(), 'mcpns-bench-'));
  process.on('exit', () => rmSync(offlineDir, { recursive: true, force: true }));
  const sizes = process.env.BENCH_SKIP_1M ? [10_000, 100_000] : [10_000, 100_000, 1_000_000];
  const results = [];
  const refused = [];
  for (const size of sizes) {
    const file = join(work, `catalog-${size}.json`);
    writeFileSync(file, JSON.stringify(generateCatalog(size)));
    // mcpns refuses input files over its limit (a hostile-input guard): such a size cannot be measured, only reported.
    const bytes = statSync(file).size;
    if (bytes > DEFAULT_MAX_INPUT_BYTES) {
      refused.push({ size, bytes });
      continue;
    }
    const [result] = measure(
      [
        {
          label: `check --catalog, ${size.toLocaleString('en')} tools`,
          command: node,
          args: [mcpns, 'check', '--catalog', file, '--format', 'json', '--fail-on', 'never'],
          // Outside the repository: the catalog alone, no mcpns.config.json (its namespaces and profiles) found.
          cwd: offlineDir,
        },
      ],
      size >= 1_000_000 ? 5 : RUNS,
    );
    results.push({ size, bytes, ...result });
  }
  const at = (size) => results.find((result) => result.size === size);
  const hundred = at(100_000);
  verdict(
    '(5)',
    `100 000 tools: ${fmt(hundred.median)} (target < 1 500 ms)`,
    hundred.median < 1500,
    `${fmt(hundred.median - 1500)} (${((hundred.median / 1500 - 1) * 100).toFixed(0)}%) over.`,
    hundred.contender,
    EXPLAIN.offline,
  );
  if (hundred.rssMedianMiB !== undefined) {
    verdict(
      '(5)',
      `100 000 tools: peak RSS ${hundred.rssMedianMiB.toFixed(0)} MiB (target < 400 MB = 381 MiB)`,
      hundred.rssMedianMiB * 2 ** 20 < 400e6,
      `${(hundred.rssMedianMiB - 400e6 / 2 ** 20).toFixed(0)} MiB over.`,
      hundred.contender,
      EXPLAIN.offline,
    );
  }
  for (const { size, bytes } of refused) {
    verdict(
      '(5)',
      `${size.toLocaleString('en')} tools: not measured — the generated catalog is ${(bytes / 2 ** 20).toFixed(0)} MiB and mcpns refuses input files over ${DEFAULT_MAX_INPUT_BYTES / 2 ** 20} MiB (src/util/read-file.ts)`,
      false,
      `the run cannot start: CATALOG_INVALID "is larger than ${DEFAULT_MAX_INPUT_BYTES / 2 ** 20} MiB".`,
      undefined,
      EXPLAIN.refused,
    );
  }
  const million = at(1_000_000);
  if (million) {
    const growth = million.median / hundred.median;
    verdict(
      '(5)',
      `1 000 000 tools: completes in ${fmt(million.median)}, ${growth.toFixed(1)}× the 100 000-tool time (target ≤ 11×)`,
      growth <= 11,
      `${((growth / 11 - 1) * 100).toFixed(0)}% over.`,
      million.contender,
      EXPLAIN.growth,
    );
    if (million.rssMedianMiB !== undefined) {
      // "Within a small multiple of the file" (issue 25 §3, tightened to 4× by issue 34 §4): a bare JSON.parse of the
      // same file measured 2.9×; the target leaves room for the renderings of two targets.
      const multiple = (million.rssMedianMiB * 2 ** 20) / million.bytes;
      verdict(
        '(5)',
        `1 000 000 tools: peak RSS ${million.rssMedianMiB.toFixed(0)} MiB, ${multiple.toFixed(1)}× the ${(million.bytes / 2 ** 20).toFixed(0)} MiB catalog (target ≤ 4×)`,
        multiple <= 4,
        `${((multiple / 4 - 1) * 100).toFixed(0)}% over.`,
        million.contender,
        EXPLAIN.growth,
      );
    }
  }
  const rows = results.map(
    (result, index) =>
      `| ${result.size.toLocaleString('en')} | ${(result.bytes / 2 ** 20).toFixed(0)} MiB | ${fmt(result.min)} | ${fmt(result.median)} | ${fmt(result.max)} | ${result.runs} | ${index ? ratio(result.median, results[index - 1].median) : '—'} | ${result.rssMedianMiB ? `${result.rssMedianMiB.toFixed(0)} MiB (${((result.rssMedianMiB * 2 ** 20) / result.bytes).toFixed(1)}× the file)` : 'n/a'} |`,
  );
  sections.push(
    `## 6. Offline \`check --catalog\` (both families, targets slash and openai) on generated catalogs\n\nCatalogs from \`bench/gen-catalog.js\`: 50 tools per server, 10% of names shared by every server, long names every 17th tool.\n\n| tools | catalog file | min | median | max | runs | growth vs the previous size (10× the tools) | peak RSS (median) |\n|---|---|---|---|---|---|---|---|\n${rows.join('\n')}${refused.map(({ size, bytes }) => `\n\n${size.toLocaleString('en')} tools: not measured (the catalog is ${(bytes / 2 ** 20).toFixed(0)} MiB, over mcpns's ${DEFAULT_MAX_INPUT_BYTES / 2 ** 20} MiB input limit).`).join('')}`,
  );
}

// ---------------------------------------------------------------------------------------------------- 7. the gateway
if (wanted(7) && process.env.BENCH_SKIP_GATEWAY !== '1') {
  const { benchGateway, GATEWAY_EXPLAIN } = await import('./gateway.js');
  sections.push(await benchGateway({ verdict: (id, text, met, by) => verdict(id, text, met, by, undefined, GATEWAY_EXPLAIN), runs: RUNS }));
}

// ---------------------------------------------------------------------------------------------------- 8. tool search
if (wanted(8)) {
  const { runSearchBench } = await import('./search.js');
  const { figures, markdown } = await runSearchBench();
  const all = figures.rows.find((row) => row.split === 'all').mcpns;
  const why = 'ranking figures are over bench/search/requests.json; the dev and held-out halves are in section 8';
  verdict(
    '8a',
    `tool search recall@1 ≥ 0.80 without embeddings (${all.r1.toFixed(3)})`,
    all.r1 >= 0.8,
    `${((0.8 - all.r1) * 100).toFixed(1)} points`,
    undefined,
    why,
  );
  verdict(
    '8b',
    `tool search recall@5 ≥ 0.95 without embeddings (${all.r5.toFixed(3)})`,
    all.r5 >= 0.95,
    `${((0.95 - all.r5) * 100).toFixed(1)} points`,
    undefined,
    why,
  );
  verdict('8c', `router listing under 2% of the full listing (${(figures.listing.share * 100).toFixed(2)}%)`, figures.listing.share < 0.02, '', undefined, why);
  verdict('8d', `p50 search under 5 ms at ${figures.latency.tools} tools (${figures.latency.p50.toFixed(3)} ms)`, figures.latency.p50 < 5, '', undefined, why);
  verdict('8e', `index build linear: ×10 tools ≤ ×15 time (×${figures.build.ratio.toFixed(1)})`, figures.build.ratio <= 15, '', undefined, why);
  sections.push(markdown.trimEnd());
}

// ---------------------------------------------------------------------------------------------------- 9. router listing
if (wanted(9)) {
  const { runRouterListingBench } = await import('./router-listing.js');
  const { figures, markdown } = await runRouterListingBench();
  verdict('9a', `serve --router listing under 2% of the full listing (${(figures.share * 100).toFixed(2)}%)`, figures.share < 0.02, '', undefined, '');
  sections.push(markdown.trimEnd());
}

// ---------------------------------------------------------------------------------------------------- profiles of misses
const profiled = [];
for (const miss of misses) {
  if (!miss.contender) {
    profiled.push(miss);
    continue;
  }
  const dir = join(work, 'profiles', `${profiled.length + 1}`);
  mkdirSync(dir, { recursive: true });
  const args = [`--cpu-prof`, `--cpu-prof-dir=${dir}`, ...miss.contender.args];
  spawnSync(miss.contender.command, args, { cwd: miss.contender.cwd ?? root, stdio: 'ignore', env: { ...process.env, ...miss.contender.env } });
  const file = readdirSync(dir).find((name) => name.endsWith('.cpuprofile'));
  const summary = file ? summarizeProfile(JSON.parse(readFileSync(join(dir, file), 'utf8')), { root }) : undefined;
  profiled.push({ ...miss, profile: file ? `bench/.work/profiles/${profiled.length + 1}/${file}` : undefined, summary });
}

// The generated catalogs are large (300 MB for 1M tools): gone once profiled.
for (const name of readdirSync(work)) if (/^catalog-\d+\.json$/.test(name)) rmSync(join(work, name), { force: true });

// ---------------------------------------------------------------------------------------------------- RESULTS.md

const load = (values) => values.map((value) => value.toFixed(2)).join(' / ');
const overloaded = Math.max(loadAtStart[0], loadavg()[0]) > 2 * cpus().length;
const cpu = cpus()[0]?.model ?? 'unknown CPU';
const header = `# Benchmark results

Generated by \`npm run bench\` on ${new Date().toISOString().slice(0, 10)}.
Machine: ${osType()} ${release()}, ${cpus().length} × ${cpu}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB RAM, Node ${process.version}.
Load average (1/5/15 min) at the start: ${load(loadAtStart)}; at the end: ${load(loadavg())} — the machine is shared, so absolute times move with it; ratios compare contenders interleaved run by run.
Each figure is min/median/max over ${RUNS} runs (5 for 1M tools) after one warm-up run. Ratios compare medians with the section's baseline, measured in the same invocation.
${overloaded ? `\n**The load average passed twice the number of CPUs during this run: other processes had most of the CPU, so absolute times are inflated and even interleaved ratios are noisy (compare the min columns too).**\n` : ''}`;
const missText = profiled.length
  ? `\n## Why targets were missed\n\n${profiled
      .map(
        (miss) =>
          `### ${miss.id} ${miss.text}\n\nMissed by: ${miss.by}\n\nWhy: ${miss.explain ?? ''}\n\n${
            miss.summary
              ? `Profile (\`node --cpu-prof\`, one run of \`${miss.contender.args.map((arg) => arg.replace(root, '.')).join(' ')}\`, kept in \`${miss.profile}\`): ${miss.summary.text}`
              : ''
          }`,
      )
      .join('\n\n')}\n`
  : '';
const body = `${header}\n## Targets (the speed goals of issues 14, 22, 23, 25 and 31)\n\n${verdicts.join('\n')}\n\n${sections.join('\n\n')}\n${missText}`;
writeFileSync(only.size ? join(work, 'RESULTS.partial.md') : join(root, 'bench', 'RESULTS.md'), body);
process.stdout.write(body);
