/**
 * Which real clients re-list on `notifications/tools/list_changed` (issue 31 §4, docs/serve.md): `mcpns serve` is the
 * client's only server, in front of `calc` (ready at once) and `late`, whose tools/list is held until the model's
 * first request has been made, so the client's first list has only calc's tool. The scripted model then calls calc's
 * tool; the gateway meanwhile lists `late` and tells the client. That call is answered once the client has asked the
 * gateway for its tools again (or 15 s after the announcement: it did not). Seen on the gateway's stdio (a tap between
 * client and gateway): whether the client sent tools/list after list_changed; seen at the model: whether the second
 * request of the same turn offers late's tool.
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startFakeLlm, type RecordedRequest, type ScriptedCall } from '../../fixtures/llm/fake-llm.js';
import { waitUntil } from '../helpers/assertions.js';
import { FIXTURES_DIR, REPO_ROOT } from '../helpers/fixtures.js';
import { CLIENTS } from './drivers/index.js';
import { readMarker } from './fixture-servers.js';
import { baseEnv, endLeftovers, makeDirs, readServerLog, runBounded, writeContext, writeFiles } from './harness.js';
import type { ClientDriver, ClientId, FixtureServer, Scenario } from './types.js';

const installed = JSON.parse(process.env['MCPNS_CLIENT_BINS'] ?? '{}') as Partial<Record<ClientId, { path: string; version: string }>>;
const MCPNS = join(REPO_ROOT, 'bin', 'mcpns.js');
const TAP = join(FIXTURES_DIR, 'stdio-tap.js');
/** calc's tool is read-only: Codex runs it without asking. */
const CALC: FixtureServer = { name: 'calc', readOnly: ['add_numbers'], expect: 'loaded' };
const LATE: FixtureServer = { name: 'late', tools: ['get_forecast'], expect: 'loaded' };
/** How long after list_changed a client that re-lists is given to do so. */
const RELIST_GRACE_MS = 15_000;
/** What each pinned version was seen to do (docs/serve.md's table): a new version that differs fails here. */
const RELISTS: Record<ClientId, boolean> = { 'claude-code': true, codex: false, 'gemini-cli': true, opencode: true };
const CLIENT_ARGS: Record<ClientId, string[]> = {
  'claude-code': ['--allowedTools', 'mcp__mcpns'],
  codex: [],
  'gemini-cli': ['--approval-mode', 'yolo'],
  opencode: [],
};

interface TapLine {
  t: number;
  dir: 'in' | 'out';
  method?: string;
}

const readTap = (file: string): TapLine[] =>
  existsSync(file)
    ? readFileSync(file, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as TapLine)
    : [];

/**
 * The tap's lines after the gateway's first list_changed sent after `since` (late's gate opened: earlier ones announced
 * calc, during the first start); undefined before it was sent.
 */
function afterListChanged(lines: TapLine[], since: number): TapLine[] | undefined {
  const at = lines.findIndex((line) => line.t >= since && line.dir === 'out' && line.method === 'notifications/tools/list_changed');
  return at < 0 ? undefined : lines.slice(at);
}

const fixtureTools = (request: RecordedRequest): string[] =>
  request.toolNames.flatMap((entry) => {
    const marker = readMarker(entry.description);
    return marker ? [`${marker.server}/${marker.tool}`] : [];
  });

