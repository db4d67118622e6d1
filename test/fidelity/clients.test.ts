/**
 * mcpns held to what the real clients did (test/fidelity/clients/<client>.json, recorded by `npm run test:clients --
 * --record`; test/clients/README.md), without the clients: each recorded scenario's files are written again, read by
 * mcpns's config readers as `mcpns list --client <client>` reads them, and the servers mcpns would start are
 * "discovered" from the recording (the tools each listed, in its order, ready after the scenario's delay) instead of
 * being started. Every server verdict and every tool name must equal the client's.
 */
import { mkdirSync, readdirSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { acquireCatalog } from '../../src/source/acquire.js';
import type { GeminiApprovalMode } from '../../src/config/approval-mode.js';
import { loadConfig } from '../../src/config/load.js';
import type { ServerSpec } from '../../src/config/model.js';
import { liveSource } from '../../src/source/live-source.js';
import type { ServerDiscovery } from '../../src/catalog/types.js';
import { getTarget, namingInputFromCatalog } from '../../src/naming/index.js';
import { CLIENTS } from '../clients/drivers/index.js';
import { toolsOf } from '../clients/fixture-servers.js';
import { compare } from '../clients/harness.js';
import type { ClientDriver, ObservedScenario, Recording, Scenario, WriteContext } from '../clients/types.js';
import { makeTempDir } from '../helpers/temp.js';

const dir = fileURLToPath(new URL('./clients/', import.meta.url));
const recordings = readdirSync(dir)
  .filter((file) => file.endsWith('.json'))
  .map((file) => JSON.parse(readFileSync(join(dir, file), 'utf8')) as Recording);

/** The folders of a scenario with its files written, as the suite makes them (the project a git repository inside HOME). */
function folders(driver: ClientDriver, scenario: Scenario): { context: WriteContext; cwd: string } {
  const root = realpathSync(makeTempDir('mcpns-fidelity-clients-'));
  const home = join(root, 'home');
  const project = join(home, 'projects', 'demo');
  mkdirSync(join(project, '.git'), { recursive: true });
  const cwd = scenario.cwd ? join(project, scenario.cwd) : project;
  mkdirSync(cwd, { recursive: true });
  const context: WriteContext = {
    dirs: { root, home, project, serverLog: join(root, 'servers.jsonl') },
    // Never contacted: nothing is started.
    llmUrl: 'http://127.0.0.1:9',
    serverArgv: (server) => [process.execPath, 'named-tools.js', '--label', server.name, ...toolsOf(server)],
  };
  for (const [path, content] of Object.entries(driver.files(scenario, context))) {
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, content);
  }
  return { context, cwd };
}

/** Replays the recorded tools of each server mcpns starts: listed in the server's order, ready after its delay. */
function replay(scenario: Scenario) {
  return async (servers: ServerSpec[]): Promise<ServerDiscovery[]> =>
    servers.map((spec) => {
      const fixture = scenario.servers.find((server) => server.name === spec.name)!;
      const tools = toolsOf(fixture);
      return {
        server: {
          name: spec.name,
          transport: spec.transport,
          source: spec.source.file,
          client: spec.source.client,
          status: 'ok',
          durationMs: 10 + (fixture.delayMs ?? 0),
          toolCount: tools.length,
        },
        tools: tools.map((tool, listIndex) => ({
          server: spec.name,
          name: tool,
          description: `Fixture tool. fixture:${Buffer.from(JSON.stringify([spec.name, tool])).toString('base64url')}`,
          inputSchema: { type: 'object' },
          ...(fixture.readOnly?.includes(tool) ? { annotations: { readOnlyHint: true } } : {}),
          listIndex,
        })),
        stderr: '',
      };
    });
}

/** mcpns's `list --client <client> --preset <preset> --json` document for the scenario, from the replayed servers. */
async function mcpnsDocument(clientId: keyof typeof CLIENTS, scenario: Scenario): Promise<any> {
  const { driver } = CLIENTS[clientId];
  const { context, cwd } = folders(driver, scenario);
  const env = { HOME: context.dirs.home, PATH: process.env['PATH'], ...driver.mcpnsEnv(context) };
  // The scenario's run mode, as its `mcpns list` arguments give it (`--approval-mode <mode>`).
  const args = scenario.mcpnsArgs ?? [];
  const at = args.indexOf('--approval-mode');
  const mode = at >= 0 ? (args[at + 1] as GeminiApprovalMode) : undefined;
  const config = loadConfig({ clients: [driver.id], cwd, env, home: context.dirs.home, ...(mode ? { approvalMode: mode } : {}) });
  const source = liveSource(config.servers, { cwd, discover: replay(scenario) });
  const { catalog } = await acquireCatalog(source, { config, discovery: { concurrency: 8 }, now: new Date('2026-01-01T00:00:00Z') });
  const rendering = getTarget(driver.preset).render(namingInputFromCatalog(catalog));
  const tools = catalog.tools
    .map((tool, index) => {
      const rendered = rendering.names[index]!;
      return {
        ...tool,
        presets: {
          [driver.preset]: {
            name: rendered.name,
            ...(rendered.namespace !== undefined ? { namespace: rendered.namespace, function: rendered.function } : {}),
            ...(rendered.dropped ? { dropped: rendered.dropped } : {}),
          },
        },
      };
    })
    .filter((tool) => !tool.hidden);
  return { servers: catalog.servers, tools };
}

it('has a recording for every client of the suite, with its version and date', () => {
  expect(recordings.map((recording) => recording.client).sort()).toEqual(Object.keys(CLIENTS).sort());
  for (const recording of recordings) {
    expect(recording.version).toMatch(/^\d+\.\d+\.\d+$/);
    expect(recording.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  }
});

for (const recording of recordings) {
  const { driver, scenarios } = CLIENTS[recording.client];
  describe(`${driver.label} ${recording.version} (${recording.date})`, () => {
    it('recorded every scenario of the suite, with the servers and tools the suite defines', () => {
      expect(recording.scenarios.map((scenario) => scenario.id)).toEqual(scenarios.map((scenario) => scenario.id));
      for (const observed of recording.scenarios) {
        const scenario = scenarios.find((candidate) => candidate.id === observed.id)!;
        expect(observed.servers.map((server) => [server.name, server.verdict, server.tools.map((tool) => tool.tool)])).toEqual(
          scenario.servers.map((server) => [server.name, server.expect, toolsOf(server)]),
        );
      }
    });

    for (const observed of recording.scenarios) {
      const scenario = scenarios.find((candidate) => candidate.id === observed.id);
      if (!scenario) continue;
      it(`${observed.id}: every verdict and name as the client's`, async () => {
        const document = await mcpnsDocument(recording.client, scenario);
        expect(compare(scenario, observed as ObservedScenario, document, driver.preset).differences).toEqual([]);
      });
    }
  });
}
