/**
 * The library example of docs/library.md, run as written with Node against the built package (resolved as `mcpns` from a
 * project that has it installed, as a user's would), and its output compared with the one the page shows.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../helpers/fixtures.js';
import { makeTempDir } from '../helpers/temp.js';

describe("docs/library.md's example", () => {
  it('runs in this repository and prints what the page shows', async () => {
    const page = readFileSync(join(REPO_ROOT, 'docs', 'library.md'), 'utf8');
    const match = /<!-- library-example:start -->\n```js\n([\s\S]*?)```\n\n```\n([\s\S]*?)```\n<!-- library-example:end -->/.exec(page);
    expect(match).not.toBeNull();
    const [, code, shown] = match as RegExpExecArray;
    const project = makeTempDir('mcpns-library-');
    mkdirSync(join(project, 'node_modules'));
    symlinkSync(REPO_ROOT, join(project, 'node_modules', 'mcpns'), 'dir');
    writeFileSync(join(project, 'example.mjs'), code as string);
    const output = await new Promise<{ code: number; stdout: string; stderr: string }>((done) =>
      execFile(process.execPath, [join(project, 'example.mjs')], { cwd: REPO_ROOT, timeout: 90_000 }, (error, stdout, stderr) =>
        done({ code: error ? (typeof error.code === 'number' ? error.code : 2) : 0, stdout, stderr }),
      ),
    );
    expect(output.stderr).toBe('');
    expect(output.code).toBe(0);
    expect(output.stdout).toBe(shown);
  });
});
