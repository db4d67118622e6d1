/**
 * The gateway judged by the real clients (test/clients/README.md), with `mcpns serve` as each client's only MCP server
 * in front of three fixture servers:
 * - names (issue 33): the names `serve --dry-run --json --for <client>` gives (`names[].final`; Codex: namespace and
 *   function) are the names the client sent its model;
 * - router (issue 32 §5): under `serve --router` the client sends its model the router's three tools and the pin, no
 *   other upstream tool; the scripted model searches, gets the right tool, calls it through `call_tool`, and the
 *   fixture server's answer comes back to the model.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startFakeLlm, type RecordedRequest, type ScriptedCall } from '../../fixtures/llm/fake-llm.js';
import { REPO_ROOT } from '../helpers/fixtures.js';
import { CLIENTS } from './drivers/index.js';
import { readMarker } from './fixture-servers.js';
import { baseEnv, endLeftovers, makeDirs, readServerLog, runBounded, writeContext, writeFiles, type ProcessResult } from './harness.js';
import type { ClientDriver, ClientId, FixtureServer, RunDirs, Scenario } from './types.js';

const installed = JSON.parse(process.env['MCPNS_CLIENT_BINS'] ?? '{}') as Partial<Record<ClientId, { path: string; version: string }>>;
const MCPNS = join(REPO_ROOT, 'bin', 'mcpns.js');
const UPSTREAMS: FixtureServer[] = [
  { name: 'weather', tools: ['get_forecast', 'get_alerts'], expect: 'loaded' },
  { name: 'files', tools: ['read_file', 'write_file'], expect: 'loaded' },
  { name: 'calc', tools: ['add_numbers', 'multiply_numbers'], expect: 'loaded' },
];
const PIN = 'files/read_file';
const REQUEST = 'weather forecast for tomorrow';
const ROUTER_TOOLS = ['search_tools', 'call_tool', 'describe_tool'];
/** Each client's flat name for an offered tool (Codex: namespace + function). */
const flat = (entry: { name?: string | undefined; namespace?: string | undefined }): string => `${entry.namespace ?? ''}${entry.name ?? ''}`;

interface GatewayRun {
  requests: RecordedRequest[];
  process: ProcessResult;
  /** `serve --dry-run --json` for the same config and client. */
  dryRun: any;
  ms: number;
}

/** Run the client once with `mcpns serve [--router] --for <client> --as mcpns --config …` as its only server. */
async function runThroughGateway(
  driver: ClientDriver,
  bin: string,
  options: { router: boolean; reply?: (request: RecordedRequest) => ScriptedCall | undefined },
): Promise<GatewayRun> {
  const dirs = makeDirs();
  try {
    const config = writeGatewayConfig(dirs);
    const serve = [MCPNS, 'serve', ...(options.router ? ['--router'] : []), '--for', driver.preset, '--as', 'mcpns', '--config', config];
    const llm = await startFakeLlm(options.reply ? { reply: options.reply } : {});
    const base = writeContext(dirs, llm.url);
    const context = { ...base, serverArgv: (server: FixtureServer) => (server.name === 'mcpns' ? [process.execPath, ...serve] : base.serverArgv(server)) };
    // Codex reads a project's .codex/config.toml only in a trusted project: the gateway goes in the user file.
    const scope = driver.id === 'codex' ? 'user' : driver.scopes[0];
    const scenario: Scenario = {
      id: options.router ? 'router' : 'gateway-names',
      description: 'mcpns serve as the only server',
      servers: [{ name: 'mcpns', expect: 'loaded', ...(scope ? { scope } : {}), ...(options.router && driver.id === 'codex' ? { entry: CODEX_APPROVE } : {}) }],
      clientArgs: CLIENT_ARGS[driver.id],
    };
    writeFiles(driver.files(scenario, context));
    const started = Date.now();
    let result: ProcessResult;
    try {
      result = await runBounded(bin, driver.argv(scenario), {
        cwd: dirs.project,
        env: { ...baseEnv(dirs), ...driver.env(scenario, context) },
        deadlineMs: 180_000,
      });
    } finally {
      await llm.close();
    }
    const ms = Date.now() - started;
    await endLeftovers(readServerLog(dirs.serverLog).pids);
    const dry = await runBounded(process.execPath, [MCPNS, 'serve', '--dry-run', '--json', '--for', driver.preset, '--as', 'mcpns', '--config', config], {
      cwd: dirs.project,
      env: baseEnv(dirs),
      deadlineMs: 120_000,
    });
    await endLeftovers(readServerLog(dirs.serverLog).pids);
    let dryRun: any;
    try {
      dryRun = JSON.parse(dry.stdout);
    } catch {
      dryRun = undefined;
    }
    return { requests: llm.requests, process: result, dryRun, ms };
  } finally {
    rmSync(dirs.root, { recursive: true, force: true });
  }
}

