// Router listing size (`npm run bench` section 9, or `node bench/router-listing.js` after `npm run build`).
// Over the search corpus (bench/search/corpus.json: tools/list of real MCP servers from npm), named as the gateway
// names them (server__tool): the full tools/list a client reads in every request vs what `serve --router` lists
// (search_tools, call_tool, describe_tool; no pins), and what one search answer costs (limit 5, full input schemas)
// for each request of bench/search/requests.json. Sizes are characters of JSON; tokens are estimated as chars / 4.
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { Router, SEARCH_TOOL } from '../dist/gateway/router/index.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const corpus = JSON.parse(readFileSync(join(root, 'bench', 'search', 'corpus.json'), 'utf8'));
const { requests } = JSON.parse(readFileSync(join(root, 'bench', 'search', 'requests.json'), 'utf8'));

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

export async function runRouterListingBench() {
  const exposed = corpus.tools.map((tool) => ({
    server: tool.server,
    tool: tool.name,
    definition: {
      name: `${tool.server}__${tool.name}`,
      ...(tool.title ? { title: tool.title } : {}),
      ...(tool.description !== undefined ? { description: tool.description } : {}),
      inputSchema: tool.inputSchema,
      ...(tool.annotations ? { annotations: tool.annotations } : {}),
    },
  }));
  const router = new Router({ exposedTools: () => exposed }, { servers: corpus.servers.map((server) => server.name) });
  const full = JSON.stringify({ tools: exposed.map((each) => each.definition) }).length;
  const listing = JSON.stringify({ tools: router.listing().tools }).length;
  const context = { signal: new AbortController().signal, callTool: async () => ({ content: [] }) };
  await router.call(SEARCH_TOOL, { query: 'warm up the index' }, context);
  const answers = [];
  const latencies = [];
  for (const request of requests) {
    const start = performance.now();
    const result = await router.call(SEARCH_TOOL, { query: request.request }, context);
    latencies.push(performance.now() - start);
    // What a model reads: the text block (structuredContent carries the same JSON for programs).
    answers.push(result.content[0].text.length);
  }
  const figures = {
    tools: exposed.length,
    servers: corpus.servers.length,
    fullChars: full,
    routerChars: listing,
    share: listing / full,
    answer: { requests: requests.length, medianChars: median(answers), maxChars: Math.max(...answers) },
    latency: { p50: median(latencies), max: Math.max(...latencies) },
  };
  return { figures, markdown: markdown(figures) };
}

const tokens = (chars) => `≈${Math.round(chars / 4).toLocaleString('en-US')} tokens`;

function markdown(figures) {
  let text = `## 9. Router listing (bench/router-listing.js)\n\n`;
  text += `${figures.tools} tools of ${figures.servers} real servers (bench/search/corpus.json), named server__tool.\n\n`;
  text += `| what a client reads | chars | tokens |\n|---|---|---|\n`;
  text += `| full tools/list (every tool, every request) | ${figures.fullChars.toLocaleString('en-US')} | ${tokens(figures.fullChars)} |\n`;
  text += `| \`serve --router\` tools/list (search_tools, call_tool, describe_tool) | ${figures.routerChars.toLocaleString('en-US')} | ${tokens(figures.routerChars)} |\n`;
  text += `| one search_tools answer, median of ${figures.answer.requests} requests (5 tools, full schemas) | ${figures.answer.medianChars.toLocaleString('en-US')} | ${tokens(figures.answer.medianChars)} |\n`;
  text += `| one search_tools answer, largest | ${figures.answer.maxChars.toLocaleString('en-US')} | ${tokens(figures.answer.maxChars)} |\n\n`;
  text += `Router listing: ${(figures.share * 100).toFixed(2)}% of the full listing. search_tools through the router (search + answer): p50 ${figures.latency.p50.toFixed(3)} ms, max ${figures.latency.max.toFixed(2)} ms.\n`;
  return text;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { markdown: text } = await runRouterListingBench();
  process.stdout.write(text);
}
