/**
 * `call` against the calculator fixture, which appends every tools/call it receives to $MCPNS_CALL_LOG:
 * a dry run fetches tools/list only (log stays absent); --execute sends exactly one call with the validated arguments.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import type { CliIo } from '../../src/cli/services/io.js';
import { runCli } from '../helpers/cli.js';
import { fixtureEntry, tempFile, writeTempConfig, type TempConfig } from '../helpers/config.js';
import { REPO_ROOT } from '../helpers/fixtures.js';

let log: TempConfig;
let config: TempConfig;

beforeAll(() => {
  log = tempFile('calls.jsonl');
  config = writeTempConfig(
    {
      servers: {
        calculator: fixtureEntry('calculator', { env: { MCPNS_CALL_LOG: log.file } }),
        // never started by these tests: its tool comes from a catalog and confirmation fails first
        files: { command: process.execPath, args: ['-e', 'process.exit(3)'], enabled: false },
      },
      // The user trusts the calculator (its readOnlyHint alone would not skip the confirmation); files stays untrusted.
      call: { trust: ['calculator/*'] },
    },
    'test.mcpns.json',
  );
});
afterAll(() => {
  log.cleanup();
  config.cleanup();
});

const calls = (): unknown[] =>
  existsSync(log.file)
    ? readFileSync(log.file, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line))
    : [];

describe('call against a live server', () => {
  it('a dry run discovers the schema but never sends tools/call', async () => {
    const result = await runCli(['call', 'calculator/add', 'a=5', 'b=3', '--config', config.file, '--json', '--id', 'env-1', '--ts', '2026-01-01T00:00:00Z']);
    expect(result.code).toBe(0);
    const document = JSON.parse(result.stdout);
    expect(document.mode).toBe('dry-run');
    expect(document.validation).toMatchObject({ performed: true, valid: true, dialect: 'draft-07' });
    expect(document.envelope.payload.params).toEqual({ name: 'add', arguments: { a: 5, b: 3 } });
    expect(calls()).toEqual([]);
  });

  it('a dry run with invalid arguments exits 2 listing the violations, and sends nothing', async () => {
    const result = await runCli(['call', 'calculator/add', 'a=five', '--config', config.file]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('a: expected number');
    expect(result.stderr).toContain('b: required argument is missing');
    expect(calls()).toEqual([]);
  });

  it('--execute --yes sends exactly one call with the validated arguments and prints the correlated response', async () => {
    const result = await runCli([
      'call',
      'add',
      '--args',
      '{"a":5,"b":3}',
      '--config',
      config.file,
      '--execute',
      '--yes',
      '--json',
      '--id',
      'env-1',
      '--ts',
      '2026-01-01T00:00:00Z',
    ]);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(calls()).toEqual([{ name: 'add', arguments: { a: 5, b: 3 } }]);
    const document = JSON.parse(result.stdout);
    expect(document.mode).toBe('execute');
    expect(document.result).toMatchObject({ content: [{ type: 'text', text: '8' }], structuredContent: { sum: 8 } });
    expect(document.response).toEqual({
      protocol: 'mew/v0.4',
      id: 'env-1-response',
      ts: '2026-01-01T00:00:00Z',
      from: 'calculator',
      to: ['mcpns'],
      kind: 'mcp/response',
      correlation_id: ['env-1'],
      payload: { jsonrpc: '2.0', id: 1, result: document.result },
    });
  });

  it('human output shows the result and the response envelope; isError exits 1', async () => {
    const before = calls().length;
    const ok = await runCli(['call', 'calculator/multiply', 'a=6', 'b=7', '--config', config.file, '--execute']);
    expect(ok.code).toBe(0);
    expect(ok.stdout).toContain('result of calculator/multiply:\n42\n');
    expect(ok.stdout).toContain('"kind": "mcp/response"');
    // --no-validate lets a bad argument through: the server answers isError (its own validation) → exit 1
    const bad = await runCli(['call', 'calculator/multiply', 'a=x', 'b=7', '--no-validate', '--config', config.file, '--execute']);
    expect(bad.code).toBe(1);
    expect(bad.stdout).toContain('returned an error (isError)');
    expect(calls().length).toBe(before + 1);
  });
  it('a participant that may only propose gets its proposal fulfilled by the operator, correlated end to end', async () => {
    const capabilities = join(log.dir, 'proposer.json');
    writeFileSync(capabilities, JSON.stringify({ id: 'proposer', capabilities: [{ kind: 'mcp/proposal' }] }));
    const before = calls().length;
    const result = await runCli([
      'call',
      'calculator/subtract',
      'a=9',
      'b=4',
      '--capabilities',
      capabilities,
      '--config',
      config.file,
      '--execute',
      '--json',
      '--id',
      'p-1',
      '--ts',
      '2026-01-01T00:00:00Z',
    ]);
    expect(result.code).toBe(0);
    const document = JSON.parse(result.stdout);
    expect(document.envelope).toMatchObject({ id: 'p-1', kind: 'mcp/proposal', from: 'proposer' });
    expect(document.fulfillment).toMatchObject({ id: 'p-1-fulfillment', kind: 'mcp/request', from: 'operator', correlation_id: ['p-1'] });
    expect(document.response).toMatchObject({ kind: 'mcp/response', to: ['operator'], correlation_id: ['p-1-fulfillment'] });
    expect(calls().slice(before)).toEqual([{ name: 'subtract', arguments: { a: 9, b: 4 } }]);
  });
});

describe('confirmation of tools not marked read-only', () => {
  const offline = ['--catalog', 'test/golden/call/catalog.json'];

  it('needs --yes when stdin is not a TTY (exit 2, nothing started)', async () => {
    const result = await runCli(['call', 'files/write_file', 'path=x', 'content=y', '--config', config.file, ...offline, '--execute']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(
      'files/write_file needs a confirmation this run cannot ask for (stdin is not a terminal); nothing was sent (may be destructive)',
    );
    expect(result.stderr).toContain('--yes');
    const json = await runCli(['call', 'files/write_file', 'path=x', 'content=y', '--config', config.file, ...offline, '--execute', '--json']);
    expect(JSON.parse(json.stderr).error.code).toBe('CONFIRMATION_REQUIRED');
  });

  it('asks on a TTY; declining sends nothing and exits 1 with DECLINED', async () => {
    let stderr = '';
    const stdin = Object.assign(Readable.from(['n\n']), { isTTY: true }) as unknown as CliIo['stdin'];
    const io: CliIo = {
      stdout: { write: () => undefined },
      stderr: { write: (text: string) => void (stderr += text) },
      stdin,
      env: { NO_COLOR: '1' },
      cwd: REPO_ROOT,
      home: '/tmp',
      signal: new AbortController().signal,
      now: () => new Date('2026-01-01T00:00:00Z'),
    };
    const code = await main(['call', 'files/write_file', 'path=x', 'content=y', '--config', config.file, ...offline, '--execute'], io);
    expect(code).toBe(1);
    expect(stderr).toContain('[y/N]');
    expect(stderr).toContain('not confirmed; nothing was sent');
  });
});
