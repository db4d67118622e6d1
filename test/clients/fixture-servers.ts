import type { FixtureServer, Verdict } from './types.js';

/** A tool name of 70 characters (over the 64 of the OpenAI and Gemini APIs). */
export const LONG_TOOL = `get_${'x'.repeat(66)}`;
/** A server name of 60 characters: `mcp__` + it is a 65-character Codex namespace; Gemini elides its names. */
export const LONG_SERVER = `srv_${'y'.repeat(56)}`;

/**
 * The awkward servers every client's naming scenario starts from: spaces, dots, parentheses, dashes, non-ASCII, names
 * that collide once sanitized (across servers: `a.b`, `a_b`, `a b`, ready in that order; inside one: `a-b`, `a_b`,
 * `a.b`), names over 64
 * characters, and 130 tools on one server. `expect` says what a client that loads all of them does; each driver's
 * scenario overrides it where its client refuses a name.
 */
export function awkwardServers(expect: (name: string) => Verdict = () => 'loaded'): FixtureServer[] {
  const servers: Array<Omit<FixtureServer, 'expect'>> = [
    { name: 'plain', tools: ['get.time', 'do thing', 'f(x)', 'a-b', 'a_b', 'a.b', 'café', LONG_TOOL] },
    { name: 'My Server.v2', tools: ['a', 'b'] },
    { name: 'paren(s)', tools: ['x'] },
    // Ready one after the other, in config order: which of them a client keeps must not depend on a race.
    { name: 'a.b', tools: ['c'] },
    { name: 'a_b', tools: ['c'], delayMs: 600 },
    { name: 'a b', tools: ['c'], delayMs: 1200 },
    { name: LONG_SERVER, tools: ['ping', 'a_fairly_long_tool_name_for_elision'] },
    { name: 'many', generate: { prefix: 'tool_', count: 130 } },
  ];
  return servers.map((server) => ({ ...server, expect: expect(server.name) }));
}

/** Every tool name a fixture server lists, in its order. */
export function toolsOf(server: Pick<FixtureServer, 'tools' | 'generate' | 'readOnly'>): string[] {
  const names = [...(server.tools ?? [])];
  for (let n = 1; n <= (server.generate?.count ?? 0); n++) names.push(`${server.generate!.prefix}${String(n).padStart(3, '0')}`);
  return [...names, ...(server.readOnly ?? [])];
}

/** The marker a fixture tool's description carries: base64url(JSON [server, tool]) after `fixture:`. */
export function readMarker(description: unknown): { server: string; tool: string } | undefined {
  if (typeof description !== 'string') return undefined;
  const match = /fixture:([A-Za-z0-9_-]+)/.exec(description);
  if (!match) return undefined;
  try {
    const value: unknown = JSON.parse(Buffer.from(match[1]!, 'base64url').toString('utf8'));
    return Array.isArray(value) && typeof value[0] === 'string' && typeof value[1] === 'string' ? { server: value[0], tool: value[1] } : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Servers whose names collide once sanitized, ready in an order that differs from both config order and name order
 * (config: `b(x`, `b_x`, `b x`; ready: `b_x`, `b x`, `b(x`; names: `b x`, `b(x`, `b_x`), and two servers listing the
 * same colliding tools in opposite orders: which one a client keeps tells whether it goes by config, readiness or
 * name order across servers, and by listing or name order inside one.
 */
export function orderServers(expect: (name: string) => Verdict = () => 'loaded'): FixtureServer[] {
  const servers: Array<Omit<FixtureServer, 'expect'>> = [
    { name: 'b(x', tools: ['t'], delayMs: 1500 },
    { name: 'b_x', tools: ['t'] },
    { name: 'b x', tools: ['t'], delayMs: 700 },
    { name: 'w1', tools: ['q(r', 'q_r', 'q r'] },
    { name: 'w2', tools: ['q r', 'q_r', 'q(r'] },
  ];
  return servers.map((server) => ({ ...server, expect: expect(server.name) }));
}

/**
 * The 18 inputs of the fidelity tables (test/fidelity/tables/, one server and one tool each), so the clients
 * themselves render the same rows the source-derived tables hold. `rows` holds all but two; `my_server` would collide
 * with `my.server` once sanitized and `solo` is the row run alone in the tables, so they are `rowsApart`.
 */
export const FIDELITY_ROWS: ReadonlyArray<{ id: string; server: string; tool: string }> = [
  { id: 'plain', server: 'github', tool: 'create_issue' },
  { id: 'spaces', server: 'Acme CRM', tool: 'get contact' },
  { id: 'dots', server: 'my.server', tool: 'get.time' },
  { id: 'dashes', server: 'k8s-prod', tool: 'get-pods' },
  { id: 'slashes', server: 'org/repo', tool: 'files/read' },
  { id: 'dunder-inside', server: 'data__lake', tool: 'run__query' },
  { id: 'dunder-edges', server: 'edge__', tool: '__hidden' },
  { id: 'upper-case', server: 'GitHub', tool: 'CreateIssue' },
  { id: 'non-ascii', server: 'Zürich Café', tool: 'naïve résumé' },
  { id: 'emoji', server: 'rocket🚀', tool: 'launch🚀' },
  { id: 'empty-server', server: '', tool: 'status' },
  { id: 'long-tool', server: 'tools', tool: `fetch_${'abcdefghij'.repeat(9)}klmn` },
  { id: 'long-server', server: 'acme-enterprise-resource-planning-gateway-prod-eu-west-1-abc', tool: 'get_item' },
  { id: 'underscore-server', server: 'my_server', tool: 'get_time' },
  { id: 'apostrophes', server: "Bob's Tools", tool: "don't stop" },
  { id: 'padded', server: ' padded ', tool: ' trim me ' },
  { id: 'separator-only-server', server: '--', tool: 'status' },
  { id: 'alone', server: 'solo', tool: 'ping' },
];

const APART = new Set(['underscore-server', 'alone']);

/** The fidelity rows as fixture servers: `rows` (all but two) or `rowsApart` (the two kept apart). */
export function rowServers(which: 'rows' | 'rowsApart', expect: (name: string) => Verdict = () => 'loaded'): FixtureServer[] {
  return FIDELITY_ROWS.filter((row) => APART.has(row.id) === (which === 'rowsApart')).map((row) => ({
    name: row.server,
    tools: [row.tool],
    expect: expect(row.server),
  }));
}