/** What each client needs to run the router's tools without asking (none of them can ask in a one-shot run). */
const CLIENT_ARGS: Record<ClientId, string[]> = {
  'claude-code': ['--allowedTools', 'mcp__mcpns'],
  codex: [],
  'gemini-cli': ['--approval-mode', 'yolo'],
  opencode: [],
};

/**
 * Codex runs an MCP tool without asking only when it is annotated read-only (search_tools, describe_tool); call_tool is
 * not, and `codex exec` cannot ask ("MCP tool call requires approval, but approval policy is never"): the user approves
 * it once in the gateway's entry.
 */
const CODEX_APPROVE = { tools: { call_tool: { approval_mode: 'approve' } } };

function writeGatewayConfig(dirs: RunDirs): string {
  const folder = join(dirs.root, 'gateway');
  mkdirSync(folder, { recursive: true });
  const context = writeContext(dirs, '');
  const servers = Object.fromEntries(
    UPSTREAMS.map((server) => {
      const [command, ...args] = context.serverArgv(server);
      return [server.name, { command, args }];
    }),
  );
  const file = join(folder, 'mcpns.config.json');
  writeFileSync(file, `${JSON.stringify({ servers, router: { pin: [PIN] } }, null, 2)}\n`);
  return file;
}

/**
 * The search answer inside a tool result, however the client wrapped it: a text block, JSON in JSON, Gemini's
 * `functionResponse.response` (text inside `<untrusted_context>` tags), Codex's "Wall time: … Output:" lines before the text.
 */
function findSearchAnswer(value: unknown): { query: string; tools: Array<{ name: string; server: string }> } | undefined {
  if (typeof value === 'string') {
    const start = value.indexOf('{');
    if (start < 0) return undefined;
    try {
      return findSearchAnswer(JSON.parse(value.slice(start, value.lastIndexOf('}') + 1)));
    } catch {
      return undefined;
    }
  }
  if (!value || typeof value !== 'object') return undefined;
  const record = value as Record<string, unknown>;
  if (typeof record['query'] === 'string' && Array.isArray(record['tools'])) return record as never;
  for (const inner of Object.values(record)) {
    const found = findSearchAnswer(inner);
    if (found) return found;
  }
  return undefined;
}

/** The scripted model: search first, then call the first tool found through call_tool, then answer. */
function routerModel(request: RecordedRequest): ScriptedCall | undefined {
  const tool = (name: string) => request.toolNames.find((entry) => entry.name?.endsWith(name));
  const search = tool('search_tools');
  const call = tool('call_tool');
  if (!search?.name || !call?.name) return undefined;
  const ns = (entry: typeof search) => (entry.namespace ? { namespace: entry.namespace } : {});
  const results = request.toolResults ?? [];
  if (results.length === 0) return { name: search.name, arguments: { query: REQUEST, limit: 3 }, ...ns(search) };
  if (results.length === 1) {
    const found = findSearchAnswer(results[0])?.tools[0]?.name;
    if (found) return { name: call.name!, arguments: { name: found, arguments: { value: 'Paris' } }, ...ns(call) };
  }
  return undefined;
}

const explain = (run: GatewayRun): string =>
  `client exit ${run.process.exitCode ?? run.process.signal}; stderr tail:\n${run.process.stderr.slice(-1500)}\nstdout tail:\n${run.process.stdout.slice(-1500)}\n` +
  `requests: ${JSON.stringify(run.requests.map((request) => ({ api: request.api, tools: request.toolNames.map(flat), results: request.toolResults, called: request.called })))}`.slice(
    0,
    6000,
  );