async function runLate(driver: ClientDriver, bin: string) {
  const dirs = makeDirs();
  try {
    const gate = join(dirs.root, 'late.gate');
    const callGate = join(dirs.root, 'call.gate');
    const tapLog = join(dirs.root, 'tap.jsonl');
    const base = writeContext(dirs, '');
    const folder = join(dirs.root, 'gateway');
    mkdirSync(folder, { recursive: true });
    const argv = (server: FixtureServer, extra: string[]) => {
      const [command, ...args] = base.serverArgv(server);
      return { command, args: [...args, ...extra] };
    };
    const config = join(folder, 'mcpns.config.json');
    writeFileSync(config, JSON.stringify({ servers: { calc: argv(CALC, ['--call-gate', callGate]), late: argv(LATE, ['--gate', gate]) } }, null, 2));
    const serve = [TAP, '--log', tapLog, '--', process.execPath, MCPNS, 'serve', '--for', driver.preset, '--as', 'mcpns', '--config', config];

    let called = false;
    let gateOpened = 0;
    const reply = (request: RecordedRequest): ScriptedCall | undefined => {
      const calc = request.toolNames.find((entry) => readMarker(entry.description)?.server === 'calc');
      if (called || !calc?.name || (request.toolResults ?? []).length) return undefined;
      called = true;
      // The first list is out (the model was asked): late's tools may come now.
      gateOpened = Date.now();
      writeFileSync(gate, '');
      return { name: calc.name, arguments: { value: '2+3' }, ...(calc.namespace ? { namespace: calc.namespace } : {}) };
    };
    const llm = await startFakeLlm({ reply });
    const context = { ...writeContext(dirs, llm.url), serverArgv: () => [process.execPath, ...serve] };
    const scope = driver.id === 'codex' ? 'user' : driver.scopes[0];
    const scenario: Scenario = {
      id: 'list-changed',
      description: 'a server of the gateway arrives after the first list',
      servers: [{ name: 'mcpns', expect: 'loaded', ...(scope ? { scope } : {}) }],
      clientArgs: CLIENT_ARGS[driver.id],
    };
    writeFiles(driver.files(scenario, context));
    // calc's answer waits until the client re-listed after list_changed, or the grace is over.
    const watcher = (async () => {
      const announced = await waitUntil(() => gateOpened > 0 && afterListChanged(readTap(tapLog), gateOpened)?.[0], 'the gateway never announced late', {
        timeoutMs: 120_000,
      });
      const relist = await waitUntil(
        () => afterListChanged(readTap(tapLog), gateOpened)!.find((line) => line.dir === 'in' && line.method === 'tools/list'),
        'no re-list',
        { timeoutMs: RELIST_GRACE_MS },
      ).catch(() => undefined);
      writeFileSync(callGate, '');
      return relist ? relist.t - announced.t : undefined;
    })();
    let result;
    try {
      result = await runBounded(bin, driver.argv(scenario), {
        cwd: dirs.project,
        env: { ...baseEnv(dirs), ...driver.env(scenario, context) },
        deadlineMs: 180_000,
      });
    } finally {
      writeFileSync(gate, '');
      writeFileSync(callGate, '');
      await llm.close();
    }
    const relistMs = await watcher.catch(() => undefined);
    await endLeftovers(readServerLog(dirs.serverLog).pids);
    return { result, requests: llm.requests, tap: readTap(tapLog), relistMs };
  } finally {
    rmSync(dirs.root, { recursive: true, force: true });
  }
}

for (const [id, client] of Object.entries(installed) as Array<[ClientId, { path: string; version: string }]>) {
  const { driver } = CLIENTS[id];
  describe(`${driver.label} ${client.version}: tools that arrive after the first list`, () => {
    it('re-lists on list_changed, or not, and what its model is offered next', async () => {
      const run = await runLate(driver, client.path);
      const first = run.requests.find((request) => request.called);
      const context = `client exit ${run.result.exitCode ?? run.result.signal}; stderr tail:\n${run.result.stderr.slice(-1500)}\ntap (ms, direction, method): ${JSON.stringify(run.tap.filter((line) => line.method).map((line) => [line.t - run.tap[0]!.t, line.dir, line.method])).slice(0, 3000)}\nrequests: ${JSON.stringify(run.requests.map((request) => ({ api: request.api, tools: fixtureTools(request), results: request.toolResults })))}`;
      expect(run.result.stalled, context).toBe(false);
      expect(first, `the model was never offered calc's tool\n${context}`).toBeDefined();
      expect(fixtureTools(first!), context).toEqual(['calc/add_numbers']);
      const second = run.requests.find((request) => (request.toolResults ?? []).length >= 1);
      expect(second, `calc's answer never reached the model\n${context}`).toBeDefined();
      const offeredLate = fixtureTools(second!).includes('late/get_forecast');
      const lists = run.tap.filter((line) => line.dir === 'in' && line.method === 'tools/list').length;
      process.stdout.write(
        `${driver.label} ${client.version} list_changed: re-listed ${run.relistMs !== undefined ? `yes, ${run.relistMs} ms after it` : 'no'} (tools/list ${lists}× in all); second request offers late's tool: ${offeredLate ? 'yes' : 'no'} (${fixtureTools(second!).join(', ')})\n`,
      );
      expect({ relisted: run.relistMs !== undefined, offeredLate }, context).toEqual({ relisted: RELISTS[id], offeredLate: RELISTS[id] });
    });
  });
}
