import { describe, expect, it } from 'vitest';
import { runChecks, runChecksPaced, selectChecks, type Pace } from '../../../src/checks/run.js';
import type { CheckContext } from '../../../src/checks/types.js';
import { emptyConfig } from '../../../src/config/loaded.js';
import type { Catalog } from '../../../src/catalog/types.js';

/**
 * `runChecksPaced` (what the CLI runs, with breaks for signal handlers) finds exactly what `runChecks` finds, asks its
 * pace between slices of the long checks — not only between checks — and stops when the pace rejects.
 */
function bigCatalog(servers: number, perServer: number): Catalog {
  const tools = [];
  const names = [];
  for (let s = 0; s < servers; s++) {
    const server = `srv-${String(s).padStart(4, '0')}`;
    names.push({ name: server, transport: 'stdio' as const, status: 'ok' as const, toolCount: perServer });
    for (let t = 0; t < perServer; t++) {
      const name = t % 10 === 0 ? `common_${t}` : t % 7 === 0 ? `Tool-${s}-${t}` : `tool_${s}_${t}`;
      tools.push({
        server,
        name,
        qualifiedName: `${server}/${name}`,
        description: t % 13 === 0 ? `Calls tool_${(s + 1) % servers}_1 first.` : `Tool ${t}.`,
        inputSchema:
          t % 11 === 0 ? { type: 'object', properties: { a: { type: 'string', pattern: '^a+$' } } } : { type: 'object', properties: { a: { type: 'string' } } },
      });
    }
  }
  return { schemaVersion: 1, generatedAt: '', style: 'slash', servers: names, tools };
}

const contextOf = (catalog: Catalog): CheckContext => ({ catalog, config: emptyConfig('/tmp'), targets: ['slash', 'openai'] });

describe('runChecksPaced', () => {
  const catalog = bigCatalog(400, 50); // 20 000 tools: a few slices per long loop

  it('finds what runChecks finds, and is asked for a break within the checks', async () => {
    const expected = runChecks(contextOf(catalog), ['conflicts', 'lint']);
    const asked: string[] = [];
    const pace: Pace = ({ codes }) => void asked.push(codes.join(','));
    const found = await runChecksPaced(contextOf(catalog), ['conflicts', 'lint'], {}, pace);
    expect(found).toEqual(expected);
    expect(expected.findings.length).toBeGreaterThan(0);
    // More than once per check: the long ones are sliced (a check asked several times in a row).
    const repeats = asked.filter((codes, index) => index > 0 && asked[index - 1] === codes);
    expect([...new Set(repeats)]).toEqual(expect.arrayContaining(['NEAR_COLLISION', 'CROSS_SERVER_REFERENCE', 'INPUT_SCHEMA_INVALID', 'AMBIGUOUS_ROUTE']));
  });

  it('keeps the notes of renderings it lets go before the lint checks', async () => {
    // Names shared by every server: Gemini CLI's legacy naming and FastMCP keep one of them by start order (a note each).
    const context = (): CheckContext => ({ ...contextOf(catalog), targets: ['slash', 'gemini-cli-legacy', 'fastmcp'] });
    const expected = runChecks(context(), ['conflicts', 'lint']);
    expect(expected.notes?.length).toBeGreaterThan(0);
    const found = await runChecksPaced(context(), ['conflicts', 'lint'], {}, () => undefined);
    expect(found.notes).toEqual(expected.notes);
    expect(found.findings).toEqual(expected.findings);
  });

  it('says once, after the last collision check, that the renderings were let go (the CLI collects a large heap there)', async () => {
    for (const families of [['conflicts', 'lint'], ['lint']] as const) {
      const released: string[] = [];
      await runChecksPaced(contextOf(catalog), families, {}, ({ codes, released: letGo }) => void (letGo && released.push(codes.join(','))));
      const checks = selectChecks(families);
      const after = checks[checks.findLastIndex((check) => check.family === 'conflicts') + 1]!;
      expect(released).toEqual([after.codes.join(',')]);
    }
  });

  it('stops when the pace rejects (a signal)', async () => {
    let calls = 0;
    const pace: Pace = () => {
      calls++;
      return calls === 5 ? Promise.reject(new Error('interrupted')) : undefined;
    };
    await expect(runChecksPaced(contextOf(catalog), ['conflicts', 'lint'], {}, pace)).rejects.toThrow('interrupted');
    expect(calls).toBe(5);
  });
});
