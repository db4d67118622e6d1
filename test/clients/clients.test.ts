/**
 * The real-client suite (`npm run test:clients`, test/clients/README.md): every scenario of every installed client is
 * run by the client and by `mcpns list`, and every server verdict and tool name must agree. With
 * MCPNS_CLIENTS_RECORD=1 (`--record`) the clients' behaviour is written to test/fidelity/clients/<client>.json, which
 * `npm test` then holds mcpns to without the clients.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../helpers/fixtures.js';
import { CLIENTS } from './drivers/index.js';
import { compare, fitsVerdict, formatRecording, runScenario } from './harness.js';
import type { ClientId, ObservedScenario, Recording } from './types.js';

interface InstalledClient {
  path: string;
  version: string;
  package: string;
}

const installed = JSON.parse(process.env['MCPNS_CLIENT_BINS'] ?? '{}') as Partial<Record<ClientId, InstalledClient>>;
const record = process.env['MCPNS_CLIENTS_RECORD'] === '1';
/** A folder to write each run's observations and mcpns document to, for a closer look (MCPNS_CLIENTS_DUMP). */
const dump = process.env['MCPNS_CLIENTS_DUMP'];

if (!Object.keys(installed).length) {
  it('needs the clients', () => {
    throw new Error('run this suite with `npm run test:clients`: it installs the clients and passes their paths in MCPNS_CLIENT_BINS');
  });
}

for (const [id, client] of Object.entries(installed) as Array<[ClientId, InstalledClient]>) {
  const { driver, scenarios } = CLIENTS[id];
  describe(`${driver.label} ${client.version}`, () => {
    const recorded: ObservedScenario[] = [];
    const summary: string[] = [];

    for (const scenario of scenarios) {
      it(scenario.id, async () => {
        const run = await runScenario(driver, scenario, client.path);
        const comparison = compare(scenario, run.observed, run.mcpns.document, driver.preset);
        if (dump) {
          mkdirSync(dump, { recursive: true });
          const file = join(dump, `${id}-${scenario.id}.json`);
          writeFileSync(
            file,
            `${JSON.stringify({ observed: run.observed, differences: comparison.differences, process: run.process, mcpns: run.mcpns }, null, 2)}\n`,
          );
        }
        summary.push(
          `${scenario.id}: servers ${comparison.serversMatched}/${comparison.servers}, names ${comparison.toolsMatched}/${comparison.tools}` +
            `${run.attempts > 1 ? ' (the first run stalled; retried once)' : ''}${run.leftovers ? `, ${run.leftovers} servers left running (ended)` : ''}`,
        );
        // Only a run whose every server behaved as the scenario says is a recording.
        if (scenario.servers.every((server, index) => fitsVerdict(server.expect, run.observed.servers[index]!)) && !run.process.stalled) {
          recorded.push(run.observed);
        }
        const context = [
          `client exit ${run.process.exitCode ?? run.process.signal}; stderr tail:\n${run.process.stderr.slice(-1500)}`,
          `mcpns exit ${run.mcpns.exitCode}; stderr tail:\n${run.mcpns.stderr.slice(-1500)}`,
        ].join('\n');
        expect(run.process.stalled, `${driver.label} stalled twice\n${context}`).toBe(false);
        expect(comparison.differences, context).toEqual([]);
      });
    }

    afterAll(() => {
      process.stdout.write(`\n${driver.label} ${client.version}:\n  ${summary.join('\n  ')}\n`);
      if (!record || recorded.length !== scenarios.length) return;
      const recording: Recording = {
        client: id,
        package: client.package,
        version: client.version,
        date: new Date().toISOString().slice(0, 10),
        command: `${driver.id === 'codex' ? 'codex' : driver.id === 'claude-code' ? 'claude' : driver.id === 'gemini-cli' ? 'gemini' : 'opencode'} ${driver.argv({ id: '', description: '', servers: [] }).join(' ')}`,
        scenarios: recorded.sort((a, b) => scenarios.findIndex((s) => s.id === a.id) - scenarios.findIndex((s) => s.id === b.id)),
      };
      const dir = join(REPO_ROOT, 'test', 'fidelity', 'clients');
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, `${id}.json`), formatRecording(recording));
    });
  });
}
