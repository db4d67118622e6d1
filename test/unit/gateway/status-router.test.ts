/**
 * The status page in router mode (`serve --router`), over fake upstreams: the tools table shows what clients see — the
 * router's listing (its tools, the pinned ones) with each client's names — and every other upstream tool as reachable
 * through the router, without names clients would never be offered. Bounded as always, the listing first.
 */
import { describe, expect, it } from 'vitest';
import { routerMode } from '../../../src/gateway/router/index.js';
import { createStatusFeed } from '../../../src/gateway/status/feed.js';
import { createNamesView } from '../../../src/gateway/status/judged.js';
import { renderPage, rows, statusSnapshot, summary } from '../../../src/gateway/status/page.js';
import { NAMING, startedGateway } from '../../helpers/fake-upstream.js';

async function routedSnapshot(offers: Record<string, string[]>, pin: string[]) {
  const mode = routerMode({ pin, servers: Object.keys(offers) });
  const { gateway } = await startedGateway(offers, { providers: mode.providers, listTransform: mode.listTransform, checkCall: mode.checkCall }, (target) =>
    mode.attach(target),
  );
  const view = createNamesView(gateway, { naming: NAMING }, (text) => text);
  const snapshot = statusSnapshot(gateway, createStatusFeed(), (text) => text, new Date(), view);
  await gateway.close();
  return snapshot;
}

describe('status page in router mode', () => {
  it("shows the router's listing with client names, and the other upstream tools as reachable through the router", async () => {
    const snapshot = await routedSnapshot({ a: ['read_file', 'write_file'], b: ['create_issue'] }, ['a/read_file']);
    expect(snapshot.tools.map((tool) => [tool.name, tool.server, tool.via ?? 'listed'])).toEqual([
      ['search_tools', '(gateway)', 'listed'],
      ['call_tool', '(gateway)', 'listed'],
      ['describe_tool', '(gateway)', 'listed'],
      ['a__read_file', 'a', 'listed'],
      ['a__write_file', 'a', 'router'],
      ['b__create_issue', 'b', 'router'],
    ]);
    const byName = new Map(snapshot.tools.map((tool) => [tool.name, tool]));
    expect(byName.get('search_tools')!.names).toMatchObject({ 'claude-code': 'mcp__mcpns__search_tools', codex: 'mcp__mcpns__search_tools' });
    expect(byName.get('a__read_file')!.names).toMatchObject({ 'claude-code': 'mcp__mcpns__a__read_file' });
    // Never offered to a client under any name: no names, only how it is reached.
    expect(byName.get('b__create_issue')!.names).toBeUndefined();
    expect(snapshot.toolsListed).toBe(4);
    const table = rows(snapshot).tools;
    expect(table[0]![4]).toContain('claude-code, codex: mcp__mcpns__search_tools');
    expect(table[5]).toEqual(['b__create_issue', 'b', 'create_issue', '', 'not listed: search_tools finds it, call_tool calls it']);
    expect(summary(snapshot)).toMatch(/^4 tools listed, 2 more through the router, from 2 of 2 servers up · /);
    expect(renderPage(snapshot, 'n')).toContain('not listed: search_tools finds it, call_tool calls it');
  });

  it('stays bounded at 1000 tools, the listing first', async () => {
    const many = Array.from({ length: 1005 }, (_, index) => `t${String(index).padStart(4, '0')}`);
    const snapshot = await routedSnapshot({ a: many }, ['a/t1004']);
    expect(snapshot.tools).toHaveLength(1000);
    expect(snapshot.toolsOmitted).toBe(1008 - 1000);
    expect(snapshot.tools.slice(0, 4).map((tool) => tool.name)).toEqual(['search_tools', 'call_tool', 'describe_tool', 'a__t1004']);
    expect(snapshot.tools.slice(4).every((tool) => tool.via === 'router' && tool.names === undefined)).toBe(true);
  });

  it('without the router every exposed tool is listed, with its names', async () => {
    const { gateway } = await startedGateway({ a: ['read_file'] });
    const snapshot = statusSnapshot(
      gateway,
      createStatusFeed(),
      (text) => text,
      new Date(),
      createNamesView(gateway, { naming: NAMING }, (text) => text),
    );
    await gateway.close();
    expect(snapshot.tools).toEqual([
      expect.objectContaining({ name: 'a__read_file', names: expect.objectContaining({ 'claude-code': 'mcp__mcpns__a__read_file' }) }),
    ]);
    expect(snapshot.tools[0]!.via).toBeUndefined();
    expect(summary(snapshot)).toMatch(/^1 tools from 1 of 1 servers up · /);
  });
});
