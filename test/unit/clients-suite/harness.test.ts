import { describe, expect, it } from 'vitest';
import { searchedToolNamesOf, toolNamesOf } from '../../../fixtures/llm/fake-llm.js';
import { readMarker } from '../../clients/fixture-servers.js';
import { compare, formatRecording, sentNames } from '../../clients/harness.js';
import type { ObservedScenario, Scenario } from '../../clients/types.js';

/** The real-client suite's own logic (test/clients/), checked without the clients. */
const marker = (server: string, tool: string): string => `Fixture tool. fixture:${Buffer.from(JSON.stringify([server, tool])).toString('base64url')}`;

describe('fake LLM request parsing', () => {
  it('reads the tools of each API, with Responses namespaces and tool_search outputs', () => {
    expect(
      toolNamesOf('anthropic', {
        tools: [
          { name: 'mcp__a__b', description: 'd' },
          { type: 'web_search_20250305', name: 'web_search' },
        ],
      }),
    ).toEqual([
      { name: 'mcp__a__b', description: 'd' },
      { name: 'web_search', type: 'web_search_20250305' },
    ]);
    expect(toolNamesOf('gemini', { tools: [{ functionDeclarations: [{ name: 'mcp_a_b', description: 'd' }] }] })).toEqual([
      { name: 'mcp_a_b', description: 'd' },
    ]);
    expect(toolNamesOf('chat', { tools: [{ type: 'function', function: { name: 'a_b', description: 'd' } }] })).toEqual([
      { name: 'a_b', description: 'd', type: 'function' },
    ]);
    expect(toolNamesOf('responses', { tools: [{ type: 'namespace', name: 'mcp__a', tools: [{ type: 'function', name: 'b' }] }] })).toEqual([
      { name: 'b', namespace: 'mcp__a', type: 'function' },
    ]);
    expect(
      searchedToolNamesOf({
        input: [{ type: 'message' }, { type: 'tool_search_output', tools: [{ type: 'namespace', name: 'mcp__a', tools: [{ type: 'function', name: 'b' }] }] }],
      }),
    ).toEqual([{ name: 'b', namespace: 'mcp__a', type: 'function' }]);
    expect(toolNamesOf('anthropic', { tools: 'nonsense' })).toEqual([]);
  });

  it('traces a sent tool back to its server and tool through the description marker, first request first', () => {
    expect(readMarker(marker('My Server.v2', 'get.time'))).toEqual({ server: 'My Server.v2', tool: 'get.time' });
    expect(readMarker('no marker')).toBeUndefined();
    expect(readMarker('fixture:!!!')).toBeUndefined();
    const sent = sentNames([
      {
        at: '',
        method: 'POST',
        path: '/v1/responses',
        api: 'responses',
        stream: true,
        toolNames: [{ name: 'x', namespace: 'mcp__s', description: marker('s', 'x') }],
      },
      {
        at: '',
        method: 'POST',
        path: '/v1/responses',
        api: 'responses',
        stream: true,
        toolNames: [{ name: 'later', description: marker('s', 'x') }],
        searchedToolNames: [{ name: 'y', namespace: 'mcp__s', description: marker('s', 'y') }],
      },
    ]);
    expect([...sent.values()]).toEqual([
      { name: 'x', namespace: 'mcp__s' },
      { name: 'y', namespace: 'mcp__s', searched: true },
    ]);
  });
});

describe('comparison with mcpns', () => {
  const scenario: Scenario = {
    id: 's',
    description: '',
    servers: [
      { name: 'on', tools: ['a', 'b'], expect: 'loaded' },
      { name: 'off', tools: ['a'], expect: 'disabled' },
    ],
  };
  const observed: ObservedScenario = {
    id: 's',
    description: '',
    exitCode: 0,
    servers: [
      {
        name: 'on',
        verdict: 'loaded',
        started: true,
        tools: [
          { tool: 'a', sent: { name: 'on_a' } },
          { tool: 'b', sent: null },
        ],
      },
      { name: 'off', verdict: 'disabled', started: false, tools: [{ tool: 'a', sent: null }] },
    ],
  };
  const document = {
    servers: [
      { name: 'on', status: 'ok' },
      { name: 'off', status: 'disabled', disabledKind: 'disabled' },
    ],
    tools: [
      { server: 'on', name: 'a', presets: { p: { name: 'on_a' } } },
      { server: 'on', name: 'b', presets: { p: { name: 'on_b', dropped: 'shadowed' } } },
    ],
  };

  it('agrees when every verdict and name agrees', () => {
    expect(compare(scenario, observed, document, 'p')).toEqual({ differences: [], servers: 2, serversMatched: 2, tools: 3, toolsMatched: 3 });
  });

  it('names each difference: a name, a verdict, a tool mcpns shows but the client did not send', () => {
    const wrong = {
      servers: [
        { name: 'on', status: 'ok' },
        { name: 'off', status: 'ok' },
      ],
      tools: [
        { server: 'on', name: 'a', presets: { p: { name: 'on__a' } } },
        { server: 'on', name: 'b', presets: { p: { name: 'on_b' } } },
        { server: 'off', name: 'a', presets: { p: { name: 'off_a' } } },
      ],
    };
    expect(compare(scenario, observed, wrong, 'p').differences).toEqual([
      'on/a: the client sent on_a, mcpns says on__a',
      'on/b: the client sent (not sent), mcpns says on_b',
      'off: the client\'s verdict is "disabled", mcpns says "loaded"',
      'off/a: the client sent (not sent), mcpns says off_a',
    ]);
  });

  it('catches a scenario whose expectation the client did not meet', () => {
    const started = { ...observed, servers: [observed.servers[0]!, { ...observed.servers[1]!, started: true }] };
    expect(compare(scenario, started, document, 'p').differences).toEqual(['off: expected "disabled", but the client started it and sent 0 of its 1 tools']);
  });

  it('compares Codex namespaces: namespace and function both', () => {
    const codexObserved: ObservedScenario = {
      ...observed,
      servers: [
        {
          name: 'on',
          verdict: 'loaded',
          started: true,
          tools: [
            { tool: 'a', sent: { name: 'a', namespace: 'mcp__on' } },
            { tool: 'b', sent: null },
          ],
        },
      ],
    };
    const codexScenario: Scenario = { ...scenario, servers: [scenario.servers[0]!] };
    const codexDocument = {
      servers: [{ name: 'on', status: 'ok' }],
      tools: [{ server: 'on', name: 'a', presets: { codex: { name: 'mcp__on__a', namespace: 'mcp__on', function: 'a' } } }],
    };
    expect(compare(codexScenario, codexObserved, codexDocument, 'codex').differences).toEqual([]);
  });
});

describe('recordings', () => {
  it('are pretty JSON with one line per tool', () => {
    const text = formatRecording({
      client: 'x',
      scenarios: [
        {
          servers: [
            {
              name: 's',
              tools: [
                { tool: 'a', sent: { name: 'b' } },
                { tool: 'c', sent: null },
              ],
            },
            { name: 't', tools: [] },
          ],
        },
      ],
    });
    expect(JSON.parse(text)).toEqual({
      client: 'x',
      scenarios: [
        {
          servers: [
            {
              name: 's',
              tools: [
                { tool: 'a', sent: { name: 'b' } },
                { tool: 'c', sent: null },
              ],
            },
            { name: 't', tools: [] },
          ],
        },
      ],
    });
    expect(text).toContain('          "tools": [\n            {"tool":"a","sent":{"name":"b"}},\n            {"tool":"c","sent":null}\n          ]');
    expect(text).toContain('"tools": []');
  });
});
