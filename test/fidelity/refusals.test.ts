import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { describeFinding } from '../../src/checks/codes.js';
import { renderNames } from '../../src/naming/index.js';
import { runCli } from '../helpers/cli.js';
import { makeTempDir } from '../helpers/temp.js';

/** A config and a catalog with the servers given (one tool each). */
function workspace(servers: Record<string, string[]>): string {
  const dir = makeTempDir('mcpns-refused-');
  const config = { servers: Object.fromEntries(Object.keys(servers).map((name) => [name, { command: 'node' }])) };
  writeFileSync(join(dir, 'mcpns.config.json'), JSON.stringify(config, null, 2));
  const catalog = {
    schemaVersion: 1,
    style: 'slash',
    servers: Object.entries(servers).map(([name, tools]) => ({ name, transport: 'stdio', source: 'mcpns.config.json', status: 'ok', toolCount: tools.length })),
    tools: Object.entries(servers).flatMap(([server, tools]) =>
      tools.map((name) => ({ server, name, qualifiedName: `${server}/${name}`, description: `${name} things`, inputSchema: { type: 'object' } })),
    ),
  };
  writeFileSync(join(dir, 'catalog.json'), JSON.stringify(catalog, null, 2));
  return dir;
}

interface JsonFinding {
  code: string;
  target?: string;
  server?: string;
  tool?: string;
  message: string;
  hint?: string;
  args?: Record<string, unknown>;
}

describe('check-conflicts reports names a product refuses (NAME_REFUSED)', () => {
  it('a server named "Acme CRM" under metamcp,agentgateway: exit 1, one refusal per target naming the server and the rule', async () => {
    const dir = workspace({ 'Acme CRM': ['find_contact', 'add_note'], github: ['create_issue'] });
    const run = await runCli(['check-conflicts', '--catalog', 'catalog.json', '--preset', 'metamcp,agentgateway', '--format', 'json'], { cwd: dir });
    expect(run.code).toBe(1);
    const refused = (JSON.parse(run.stdout) as { findings: JsonFinding[] }).findings.filter((f) => f.code === 'NAME_REFUSED');
    expect(refused.map((f) => [f.target, f.server, f.tool])).toEqual([
      ['agentgateway', 'Acme CRM', undefined],
      ['metamcp', 'Acme CRM', undefined],
    ]);
    const [agentgateway, metamcp] = refused;
    expect(agentgateway!.message).toBe(
      "agentgateway refuses server \"Acme CRM\": target names must match the Gateway API SectionName pattern: lowercase letters, digits, '-' and '.' ('_' and '+' are reserved MCP delimiters); agentgateway then fails to load its whole config, so none of its servers are available",
    );
    expect(agentgateway!.args).toMatchObject({ subject: 'server', scope: 'config', suggestion: 'acme-crm' });
    expect(agentgateway!.hint).toBe('rename the server key "Acme CRM" in your MCP config (e.g. "acme-crm"), or leave that server out of agentgateway');
    expect(metamcp!.message).toBe(
      'metamcp refuses server "Acme CRM": server names must only contain letters, numbers, underscores, and hyphens (^[a-zA-Z0-9_-]+$); metamcp leaves that server out',
    );
    expect(metamcp!.hint).toContain('"Acme-CRM"');
    // The refused names are not also reported as invalid characters or collisions.
    expect(JSON.parse(run.stdout).findings.filter((f: JsonFinding) => f.code !== 'NAME_REFUSED' && f.server === 'Acme CRM')).toEqual([]);
  });

  it('list --preset shows the refused rows as refused, with the rule', async () => {
    const dir = workspace({ 'Acme CRM': ['find_contact'], github: ['create_issue'] });
    const run = await runCli(['list', '--catalog', 'catalog.json', '--preset', 'metamcp'], { cwd: dir });
    const row = run.stdout.split('\n').find((line) => line.startsWith('Acme CRM'));
    expect(row).toContain('(refused: server names must only contain letters, numbers, underscores, and hyphens');
    expect(run.stdout.split('\n').find((line) => line.startsWith('github'))).toContain('github__create_issue');
  });

  it('is clean once the key is renamed as the hint suggests', async () => {
    const dir = workspace({ 'acme-crm': ['find_contact'], github: ['create_issue'] });
    const run = await runCli(['check-conflicts', '--catalog', 'catalog.json', '--preset', 'metamcp,agentgateway'], { cwd: dir });
    expect(run.code).toBe(0);
    expect(run.stdout).not.toContain('NAME_REFUSED');
  });

  it('text output names the target, the server and the rule', async () => {
    const dir = workspace({ 'k8s-prod': ['get_pods'], github: ['create_issue'] });
    const run = await runCli(['check-conflicts', '--catalog', 'catalog.json', '--preset', 'litellm'], { cwd: dir });
    expect(run.code).toBe(1);
    expect(run.stdout).toContain(
      `NAME_REFUSED [litellm] litellm refuses server "k8s-prod": Server name cannot contain '-' (MCP_TOOL_PREFIX_SEPARATOR); litellm then fails to load its whole config, so none of its servers are available`,
    );
    expect(run.stdout).toContain('(e.g. "k8s_prod")');
  });
});

