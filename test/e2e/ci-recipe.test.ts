/**
 * The CI recipe of docs/ci.md, run as written: its `run:` lines are taken from the page verbatim and executed in a
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
import { runCompositeAction } from '../helpers/github-action.js';
import { parse } from 'yaml';

interface RecipeStep {
  run?: string;
  uses?: string;
  with?: Record<string, unknown>;
  env?: Record<string, string>;
}

/** The steps of each job of the recipe, in order (the checkout and Node set-up are the machine this test runs on). */
function recipe(): Record<string, RecipeStep[]> {
  const page = readFileSync(join(REPO_ROOT, 'docs', 'ci.md'), 'utf8');
  const block = /<!-- ci-recipe:start -->\n```yaml\n([\s\S]*?)```\n<!-- ci-recipe:end -->/.exec(page)?.[1];
  if (!block) throw new Error('docs/ci.md has no ci-recipe block');
  const workflow = parse(block) as { jobs: Record<string, { steps: RecipeStep[] }> };
  return Object.fromEntries(
    Object.entries(workflow.jobs).map(([name, job]) => [name, job.steps.filter((step) => !/^actions\/(checkout|setup-node)@/.test(step.uses ?? ''))]),
  );
}

/** A `uses: ./…` step: the action in the project, run as a runner runs it, with the step's `with:` as inputs. */
function useAction(step: RecipeStep, project: string, env: Record<string, string>): ReturnType<typeof runCompositeAction> {
  expect(step.uses).toBe('./node_modules/mcpns');
  const inputs = Object.fromEntries(Object.entries(step.with ?? {}).map(([key, value]) => [key, String(value)]));
  return runCompositeAction(join(project, step.uses!), inputs, { workspace: project, env: { NO_COLOR: '1', ...env } });
}

function sh(command: string, cwd: string, env: Record<string, string>): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile('sh', ['-c', command], { cwd, env: { ...process.env, NO_COLOR: '1', ...env }, timeout: 120_000 }, (error, stdout, stderr) =>
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : 2) : 0, stdout, stderr }),
    );
  });
}

describe('the CI recipe of docs/ci.md (npm pack output)', () => {
  it('installs the packed tarball, checks the lock with annotations at .mcp.json, and diffs against the live servers', async () => {
    const jobs = recipe();
    expect(Object.keys(jobs)).toEqual(['check', 'drift']);
    const project = makeTempDir('mcpns-ci-');
    mkdirSync(join(project, '.ci'));
    const packed = basename(packRepository(join(project, '.ci')));
    // The recipe names the file npm pack makes today (a version bump must update docs/ci.md).
    const [install, check] = jobs['check']!;
    expect(install!.run).toBe(`npm install --no-save ./.ci/${packed}`);
    const mcpJson = (trailingComma: boolean): string =>
      `{\n  "mcpServers": {\n    "calculator": {\n      "command": ${JSON.stringify(process.execPath)},\n      "args": [${JSON.stringify(fixturePath('calculator'))}]${trailingComma ? ',' : ''}\n    }\n  }\n}\n`;
    writeFileSync(join(project, '.mcp.json'), mcpJson(false));
    const snapshot = await runBin(['snapshot', '-o', 'mcpns.lock.json'], { cwd: project });
    expect(snapshot.code).toBe(0);

    // Offline npm (the packages are in the local cache): the recipe's commands themselves are unchanged.
    const env = { npm_config_prefer_offline: 'true', npm_config_audit: 'false', npm_config_fund: 'false', npm_config_update_notifier: 'false' };
    const installed = await sh(install!.run!, project, env);
    expect(installed.code).toBe(0);
    // The shipped manifest has no prepare script, so npm has no install script to warn about (issue 25 §4.8).
    expect(installed.stderr).not.toContain('install-scripts');
    expect(JSON.parse(readFileSync(join(project, 'node_modules', 'mcpns', 'package.json'), 'utf8')).scripts?.prepare).toBeUndefined();
    // The action runs the project's installed mcpns (nothing is built).
    const clean = await useAction(check!, project, env);
    expect(clean.steps[0]!.stderr).toContain('reading .mcp.json (recorded in mcpns.lock.json)');
    expect(clean.steps[0]!.stdout).toContain(`mcpns check --catalog mcpns.lock.json --format github`);
    expect(clean.steps[0]!.stdout).not.toContain('npm ci');
    expect(clean.failed).toBeUndefined();
    expect(clean.outputs['exit-code']).toBe('0');
    expect(clean.steps[1]).toMatchObject({ ran: true, uses: 'github/codeql-action/upload-sarif@v4', with: { sarif_file: join(project, 'mcpns.sarif') } });
    expect(clean.summary).toMatch(/^## ✅ mcpns: 0 errors/);

    // A trailing comma: Claude Code refuses the file, so CI fails with an annotation at its line.
    writeFileSync(join(project, '.mcp.json'), mcpJson(true));
    const rejected = await useAction(check!, project, env);
    expect(rejected.outputs['exit-code']).toBe('1');
    expect(rejected.failed).toMatchObject({ name: 'Fail on findings', code: 1 });
    expect(rejected.stdout).toMatch(/^::error file=\.mcp\.json,line=6,col=\d+,title=mcpns CONFIG_REJECTED::/m);
    expect(JSON.parse(readFileSync(join(project, 'mcpns.sarif'), 'utf8')).runs[0].results[0].ruleId).toBe('CONFIG_REJECTED');
    writeFileSync(join(project, '.mcp.json'), mcpJson(false));

    const [, diff] = jobs['drift']!;
    const drift = await useAction(diff!, project, { ...env, ...(diff!.env ? { API_TOKEN: 'unused' } : {}) });
    expect(drift.failed).toBeUndefined();
    expect(drift.steps[0]!.stdout).toContain('mcpns diff mcpns.lock.json --format github');
    expect(drift.summary).toContain('mcpns: 0 errors');
  }, 360_000);
});
