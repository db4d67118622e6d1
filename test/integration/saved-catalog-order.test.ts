/**
 * A saved catalog keeps the config's server order (issue 34 §5): servers stay sorted by name, each records its place
 * in the config (`order`), and VS Code's prefix numbers come out the same when the catalog is re-rendered offline.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { writeTempConfig } from '../helpers/config.js';
import { fixturePath } from '../helpers/fixtures.js';
import { makeTempDir } from '../helpers/temp.js';

// Keys that differ only in case, "s" first: VS Code registers "s" first and gives it the plain prefix.
const config = writeTempConfig(
  {
    servers: {
      s: { command: process.execPath, args: [fixturePath('named-tools.js'), '--label', 's', 't'] },
      S: { command: process.execPath, args: [fixturePath('named-tools.js'), '--label', 'S', 't'] },
    },
  },
  'order.mcpns.json',
);
afterAll(() => config.cleanup());

type ListDocument = {
  servers: Array<{ name: string; order?: number }>;
  tools: Array<{ server: string; presets: Record<string, { name: string }> }>;
};
const vscodeNames = (document: ListDocument) => Object.fromEntries(document.tools.map((tool) => [tool.server, tool.presets['vscode']!.name]));

describe('a saved catalog keeps the configured order of servers', () => {
  it("records each server's place in the config, and VS Code's numbering survives an offline re-render", async () => {
    const live = await runCli(['list', '-c', config.file, '--json', '--preset', 'vscode'], { cwd: config.dir });
    expect(live.code, live.stderr).toBe(0);
    const saved = JSON.parse(live.stdout) as ListDocument;
    expect(saved.servers.map((server) => [server.name, server.order])).toEqual([
      ['S', 1],
      ['s', 0],
    ]);
    expect(vscodeNames(saved)).toEqual({ s: 'mcp_s_t', S: 'mcp_s2_t' });

    // Offline, in a folder with no config: only the catalog says which server came first.
    const elsewhere = makeTempDir('mcpns-test-');
    const file = join(elsewhere, 'catalog.json');
    writeFileSync(file, live.stdout);
    const offline = await runCli(['list', '--catalog', file, '--json', '--preset', 'vscode'], { cwd: elsewhere });
    expect(offline.code, offline.stderr).toBe(0);
    expect(vscodeNames(JSON.parse(offline.stdout) as ListDocument)).toEqual({ s: 'mcp_s_t', S: 'mcp_s2_t' });
  });
});
