import { describe, expect, it } from 'vitest';
import { getTarget, listTargets, renderNames } from '../../../src/naming/index.js';
import { McpnsError } from '../../../src/errors.js';
import { input } from './helpers.js';

const GH: [string, string] = ['github', 'create_issue'];
const MY: [string, string] = ['My Server.v2', 'get.time'];
const AWS: [string, string] = ['awslabs.billing-cost-management-mcp-server', 'get_cost_and_usage_comparisons_with_forecast'];
const UNI: [string, string] = ['Zürich Café', 'naïve résumé'];

/** Name of one pair rendered alongside a second server (so "≥ 2 servers" rules prefix). */
function one(target: string, pair: [string, string]): { name: string; dropped?: string; wireName?: string } {
  const rendered = renderNames(target, input([pair], [pair[0], 'zzother'])).names[0]!;
  return rendered;
}

// naming-presets.md §3, each recomputed by hand from the formulas (all agree with the table).
const WORKED: Record<string, [string | null, string | null, string | null, string | null]> = {
  'claude-code': [
    'mcp__github__create_issue',
    'mcp__My_Server_v2__get_time',
    'mcp__awslabs_billing-cost-management-mcp-server__get_cost_and_usage_comparisons_with_forecast',
    'mcp__Z_rich_Caf___na_ve_r_sum_',
  ],
  vscode: [
    'mcp_github_create_issue',
    'mcp_my_server_v2_get_time',
    'mcp_awslabs_billi_get_cost_and_usage_comparisons_with_forecast',
    'mcp_z_rich_caf__na_ve_r_sum_',
  ],
  'gemini-cli': [
    'mcp_github_create_issue',
    'mcp_My_Server.v2_get.time',
    'mcp_awslabs.billing-cost-manag...sage_comparisons_with_forecast',
    'mcp_Z_rich_Caf__na_ve_r_sum_',
  ],
  'openai-agents-prefixed': [
    'mcp_github__create_issue',
    'mcp_My_Server_v2__get_time',
    'mcp_awslabs_billing-cost-management-mcp-server__get_cos_a8bab7a1',
    'mcp_Z_rich_Caf__na_ve_r_sum',
  ],
  langchain: ['github_create_issue', 'My Server.v2_get.time', `${AWS[0]}_${AWS[1]}`, 'Zürich Café_naïve résumé'],
  contextforge: [
    'github-create-issue',
    'my-server-v2-get-time',
    'awslabs-billing-cost-management-mcp-server-get-cost-and-usage-comparisons-with-forecast',
    null, // ContextForge refuses the gateway name "Zürich Café" (VALIDATION_NAME_PATTERN)
  ],
  // MetaMCP refuses server names outside [A-Za-z0-9_-] at import and in its database.
  metamcp: ['github__create_issue', null, null, null],
  '1mcp': ['github_1mcp_create_issue', 'My Server.v2_1mcp_get.time', `${AWS[0]}_1mcp_${AWS[1]}`, 'Zürich Café_1mcp_naïve résumé'],
  litellm: ['github-create_issue', 'My_Server.v2-get.time', null, 'Zürich_Café-naïve résumé'],
  continue: ['github_create_issue', 'my_server_v2_get.time', `awslabs_billing_cost_management_mcp_server_${AWS[1]}`, 'z_rich_caf_naïve résumé'],
  cline: [
    'github__create_issue',
    'My_Server_v2__get_time_531d055f',
    'awslabs_billing-cost-management-mcp-server__get_cost_an_0d75bb3c',
    'Z_rich_Caf___na_ve_r_sum__4aac3190',
  ],
  // Codex refuses server names with spaces or non-ASCII letters, and no longer shortens long names (Codex 0.169.0).
  codex: ['mcp__github__create_issue', null, 'mcp__awslabs_billing_cost_management_mcp_server__get_cost_and_usage_comparisons_with_forecast', null],
  cursor: ['mcp_github_create_issue', 'mcp_My Server.v2_get.time', null, 'mcp_Zürich Café_naïve résumé'],
  slash: ['github/create_issue', 'My Server.v2/get.time', `${AWS[0]}/${AWS[1]}`, 'Zürich Café/naïve résumé'],
  'double-underscore': ['github__create_issue', 'My Server.v2__get.time', `${AWS[0]}__${AWS[1]}`, 'Zürich Café__naïve résumé'],
  underscore: ['github_create_issue', 'My Server.v2_get.time', `${AWS[0]}_${AWS[1]}`, 'Zürich Café_naïve résumé'],
  dot: ['github.create_issue', 'My Server.v2.get.time', `${AWS[0]}.${AWS[1]}`, 'Zürich Café.naïve résumé'],
  openai: ['github__create_issue', 'My Server.v2__get.time', `${AWS[0]}__${AWS[1]}`, 'Zürich Café__naïve résumé'],
  'openai-agents': ['create_issue', 'get.time', AWS[1], 'naïve résumé'],
  'docker-mcp-gateway': ['create_issue', 'get.time', AWS[1], 'naïve résumé'],
  fastmcp: ['github_create_issue', 'My Server.v2_get.time', `${AWS[0]}_${AWS[1]}`, 'Zürich Café_naïve résumé'],
  'mcp-agent': ['github_create_issue', 'My Server.v2_get.time', `${AWS[0]}_${AWS[1]}`, 'Zürich Café_naïve résumé'],
  // agentgateway refuses target names that are not lowercase Gateway API SectionNames (the whole config fails).
  agentgateway: ['github_create_issue', null, `${AWS[0]}_${AWS[1]}`, null],
};

