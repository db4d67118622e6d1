// Tool search benchmark (`npm run bench` section 8, or `node bench/search.js` after `npm run build`).
// Corpus: bench/search/corpus.json, tools/list of 19 real MCP servers from npm (package + version per server).
// Requests: bench/search/requests.json, written as users phrase them and labelled with every acceptable tool; half are
// held out (never looked at while the ranking was changed) and both halves are reported.
// Measures recall@1, recall@5 and MRR of mcpns's ranking beside plain BM25 over names and descriptions (same run),
// the router listing's size against the full listing, search latency at ~1,000 tools and index build time vs size.
//   recall@1: the first result is acceptable (for a two-tool request: acceptable for either step);
//   recall@5: every step has an acceptable tool in the first five; MRR: 1 / rank of the first acceptable result.
// SEARCH_MODULE=<file> measures another build of src/search (default dist/search/index.js).
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const corpus = JSON.parse(readFileSync(join(root, 'bench', 'search', 'corpus.json'), 'utf8'));
const { requests } = JSON.parse(readFileSync(join(root, 'bench', 'search', 'requests.json'), 'utf8'));

/** Plain BM25 (k1 1.2, b 0.75) over name + description, words split on anything not a letter or digit, lower-cased. */
export function plainBm25(tools) {
  const tokens = (text) => (text ?? '').toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  const docs = tools.map((tool) => {
    const counts = new Map();
    const words = [...tokens(tool.name), ...tokens(tool.description)];
    for (const word of words) counts.set(word, (counts.get(word) ?? 0) + 1);
    return { tool, counts, length: words.length };
  });
  const average = docs.reduce((sum, doc) => sum + doc.length, 0) / docs.length;
  const df = new Map();
  for (const doc of docs) for (const word of doc.counts.keys()) df.set(word, (df.get(word) ?? 0) + 1);
  return (query, limit) => {
    const words = [...new Set(tokens(query))];
    return docs
      .map((doc) => {
        let score = 0;
        for (const word of words) {
          const tf = doc.counts.get(word);
          if (!tf) continue;
          const n = df.get(word);
          const idf = Math.log(1 + (docs.length - n + 0.5) / (n + 0.5));
          score += (idf * tf * 2.2) / (tf + 1.2 * (0.25 + (0.75 * doc.length) / average));
        }
        return { name: doc.tool.qualifiedName, score };
      })
      .filter((hit) => hit.score > 0)
      .sort((a, b) => b.score - a.score || (a.name < b.name ? -1 : 1))
      .slice(0, limit)
      .map((hit) => hit.name);
  };
}

const stepsOf = (request) => request.steps ?? [request.accept];

/** recall@1, recall@5 and MRR of a ranker over requests. */
function score(rank, subset) {
  let r1 = 0;
  let r5 = 0;
  let mrr = 0;
  for (const request of subset) {
    const names = rank(request.request, 10);
    const steps = stepsOf(request);
    const acceptable = new Set(steps.flat());
    if (names[0] && acceptable.has(names[0])) r1++;
    if (steps.every((step) => step.some((name) => names.slice(0, 5).includes(name)))) r5++;
    const first = names.findIndex((name) => acceptable.has(name));
    if (first >= 0) mrr += 1 / (first + 1);
  }
  const n = subset.length || 1;
  return { n: subset.length, r1: r1 / n, r5: r5 / n, mrr: mrr / n };
}

/** Requests sharing no word with any acceptable tool's name (split as mcpns splits names). */
function sharesNoWord(request, words) {
  const asked = new Set(words(request.request));
  return stepsOf(request)
    .flat()
    .every((name) => !words(name.split('/').slice(1).join('/')).some((word) => asked.has(word)));
}

const percentile = (values, share) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))];
};
const median = (values) => percentile(values, 0.5);

/** The corpus copied `times` times under renamed servers (a larger catalog with the same shape). */
function replicate(times) {
  const tools = [];
  const servers = [];
  for (let copy = 0; copy < times; copy++) {
    const suffix = copy ? `-${copy + 1}` : '';
    for (const server of corpus.servers) servers.push({ ...server, name: server.name + suffix });
    for (const tool of corpus.tools) tools.push({ ...tool, server: tool.server + suffix, qualifiedName: `${tool.server}${suffix}/${tool.name}` });
  }
  return { tools, servers };
}

function timeBuild(engine, catalog, runs) {
  const times = [];
  for (let run = 0; run < runs; run++) {
    const start = performance.now();
    engine.buildSearchIndex(catalog.tools, { servers: catalog.servers });
    times.push(performance.now() - start);
  }
  return median(times);
}

