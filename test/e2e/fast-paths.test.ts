import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runBin } from '../helpers/cli.js';

// Answers the entry point gives before loading the CLI (built bin): they must be exactly what the commands print.
describe('answers that need none of the CLI (built bin)', () => {
  it('plan schema prints the shipped plan schema', async () => {
    const result = await runBin(['plan', 'schema']);
    expect(result.code).toBe(0);
    expect(result.stdout).toBe(readFileSync(new URL('../../schema/plan.schema.json', import.meta.url), 'utf8'));
  });

  it('--version prints the package version', async () => {
    const result = await runBin(['--version']);
    expect(result.code).toBe(0);
    expect(result.stdout).toBe(`${JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')).version}\n`);
  });
});
