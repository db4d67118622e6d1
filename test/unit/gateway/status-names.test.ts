/**
 * The status page's findings and client names: judged as `serve --dry-run` judges them (on what reaches the client
 * through the gateway), worded by the rules, each client's name from client-view.ts, bounded, every string escaped.
 */
import { describe, expect, it } from 'vitest';
import type { Catalog } from '../../../src/catalog/types.js';
import { clientNames } from '../../../src/gateway/client-view.js';
import { computeExposure } from '../../../src/gateway/exposure.js';
import { createStatusFeed } from '../../../src/gateway/status/feed.js';
import { createNamesView } from '../../../src/gateway/status/judged.js';
import { escapeHtml, renderPage, rows, statusSnapshot, streamPayload } from '../../../src/gateway/status/page.js';

const NAMING = { style: 'double-underscore', for: 'gemini-cli', key: 'mcpns' };

function gatewayOf(servers: Record<string, string[]>, naming = NAMING) {
  const offers = Object.entries(servers).map(([server, tools]) => ({
    server,
    tools: tools.map((name) => ({ name, description: `Reads ${name} of ${server}, described well enough.`, inputSchema: { type: 'object' } })),
    prompts: [],
    resources: [],
    templates: [],
  }));
  const catalog: Catalog = {
    schemaVersion: 1,
    generatedAt: '2026-01-01T00:00:00.000Z',
    style: 'slash',
    servers: Object.entries(servers).map(([name, tools]) => ({ name, transport: 'stdio', status: 'ok', toolCount: tools.length })),
    tools: Object.entries(servers).flatMap(([server, tools]) =>
      tools.map((name) => ({
        server,
        name,
        qualifiedName: `${server}/${name}`,
        description: `Reads ${name} of ${server}, described well enough.`,
        inputSchema: { type: 'object' },
      })),
    ),
  };
  return {
    exposure: computeExposure(offers, naming),
    catalog,
    status: () => Object.entries(servers).map(([server, tools]) => ({ server, status: 'up' as const, tools: tools.length, inflight: 0 })),
  };
}

const LONG = 'get_cost_and_usage_comparisons_with_forecast';

describe('status page: findings and client names', () => {
  it('shows the findings judged through the gateway (grouped SHADOWED_TOOL, NAME_SHORTENED), worded by their rules', () => {
    const gateway = gatewayOf({ docs: ['read_file', 'write_file'], notes: ['read_file', 'write_file'], 'awslabs-billing-cost-management': [LONG] });
    const snapshot = statusSnapshot(
      gateway,
      createStatusFeed(),
      (text) => text,
      new Date(),
      createNamesView(gateway, { naming: NAMING }, (text) => text),
    );
    const codes = snapshot.findings.map((finding) => finding.code);
    expect(codes.filter((code) => code === 'SHADOWED_TOOL')).toHaveLength(1);
    const shadowed = snapshot.findings.find((finding) => finding.code === 'SHADOWED_TOOL')!;
    expect(shadowed.message).toBe('docs and notes share 2 tools: read_file, write_file');
    expect(shadowed.hint).toContain('docs__read_file');
    const cut = snapshot.findings.find((finding) => finding.code === 'NAME_SHORTENED')!;
    expect(cut).toMatchObject({ severity: 'info', target: 'gemini-cli', about: `awslabs-billing-cost-management/${LONG}` });
    expect(cut.message).toContain('"mcp_mcpns_awslabs-billing-cost...sage_comparisons_with_forecast"');
    const { error, warning, info } = snapshot.findingCounts;
    expect(error + warning + info).toBe(snapshot.findings.length);
    expect(info).toBeGreaterThanOrEqual(2);
    expect(rows(snapshot).findings[0]!.slice(0, 2)).toEqual([snapshot.findings[0]!.severity, snapshot.findings[0]!.code]);
  });

  it("gives each tool the name every client shows, from client-view's rendering", () => {
    const gateway = gatewayOf({ github: ['create_issue'], 'awslabs-billing-cost-management': [LONG] });
    const snapshot = statusSnapshot(
      gateway,
      createStatusFeed(),
      (text) => text,
      new Date(),
      createNamesView(gateway, { naming: NAMING }, (text) => text),
    );
    expect(snapshot.clients).toEqual(['claude-code', 'codex', 'gemini-cli', 'opencode', 'cursor', 'vscode']);
    const issue = snapshot.tools.find((tool) => tool.name === 'github__create_issue')!;
    for (const client of snapshot.clients) {
      const expected = clientNames(gateway.exposure, { ...NAMING, for: client }).find((name) => name.exposed === issue.name)!.final;
      expect(issue.names?.[client]).toBe(expected);
    }
    expect(issue.names).toMatchObject({ 'claude-code': 'mcp__mcpns__github__create_issue', 'gemini-cli': 'mcp_mcpns_github__create_issue' });
    const long = snapshot.tools.find((tool) => tool.server === 'awslabs-billing-cost-management')!;
    expect(long.names?.['gemini-cli']).toBe('mcp_mcpns_awslabs-billing-cost...sage_comparisons_with_forecast (cut from 87 characters)');
    // A --for preset outside the install clients gets its column too.
    const other = createNamesView(gateway, { naming: { ...NAMING, for: 'openai-agents-prefixed' } }, (text) => text)();
    expect(other.clients.at(-1)).toBe('openai-agents-prefixed');
  });

  it('is bounded: at most 1000 tools and 200 findings, the rest counted; the stream leaves out unchanged tools', () => {
    const many = Array.from({ length: 1100 }, (_, index) => `tool_${index}`);
    const gateway = gatewayOf({ a: many, b: many.slice(0, 300) }, { style: 'double-underscore', key: 'mcpns' } as typeof NAMING);
    const view = createNamesView(gateway, { naming: { style: 'double-underscore', key: 'mcpns' } }, (text) => text);
    const snapshot = statusSnapshot(gateway, createStatusFeed(), (text) => text, new Date(), view);
    expect(snapshot.tools).toHaveLength(1000);
    expect(snapshot.toolsOmitted).toBe(400);
    expect(view()).toBe(view()); // cached until the exposure changes
    expect(snapshot.findings.length).toBeLessThanOrEqual(200);
    const html = renderPage(snapshot, 'n');
    expect(html).toContain('400 more tools');
    expect(html.length).toBeLessThan(2_000_000);
    expect(JSON.parse(streamPayload(snapshot, { tools: false })).rows.tools).toBeUndefined();
    expect(JSON.parse(streamPayload(snapshot)).rows.tools).toHaveLength(1000);
  });

  it('escapes a hostile tool name and finding text on the page', () => {
    const hostile = '<script>alert(1)</script>';
    const gateway = gatewayOf({ docs: [hostile], notes: [hostile] });
    const snapshot = statusSnapshot(
      gateway,
      createStatusFeed(),
      (text) => text,
      new Date(),
      createNamesView(gateway, { naming: NAMING }, (text) => text),
    );
    expect(snapshot.findings.some((finding) => finding.message.includes(hostile))).toBe(true);
    const html = renderPage(snapshot, 'n');
    expect(html).not.toContain(hostile);
    expect(html).toContain(escapeHtml(hostile));
    expect(html.match(/<script/g)).toEqual(['<script']);
  });
});
