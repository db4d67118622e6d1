/**
 * The README's CI recipe, run as written: its `run:` lines are taken from the README verbatim and executed in a
 * temporary project holding only a `.mcp.json`, a lock and the tarball `npm pack` makes of this repository.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runBin } from '../helpers/cli.js';
import { fixturePath, REPO_ROOT } from '../helpers/fixtures.js';
import { packRepository } from '../helpers/npm-pack.js';
import { makeTempDir } from '../helpers/temp.js';

/** `run:` commands of each job of the recipe, in order. */
function recipe(): Record<string, string[]> {
  const readme = readFileSync(join(REPO_ROOT, 'README.md'), 'utf8');
  const block = /<!-- ci-recipe:start -->\n```yaml\n([\s\S]*?)```\n<!-- ci-recipe:end -->/.exec(readme)?.[1];
  if (!block) throw new Error('README has no ci-recipe block');
  const jobs: Record<string, string[]> = {};
  let job = '';
  for (const line of block.split('\n')) {
    const name = /^ {2}([\w-]+):$/.exec(line)?.[1];
    if (name) job = name;
    const run = /^\s+- run: (.*)$/.exec(line)?.[1];
    if (run && job) (jobs[job] ??= []).push(run);
  }
  return jobs;
}

function sh(command: string, cwd: string, env: Record<string, string>): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile('sh', ['-c', command], { cwd, env: { ...process.env, NO_COLOR: '1', ...env }, timeout: 120_000 }, (error, stdout, stderr) =>
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : 2) : 0, stdout, stderr }),
    );
  });
}

describe('README CI recipe (npm pack output)', () => {
  it('installs the packed tarball, checks the lock with annotations at .mcp.json, and diffs against the live servers', async () => {
    const jobs = recipe();
    expect(Object.keys(jobs)).toEqual(['check', 'drift']);
    const project = makeTempDir('mcpns-ci-');
    mkdirSync(join(project, '.ci'));
    const packed = basename(packRepository(join(project, '.ci')));
    // The recipe names the file npm pack makes today (a version bump must update the README).
    expect(jobs['check']![0]).toBe(`npm install --no-save ./.ci/${packed}`);
    const mcpJson = (trailingComma: boolean): string =>
      `{\n  "mcpServers": {\n    "calculator": {\n      "command": ${JSON.stringify(process.execPath)},\n      "args": [${JSON.stringify(fixturePath('calculator'))}]${trailingComma ? ',' : ''}\n    }\n  }\n}\n`;
    writeFileSync(join(project, '.mcp.json'), mcpJson(false));
    const snapshot = await runBin(['snapshot', '-o', 'mcpns.lock.json'], { cwd: project });
    expect(snapshot.code).toBe(0);

    // Offline npm (the packages are in the local cache): the recipe's commands themselves are unchanged.
    const env = { npm_config_prefer_offline: 'true', npm_config_audit: 'false', npm_config_fund: 'false', npm_config_update_notifier: 'false' };
    const [install, check] = jobs['check']!;
    const installed = await sh(install!, project, env);
    expect(installed.code).toBe(0);
    // The shipped manifest has no prepare script, so npm has no install script to warn about (issue 25 §4.8).
    expect(installed.stderr).not.toContain('install-scripts');
    expect(JSON.parse(readFileSync(join(project, 'node_modules', 'mcpns', 'package.json'), 'utf8')).scripts?.prepare).toBeUndefined();
    const clean = await sh(check!, project, env);
    expect(clean.stderr).toContain('reading .mcp.json (recorded in mcpns.lock.json)');
    expect(clean.code).toBe(0);

    // A trailing comma: Claude Code refuses the file, so CI fails with an annotation at its line.
    writeFileSync(join(project, '.mcp.json'), mcpJson(true));
    const rejected = await sh(check!, project, env);
    expect(rejected.code).toBe(1);
    expect(rejected.stdout).toMatch(/^::error file=\.mcp\.json,line=6,col=\d+,title=mcpns CONFIG_REJECTED::/m);
    writeFileSync(join(project, '.mcp.json'), mcpJson(false));

    const summary = join(project, 'summary.md');
    const [, diff] = jobs['drift']!;
    const drift = await sh(diff!, project, { ...env, GITHUB_STEP_SUMMARY: summary });
    expect(drift.code).toBe(0);
    expect(readFileSync(summary, 'utf8')).toContain('mcpns: 0 errors');
  }, 180_000);
});
