/**
 * Issue 25 §2.11 and §2.12: files mcpns writes. A symbolic link at the target of `snapshot --update -o` or
 * `init --force` is refused (a link to a stand-in ~/.bashrc was written through); ten `mcpns init` started at once
 * write exactly one mcpns.config.json (3 of 10 wrote when the check came before the write), the others exit 2 saying
 * it exists.
 */
import { execFile } from 'node:child_process';
import { lstatSync, readFileSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeOutputFile } from '../../src/cli/services/write-output.js';
import { McpnsError } from '../../src/errors.js';
import { runCli } from '../helpers/cli.js';
import { fixtureEntry, writeTempConfig } from '../helpers/config.js';
import { REPO_ROOT } from '../helpers/fixtures.js';
import { makeTempDir } from '../helpers/temp.js';

const BASHRC = 'export PATH=$HOME/bin:$PATH\n';

describe('a symbolic link at the target is refused, never written through', () => {
  it('snapshot --update -o <link>', async () => {
    const config = writeTempConfig({ servers: { calculator: fixtureEntry('calculator') } });
    try {
      const bashrc = join(config.dir, 'bashrc');
      writeFileSync(bashrc, BASHRC);
      symlinkSync(bashrc, join(config.dir, 'mcpns.lock.json'));
      const result = await runCli(['snapshot', '--update', '-o', 'mcpns.lock.json'], { cwd: config.dir });
      expect(result.stderr).toContain(`mcpns: error: --output mcpns.lock.json is a symbolic link (to ${bashrc}); mcpns does not write through links`);
      expect(result.code).toBe(2);
      expect(readFileSync(bashrc, 'utf8')).toBe(BASHRC);
    } finally {
      config.cleanup();
    }
  });

  it('init --force with mcpns.config.json a link', async () => {
    const dir = makeTempDir();
    const bashrc = join(dir, 'bashrc');
    writeFileSync(bashrc, BASHRC);
    symlinkSync(bashrc, join(dir, 'mcpns.config.json'));
    const result = await runCli(['init', '--force'], { cwd: dir });
    expect(result.stderr).toContain('is a symbolic link');
    expect(result.code).toBe(2);
    expect(readFileSync(bashrc, 'utf8')).toBe(BASHRC);
    expect(lstatSync(join(dir, 'mcpns.config.json')).isSymbolicLink()).toBe(true);
  });

  it('a link that appears after the check is replaced by the rename, not written through', () => {
    const dir = makeTempDir();
    const bashrc = join(dir, 'bashrc');
    writeFileSync(bashrc, BASHRC);
    const path = join(dir, 'out.json');
    symlinkSync(bashrc, path);
    writeOutputFile({ path, shown: 'out.json' }, '{}\n');
    expect(readFileSync(bashrc, 'utf8')).toBe(BASHRC);
    expect(lstatSync(path).isSymbolicLink()).toBe(false);
    expect(readFileSync(path, 'utf8')).toBe('{}\n');
  });
});

describe('init creates its file exclusively', () => {
  it('ten concurrent runs: one writes, nine exit 2 with "already exists", the file is whole', async () => {
    const dir = makeTempDir();
    writeFileSync(join(dir, '.mcp.json'), JSON.stringify({ mcpServers: { calc: { command: 'node', args: ['calc.js'] } } }));
    const runs = await Promise.all(
      Array.from(
        { length: 10 },
        () =>
          new Promise<{ code: number; stderr: string }>((resolve, reject) =>
            execFile(
              process.execPath,
              [join(REPO_ROOT, 'bin', 'mcpns.js'), 'init'],
              { cwd: dir, env: { ...process.env, NO_COLOR: '1' }, timeout: 90_000 },
              (error, _stdout, stderr) => {
                if (error && typeof error.code !== 'number') return reject(error);
                resolve({ code: error ? (error.code as number) : 0, stderr });
              },
            ),
          ),
      ),
    );
    expect(runs.filter((run) => run.code === 0)).toHaveLength(1);
    const refused = runs.filter((run) => run.code === 2);
    expect(refused).toHaveLength(9);
    for (const run of refused) expect(run.stderr).toContain('mcpns: error: mcpns.config.json already exists; not replacing it');
    expect(JSON.parse(readFileSync(join(dir, 'mcpns.config.json'), 'utf8')).include).toEqual(['.mcp.json']);
    expect(readdirSync(dir).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });

  it('the exclusive write itself refuses a file that appeared after the check', () => {
    const dir = makeTempDir();
    const path = join(dir, 'mcpns.config.json');
    writeFileSync(path, '{"servers":{}}\n');
    expect(() => writeOutputFile({ path, shown: 'mcpns.config.json' }, '{}\n', { exclusive: { existsHint: 'pass --force' } })).toThrow(McpnsError);
    expect(readFileSync(path, 'utf8')).toBe('{"servers":{}}\n');
    expect(readdirSync(dir)).toEqual(['mcpns.config.json']);
  });
});
