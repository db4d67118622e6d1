/**
 * `serve --dry-run --json --for <client>` with the built bin and fixture servers: each exposed tool's final name as
 * the client shows it (Codex's namespace form too), its pair and any shortening; findings judged on what reaches the
 * client through the gateway, so upstream keys a client would refuse or split wrongly if configured directly
 * ("My Server (EU)", a_b/c beside a/b_c) neither appear as findings nor fail the run.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runBin } from '../helpers/cli.js';
import { fixturePath } from '../helpers/fixtures.js';
import { makeTempDir } from '../helpers/temp.js';

interface Name {
  server: string;
  tool: string;
  exposed: string;
  final: string;
  namespace?: string;
  function?: string;
  shortened?: { reason: string };
}
interface Document {
  gateway: { key: string; for?: string };
  names: Name[];
  findings: Array<{ code: string; target?: string; severity: string }>;
}

function project(long: boolean): string {
  const dir = makeTempDir('mcpns-names-');
  const server = (name: string, extra: unknown[] = []) => ({
    command: process.execPath,
    args: [fixturePath('gateway-upstream'), '--name', name],
    env: { GW_EXTRA_TOOLS: JSON.stringify(extra) },
  });
  const servers = {
    'My Server (EU)': server('eu'),
    a_b: server('ab', [{ name: 'c', description: 'C of a_b.' }]),
    a: server('a', [{ name: 'b_c', description: 'B_c of a.' }, ...(long ? [{ name: `long${'_segment'.repeat(15)}`, description: 'Long.' }] : [])]),
  };
  writeFileSync(join(dir, 'mcpns.config.json'), JSON.stringify({ servers }));
  return dir;
}

const NAMING = new Set(['NAME_REFUSED', 'AMBIGUOUS_ROUTE', 'NAME_COLLISION', 'NAME_INVALID_CHARS', 'NAME_TOO_LONG', 'SERVER_NAME_INVALID']);

describe('serve --dry-run --json --for (built bin)', () => {
  it('gives every final name as the client shows it and judges only what reaches the client', async () => {
    // A name too long for Claude Code only where it is run (Gemini CLI elides long names itself: another finding).
    const plain = project(false);
    const withLong = project(true);
    const runs: Record<string, Document> = {};
    for (const client of ['codex', 'gemini-cli', 'opencode', 'claude-code']) {
      const cwd = client === 'claude-code' ? withLong : plain;
      const result = await runBin(['serve', '--dry-run', '--json', '--for', client, '--as', 'mcpns', '--config', 'mcpns.config.json'], {
        cwd,
        timeoutMs: 120_000,
      });
      expect(result.code, `${client}: ${result.stdout.slice(-2000)}`).toBe(0);
      const document = JSON.parse(result.stdout) as Document;
      expect(document.gateway).toMatchObject({ key: 'mcpns', for: client });
      expect(document.findings.filter((finding) => NAMING.has(finding.code))).toEqual([]);
      expect(new Set(document.names.map((name) => name.final)).size).toBe(document.names.length);
      runs[client] = document;
    }
    const find = (client: string, server: string, tool: string) => runs[client]!.names.find((name) => name.server === server && name.tool === tool)!;
    expect(find('codex', 'My Server (EU)', 'whoami')).toMatchObject({
      exposed: 'My_Server__EU___whoami',
      final: 'mcp__mcpns__My_Server__EU___whoami',
      namespace: 'mcp__mcpns',
      function: 'My_Server__EU___whoami',
    });
    expect(find('claude-code', 'a_b', 'c')).toMatchObject({ exposed: 'a_b__c', final: 'mcp__mcpns__a_b__c' });
    expect(find('opencode', 'a', 'b_c').final).not.toBe(find('opencode', 'a_b', 'c').final);
    expect(find('gemini-cli', 'a', 'whoami').final).toMatch(/^mcp_mcpns_a__whoami$/);
    // Over Claude Code's 128 characters with its prefix: shortened by the gateway, and said so on the name.
    const long = runs['claude-code']!.names.find((name) => name.tool.startsWith('long_'))!;
    expect(long.final.length).toBeLessThanOrEqual(128);
    expect(long.final).toBe(`mcp__mcpns__${long.exposed}`);
    expect(long.shortened?.reason).toMatch(/Claude Code leaves out a name over 128 characters/);

    // The same configuration judged as if every server were configured in Codex directly: the refusal is real there.
    const direct = await runBin(['check-conflicts', '--preset', 'codex', '--json', '--config', 'mcpns.config.json'], { cwd: plain, timeoutMs: 120_000 });
    expect((JSON.parse(direct.stdout) as Document).findings.some((finding) => finding.code === 'NAME_REFUSED')).toBe(true);
  });
});