/** Run the benchmark; returns the figures and a markdown section. `split` limits the requests (dev / held-out). */
export async function runSearchBench(options = {}) {
  const modulePath = options.module ?? process.env.SEARCH_MODULE ?? join(root, 'dist', 'search', 'index.js');
  const engine = await import(pathToFileURL(resolve(modulePath)).href);
  const index = engine.buildSearchIndex(corpus.tools, { servers: corpus.servers });
  const mcpns = (query, limit) => engine.search(index, query, { limit }).results.map((result) => result.qualifiedName);
  const bm25 = plainBm25(corpus.tools);
  const splits = options.split ? [options.split] : ['dev', 'held-out', 'all'];
  const rows = [];
  for (const split of splits) {
    const subset = split === 'all' ? requests : requests.filter((request) => request.split === split);
    rows.push({ split, mcpns: score(mcpns, subset), bm25: score(bm25, subset) });
  }
  const chosen = options.split ? requests.filter((request) => request.split === options.split) : requests;
  const noWord = chosen.filter((request) => sharesNoWord(request, engine.words));
  const kinds = ['ambiguous', 'two'].map((kind) => {
    const subset = chosen.filter((request) => request.kind === kind);
    return { kind, mcpns: score(mcpns, subset), bm25: score(bm25, subset) };
  });
  const noWordRow = { kind: 'no word shared with the tool name', mcpns: score(mcpns, noWord), bm25: score(bm25, noWord) };

  // Listing size: every tool's definition (tools/list) vs the router's search, call and describe tools.
  const full = JSON.stringify({
    tools: corpus.tools.map((tool) => ({ name: tool.qualifiedName, description: tool.description, inputSchema: tool.inputSchema })),
  });
  // The router's own definitions as `serve --router` lists them (built from src/gateway/router/definitions.ts), with
  // the corpus's servers and tool counts in the search tool's description.
  const { routerDefinitions } = await import(pathToFileURL(join(root, 'dist', 'gateway', 'router', 'index.js')).href);
  const perServer = new Map(corpus.servers.map((server) => [server.name, corpus.tools.filter((tool) => tool.server === server.name).length]));
  const router = JSON.stringify({ tools: routerDefinitions(perServer) });

  // Latency at ~1,000 tools: every request searched, the median of all searches after one warm-up pass.
  const big = replicate(Math.ceil(1000 / corpus.tools.length));
  const bigIndex = engine.buildSearchIndex(big.tools, { servers: big.servers });
  for (const request of requests) engine.search(bigIndex, request.request, { limit: 5 });
  const latencies = [];
  for (let pass = 0; pass < 3; pass++) {
    for (const request of requests) {
      const start = performance.now();
      engine.search(bigIndex, request.request, { limit: 5 });
      latencies.push(performance.now() - start);
    }
  }
  // Build time at ~250, ~1,000 and ~4,000 tools (the corpus ×1, ×4, ×16): linear when time grows as the tools do.
  // Each build starts cold (no previous index), after one warm-up build of the smallest.
  const sizes = [1, 4, 16].map(replicate);
  timeBuild(engine, sizes[0], 2);
  const builds = sizes.map((catalog, i) => ({ tools: catalog.tools.length, ms: timeBuild(engine, catalog, i === 2 ? 3 : 5) }));
  // The ×10 pair bench/run.js judges linearity by (~1,000 and ~10,000 tools).
  const large = replicate(40);
  const buildLarge = timeBuild(engine, large, 2);
  const build = { smallTools: builds[1].tools, smallMs: builds[1].ms, largeTools: large.tools.length, largeMs: buildLarge, ratio: buildLarge / builds[1].ms };

  const figures = {
    rows,
    kinds: [...kinds, noWordRow],
    listing: { fullChars: full.length, routerChars: router.length, share: router.length / full.length },
    latency: { tools: big.tools.length, p50: percentile(latencies, 0.5), p95: percentile(latencies, 0.95), max: Math.max(...latencies) },
    builds,
    build,
  };
  return { figures, markdown: markdown(figures) };
}

const pct = (value) => `${(value * 100).toFixed(1)}%`;
const fixed = (value) => value.toFixed(3);

function markdown(figures) {
  const servers = corpus.servers.map((server) => `${server.package}@${server.packageVersion}`).join(', ');
  let text = `## 8. Tool search (bench/search.js)\n\n`;
  text += `Corpus: ${corpus.tools.length} tools from ${corpus.servers.length} servers (${servers}). ${requests.length} requests, half held out.\n\n`;
  text += `| requests | n | mcpns R@1 | mcpns R@5 | mcpns MRR | BM25 R@1 | BM25 R@5 | BM25 MRR |\n|---|---|---|---|---|---|---|---|\n`;
  for (const row of [...figures.rows.map((row) => ({ ...row, kind: row.split })), ...figures.kinds]) {
    text += `| ${row.kind} | ${row.mcpns.n} | ${fixed(row.mcpns.r1)} | ${fixed(row.mcpns.r5)} | ${fixed(row.mcpns.mrr)} | ${fixed(row.bm25.r1)} | ${fixed(row.bm25.r5)} | ${fixed(row.bm25.mrr)} |\n`;
  }
  const { listing, latency, builds, build } = figures;
  text += `\nListing: full tools/list ${listing.fullChars} chars (≈${Math.round(listing.fullChars / 4)} tokens), router's search_tools, call_tool and describe_tool ${listing.routerChars} chars (≈${Math.round(listing.routerChars / 4)} tokens): ${pct(listing.share)} of the full listing.\n`;
  text += `Search latency at ${latency.tools} tools: p50 ${latency.p50.toFixed(3)} ms, p95 ${latency.p95.toFixed(3)} ms, max ${latency.max.toFixed(2)} ms.\n`;
  const [first] = builds;
  text += `Index build: ${builds.map((build) => `${build.tools} tools ${build.ms.toFixed(1)} ms (${((build.ms / build.tools) * 1000).toFixed(0)} µs/tool)`).join(', ')}; ×${(builds.at(-1).tools / first.tools).toFixed(0)} tools → ×${(builds.at(-1).ms / first.ms).toFixed(1)} time; ${build.largeTools} tools ${build.largeMs.toFixed(0)} ms (×${(build.largeTools / build.smallTools).toFixed(0)} tools from ${build.smallTools} → ×${build.ratio.toFixed(1)} time).\n`;
  return text;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const split = process.argv.find((arg) => arg.startsWith('--split='))?.slice('--split='.length);
  const { markdown: text } = await runSearchBench(split ? { split } : {});
  process.stdout.write(text);
}
