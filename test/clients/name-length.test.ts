/**
 * What Claude Code sends its model for long MCP tool names (`npm run test:clients -- --client claude-code -t
 * "long names"`): `mcp__<server>__<tool>` whole up to 128 characters (nothing cut at 64, nothing hashed), and a longer
 * name left out of every request. The same with its tool search on (its default): the model is offered ToolSearch and
 * a list of the deferred tools' names, and the fake model loads every fixture tool with one `select:` search, after
 * which the tools arrive whole with `defer_loading: true`. A Claude Code version that cuts, hashes or drops otherwise
 * fails here, and so does mcpns's `claude-code` preset if it stops saying the same.
 */
import { describe, expect, it } from 'vitest';
import { CLIENTS } from './drivers/index.js';
import { LONG_NAME_SERVERS } from './drivers/claude-code.js';
import { readMarker, toolsOf } from './fixture-servers.js';
import { compare, runScenario } from './harness.js';
import type { Scenario } from './types.js';
import type { RecordedRequest, ScriptedCall } from '../../fixtures/llm/fake-llm.js';

const installed = JSON.parse(process.env['MCPNS_CLIENT_BINS'] ?? '{}') as Record<string, { path: string; version: string } | undefined>;
const client = installed['claude-code'];

/** The longest name Claude Code 2.1.332 sends ("…the API accepts at most 128"). */
const LIMIT = 128;

const MODES: Array<{ mode: string; scenario: Scenario }> = [
  {
    mode: 'every tool upfront (ENABLE_TOOL_SEARCH=false)',
    scenario: { id: 'long-names', description: 'long names, tools upfront', servers: LONG_NAME_SERVERS },
  },
  {
    mode: 'tool search on (the default)',
    scenario: { id: 'long-names-search', description: 'long names, tool search', servers: LONG_NAME_SERVERS, setup: { toolSearch: true } },
  },
];

/** Every fixture tool by the name Claude Code would give it, over the limit too (those must stay unloadable). */
const SELECT = `select:${LONG_NAME_SERVERS.flatMap((server) => toolsOf(server).map((tool) => `mcp__${server.name}__${tool}`)).join(',')}`;

/** The fake model's first answer under tool search: one ToolSearch call loading every fixture tool. */
function loadAll(request: RecordedRequest): ScriptedCall | undefined {
  const offersSearch = request.toolNames.some((tool) => tool.name === 'ToolSearch');
  return offersSearch && !request.toolResults?.length ? { name: 'ToolSearch', arguments: { query: SELECT, max_results: 20 } } : undefined;
}

describe.runIf(client)(`Claude Code ${client?.version ?? ''}: long names`, () => {
  const { driver } = CLIENTS['claude-code'];
  for (const { mode, scenario } of MODES) {
    it(`sends mcp__server__tool whole up to ${LIMIT} characters and leaves longer ones out, ${mode}`, async () => {
      const search = scenario.setup?.['toolSearch'] === true;
      const run = await runScenario(driver, scenario, client!.path, search ? { reply: loadAll } : {});
      const context = `client exit ${run.process.exitCode ?? run.process.signal}; stderr tail:\n${run.process.stderr.slice(-1500)}`;
      expect(run.process.stalled, context).toBe(false);
      expect(run.process.exitCode, context).toBe(0);

      const sent = run.observed.servers.flatMap((server) => server.tools.map(({ tool, sent }) => ({ full: `mcp__${server.name}__${tool}`, sent })));
      expect(sent).toHaveLength(LONG_NAME_SERVERS.flatMap((server) => toolsOf(server)).length);
      for (const { full, sent: name } of sent) {
        expect(name, `${full} (${full.length} characters)`).toEqual(full.length <= LIMIT ? { name: full } : null);
      }
      // The boundary itself, so a changed fixture cannot make this pass vacuously.
      expect(sent.filter(({ sent: name }) => name !== null).map(({ full }) => full.length)).toEqual([64, 65, 128, 100, 128]);

      if (search) {
        expect(run.requests.some((request) => request.called?.name === 'ToolSearch')).toBe(true);
        const offered = run.requests.flatMap((request) => (Array.isArray(request.tools) ? (request.tools as Array<Record<string, unknown>>) : []));
        const fixtures = offered.filter((tool) => readMarker(tool['description']) !== undefined);
        expect(fixtures.length).toBeGreaterThan(0);
        expect(fixtures.filter((tool) => tool['defer_loading'] !== true)).toEqual([]);
        expect(offered.some((tool) => tool['name'] === 'ToolSearch')).toBe(true);
      }

      expect(
        compare(scenario, run.observed, run.mcpns.document, driver.preset).differences,
        `mcpns exit ${run.mcpns.exitCode}: ${run.mcpns.stderr.slice(-1500)}`,
      ).toEqual([]);
    });
  }
});
