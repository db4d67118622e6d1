/**
 * The pre-commit hook definitions (.pre-commit-hooks.yaml, issue 25 §5): they run when any project-level config file
 * mcpns reads is committed (held to the reader's own list), and their entries run mcpns as a hook would (no file
 * names passed), exiting 1 on findings.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { PROJECT_FILES } from '../../src/config/clients/project-files.js';
import { REPO_ROOT } from '../helpers/fixtures.js';
import { makeTempDir } from '../helpers/temp.js';

interface Hook {
  id: string;
  entry: string;
  language: string;
  files: string;
  pass_filenames: boolean;
}

const hooks = parse(readFileSync(join(REPO_ROOT, '.pre-commit-hooks.yaml'), 'utf8')) as Hook[];
const hook = (id: string): Hook => hooks.find((candidate) => candidate.id === id)!;
/** pre-commit matches `files` with Python's re.search on paths relative to the repository, `/`-separated. */
const matches = (pattern: string, path: string): boolean => new RegExp(pattern).test(path);

describe('.pre-commit-hooks.yaml', () => {
  it('defines mcpns-check and mcpns-check-lock as script hooks that get no file names, run from the repository', () => {
    expect(hooks.map((candidate) => candidate.id)).toEqual(['mcpns-check', 'mcpns-check-lock']);
    // Not `language: node`: pre-commit installs such a hook with `npm pack` and takes its stdout for the tarball's
    // name, where npm prints the banner of every lifecycle script (prepare builds): the install failed.
    for (const candidate of hooks) expect(candidate).toMatchObject({ language: 'script', pass_filenames: false });
    for (const candidate of hooks) {
      const script = join(REPO_ROOT, candidate.entry.split(' ')[0] as string);
      expect(statSync(script).mode & 0o111, `${script} is executable`).not.toBe(0);
      expect(readFileSync(script, 'utf8')).toMatch(/^#!\/usr\/bin\/env node\n/);
    }
  });

  it('runs when a project-level config file mcpns reads changes, at the root or in a sub-project, and not otherwise', () => {
    const configs = ['mcpns.config.json', ...PROJECT_FILES.map((file) => file.path.split('\\').join('/'))];
    for (const id of ['mcpns-check', 'mcpns-check-lock']) {
      for (const path of configs) {
        expect(matches(hook(id).files, path), `${id}: ${path}`).toBe(true);
        expect(matches(hook(id).files, `services/api/${path}`), `${id}: services/api/${path}`).toBe(true);
      }
      for (const path of [
        'package.json',
        '.vscode/settings.json',
        'mcp.json',
        'docs/.mcp.json.md',
        'x.mcp.json',
        'mcpns.config.json.bak',
        '.codex/other.toml',
      ]) {
        expect(matches(hook(id).files, path), `${id}: ${path}`).toBe(false);
      }
    }
    expect(matches(hook('mcpns-check-lock').files, 'mcpns.lock.json')).toBe(true);
    expect(matches(hook('mcpns-check').files, 'mcpns.lock.json')).toBe(false);
  });

  it('the entries run mcpns as pre-commit does (the script from the repository, in the project, no file names) and exit 1 on findings', async () => {
    const project = makeTempDir('mcpns-hook-');
    mkdirSync(join(project, '.git'));
    writeFileSync(join(project, 'mcpns.lock.json'), readFileSync(join(REPO_ROOT, 'fixtures/catalogs/demo.json')));
    const servers = { calculator: { command: 'node' }, 'math-service': { command: 'node' }, atlassian: { command: 'node' }, weather: { command: 'node' } };
    const run = (entry: string): Promise<{ code: number; stdout: string }> =>
      new Promise((done) =>
        execFile(
          'sh',
          // pre-commit runs a script hook's entry by its path inside its clone of the repository.
          ['-c', `${REPO_ROOT}/${entry}`],
          { cwd: project, env: { ...process.env, NO_COLOR: '1' }, timeout: 90_000 },
          (error, stdout) => done({ code: error ? (typeof error.code === 'number' ? error.code : 2) : 0, stdout }),
        ),
      );
    writeFileSync(join(project, 'mcpns.config.json'), JSON.stringify({ servers, naming: { targets: ['slash'] } }));
    expect(await run(hook('mcpns-check-lock').entry)).toMatchObject({ code: 0 });
    writeFileSync(join(project, 'mcpns.config.json'), JSON.stringify({ servers, naming: { targets: ['openai-agents'] } }));
    const failing = await run(hook('mcpns-check-lock').entry);
    expect(failing.code).toBe(1);
    expect(failing.stdout).toContain('NAME_COLLISION [openai-agents]');
  });
});
