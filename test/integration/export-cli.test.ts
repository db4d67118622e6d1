/** `mcpns export` end to end (in-process, offline with --catalog): shapes, --map-out, --profile, problems → exit 1. */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROVIDER_RULES } from '../../src/export/providers.js';
import { runCli } from '../helpers/cli.js';
import { writeTempConfig, type TempConfig } from '../helpers/config.js';

const catalog = ['--catalog', 'test/golden/call/catalog.json'];
let config: TempConfig;

beforeAll(() => {
  config = writeTempConfig(
    {
      servers: { calculator: { command: 'node', args: ['x.js'] } },
      profiles: { safe: { tools: { deny: ['write_*', 'files/broken'] } } },
    },
    'test.mcpns.json',
  );
});
afterAll(() => config.cleanup());

describe('mcpns export', () => {
  it('prints the provider tools array and writes the routing map', async () => {
    const mapFile = join(config.dir, 'map.json');
    const result = await runCli(['export', '--provider', 'openai', ...catalog, '--map-out', mapFile]);
    expect(result.code).toBe(0);
    const tools = JSON.parse(result.stdout) as { type: string; function: { name: string; description: string } }[];
    expect(tools.map((tool) => tool.function.name)).toEqual([
      'calculator__add',
      'calculator__subtract',
      'files__broken',
      'files__read_file',
      'files__write_file',
      'math-service__add',
      'math-service__integrate',
    ]);
    expect(tools.every((tool) => tool.type === 'function' && PROVIDER_RULES.openai.pattern.test(tool.function.name))).toBe(true);
    expect(tools[0]!.function.description).toBe('Add two numbers and return their sum. (server: calculator)');
    const map = JSON.parse(readFileSync(mapFile, 'utf8')) as Record<string, { server: string; tool: string }>;
    expect(Object.keys(map)).toEqual(tools.map((tool) => tool.function.name));
    expect(map['math-service__add']).toEqual({ server: 'math-service', tool: 'add' });
  });

  it('--json wraps tools, map, problems and notes; every map entry routes to a (server, tool) that exists', async () => {
    const result = await runCli(['export', '--provider', 'gemini', ...catalog, '--json']);
    expect(result.code).toBe(0);
    const document = JSON.parse(result.stdout);
    expect(document).toMatchObject({ schemaVersion: 1, provider: 'gemini', naming: 'server__tool', problems: [] });
    const source = JSON.parse(readFileSync('test/golden/call/catalog.json', 'utf8')) as { tools: { server: string; name: string }[] };
    for (const declaration of document.tools[0].functionDeclarations as { name: string }[]) {
      expect(declaration.name).toMatch(PROVIDER_RULES.gemini.pattern);
      const ref = document.map[declaration.name];
      expect(source.tools.some((tool) => tool.server === ref.server && tool.name === ref.tool)).toBe(true);
    }
    // draft-07 $schema/additionalProperties were stripped for Gemini, and that is noted
    expect(document.notes.some((note: string) => note.startsWith('calculator__add: (root): stripped $schema, additionalProperties'))).toBe(true);
  });

  it('--preset names every tool as that client would; the map routes them back', async () => {
    const result = await runCli(['export', '--provider', 'anthropic', '--preset', 'claude-code', ...catalog, '--json']);
    expect(result.code).toBe(0);
    const document = JSON.parse(result.stdout);
    expect(document.map['mcp__math-service__integrate']).toEqual({ server: 'math-service', tool: 'integrate' });
    expect(document.tools[0]).toHaveProperty('input_schema');
  });

  it('--profile hides tools from the export', async () => {
    const result = await runCli(['export', '--provider', 'mcp', ...catalog, '--config', config.file, '--profile', 'safe', '--json']);
    expect(result.code).toBe(0);
    const names = Object.keys(JSON.parse(result.stdout).map);
    expect(names).not.toContain('files__write_file');
    expect(names).not.toContain('files__broken');
    expect(names).toContain('files__read_file');
  });

  it('a name that cannot be valid is reported on stderr and exits 1 (the tool is left out, not renamed)', async () => {
    const bad = join(config.dir, 'bad-catalog.json');
    writeFileSync(
      bad,
      JSON.stringify({
        schemaVersion: 1,
        servers: [
          { name: 'my.server', status: 'ok' },
          { name: 'ok', status: 'ok' },
        ],
        tools: [
          { server: 'my.server', name: 'x' },
          { server: 'ok', name: 'y' },
        ],
      }),
    );
    const result = await runCli(['export', '--provider', 'openai', '--catalog', bad]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('NAME_INVALID_CHARS');
    expect(result.stderr).toContain('my.server__x');
    expect(JSON.parse(result.stdout).map((tool: { function: { name: string } }) => tool.function.name)).toEqual(['ok__y']);
  });

  it('--provider is required and validated', async () => {
    expect((await runCli(['export', ...catalog])).code).toBe(2);
    expect((await runCli(['export', '--provider', 'cohere', ...catalog])).code).toBe(2);
  });
});
