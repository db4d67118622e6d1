/**
 * `mcpns serve --install <client>` judged by the real client (test/clients/README.md): a fresh project with three
 * servers in the client's own file, `serve --install`, then one run of the client: every tool must reach its model
 * exactly once, through the gateway (under the gateway's name for that client), none directly; `serve --uninstall`
 * then puts every file back byte for byte.
 */
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startFakeLlm } from '../../fixtures/llm/fake-llm.js';
import { DEFAULT_GATEWAY_STYLE, exposeNames } from '../../src/gateway/names.js';
import { REPO_ROOT } from '../helpers/fixtures.js';
import { CLIENTS } from './drivers/index.js';
import { readMarker, toolsOf } from './fixture-servers.js';
import { baseEnv, endLeftovers, makeDirs, readServerLog, runBounded, writeContext, writeFiles } from './harness.js';
import type { ClientId, Scenario } from './types.js';

const installed = JSON.parse(process.env['MCPNS_CLIENT_BINS'] ?? '{}') as Partial<Record<ClientId, { path: string; version: string }>>;
const MCPNS = join(REPO_ROOT, 'bin', 'mcpns.js');

const scenario: Scenario = {
  id: 'install',
  description: 'three servers in the client file, then mcpns serve --install <client>',
  servers: [
    { name: 'alpha', tools: ['one', 'two'], expect: 'loaded' },
    { name: 'beta', tools: ['one', 'three'], expect: 'loaded' },
    { name: 'gamma', tools: ['four'], expect: 'loaded' },
  ],
};

for (const [id, client] of Object.entries(installed) as Array<[ClientId, { path: string; version: string }]>) {
  const { driver } = CLIENTS[id];
  describe(`${driver.label} ${client.version}: serve --install`, () => {
    it('offers every tool once, through the gateway, and --uninstall restores the files', async () => {
      const dirs = makeDirs();
      try {
        await installAndRun(dirs);
      } finally {
        rmSync(dirs.root, { recursive: true, force: true });
      }
    });

    async function installAndRun(dirs: ReturnType<typeof makeDirs>): Promise<void> {
      const llm = await startFakeLlm({});
      const context = writeContext(dirs, llm.url);
      const files = driver.files(scenario, context);
      writeFiles(files);
      const mcpnsEnv = { ...baseEnv(dirs), ...driver.mcpnsEnv(context) };
      const install = await runBounded(process.execPath, [MCPNS, 'serve', '--install', driver.id], { cwd: dirs.project, env: mcpnsEnv, deadlineMs: 60_000 });
      expect(install.exitCode, install.stderr).toBe(0);
      // The files the install changed, as they were before it (the client itself rewrites some of its own files).
      const manifests = join(dirs.home, '.local', 'state', 'mcpns', 'install');
      const changed = readdirSync(manifests).flatMap((name) =>
        (JSON.parse(readFileSync(join(manifests, name), 'utf8')) as { files: Array<{ path: string }> }).files.map((file) => file.path),
      );
      expect(changed.length).toBeGreaterThan(0);
      let run;
      try {
        run = await runBounded(client.path, driver.argv(scenario), {
          cwd: dirs.project,
          env: { ...baseEnv(dirs), ...driver.env(scenario, context) },
          deadlineMs: 180_000,
        });
      } finally {
        await llm.close();
      }
      await endLeftovers(readServerLog(dirs.serverLog).pids);
      const context2 = `client exit ${run.exitCode ?? run.signal}; stderr tail:\n${run.stderr.slice(-1500)}\ninstall:\n${install.stdout}`;
      expect(run.stalled, context2).toBe(false);
      const offered = llm.requests.find((request) => request.toolNames.some((entry) => readMarker(entry.description)));
      expect(offered, `no request offered a fixture tool\n${context2}`).toBeDefined();
      const seen = new Map<string, string[]>();
      for (const entry of offered!.toolNames) {
        const marker = readMarker(entry.description);
        if (!marker || entry.name === undefined) continue;
        const key = `${marker.server}/${marker.tool}`;
        seen.set(key, [...(seen.get(key) ?? []), entry.namespace ? `${entry.namespace}${entry.name}` : entry.name]);
      }
      const pairs = scenario.servers.flatMap((server) => toolsOf(server).map((tool) => ({ server: server.name, tool })));
      const exposed = exposeNames(
        scenario.servers.map((server) => server.name),
        pairs,
        { style: DEFAULT_GATEWAY_STYLE, for: driver.preset, key: 'mcpns' },
      );
      for (const [index, pair] of pairs.entries()) {
        const names = seen.get(`${pair.server}/${pair.tool}`) ?? [];
        expect(names, `${pair.server}/${pair.tool}: offered once\n${context2}`).toHaveLength(1);
        // Through the gateway: the gateway's own name for the pair is in what the client sent.
        expect(names[0], `${pair.server}/${pair.tool}`).toContain(exposed.names[index]!);
        if (driver.id === 'claude-code') expect(names[0]).toBe(exposed.finals[index]);
      }
      expect([...seen.keys()].sort()).toEqual(pairs.map((pair) => `${pair.server}/${pair.tool}`).sort());

      const undo = await runBounded(process.execPath, [MCPNS, 'serve', '--uninstall', driver.id], { cwd: dirs.project, env: mcpnsEnv, deadlineMs: 60_000 });
      expect(undo.exitCode, undo.stderr).toBe(0);
      for (const file of changed) {
        if (files[file] === undefined) expect(existsSync(file), `${file} was created by the install: removed again`).toBe(false);
        else expect(readFileSync(file, 'utf8'), file).toBe(files[file]);
      }
    }
  });
}