describe('worked examples (naming-presets.md §3)', () => {
  for (const [target, expected] of Object.entries(WORKED)) {
    it(target, () => {
      const got = [GH, MY, AWS, UNI].map((pair) => {
        const rendered = one(target, pair);
        return rendered.dropped !== undefined ? null : rendered.name;
      });
      expect(got).toEqual(expected);
    });
  }

  it('lengths match the table', () => {
    expect(one('claude-code', AWS).name).toHaveLength(93);
    expect(one('vscode', AWS).name).toHaveLength(62);
    expect(one('gemini-cli', AWS).name).toHaveLength(63);
    expect(one('openai-agents-prefixed', AWS).name).toHaveLength(64);
    expect(one('cline', AWS).name).toHaveLength(64);
    expect(one('codex', AWS).name).toHaveLength(93);
    expect(one('1mcp', AWS).name).toHaveLength(92);
  });

  it('litellm rejects a server name containing "-" and cursor drops names over 60', () => {
    expect(one('litellm', AWS).dropped).toMatch(/cannot contain '-'/);
    expect(one('litellm', AWS)).toMatchObject({ refused: { subject: 'server', scope: 'config' } });
    expect(one('cursor', AWS).dropped).toMatch(/86 characters/);
  });

  it('claude-code: mcp__server__tool whole up to 128 characters, a longer one left out, nothing cut (Claude Code 2.1.332)', () => {
    // test/clients scenario long-names: the whole name counts, on a short server and on a 60-character one.
    const tool = (server: string, total: number): string => `len${total}_`.padEnd(total - `mcp__${server}__`.length, 'x');
    const wide = `srv_${'y'.repeat(56)}`;
    const pairs: [string, string][] = [
      ...[64, 65, 128, 129, 200].map((total): [string, string] => ['s', tool('s', total)]),
      ...[128, 129].map((total): [string, string] => [wide, tool(wide, total)]),
    ];
    const names = renderNames('claude-code', input(pairs)).names;
    expect(names.map((rendered) => [rendered.name.length, rendered.dropped !== undefined])).toEqual([
      [64, false],
      [65, false],
      [128, false],
      [129, true],
      [200, true],
      [128, false],
      [129, true],
    ]);
    expect(names.map((rendered) => rendered.name)).toEqual(pairs.map(([server, name]) => `mcp__${server}__${name}`));
    expect(names[3]!.dropped).toBe('Claude Code leaves out a name over 128 characters ("is not sent to Claude")');
    expect(renderNames('claude-code', input(pairs)).lookup.has(names[3]!.name)).toBe(false);
  });

  it('gemini-cli-legacy: bare first, server__tool on conflict (server unsanitized, no length check)', () => {
    for (const [pair, qualified] of [
      [GH, 'github__create_issue'],
      [MY, 'My Server.v2__get.time'],
      [AWS, `${AWS[0]}__${AWS[1]}`],
    ] as const) {
      const r = renderNames('gemini-cli-legacy', input([['aaa', pair[1]], pair]));
      expect(r.names.map((n) => n.name)).toEqual([pair[1], qualified]);
      expect(r.nondeterministic).toMatch(/discovered/);
    }
    expect(renderNames('gemini-cli-legacy', input([GH, ['aaa', AWS[1]]])).names[1]!.name).toHaveLength(44);
  });
});