for (const [id, client] of Object.entries(installed) as Array<[ClientId, { path: string; version: string }]>) {
  const { driver } = CLIENTS[id];
  describe(`${driver.label} ${client.version}: through the gateway`, () => {
    it('sends its model the names serve --dry-run --json --for gives (names[].final)', async () => {
      const run = await runThroughGateway(driver, client.path, { router: false });
      const context = explain(run);
      expect(run.process.stalled, context).toBe(false);
      expect(run.dryRun, 'serve --dry-run --json printed a document').toBeDefined();
      const offered = run.requests.find((request) => request.toolNames.some((entry) => readMarker(entry.description)));
      expect(offered, `no request offered a fixture tool\n${context}`).toBeDefined();
      const sent = new Map<string, { name?: string | undefined; namespace?: string | undefined }>();
      for (const entry of offered!.toolNames) {
        const marker = readMarker(entry.description);
        if (marker) sent.set(`${marker.server}/${marker.tool}`, entry);
      }
      const names = run.dryRun.names as Array<{ server: string; tool: string; final: string; namespace?: string; function?: string }>;
      expect(names.map((name) => `${name.server}/${name.tool}`).sort()).toEqual([...sent.keys()].sort());
      for (const name of names) {
        const entry = sent.get(`${name.server}/${name.tool}`)!;
        if (name.namespace !== undefined)
          expect({ namespace: entry.namespace, name: entry.name }, name.final).toEqual({ namespace: name.namespace, name: name.function });
        else expect(entry.name, `${name.server}/${name.tool}`).toBe(name.final);
      }
      process.stdout.write(`${driver.label} gateway names: ${names.length} of ${names.length} equal (${run.ms} ms): ${names.map((n) => n.final).join(', ')}\n`);
    });

    it('searches and calls through serve --router', async () => {
      const run = await runThroughGateway(driver, client.path, { router: true, reply: routerModel });
      const context = explain(run);
      expect(run.process.stalled, context).toBe(false);
      const first = run.requests.find((request) => request.called);
      expect(first, `the model was never offered the router's tools\n${context}`).toBeDefined();
      const offered = first!.toolNames;
      // The router's three tools, under the client's naming of server "mcpns", and of the upstream tools only the pin.
      for (const tool of ROUTER_TOOLS)
        expect(offered.filter((entry) => entry.name?.endsWith(tool) && flat(entry).includes('mcpns')).length, `${tool}\n${context}`).toBe(1);
      const upstream = offered.flatMap((entry) => {
        const marker = readMarker(entry.description);
        return marker ? [`${marker.server}/${marker.tool}`] : [];
      });
      expect(upstream, context).toEqual([PIN]);
      // The search's answer reached the model and names the right tool; the call through call_tool reached the server.
      const afterSearch = run.requests.find((request) => (request.toolResults ?? []).length >= 1 && request.called?.name.endsWith('call_tool'));
      expect(afterSearch, `no call_tool after the search\n${context}`).toBeDefined();
      const answer = findSearchAnswer(afterSearch!.toolResults![0]);
      expect(answer?.query, context).toBe(REQUEST);
      expect(answer?.tools[0], context).toMatchObject({ name: 'weather__get_forecast', server: 'weather' });
      expect(afterSearch!.called!.arguments).toEqual({ name: 'weather__get_forecast', arguments: { value: 'Paris' } });
      const afterCall = run.requests.find((request) => (request.toolResults ?? []).length >= 2);
      expect(afterCall, `the call_tool result never reached the model\n${context}`).toBeDefined();
      expect(afterCall!.toolResults![1], context).toContain('called get_forecast');
      process.stdout.write(
        `${driver.label} router: offered ${offered.map(flat).join(', ')}; search → ${answer!.tools.map((tool) => tool.name).join(', ')}; call_tool → ${JSON.stringify(afterCall!.toolResults![1]).slice(0, 120)} (${run.ms} ms, ${run.requests.length} requests)\n`,
      );
    });
  });
}
