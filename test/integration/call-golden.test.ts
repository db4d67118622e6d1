/**
 * Golden dry runs: with fixed --id/--ts the `--json` document (and with --envelope-only the envelope alone) is
 * exactly the stored JSON. Regenerate deliberately with UPDATE_GOLDEN=1 and review the diff.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { REPO_ROOT } from '../helpers/fixtures.js';

const GOLDEN = join(REPO_ROOT, 'test', 'golden', 'call');
const fixed = ['--catalog', 'test/golden/call/catalog.json', '--id', 'env-call-1', '--ts', '2026-01-01T00:00:00.000Z'];

const cases: { file: string; argv: string[] }[] = [
  { file: 'request.json', argv: ['call', 'calculator/add', '--args', '{"a":5,"b":3}', ...fixed, '--json'] },
  {
    file: 'proposal.json',
    argv: ['call', 'files/write_file', 'path=/tmp/x', 'content=hi', '--capabilities', 'test/golden/call/proposal-only.json', ...fixed, '--json'],
  },
  { file: 'jsonrpc.json', argv: ['call', 'subtract', 'a=9', 'b=4', '--envelope', 'jsonrpc', ...fixed, '--json'] },
  {
    file: 'mcpx.json',
    argv: [
      'call',
      'mcp__files__read_file',
      '--preset',
      'claude-code',
      'path=README.md',
      'lines:=[1,2]',
      '--envelope',
      'mcpx',
      '--from',
      'robot-alpha',
      ...fixed,
      '--json',
    ],
  },
  { file: 'request.envelope.json', argv: ['call', 'calculator/add', '--args', '{"a":5,"b":3}', ...fixed, '--envelope-only'] },
];

describe('call dry-run golden output', () => {
  for (const { file, argv } of cases) {
    it(file, async () => {
      const result = await runCli(argv);
      expect(result.stderr).toBe('');
      expect(result.code).toBe(0);
      const path = join(GOLDEN, file);
      if (process.env['UPDATE_GOLDEN'] === '1') writeFileSync(path, result.stdout);
      expect(existsSync(path), `${file} is missing: run with UPDATE_GOLDEN=1 and review it`).toBe(true);
      expect(result.stdout).toBe(readFileSync(path, 'utf8'));
      expect(JSON.parse(result.stdout)).toBeTypeOf('object');
    });
  }

  it('the same command twice is byte-identical (no hidden randomness with --id/--ts)', async () => {
    const first = await runCli(cases[0]!.argv);
    const second = await runCli(cases[0]!.argv);
    expect(first.stdout).toBe(second.stdout);
  });
});