describe('styles', () => {
  it('hybrid: bare when unique, server/tool when shared', () => {
    const r = renderNames(
      'hybrid',
      input([
        ['calc', 'add'],
        ['calc', 'mul'],
        ['math', 'add'],
      ]),
    );
    expect(r.names.map((n) => n.name)).toEqual(['calc/add', 'mul', 'math/add']);
    expect(getTarget('hybrid').parse).toBeUndefined();
  });

  it('prefix: namespace prefix unless the tool already has it; server_ otherwise', () => {
    const r = renderNames(
      'prefix',
      input(
        [
          ['ocp', 'get_pods'],
          ['ocp', 'oc_top'],
          ['mem', 'search'],
        ],
        [{ name: 'ocp', prefix: 'oc_' }, { name: 'mem' }],
      ),
    );
    expect(r.names.map((n) => n.name)).toEqual(['oc_get_pods', 'oc_top', 'mem_search']);
  });

  it('mew-openai: wire name replaces the first "/" and parse reverses the first "_" (faithfully misrouting)', () => {
    const target = getTarget('mew-openai');
    const r = target.render(
      input([
        ['weather-service', 'get_weather'],
        ['my_agent', 'add'],
        ['calculator', 'ns/tool'],
      ]),
    );
    expect(r.names.map((n) => n.wireName)).toEqual(['weather-service_get_weather', 'my_agent_add', 'calculator_ns/tool']);
    const servers = ['weather-service', 'my_agent', 'calculator'];
    expect(target.parse!('weather-service_get_weather', servers)).toEqual({ server: 'weather-service', tool: 'get_weather' });
    expect(target.parse!('my_agent_add', servers)).toEqual({ server: 'my', tool: 'agent_add' });
    expect(target.parse!('calculator_ns/tool', servers)).toEqual({ server: 'calculator', tool: 'ns' });
  });

  it('mew-openai: wire-level collisions show in wireLookup', () => {
    const r = renderNames(
      'mew-openai',
      input([
        ['a', 'b_c'],
        ['a_b', 'c'],
      ]),
    );
    expect(r.lookup.size).toBe(2);
    expect(r.wireLookup?.get('a_b_c')).toEqual([
      { server: 'a', tool: 'b_c' },
      { server: 'a_b', tool: 'c' },
    ]);
  });

  it('separator styles split at the first separator', () => {
    expect(getTarget('slash').parse!('a/b/c', ['a'])).toEqual({ server: 'a', tool: 'b/c' });
    expect(getTarget('double-underscore').parse!('a__b__c', ['a'])).toEqual({ server: 'a', tool: 'b__c' });
    expect(getTarget('underscore').parse!('my_srv_tool', ['my_srv'])).toEqual({ server: 'my', tool: 'srv_tool' });
    expect(getTarget('dot').parse!('atlas.task.status', ['atlas'])).toEqual({ server: 'atlas', tool: 'task.status' });
    expect(getTarget('slash').parse!('noslash', [])).toBeUndefined();
  });

  it('gemini-cli: a name cut at 63 renders with its uncut form and parses back to its pair (Gemini CLI finds it whole)', () => {
    const tools = [
      { server: 'mcpns', tool: 'awslabs-billing-cost-management__get_cost_and_usage_comparisons_with_forecast' },
      { server: 'mcpns', tool: 'github__create_issue' },
    ];
    const r = renderNames('gemini-cli', { servers: [{ name: 'mcpns' }], tools });
    expect(r.names[0]).toMatchObject({
      name: 'mcp_mcpns_awslabs-billing-cost...sage_comparisons_with_forecast',
      uncut: 'mcp_mcpns_awslabs-billing-cost-management__get_cost_and_usage_comparisons_with_forecast',
    });
    expect(r.names[1]!.uncut).toBeUndefined();
    const parse = getTarget('gemini-cli').parse!;
    expect(parse(r.names[0]!.name, ['mcpns'], tools)).toEqual(tools[0]);
    // Its policy reads the server part: a cut that splits elsewhere is still reported on the server.
    expect(parse('mcp_other_awslabs-billing-cost...sage_comparisons_with_forecast', ['mcpns', 'other'], tools)).toBeDefined();
  });
});

