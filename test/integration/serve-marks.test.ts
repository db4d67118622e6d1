/**
 * `serve --dry-run` with two servers from one package: the shared tools' titles carry a server mark (descriptions too
 * with --mark-descriptions), and SHADOWED_TOOL is one finding per server pair, its hint naming the exposed names.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { fixturePath } from '../helpers/fixtures.js';
import { makeTempDir } from '../helpers/temp.js';

function config(): string {
  const dir = makeTempDir();
  const extra = [{ name: 'read_file', title: 'Read Text File', description: 'Read a text file.' }];
  const server = (name: string) => ({
    command: process.execPath,
    args: [fixturePath('gateway-upstream'), '--name', name],
    env: { GW_EXTRA_TOOLS: JSON.stringify(extra) },
  });
  const file = join(dir, 'mcpns.config.json');
  writeFileSync(file, JSON.stringify({ servers: { docs: server('docs'), notes: server('notes') } }));
  return file;
}

interface Document {
  tools: Array<{ server: string; name: string; title?: string; description?: string }>;
  marked: Array<{ kind: string; server: string; tool: string; to: string }>;
  findings: Array<{ code: string; name?: string; members?: unknown[]; args?: { tools?: string[]; hint?: string } }>;
}

describe('serve --dry-run: tools several servers offer alike', () => {
  it('marks titles, groups SHADOWED_TOOL per server pair, hints the exposed names', async () => {
    const file = config();
    const json = await runCli(['serve', '--dry-run', '--json', '--mark-descriptions', '--config', file]);
    const document = JSON.parse(json.stdout) as Document;
    const read = document.tools.filter((tool) => tool.name === 'read_file');
    expect(read.map((tool) => [tool.server, tool.title, tool.description])).toEqual([
      ['docs', 'Read Text File (docs)', '[docs] Read a text file.'],
      ['notes', 'Read Text File (notes)', '[notes] Read a text file.'],
    ]);
    expect(document.marked.filter((mark) => mark.kind === 'title').map((mark) => mark.to)).toEqual(['Read Text File (docs)', 'Read Text File (notes)']);
    const shadowed = document.findings.filter((finding) => finding.code === 'SHADOWED_TOOL');
    expect(shadowed).toHaveLength(1);
    expect(shadowed[0]!.args!.tools).toHaveLength(18);
    expect(shadowed[0]!.args!.tools).toContain('read_file');
    expect(shadowed[0]!.members).toHaveLength(36);
    expect(shadowed[0]!.args!.hint).toMatch(/^the gateway exposes them apart: docs__\w+, notes__\w+/);

    const text = await runCli(['serve', '--dry-run', '--config', file]);
    expect(text.stdout).toMatch(/SHADOWED_TOOL docs and notes share 18 tools: add, crash, /);
    expect(text.stdout).toMatch(/SHADOWED_TOOL .*\n {4}hint: the gateway exposes them apart: docs__add, notes__add, /);
    expect(text.stdout.match(/SHADOWED_TOOL/g)).toHaveLength(1);
    expect(text.stdout).toContain('titles marked: 2 tool(s) several servers offer alike, e.g. "Read Text File" → "Read Text File (docs)"');
    expect(text.code).toBe(0);
  });
});
