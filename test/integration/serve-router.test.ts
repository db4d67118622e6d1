/**
 * `mcpns serve --router` over stdio through a real SDK client, in front of two fixture upstreams: tools/list shows the
 * router's tools and the pinned ones; a search finds a tool with its full schema; the found tool is called directly and
 * through call_tool, both routed and logged as ordinary calls; invalid arguments are refused with the schema's reason;
 * a tool the profile hides is never found or called; a tool an upstream adds (list_changed) becomes searchable.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitUntil } from '../helpers/assertions.js';
import { runCli } from '../helpers/cli.js';
import { fixturePath, REPO_ROOT } from '../helpers/fixtures.js';
import { expectProcessesGone, readPids } from '../helpers/processes.js';
import { makeTempDir } from '../helpers/temp.js';

const BIN = join(REPO_ROOT, 'bin', 'mcpns.js');

type Result = Awaited<ReturnType<Client['callTool']>>;
const found = (result: Result): Array<Record<string, unknown>> => (result.structuredContent as { tools?: Array<Record<string, unknown>> }).tools ?? [];
const textOf = (result: Result): string => (result.content as Array<{ text: string }>)[0]!.text;

describe('mcpns serve --router', () => {
  let dir: string;
  let client: Client;
  let stderr = '';

  beforeAll(async () => {
    dir = makeTempDir();
    const upstream = (name: string) => ({ command: process.execPath, args: [fixturePath('gateway-upstream'), '--name', name] });
    const config = join(dir, 'mcpns.config.json');
    writeFileSync(
      config,
      JSON.stringify({
        servers: { alpha: upstream('alpha'), beta: upstream('beta') },
        profiles: { narrow: { tools: { deny: ['alpha/echo', 'beta/add'] } } },
        router: { pin: ['alpha/whoami'] },
        routes: [{ name: 'greeting', keywords: ['hello'], tool: 'beta/whoami' }],
      }),
    );
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [BIN, 'serve', '--router', '--profile', 'narrow', '--config', config, '--log-file', join(dir, 'requests.jsonl')],
      env: { ...(process.env as Record<string, string>), MCPNS_PID_FILE: join(dir, 'pids') },
      stderr: 'pipe',
      cwd: dir,
    });
    transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    client = new Client({ name: 'test', version: '1.0.0' });
    await client.connect(transport, { timeout: 90_000 });
  });

  afterAll(async () => {
    const pids = readPids(join(dir, 'pids'));
    await client?.close();
    await expectProcessesGone(pids);
  });

  it('lists the router tools, the pinned tool and the route target, and nothing else', async () => {
    await waitUntil(async () => stderr.includes('serving '), 'the gateway started');
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual(['alpha__whoami', 'beta__whoami', 'call_tool', 'describe_tool', 'search_tools']);
    expect(tools.find((tool) => tool.name === 'search_tools')!.description).toContain('Servers: alpha, beta.');
  });

  it("tells the model at initialize to call search_tools first, before the servers' own instructions", () => {
    const instructions = client.getInstructions() ?? '';
    expect(instructions).toMatch(/^Most tools behind this gateway are not listed\. For a task, call search_tools first/);
    expect(instructions).toContain('call_tool');
  });

  it('finds a tool with its full input schema, named as the gateway names it', async () => {
    const result = await client.callTool({ name: 'search_tools', arguments: { query: 'add two numbers', limit: 3 } });
    expect(result.isError).toBeFalsy();
    const best = found(result)[0]!;
    expect(best).toMatchObject({ name: 'alpha__add', server: 'alpha', inputSchema: { type: 'object', properties: { a: { type: 'number' } } } });
    expect(JSON.parse(textOf(result))).toEqual(result.structuredContent);
  });

  it('calls the found tool directly and through call_tool, both reaching the server', async () => {
    expect((await client.callTool({ name: 'alpha__add', arguments: { a: 2, b: 3 } })).structuredContent).toEqual({ sum: 5 });
    const through = await client.callTool({ name: 'call_tool', arguments: { name: 'alpha__add', arguments: { a: 4, b: 5 } } });
    expect(through.structuredContent).toEqual({ sum: 9 });
  });

  it('refuses invalid arguments on both paths with the schema error, without calling the server', async () => {
    const direct = await client.callTool({ name: 'alpha__add', arguments: { a: 'two', b: 3 } });
    expect(direct.isError).toBe(true);
    expect(textOf(direct)).toContain('invalid arguments for alpha__add');
    expect(textOf(direct)).toContain('a: expected number');
    const through = await client.callTool({ name: 'call_tool', arguments: { name: 'alpha__add', arguments: { a: 'two' } } });
    expect(through.isError).toBe(true);
    expect(textOf(through)).toContain('a: expected number');
  });

  it('never finds, describes or calls a tool the profile hides', async () => {
    const search = await client.callTool({ name: 'search_tools', arguments: { query: 'echo text', limit: 50 } });
    expect(found(search).map((tool) => tool.name)).not.toContain('alpha__echo');
    const sums = await client.callTool({ name: 'search_tools', arguments: { query: 'add two numbers', limit: 50 } });
    expect(found(sums).map((tool) => tool.name)).not.toContain('beta__add');
    expect((await client.callTool({ name: 'describe_tool', arguments: { name: 'alpha__echo' } })).isError).toBe(true);
    expect((await client.callTool({ name: 'call_tool', arguments: { name: 'alpha__echo', arguments: { text: 'x' } } })).isError).toBe(true);
    await expect(client.callTool({ name: 'alpha__echo', arguments: { text: 'x' } })).rejects.toMatchObject({ code: -32602 });
  });

  it("answers a search with a configured route's target first", async () => {
    const result = await client.callTool({ name: 'search_tools', arguments: { query: 'hello, add two numbers' } });
    expect(found(result)[0]).toMatchObject({ name: 'beta__whoami', route: 'greeting' });
  });

  it('makes a tool an upstream adds (list_changed) searchable', async () => {
    const before = await client.callTool({ name: 'search_tools', arguments: { query: 'added at run time' } });
    expect(found(before).map((tool) => tool.name)).not.toContain('alpha__grown');
    await client.callTool({ name: 'call_tool', arguments: { name: 'alpha__grow', arguments: {} } });
    const after = await waitUntil(async () => {
      const result = await client.callTool({ name: 'search_tools', arguments: { query: 'added at run time' } });
      return found(result).find((tool) => tool.name === 'alpha__grown');
    }, 'alpha__grown became searchable');
    expect(after).toMatchObject({ server: 'alpha', description: 'Added at run time.' });
    expect((await client.callTool({ name: 'alpha__grown', arguments: {} })).isError).toBeFalsy();
  });

  it("logs the router's calls and the calls they make like any other call", async () => {
    const entries = await waitUntil(() => {
      const lines = readFileSync(join(dir, 'requests.jsonl'), 'utf8')
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as Record<string, unknown>);
      return lines.length >= 8 ? lines : undefined;
    }, 'the request log was written');
    expect(entries).toContainEqual(expect.objectContaining({ method: 'tools/call', server: 'router', tool: 'call_tool', outcome: 'ok' }));
    expect(entries).toContainEqual(expect.objectContaining({ method: 'tools/call', server: 'alpha', tool: 'add', outcome: 'ok' }));
    expect(entries).toContainEqual(expect.objectContaining({ server: 'alpha', tool: 'add', outcome: 'isError' }));
  });
});

describe('mcpns serve --router --dry-run', () => {
  function config(): string {
    const dir = makeTempDir();
    const file = join(dir, 'mcpns.config.json');
    const upstream = { command: process.execPath, args: [fixturePath('gateway-upstream'), '--name', 'alpha'] };
    writeFileSync(file, JSON.stringify({ servers: { alpha: upstream }, router: { pin: ['alpha/whoami', 'nothing_*'] } }));
    return file;
  }

  it('shows the listing a client gets, the pins, and its size against the full listing', async () => {
    const result = await runCli(['serve', '--router', '--dry-run', '--config', config()]);
    expect(result.stdout).toContain('router mode: tools/list shows 4 tools: search_tools, call_tool, describe_tool, alpha__whoami');
    expect(result.stdout).toContain('pinned alpha__whoami (pin "alpha/whoami")');
    expect(result.stdout).toContain('16 more tools are reached through search_tools');
    expect(result.stdout).toMatch(/listing [\d,]+ chars \(≈[\d,]+ tokens\) instead of [\d,]+ chars/);
    expect(result.stdout).toContain('warning: pin "nothing_*" matches no exposed tool');
    expect(result.code).toBe(0);
  });

  it('--json: the router listing under "router"', async () => {
    const result = await runCli(['serve', '--router', '--dry-run', '--json', '--config', config()]);
    const document = JSON.parse(result.stdout) as {
      router: { tools: string[]; searchable: number; listing: { chars: number; fullChars: number; share: number } };
    };
    expect(document.router.tools).toEqual(['search_tools', 'call_tool', 'describe_tool', 'alpha__whoami']);
    expect(document.router.searchable).toBe(16);
    expect(document.router.listing.share).toBeCloseTo(document.router.listing.chars / document.router.listing.fullChars, 3);
  });
});
