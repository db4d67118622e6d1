/** The status page's feed and HTML: bounded, redacted, never arguments; every server string escaped. */
import { describe, expect, it } from 'vitest';
import { createStatusFeed } from '../../../src/gateway/status/feed.js';
import { computeExposure } from '../../../src/gateway/exposure.js';
import { escapeHtml, renderPage, rows, statusSnapshot, type StatusSnapshot } from '../../../src/gateway/status/page.js';

describe('status feed', () => {
  it('keeps at most maxEntries of each kind, counts restarts, redacts server text, drops arguments', () => {
    const feed = createStatusFeed({ maxEntries: 3, redact: (text) => text.replaceAll('hunter2', '***') });
    let changes = 0;
    const stop = feed.subscribe(() => changes++);
    for (let index = 0; index < 5; index++) {
      feed.onRequest({
        time: `2026-01-01T00:00:0${index}.000Z`,
        method: 'tools/call',
        server: 's',
        tool: `t${index}`,
        durationMs: 1,
        outcome: 'ok',
        args: { password: 'x' },
      });
    }
    feed.onEvent({ type: 'upstream-up', server: 's', tools: 1, restarted: true });
    feed.onEvent({ type: 'upstream-failed', server: 's', code: 'SPAWN_FAILED', message: 'token hunter2 refused', stderr: ['hunter2 leaked'] });
    stop();
    feed.onEvent({ type: 'upstream-up', server: 's', tools: 1, restarted: true });
    expect(feed.activity().map((entry) => entry.tool)).toEqual(['t2', 't3', 't4']);
    expect(feed.activity().some((entry) => 'args' in entry)).toBe(false);
    expect(feed.restarts('s')).toBe(2);
    expect(feed.events().map((entry) => entry.text)).toContain('failed: SPAWN_FAILED: token *** refused');
    expect(feed.stderr('s')).toEqual(['*** leaked']);
    expect(changes).toBe(7);
  });
});

describe('status feed watchers', () => {
  it('is watched only while a page is subscribed (calls are recorded then; the zero-copy path stays otherwise)', () => {
    const feed = createStatusFeed();
    expect(feed.watched()).toBe(false);
    const first = feed.subscribe(() => {});
    const second = feed.subscribe(() => {});
    expect(feed.watched()).toBe(true);
    first();
    expect(feed.watched()).toBe(true);
    second();
    expect(feed.watched()).toBe(false);
  });
});

describe('status snapshot', () => {
  it("shows a tool the gateway answers itself (router mode) as the gateway's, and each server's protocol revision", () => {
    const upstream = computeExposure(
      [{ server: 'docs', tools: [{ name: 'read', inputSchema: { type: 'object' } }], prompts: [], resources: [], templates: [] }],
      {
        style: 'double-underscore',
        key: 'mcpns',
      },
    );
    const exposure = { ...upstream, tools: [{ name: 'search_tools', inputSchema: { type: 'object' } }, ...upstream.tools] };
    const gateway = {
      exposure,
      status: () => [{ server: 'docs', status: 'up' as const, tools: 1, inflight: 0, protocol: '2025-11-25' }],
    };
    const snapshot = statusSnapshot(gateway, createStatusFeed(), (text) => text);
    expect(snapshot.tools.map((tool) => [tool.name, tool.server, tool.tool])).toEqual([
      ['search_tools', '(gateway)', 'search_tools'],
      ['docs__read', 'docs', 'read'],
    ]);
    expect(rows(snapshot).servers).toEqual([['docs', 'up', '1', '0', '0', '2025-11-25', '']]);
  });
});

describe('status page HTML', () => {
  const hostile = '<img src=x onerror="alert(1)">&\'';
  const snapshot: StatusSnapshot = {
    generatedAt: '2026-01-01T00:00:00.000Z',
    servers: [{ name: hostile, status: 'up', tools: 1, inflight: 0, restarts: 0, error: `</td><script>alert(2)</script>` }],
    clients: ['claude-code', '<i>client</i>'],
    tools: [{ name: 'x__t', server: hostile, tool: `<b>t</b>`, title: `"quoted"`, names: { 'claude-code': `mcp__gw__<u>x</u>`, '<i>client</i>': 'y' } }],
    toolsOmitted: 0,
    toolsListed: 1,
    findings: [
      { code: 'SHADOWED_TOOL', severity: 'info', about: `${hostile}/t`, message: 'tool "<em>t</em>" is offered by 2 servers', hint: '<a href=x>x</a>' },
    ],
    findingsOmitted: 0,
    findingCounts: { error: 0, warning: 0, info: 1 },
    activity: [{ time: '2026-01-01T00:00:00.000Z', method: 'tools/call', server: hostile, tool: 't', name: 'x__t', durationMs: 12.3, outcome: 'ok' }],
    events: [],
  };

  it('escapes every server-provided string; the only script is the nonce one', () => {
    const html = renderPage(snapshot, 'abc123');
    expect(html).toContain(escapeHtml(hostile));
    expect(html).not.toContain(hostile);
    expect(html).not.toContain('<script>alert(2)');
    expect(html).not.toContain('<b>t</b>');
    for (const text of ['<u>x</u>', '<em>t</em>', '<a href=x>', '<i>client</i>']) expect(html).not.toContain(text);
    expect(html).toContain(escapeHtml('tool "<em>t</em>" is offered by 2 servers'));
    expect(html).toContain(escapeHtml('mcp__gw__<u>x</u>'));
    expect(html.match(/<script/g)).toEqual(['<script']);
    expect(html).toContain('<script nonce="abc123">');
    expect(html).toContain('<style nonce="abc123">');
  });

  it('rows are plain strings for textContent (duration rounded, exposed name shown)', () => {
    expect(rows(snapshot).activity).toEqual([['00:00:00.000', 'x__t', '12 ms', 'ok']]);
  });
});
