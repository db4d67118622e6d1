/**
 * The examples `--help` prints are meant to be copied: each one of `call --help` runs as printed in a checkout of
 * mcpns (its demo config, fixtures/configs/execute.mcpns.json). Before issue 25 §4.7 `call add a=5 b=3` was ambiguous
 * on the demo, and the hint it printed (`--pick priority`) failed as well.
 */
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';

/** Shell words of one example line: bare words and '…' quoted words (all the examples use). */
function words(line: string): string[] {
  return [...line.matchAll(/'([^']*)'|(\S+)/g)].map((match) => match[1] ?? (match[2] as string));
}

async function examples(command: string): Promise<string[][]> {
  const help = await runCli([command, '--help']);
  const block = /\nExamples[^\n]*:\n((?: {2}mcpns [^\n]*\n)+)/.exec(help.stdout)?.[1];
  expect(block, `${command} --help has an Examples block`).toBeDefined();
  return (block as string)
    .trimEnd()
    .split('\n')
    .map((line) => words(line.replace(/\s+#.*$/, '')).slice(1));
}

describe('--help examples run as printed', () => {
  it('every example of call --help exits 0 in this repository', async () => {
    const lines = await examples('call');
    expect(lines.length).toBeGreaterThanOrEqual(5);
    for (const argv of lines) {
      const result = await runCli(argv);
      expect({ example: argv.join(' '), code: result.code, stderr: result.stderr }).toMatchObject({ code: 0 });
    }
  }, 240_000);
});