describe('refusal data on renderings', () => {
  const pairs = (list: [string, string][]) => ({
    servers: [...new Set(list.map(([s]) => s))].map((name) => ({ name })),
    tools: list.map(([server, tool]) => ({ server, tool })),
  });

  it('marks a refused tool dropped, keeps the would-be name, and keeps it out of the lookup', () => {
    const rendering = renderNames(
      'metamcp',
      pairs([
        ['Acme CRM', 'find'],
        ['github', 'find'],
      ]),
    );
    expect(rendering.names[0]).toMatchObject({ name: 'AcmeCRM__find', refused: { subject: 'server' }, dropped: expect.stringContaining('refused') });
    expect([...rendering.lookup.keys()]).toEqual(['github__find']);
  });

  it('ContextForge refuses a tool name (the tool is skipped) and a gateway name (the server is skipped)', () => {
    const rendering = renderNames(
      'contextforge',
      pairs([
        ['crm', 'find contact'],
        ['Zürich', 'find'],
      ]),
    );
    expect(rendering.names.map((n) => n.refused?.subject)).toEqual(['tool', 'server']);
    expect(rendering.names[1]!.refused!.suggestion).toBe('Zurich');
  });

  it('1MCP: an empty server name fails tools/list for every server', () => {
    const finding = {
      code: 'NAME_REFUSED' as const,
      severity: 'error' as const,
      target: '1mcp',
      server: '',
      args: { ...renderNames('1mcp', pairs([['', 'x']])).names[0]!.refused!, hint: '' },
    };
    expect(finding.args).toMatchObject({ subject: 'server', scope: 'list' });
    expect(describeFinding(finding).message).toContain('1mcp then fails tools/list for every server');
  });

  it('Codex: "-" becomes "_", an empty server collapses into mcp__tool, "_" around the delimiter is trimmed', () => {
    const names = renderNames(
      'codex',
      pairs([
        ['k8s-prod', 'get-pods'],
        ['', 'status'],
        ['edge__', '__hidden'],
      ]),
    ).names.map((n) => n.name);
    expect(names).toEqual(['mcp__k8s_prod__get_pods', 'mcp__status', 'mcp__edge__hidden']);
  });

  it('an empty server name drops the separator where the product does', () => {
    const input = pairs([
      ['', 'status'],
      ['aux', 'ping'],
    ]);
    expect(['langchain', 'fastmcp', 'docker-mcp-gateway-prefixed'].map((id) => renderNames(id, input).names[0]!.name)).toEqual(['status', 'status', 'status']);
  });

  it('LiteLLM refuses an empty server name (loading its config aborts); no id is made up, nothing of the URL is used', () => {
    const [empty] = renderNames(
      'litellm',
      pairs([
        ['', 'status'],
        ['aux', 'ping'],
      ]),
    ).names;
    expect(empty!.refused).toMatchObject({
      subject: 'server',
      scope: 'config',
      rule: expect.stringContaining('MCPServer name: Input should be a valid string'),
    });
    expect(empty!.dropped).toBeDefined();
    expect(empty!.name).not.toContain('server_id');
  });
});