describe('collision policies', () => {
  it('claude-code: first wins (sanitizing merges a.b and a_b), parse maps back by exact server first', () => {
    const r = renderNames(
      'claude-code',
      input([
        ['a.b', 'x'],
        ['a_b', 'x'],
      ]),
    );
    expect(r.names.map((n) => n.name)).toEqual(['mcp__a_b__x', 'mcp__a_b__x']);
    expect(r.names[1]!.dropped).toMatch(/shadowed by a\.b\/x/);
    expect(r.lookup.get('mcp__a_b__x')).toEqual([{ server: 'a.b', tool: 'x' }]);
    expect(r.nondeterministic).toMatch(/depends on which one Claude Code finds ready first .*mcpns went by the order its own discovery saw them ready/);
    const parse = getTarget('claude-code').parse!;
    expect(parse('mcp__a_b__x', ['a.b', 'a_b'])).toEqual({ server: 'a_b', tool: 'x' });
    expect(parse('mcp__my_srv__get_time', ['my.srv'], [{ server: 'my.srv', tool: 'get.time' }])).toEqual({ server: 'my.srv', tool: 'get.time' });
    expect(parse('mcp__evil__foo__bar', ['evil__foo'])).toEqual({ server: 'evil', tool: 'foo__bar' });
  });

  it('gemini-cli: last wins; a_b+c and a+b_c collide; parse splits after mcp_', () => {
    const r = renderNames(
      'gemini-cli',
      input([
        ['a', 'b_c'],
        ['a_b', 'c'],
      ]),
    );
    expect(r.names.map((n) => n.name)).toEqual(['mcp_a_b_c', 'mcp_a_b_c']);
    expect(r.names[0]!.dropped).toMatch(/overwritten by a_b\/c/);
    expect(r.lookup.get('mcp_a_b_c')).toEqual([{ server: 'a_b', tool: 'c' }]);
    expect(getTarget('gemini-cli').parse!('mcp_a_b_c', ['a', 'a_b'])).toEqual({ server: 'a', tool: 'b_c' });
    // server "mcp_foo" is not re-prefixed and collides with server "foo"
    expect(
      renderNames(
        'gemini-cli',
        input([
          ['foo', 't'],
          ['mcp_foo', 't'],
        ]),
      ).names.map((n) => n.name),
    ).toEqual(['mcp_foo_t', 'mcp_foo_t']);
  });

  it('openai-agents: duplicates across servers are an error (all members kept)', () => {
    const r = renderNames(
      'openai-agents',
      input([
        ['a', 'search'],
        ['b', 'search'],
      ]),
    );
    expect(r.names.every((n) => n.dropped === undefined)).toBe(true);
    expect(r.lookup.get('search')).toHaveLength(2);
    expect(getTarget('openai-agents').unprefixed).toBe(true);
  });

  it('openai-agents-prefixed: a base shared after sanitizing is force-hashed with sha1(S\\0T)[:8]', () => {
    const r = renderNames(
      'openai-agents-prefixed',
      input([
        ['a.b', 'x'],
        ['a_b', 'x'],
        ['c', 'x'],
      ]),
    );
    expect(r.names.map((n) => n.name)).toEqual(['mcp_a_b__x_d037d523', 'mcp_a_b__x_70a91291', 'mcp_c__x']);
  });

  it('codex: colliding namespaces and tool names get sha1(identity)[:12]', () => {
    expect(
      renderNames(
        'codex',
        input([
          ['a.b', 'x'],
          ['a_b', 'x'],
        ]),
      ).names.map((n) => n.name),
    ).toEqual(['mcp__a_b_c5342199e32f__x', 'mcp__a_b_909e3df97957__x']);
    expect(
      renderNames(
        'codex',
        input([
          ['s', 'x.y'],
          ['s', 'x_y'],
        ]),
      ).names.map((n) => n.name),
    ).toEqual(['mcp__s__x_y_5a02743e92af', 'mcp__s__x_y_75a40e45937b']);
    const dup = renderNames(
      'codex',
      input([
        ['s', 't'],
        ['s', 't'],
      ]),
    );
    expect(dup.names[1]!.dropped).toMatch(/duplicate/);
  });

  it('mcp-agent: last wins; parse takes the longest server prefix', () => {
    const r = renderNames(
      'mcp-agent',
      input([
        ['git', 'hub_search'],
        ['git_hub', 'search'],
      ]),
    );
    expect(r.names[0]!.dropped).toBe('overwritten by git_hub/search (last-wins)');
    expect(r.lookup.get('git_hub_search')).toEqual([{ server: 'git_hub', tool: 'search' }]);
    expect(getTarget('mcp-agent').parse!('git_hub_search', ['git', 'git_hub'])).toEqual({ server: 'git_hub', tool: 'search' });
    expect(getTarget('mcp-agent').parse!('nothing', ['git'])).toBeUndefined();
  });

  it('fastmcp: bare with one server, prefixed with two; first wins', () => {
    expect(renderNames('fastmcp', input([['only', 'a']])).names[0]!.name).toBe('a');
    const r = renderNames(
      'fastmcp',
      input([
        ['a', 'b_c'],
        ['a_b', 'c'],
      ]),
    );
    expect(r.names[1]!.dropped).toMatch(/shadowed by a\/b_c/);
  });

  it('agentgateway: bare with one target (parse routes everything there), first "_" with several', () => {
    const parse = getTarget('agentgateway').parse!;
    expect(renderNames('agentgateway', input([['only', 'a_b']])).names[0]!.name).toBe('a_b');
    expect(parse('a_b', ['only'])).toEqual({ server: 'only', tool: 'a_b' });
    expect(parse('my_srv_tool', ['my_srv', 'x'])).toEqual({ server: 'my', tool: 'srv_tool' });
  });

  it('agentgateway-never: names served by several targets are dropped', () => {
    const r = renderNames(
      'agentgateway-never',
      input([
        ['a', 'search'],
        ['a', 'x'],
        ['b', 'search'],
      ]),
    );
    expect(r.names.map((n) => n.dropped !== undefined)).toEqual([true, false, true]);
    expect([...r.lookup.keys()]).toEqual(['x']);
  });

  it('docker-mcp-gateway: reserved and empty names are refused, duplicates all reported', () => {
    const r = renderNames(
      'docker-mcp-gateway',
      input([
        ['a', 'mcp-add'],
        ['a', ' '],
        ['a', 'search'],
        ['b', 'search'],
        ['c', 'search'],
      ]),
    );
    expect(r.names[0]!.dropped).toMatch(/reserved/);
    expect(r.names[1]!.dropped).toMatch(/empty/);
    expect(r.lookup.get('search')).toHaveLength(3);
  });

  it('metamcp: server characters deleted, parse at the first "__" maps back', () => {
    const parse = getTarget('metamcp').parse!;
    expect(parse('MyServerv2__get.time', ['My Server.v2'])).toEqual({ server: 'My Server.v2', tool: 'get.time' });
    expect(parse('Parent__Child__tool', ['Parent__Child'])).toEqual({ server: 'Parent', tool: 'Child__tool' });
  });

  it('1mcp parses at the first _1mcp_', () => {
    expect(getTarget('1mcp').parse!('a_1mcp_b_1mcp_c', ['a'])).toEqual({ server: 'a', tool: 'b_1mcp_c' });
  });

  it('continue: no prefix when the tool already starts with it (no separator check)', () => {
    const r = renderNames(
      'continue',
      input([
        ['git', 'github_search'],
        ['Git Hub!', 'x'],
      ]),
    );
    expect(r.names.map((n) => n.name)).toEqual(['github_search', 'git_hub_x']);
  });

  it('litellm: a single server gets no prefix', () => {
    expect(renderNames('litellm', input([['only one', 't']])).names[0]!.name).toBe('t');
  });

  it('cline: valid short names stay raw, invalid ones hash the raw name', () => {
    expect(
      renderNames(
        'cline',
        input([
          ['a', 'b.c'],
          ['a', 'b_c'],
        ]),
      ).names.map((n) => n.name.slice(0, 7)),
    ).toEqual(['a__b_c_', 'a__b_c']);
  });
});

