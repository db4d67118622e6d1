/** `mcpns call` dry runs offline (--catalog): argument sources, errors with exit 2, priority picks, capabilities. */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { writeTempConfig, type TempConfig } from '../helpers/config.js';

const catalog = ['--catalog', 'test/golden/call/catalog.json'];
const fixed = ['--id', 'e1', '--ts', '2026-01-01T00:00:00Z'];
let config: TempConfig;

beforeAll(() => {
  config = writeTempConfig(
    {
      servers: {
        calculator: { command: 'node', args: ['c.js'] },
        'math-service': { command: 'node', args: ['m.js'] },
        files: { command: 'node', args: ['f.js'] },
      },
      namespaces: { math: { servers: ['math-service'], priority: 90 }, basic: { servers: ['calculator'], priority: 10 } },
      profiles: { calc: { priorities: { calculator: 100 } }, safe: { tools: { deny: ['files/write_file'] } } },
      participant: {
        id: 'reader',
        capabilities: [{ kind: 'mcp/request', payload: { method: 'tools/call', params: { name: 'read_*' } } }, { kind: 'mcp/proposal' }],
      },
    },
    'test.mcpns.json',
  );
});
afterAll(() => config.cleanup());

const json = (stdout: string): Record<string, any> => JSON.parse(stdout) as Record<string, any>;

describe('mcpns call (dry run, offline)', () => {
  it('reads --args from a file and from stdin', async () => {
    const file = join(config.dir, 'args.json');
    writeFileSync(file, '{\n  "a": 1,\n  "b": 2\n}\n');
    const fromFile = await runCli(['call', 'calculator/add', '--args', `@${file}`, ...catalog, '--json']);
    expect(json(fromFile.stdout)['arguments']).toEqual({ a: 1, b: 2 });
    const fromStdin = await runCli(['call', 'calculator/add', '--args', '-', ...catalog, '--json'], { stdin: '{"a":3,"b":4}' });
    expect(json(fromStdin.stdout)['arguments']).toEqual({ a: 3, b: 4 });
  });

  it('invalid JSON exits 2 with line and column (one JSON error line under --json)', async () => {
    const file = join(config.dir, 'bad.json');
    writeFileSync(file, '{\n  "a": 1,\n  "b": \n}\n');
    const human = await runCli(['call', 'calculator/add', '--args', `@${file}`, ...catalog]);
    expect(human.code).toBe(2);
    expect(human.stderr).toContain('line 4, column 1');
    const machine = await runCli(['call', 'calculator/add', '--args', '{"a":}', ...catalog, '--json']);
    expect(machine.code).toBe(2);
    expect(json(machine.stderr)['error']).toMatchObject({ code: 'ARGS_INVALID', line: 1, column: 6 });
    expect(machine.stdout).toBe('');
  });

  it('schema violations exit 2 listing every violation with its path', async () => {
    const result = await runCli(['call', 'files/read_file', 'path=', 'lines=[1,"x"]', 'extra=1', ...catalog, '--json']);
    expect(result.code).toBe(2);
    const error = json(result.stderr)['error'];
    expect(error.code).toBe('ARGS_SCHEMA_MISMATCH');
    expect(error.violations.map((v: { path: string }) => v.path).sort()).toEqual(['lines[1]', 'path']);
  });

  it('a tool with an invalid schema is SCHEMA_INVALID; --no-validate still prints the envelope', async () => {
    const broken = await runCli(['call', 'files/broken', 'x=1', ...catalog]);
    expect(broken.code).toBe(2);
    expect(broken.stderr).toContain('not a valid JSON Schema');
    const skipped = await runCli(['call', 'files/broken', 'x=1', '--no-validate', ...catalog, '--json']);
    expect(skipped.code).toBe(0);
    expect(json(skipped.stdout)['validation']).toEqual({ performed: false, valid: true, violations: [] });
  });

  it('an ambiguous short name exits 2 with candidates; --pick priority uses namespace then profile priority', async () => {
    const ambiguous = await runCli(['call', 'add', 'a=1', 'b=2', ...catalog, '--json']);
    expect(ambiguous.code).toBe(2);
    expect(json(ambiguous.stderr)['error']).toMatchObject({ code: 'TOOL_AMBIGUOUS', names: ['calculator/add', 'math-service/add'] });
    const byNamespace = await runCli(['call', 'add', 'a=1', 'b=2', '--pick', 'priority', ...catalog, '--config', config.file, '--json']);
    expect(json(byNamespace.stdout)['resolution']).toMatchObject({ server: 'math-service', via: 'priority' });
    const byProfile = await runCli(['call', 'add', 'a=1', 'b=2', '--pick', 'priority', '--profile', 'calc', ...catalog, '--config', config.file, '--json']);
    expect(json(byProfile.stdout)['resolution']).toMatchObject({ server: 'calculator', via: 'priority' });
  });

  it('unknown names exit 2 with suggestions; profile-hidden tools say they are hidden', async () => {
    const unknown = await runCli(['call', 'files/read_fiel', ...catalog]);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('did you mean "files/read_file"');
    const hidden = await runCli(['call', 'files/write_file', ...catalog, '--config', config.file, '--profile', 'safe']);
    expect(hidden.code).toBe(2);
    expect(hidden.stderr).toContain('hidden by');
  });

  it('the config participant decides request vs proposal, and --from/--capabilities override it', async () => {
    const read = await runCli(['call', 'files/read_file', 'path=a', ...catalog, '--config', config.file, ...fixed, '--json']);
    expect(json(read.stdout)['envelope']).toMatchObject({ from: 'reader', kind: 'mcp/request' });
    const write = await runCli(['call', 'files/write_file', 'path=a', 'content=b', ...catalog, '--config', config.file, ...fixed, '--json']);
    expect(json(write.stdout)['envelope']).toMatchObject({ kind: 'mcp/proposal' });
    expect(json(write.stdout)['decision']['reason']).toContain('proposed');
    const capabilities = join(config.dir, 'caps.yaml');
    writeFileSync(capabilities, '- kind: chat\n');
    const none = await runCli(['call', 'files/read_file', 'path=a', ...catalog, '--capabilities', capabilities, '--from', 'bot']);
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('participant "bot" has no capability');
  });

  it('human output shows resolution, validation, the decision, preset names and the envelope', async () => {
    const result = await runCli(['call', 'calculator/add', 'a=1', 'b=2', '--preset', 'claude-code,openai-agents-prefixed', ...catalog, ...fixed]);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('calculator/add → calculator/add  (via qualified)');
    expect(result.stdout).toContain('validation ok (draft-07 schema)');
    expect(result.stdout).toContain('mew mcp/request from mcpns');
    expect(result.stdout).toContain('claude-code: mcp__calculator__add');
    expect(result.stdout).toContain('openai-agents-prefixed:');
    expect(result.stdout).toContain('"protocol": "mew/v0.4"');
    expect(result.stdout).toContain('dry run: nothing was sent');
  });

  it('rejects a bad --ts and an unknown --envelope', async () => {
    expect((await runCli(['call', 'calculator/add', 'a=1', 'b=2', '--ts', 'yesterday', ...catalog])).code).toBe(2);
    expect((await runCli(['call', 'calculator/add', '--envelope', 'soap', ...catalog])).code).toBe(2);
  });
});
