import { describe, expect, it } from 'vitest';
import { getTarget, type NamingInput } from '../../../src/naming/index.js';
import { SAME_MOMENT_MS } from '../../../src/naming/order.js';

/** Renders under a preset; servers with readiness times, tools with listing positions. */
function render(target: string, servers: Array<[string, number?]>, tools: Array<[string, string, number?]>) {
  const input: NamingInput = {
    servers: servers.map(([name, readyMs]) => ({ name, ...(readyMs !== undefined ? { readyMs } : {}) })),
    tools: tools.map(([server, tool, listIndex]) => ({ server, tool, ...(listIndex !== undefined ? { listIndex } : {}) })),
  };
  return getTarget(target).render(input);
}

describe('registration order decides collisions (observed with the real clients)', () => {
  // Config and catalog order: b x, b(x, b_x; ready: b_x (10 ms), b x (700), b(x (1500).
  const servers: Array<[string, number]> = [
    ['b x', 700],
    ['b(x', 1500],
    ['b_x', 10],
  ];
  const tools: Array<[string, string, number]> = [
    ['b x', 't', 0],
    ['b(x', 't', 0],
    ['b_x', 't', 0],
  ];
  const kept = (target: string): string[] =>
    render(target, servers, tools)
      .names.filter((rendered) => rendered.dropped === undefined)
      .map((rendered) => rendered.server);

  it('Claude Code keeps the server ready first, Gemini CLI and opencode the one ready last', () => {
    expect(kept('claude-code')).toEqual(['b_x']);
    expect(kept('gemini-cli')).toEqual(['b(x']);
    expect(kept('opencode')).toEqual(['b(x']);
  });

  it('servers ready within SAME_MOMENT_MS of each other register in config order: jitter between runs does not swap them', () => {
    const close = (a: number, b: number): Array<[string, number]> => [
      ['b x', a],
      ['b(x', b],
    ];
    const pair: Array<[string, string, number]> = [
      ['b x', 't', 0],
      ['b(x', 't', 0],
    ];
    const keptBy = (target: string, ready: Array<[string, number]>) =>
      render(target, ready, pair)
        .names.filter((name) => !name.dropped)
        .map((name) => name.server);
    for (const [a, b] of [
      [575, 602],
      [690, 670],
      [936, 668],
    ]) {
      expect(keptBy('opencode', close(a!, b!)), `${a} vs ${b}`).toEqual(['b(x']); // the later in config order overwrites
      expect(keptBy('claude-code', close(a!, b!)), `${a} vs ${b}`).toEqual(['b x']);
    }
    // Further apart, readiness decides.
    expect(keptBy('opencode', close(1200, 100))).toEqual(['b x']);
    expect(SAME_MOMENT_MS).toBe(500);
  });

  it('says the outcome depends on readiness, and what mcpns went by', () => {
    expect(render('claude-code', servers, tools).nondeterministic).toBe(
      'which server keeps a shared name depends on which one Claude Code finds ready first (it keeps the first); mcpns went by the order its own discovery saw them ready (within 0.5 s of each other: config order)',
    );
    expect(render('gemini-cli', servers, tools).nondeterministic).toMatch(/ready last \(later ones overwrite earlier ones\)/);
  });

  it('inside a server the listing order decides: Claude Code keeps the first listed, Gemini CLI and opencode the last', () => {
    // The server lists "q r" before "q(r" (name order is the other way round).
    const listed: Array<[string, string, number]> = [
      ['w', 'q r', 0],
      ['w', 'q(r', 1],
    ];
    const keep = (target: string) => render(target, [['w', 5]], listed).names.find((rendered) => rendered.dropped === undefined)!.tool;
    expect(keep('claude-code')).toBe('q r');
    expect(keep('gemini-cli')).toBe('q(r');
    expect(keep('opencode')).toBe('q(r');
    expect(render('claude-code', [['w', 5]], listed).nondeterministic).toBeUndefined();
  });

  it('without listing positions (an older catalog) it says it assumed name order', () => {
    expect(
      render(
        'opencode',
        [['w']],
        [
          ['w', 'q r'],
          ['w', 'q(r'],
        ],
      ).nondeterministic,
    ).toBe('inside a server opencode goes by the order the server lists its tools, which this catalog does not record; mcpns assumed name order');
  });
});

describe('codex', () => {
  it('sends a function inside the namespace mcp__<server>; name is the flat form', () => {
    const [rendered] = render('codex', [['k8s-prod']], [['k8s-prod', 'get-pods']]).names;
    expect(rendered).toMatchObject({ name: 'mcp__k8s_prod__get_pods', namespace: 'mcp__k8s_prod', function: 'get_pods' });
  });

  it('shortens nothing: a 65-character namespace and a 70-character function are sent whole', () => {
    const server = `srv_${'y'.repeat(56)}`;
    const tool = `get_${'x'.repeat(66)}`;
    const [rendered] = render('codex', [[server]], [[server, tool]]).names;
    expect(rendered!.namespace).toBe(`mcp__${server}`);
    expect(rendered!.function).toBe(tool);
    expect(rendered!.dropped).toBeUndefined();
  });

  it('hashes shared namespaces and shared names with the identities the real client used', () => {
    const names = render(
      'codex',
      [['a.b'], ['a_b'], ['plain']],
      [
        ['a.b', 'c'],
        ['a_b', 'c'],
        ['plain', 'a-b'],
        ['plain', 'a_b'],
        ['plain', 'a.b'],
      ],
    ).names.map((rendered) => `${rendered.namespace} ${rendered.function}`);
    // Values from Codex 0.169.0 (test/fidelity/clients/codex.json).
    expect(names).toEqual([
      'mcp__a_b_c5342199e32f c',
      'mcp__a_b_909e3df97957 c',
      'mcp__plain a_b_d0736581f927',
      'mcp__plain a_b_c4edfe4c0c86',
      'mcp__plain a_b_1ab019c5774d',
    ]);
  });

  it('refuses server names outside ^[a-zA-Z0-9_:@/.-]+$, with a name it would accept', () => {
    const rendering = render(
      'codex',
      [['My Server'], ['@team/srv:v2'], ['']],
      [
        ['My Server', 'x'],
        ['@team/srv:v2', 'x'],
        ['', 'status'],
      ],
    );
    expect(rendering.names[0]!.refused).toEqual({
      subject: 'server',
      rule: 'Invalid MCP server name: must match ^[a-zA-Z0-9_:@/.-]+$',
      suggestion: 'My-Server',
    });
    expect(rendering.names[1]).toMatchObject({ namespace: 'mcp___team_srv_v2', function: 'x' });
    expect(rendering.names[2]!.refused?.suggestion).toBeUndefined();
    expect(rendering.lookup.has('mcp__My_Server__x')).toBe(false);
  });
});

describe('opencode', () => {
  it('joins server and tool with "_", every character outside [A-Za-z0-9_-] of either turned into "_"', () => {
    const names = render(
      'opencode',
      [['My Server.v2'], ['']],
      [
        ['My Server.v2', 'get.time'],
        ['', 'status'],
      ],
    ).names.map((rendered) => rendered.name);
    expect(names).toEqual(['My_Server_v2_get_time', '_status']);
    expect(getTarget('opencode')).toMatchObject({ kind: 'preset', status: 'verified', checkedAgainst: { package: 'opencode-ai', version: '1.18.33' } });
  });
});
