/**
 * The repository's GitHub Action (action.yml), run step by step as a runner runs it (test/helpers/github-action.ts:
 * inputs, expressions, GITHUB_OUTPUT, GITHUB_STEP_SUMMARY, RUNNER_TEMP…) against the built mcpns of this checkout,
 * on a project holding a config and a catalog. Issue 25 §5.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../helpers/fixtures.js';
import { runCompositeAction } from '../helpers/github-action.js';
import { makeTempDir } from '../helpers/temp.js';

function project(): string {
  const dir = makeTempDir('mcpns-action-');
  const servers = { calculator: { command: 'node' }, 'math-service': { command: 'node' }, atlassian: { command: 'node' }, weather: { command: 'node' } };
  writeFileSync(join(dir, 'mcpns.config.json'), JSON.stringify({ servers, naming: { targets: ['openai-agents'] } }, null, 2));
  writeFileSync(join(dir, 'catalog.json'), readFileSync(join(REPO_ROOT, 'fixtures/catalogs/demo.json')));
  return dir;
}

describe('the GitHub Action (action.yml)', () => {
  it('annotates findings, summarises them, uploads SARIF when asked, then fails the job with mcpns exit code', async () => {
    const workspace = project();
    const run = await runCompositeAction(REPO_ROOT, { args: '--catalog catalog.json', sarif: 'true' }, { workspace });
    const [mcpns, upload, failStep] = run.steps;
    expect(mcpns).toMatchObject({ id: 'mcpns', ran: true, code: 0 });
    const annotations = run.stdout.split('\n').filter((line) => line.startsWith('::error '));
    expect(annotations.length).toBeGreaterThan(0);
    expect(annotations[0]).toMatch(/^::error file=mcpns\.config\.json,line=\d+,col=\d+,title=mcpns NAME_COLLISION::/);
    expect(run.outputs).toMatchObject({ 'exit-code': '1', errors: String(annotations.length), warnings: '2', infos: '0' });
    expect(JSON.parse(readFileSync(run.outputs['report']!, 'utf8')).findings).toHaveLength(annotations.length + 2);

    expect(upload).toMatchObject({
      ran: true,
      uses: 'github/codeql-action/upload-sarif@v4',
      with: { sarif_file: join(workspace, 'mcpns.sarif'), category: 'mcpns' },
    });
    const sarif = JSON.parse(readFileSync(join(workspace, 'mcpns.sarif'), 'utf8'));
    expect(sarif.version).toBe('2.1.0');
    expect(sarif.runs[0].results).toHaveLength(annotations.length + 2);
    expect(run.outputs['sarif-file']).toBe(join(workspace, 'mcpns.sarif'));

    expect(run.summary).toMatch(/^## ❌ mcpns: \d+ errors, 2 warnings, 0 info\n/);
    expect(run.summary).toContain('| ❌ error | NAME_COLLISION | openai-agents | add |');
    expect(failStep).toMatchObject({ name: 'Fail on findings', ran: true, code: 1 });
    expect(run.failed).toBe(failStep);
  }, 240_000);

  it('a clean run passes, uploads nothing unless asked, and still writes the summary', async () => {
    const run = await runCompositeAction(REPO_ROOT, { command: 'check-conflicts', args: '--catalog catalog.json --preset slash' }, { workspace: project() });
    expect(run.failed).toBeUndefined();
    expect(run.steps.map((step) => step.ran)).toEqual([true, false, false]);
    expect(run.outputs).toMatchObject({ 'exit-code': '0', errors: '0', warnings: '0', 'sarif-file': '' });
    expect(run.stdout).not.toContain('::error');
    expect(run.summary).toMatch(/^## ✅ mcpns: 0 errors, 0 warnings, 2 info\n/);
  }, 240_000);

  it('fail-on, annotations off (the text report in the log) and a working directory', async () => {
    const workspace = makeTempDir('mcpns-action-ws-');
    const dir = project();
    writeFileSync(join(workspace, 'placeholder'), '');
    const run = await runCompositeAction(
      REPO_ROOT,
      { command: 'check-conflicts', args: `--catalog catalog.json`, 'fail-on': 'never', annotations: 'false', 'working-directory': dir },
      { workspace },
    );
    expect(run.failed).toBeUndefined();
    expect(run.outputs['exit-code']).toBe('0');
    expect(run.stdout).not.toContain('::error');
    expect(run.stdout).toContain('NAME_COLLISION [openai-agents]');
  }, 240_000);

  it('any other command runs as given, its output in the summary', async () => {
    const run = await runCompositeAction(REPO_ROOT, { command: 'list', args: '--catalog\ncatalog.json' }, { workspace: project() });
    expect(run.failed).toBeUndefined();
    expect(run.outputs['exit-code']).toBe('0');
    expect(run.stdout).toContain('calculator/add');
    // Its output is not read as workflow commands (a tool description could start a line with ::error or ::add-mask).
    const token = /^::stop-commands::(mcpns-[0-9a-f]{32})$/m.exec(run.stdout)?.[1];
    expect(token).toBeDefined();
    expect(run.stdout.indexOf('::stop-commands::')).toBeLessThan(run.stdout.indexOf('calculator/add'));
    expect(run.stdout.indexOf(`::${token}::`)).toBeGreaterThan(run.stdout.lastIndexOf('calculator/add'));
    expect(run.summary).toMatch(/^## ✅ `mcpns list --catalog catalog\.json` exited 0\n\n```text\n/);
    expect(run.summary).toContain('calculator/add');
  }, 240_000);

  it('a usage or config error fails the job with exit 2 and puts the error in the summary', async () => {
    const run = await runCompositeAction(REPO_ROOT, { args: '--catalog missing.json' }, { workspace: project() });
    expect(run.outputs['exit-code']).toBe('2');
    expect(run.failed).toMatchObject({ name: 'Fail on findings', code: 2 });
    expect(run.summary).toContain('`mcpns check --catalog missing.json` exited 2');
    expect(run.summary).toContain('missing.json');
  }, 240_000);

  it('refuses inputs it cannot use before running anything', async () => {
    const run = await runCompositeAction(REPO_ROOT, { command: 'check; rm -rf /', sarif: 'yes' }, { workspace: project() });
    expect(run.failed).toMatchObject({ id: 'mcpns', code: 2 });
    expect(run.stdout).toContain('::error title=mcpns action::input command must be an mcpns command');
    expect(run.steps.slice(1).map((step) => step.ran)).toEqual([false, false]);
  }, 240_000);
});
