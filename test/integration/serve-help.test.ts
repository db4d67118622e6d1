/**
 * `serve --help` fits a screen: at most 50 lines of at most 100 columns, the options every catalog command shares named
 * in one paragraph (completion still offers them), examples of --http and --install, and no npx (the package is not
 * on the public registry under that name).
 */
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';

describe('mcpns serve --help', () => {
  it('is short and narrow, with --http and --install examples and no npx', async () => {
    const help = await runCli(['serve', '--help']);
    const lines = help.stdout.trimEnd().split('\n');
    expect(lines.length).toBeLessThanOrEqual(50);
    for (const line of lines) expect(line.length, line).toBeLessThanOrEqual(100);
    const examples = help.stdout.slice(help.stdout.indexOf('Examples:'));
    expect(examples).toMatch(/^ {2}mcpns serve --http \d+/m);
    expect(examples).toMatch(/^ {2}mcpns serve --install claude-code/m);
    expect(help.stdout).not.toContain('npx');
    expect(help.stdout).toMatch(/^ {2}--for <preset>/m);
    expect(help.stdout).not.toMatch(/^ {2}-c, --config/m);
    expect(help.stdout).toContain('-c/--config');
  });

  it('completion still offers the shared options', async () => {
    const run = await runCli(['completion', '--complete', '--', 'serve', '--con']);
    expect(run.stdout).toMatch(/^--config\t/m);
    expect(run.stdout).toMatch(/^--concurrency\t/m);
  });
});
