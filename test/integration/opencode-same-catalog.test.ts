/**
 * The same file gives the same catalog however it is found (issue 34 §5): in an opencode project, `--client opencode`
 * and zero-config `mcpns list` read the same opencode.json. Two servers whose tools collide after opencode's sanitizing
 * (`my_server/echo`, `my.server/echo`) start equally fast; which one mcpns's discovery saw ready first was jitter, and
 * it decided the winner. Now servers ready within SAME_MOMENT_MS of each other register in config order.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SAME_MOMENT_MS } from '../../src/naming/order.js';
import { runCli } from '../helpers/cli.js';
import { fixturePath } from '../helpers/fixtures.js';
import { makeTempDir } from '../helpers/temp.js';

const server = (label: string) => ({ type: 'local', command: [process.execPath, fixturePath('named-tools.js'), '--label', label, 'echo'] });

type ListDocument = {
  servers: Array<{ name: string; order?: number; durationMs?: number }>;
  tools: Array<{ server: string; name: string; presets: Record<string, { name: string; dropped?: string }> }>;
};

/** The server whose echo keeps opencode's name: the later in config order when both were ready in one moment. */
function expectedWinner(document: ListDocument): string {
  const ready = Object.fromEntries(document.servers.map((entry) => [entry.name, entry.durationMs!]));
  const gap = ready['my.server']! - ready['my_server']!;
  if (Math.abs(gap) <= SAME_MOMENT_MS) return 'my.server'; // listed second: it overwrites
  return gap > 0 ? 'my.server' : 'my_server'; // a machine so loaded that one took far longer: readiness decides
}

describe('--client opencode and zero-config read the same opencode.json the same way', () => {
  it('same servers in the same order; the collision winner follows the config, not start-up jitter', async () => {
    const home = makeTempDir('mcpns-oc-home-');
    const project = makeTempDir('mcpns-oc-');
    mkdirSync(join(project, '.git'));
    writeFileSync(join(project, 'opencode.json'), JSON.stringify({ mcp: { my_server: server('underscore'), 'my.server': server('dot') } }));
    const run = async (args: string[]): Promise<ListDocument> => {
      const result = await runCli(['list', '--json', '--preset', 'opencode', ...args], { cwd: project, env: { HOME: home } });
      expect(result.code, result.stderr).toBe(0);
      return JSON.parse(result.stdout) as ListDocument;
    };
    const runs = [await run(['--client', 'opencode']), await run([]), await run(['--client', 'opencode']), await run([])];
    for (const document of runs) {
      expect(document.servers.map((entry) => [entry.name, entry.order])).toEqual([
        ['my.server', 1],
        ['my_server', 0],
      ]);
      const kept = document.tools.filter((tool) => !tool.presets['opencode']!.dropped);
      expect(kept.map((tool) => [tool.server, tool.presets['opencode']!.name])).toEqual([[expectedWinner(document), 'my_server_echo']]);
    }
  });
});