describe('vscode prefixes', () => {
  it('prefix comes from serverInfo.title, then name, then the key; shared bases are numbered in input (registration) order', () => {
    const r = renderNames(
      'vscode',
      input(
        [
          ['a', 't'],
          ['b', 't'],
          ['c', 't'],
        ],
        [
          { name: 'a', serverInfo: { name: 'ignored', title: 'My Tools' } },
          { name: 'b', serverInfo: { name: 'my tools' } },
          { name: 'c', serverInfo: { name: '', title: '' } },
        ],
      ),
    );
    expect(r.names.map((n) => n.name)).toEqual(['mcp_my_tools_t', 'mcp_my_tools2_t', 'mcp_c_t']);
    expect(r.nondeterministic).toMatch(/order it registers servers; mcpns follows the order of the servers in config/);
    expect(renderNames('vscode', input([['x', 't']])).nondeterministic).toBeUndefined();
  });

  it('long bases are cut to 13, or 12 with a number; ids hard-cut at 64', () => {
    const r = renderNames(
      'vscode',
      input([
        ['abcdefghijklmnop', 't'],
        ['abcdefghijklmXYZ', 't'],
        ['s', 'a'.repeat(70)],
      ]),
    );
    expect(r.names.map((n) => n.name)).toEqual(['mcp_abcdefghijklm_t', 'mcp_abcdefghijkl2_t', `mcp_s_${'a'.repeat(58)}`]);
    expect(r.names[2]!.name).toHaveLength(64);
  });

  it('gemini-cli-legacy elides long bare names with ___ to 63', () => {
    const name = renderNames('gemini-cli-legacy', input([['s', 'a'.repeat(40) + 'b'.repeat(40)]])).names[0]!.name;
    expect(name).toBe('a'.repeat(28) + '___' + 'b'.repeat(32));
  });
});

describe('registry', () => {
  it('unknown target → UNKNOWN_TARGET listing the valid ids', () => {
    try {
      getTarget('nope');
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(McpnsError);
      expect((error as McpnsError).code).toBe('UNKNOWN_TARGET');
      expect((error as McpnsError).hint).toContain('claude-code');
    }
  });

  it('ids are unique and providers carry wire rules', () => {
    const ids = listTargets().map((t) => t.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ['openai', 'anthropic', 'gemini', 'bedrock']) {
      expect(getTarget(id).wire).toBeDefined();
      expect(getTarget(id).unprefixed).toBe(false);
    }
    expect(getTarget('openai').maxTools).toBe(128);
    expect(getTarget('gemini').maxTools).toBe(512);
  });
});

describe('mcp-agent parse edge cases', () => {
  it('handles an empty server name and megabyte names of separators', () => {
    const parse = getTarget('mcp-agent').parse!;
    expect(parse('_x', ['', 'a'])).toEqual({ server: '', tool: 'x' });
    expect(parse('_'.repeat(1 << 20), ['a_b'])).toBeUndefined();
    expect(parse('a_b_c', ['a', 'a_b'])).toEqual({ server: 'a_b', tool: 'c' });
  });
});
